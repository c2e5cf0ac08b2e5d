"""The footer: the keys on offer, on one line at the bottom of the screen."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.screen import Screen

from ..i18n import _
from .plain import PlainWidget


@dataclass(frozen=True)
class FooterKey:
    """One key as the footer shows it."""

    key: str
    """The key to simulate when it is clicked."""
    action: str
    label: str
    """How the key is written ("⏎", "d")."""
    description: str
    enabled: bool
    tooltip: str


class Footer(PlainWidget):
    """The screen's bindings that ask to be shown, in the order declared; a key that
    does nothing now is dimmed. Click a key to press it.

    Textual's own footer is a widget for each key, and it mounts them all again
    whenever the bindings may have changed: on every change of focus, and at the
    table on every turn. That took a new screen a frame longer to show, cost every
    turn some milliseconds, and kept every key it ever mounted in memory. This one
    is a single line, drawn again only when what it shows changes.
    """

    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    Footer > .footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    Footer > .footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    Footer > .footer--disabled { text-style: dim; }
    Footer > .footer--hover { background: $block-hover-background; }
    """

    COMPONENT_CLASSES = {
        "footer--key",
        "footer--description",
        "footer--disabled",
        "footer--hover",
    }

    def __init__(self, *, compact: bool = False, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.compact = compact
        """Less room around each key, for screens with many."""
        self.hover_tracking = True
        """Off for slow links: a key under the mouse is not highlighted."""
        self.keys: tuple[FooterKey, ...] = ()
        self.spare: tuple[str, ...] = ()
        """Actions whose keys a footer too narrow for every key leaves out, the
        first first, before any key loses its words (their keys still work)."""
        self._drawn: tuple[FooterKey, ...] = ()  # the keys drawn, as laid out last
        self._spans: list[tuple[int, int]] = []  # each key's columns, as drawn
        self._hover: int | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if screen is not self.screen:
            return
        shown: dict[str, FooterKey] = {}
        for _node, binding, enabled, tooltip in screen.active_bindings.values():
            if binding.show and binding.action not in shown:  # one key an action
                shown[binding.action] = FooterKey(
                    binding.key,
                    binding.action,
                    self.app.get_key_display(binding),
                    # Marked where declared (N_), translated here: the words
                    # follow the language as it is now, changed or not.
                    _(binding.description) if binding.description else "",
                    enabled,
                    tooltip or (_(binding.tooltip) if binding.tooltip else ""),
                )
        keys = tuple(shown.values())
        if keys != self.keys:
            self.keys = keys
            self.refresh()

    def render(self) -> Text:
        width = self.size.width
        self._drawn = self.keys
        line, self._spans = self._line(self.compact)
        if not self.compact and line.cell_len > width:
            # Too narrow for every key (the table at 80 columns): closer together,
            # so the last ones (Help, Quit) are not cut off.
            line, self._spans = self._line(compact=True)
        for action in self.spare:
            if line.cell_len <= width + 1:
                break
            # Then without the keys that can be spared (their keys still work).
            self._drawn = tuple(key for key in self._drawn if key.action != action)
            line, self._spans = self._line(compact=True)
        bare = 0
        while line.cell_len > width + 1 and bare < len(self._drawn):
            # Still too narrow (a longer language, "Enter" for ⏎): the first keys,
            # the table's best known (Enter plays), lose their words first.
            bare += 1
            line, self._spans = self._line(compact=True, bare=bare)
        return line

    def _line(self, compact: bool, bare: int = 0) -> tuple[Text, list[tuple[int, int]]]:
        """The keys drawn on one line, and each key's columns (the end excluded);
        the first ``bare`` keys without their descriptions."""
        key_style = self.get_component_rich_style("footer--key", partial=True)
        text_style = self.get_component_rich_style("footer--description", partial=True)
        disabled = self.get_component_rich_style("footer--disabled", partial=True)
        # The hover colour is see-through: laid over the footer's own here, since a
        # style for a run of text cannot be.
        over = self.get_component_styles("footer--hover").background
        hover = Style(bgcolor=(self.styles.background + over).rich_color)
        line = Text(no_wrap=True, overflow="crop", end="")
        spans = []
        for index, key in enumerate(self._drawn):
            start, column = len(line), line.cell_len
            if compact:
                line.append(key.label, key_style)
                described = key.description and index >= bare
                line.append(f" {key.description} " if described else " ", text_style)
            else:
                line.append(f" {key.label} ", key_style)
                if key.description:
                    line.append(f"{key.description} ", text_style)
            if not key.enabled:
                line.stylize(disabled, start)
            if index == self._hover:
                line.stylize(hover, start)
            spans.append((column, line.cell_len))
        return line, spans

    def _key_at(self, x: int) -> int | None:
        return next((i for i, (a, b) in enumerate(self._spans) if a <= x < b), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self.hover_tracking:
            self._set_hover(self._key_at(event.x))

    def on_leave(self) -> None:
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.refresh()
            key = self._drawn[index] if index is not None else None
            self.tooltip = key.tooltip if key is not None and key.tooltip else None

    def on_click(self, event: events.Click) -> None:
        index = self._key_at(event.x)
        if index is None:
            return
        key = self._drawn[index]
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
