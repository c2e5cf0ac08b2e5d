"""A replay's controls for the mouse: its buttons, and a bar to jump along."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Label

from ...i18n import _
from ...widgets.plain import PlainWidget


class NavButton(Button, can_focus=False):
    """A replay control for the mouse, one line high; the keyboard has its keys (see
    the footer), so these stay out of the way of arrows, space and enter."""

    DEFAULT_CSS = """
    NavButton {
        height: 1;
        min-width: 3;
        width: auto;
        margin: 0;
    }
    """

    def __init__(self, label: str, **kwargs: object) -> None:
        super().__init__(label, compact=True, **kwargs)  # type: ignore[arg-type]


class Scrubber(PlainWidget):
    """Where the replay is, in words ("turn 5 of 31 · event 123 of 955"), on a bar
    of the whole game with the rounds' deals marked, and its pace ("paused · 1×").
    A click on the bar jumps there.

    One line, one widget: a step of the replay repaints it, and lays nothing out
    again."""

    DEFAULT_CSS = """
    Scrubber {
        width: 1fr;
        height: 1;
        padding: 0 1;
        background: $panel;
    }
    """

    place: reactive[str] = reactive("")
    state: reactive[str] = reactive("")
    position: reactive[int] = reactive(0)
    last: reactive[int] = reactive(0)
    """The last event's index."""
    marks: reactive[tuple[int, ...]] = reactive(())
    """The events shown as ticks on the bar: the rounds' deals."""
    ascii: reactive[bool] = reactive(False)

    GAP = 2
    """Columns between the bar and the words either side."""

    class Sought(Message):
        """The player clicked the bar: ``index`` is the event under the click."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def bar(self) -> tuple[int, int]:
        """Where the bar is in the content: its first column, and its width (0 when
        the words leave it no room)."""
        start = cell_len(self.place) + self.GAP
        width = self.content_size.width - start - cell_len(self.state) - self.GAP
        return start, max(0, width)

    def column_of(self, index: int) -> int:
        """The column of the bar (from its start) that stands for ``index``."""
        _start, width = self.bar()
        if self.last <= 0 or width <= 1:
            return 0
        return round(index * (width - 1) / self.last)

    def index_at(self, column: int) -> int:
        """The event that column ``column`` of the bar (from its start) stands for."""
        _start, width = self.bar()
        if width <= 1:
            return 0
        column = max(0, min(column, width - 1))
        return round(column * self.last / (width - 1))

    def render(self) -> Text:
        _start, width = self.bar()
        text = Text(self.place, no_wrap=True, overflow="ellipsis")
        if width >= 3:
            text.append(" " * self.GAP)
            text.append_text(self._bar(width))
            text.append(" " * self.GAP)
        else:  # too narrow for a bar: the words alone
            text.append("  ")
        text.append(self.state, style="dim")
        return text

    def _bar(self, width: int) -> Text:
        done, rest, knob, tick_done, tick_rest = (
            ("=", "-", "O", "+", "+") if self.ascii else ("━", "─", "●", "╋", "┼")
        )
        at = self.column_of(self.position)
        ticks = {self.column_of(mark) for mark in self.marks}
        bar = Text()
        for column in range(width):
            if column == at:
                bar.append(knob, style="bold")
            elif column < at:
                bar.append(tick_done if column in ticks else done, style="bold")
            else:
                bar.append(tick_rest if column in ticks else rest, style="dim")
        return bar

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        start, width = self.bar()
        if offset is not None and width >= 3 and start <= offset.x < start + width:
            self.post_message(self.Sought(self.index_at(offset.x - start)))


class Transport(Horizontal):
    """The buttons that move a replay: to the start, a round, a turn or an event
    either way, to the end; play or pause; slower and faster."""

    DEFAULT_CSS = """
    /* Each pair of arrows with the unit they move by between them. */
    Transport .replay-unit {
        width: auto;
        height: 1;
        margin: 0 1;
    }
    Transport .replay-unit Label {
        padding: 0 1;
        color: $text-muted;
    }
    Transport #replay-play {
        min-width: 10;
        margin: 0 1 0 2;
    }
    Transport #replay-slower { margin-left: 1; }
    """

    ACTIONS = {
        "replay-first": "jump(0)",
        "replay-prev-round": "round(-1)",
        "replay-next-round": "round(1)",
        "replay-prev-turn": "turn(-1)",
        "replay-next-turn": "turn(1)",
        "replay-prev": "step(-1)",
        "replay-next": "step(1)",
        "replay-last": "jump(-1)",
        "replay-play": "play_or_pause",
        "replay-slower": "speed(-1)",
        "replay-faster": "speed(1)",
    }
    """The screen's action for each button, by its id."""

    def __init__(self, *, ascii: bool, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        first, back, forth, last = ("|<", "<", ">", ">|") if self.ascii else ("|◀", "◀", "▶", "▶|")
        yield NavButton(first, id="replay-first", tooltip=_("To the start (home)"))
        # Each pair of arrows says what it moves by between them.
        for unit, name, back_tip, forth_tip in (
            ("round", _("round"), _("Round back (pgup, [)"), _("Round forward (pgdn, ])")),
            ("turn", _("turn"), _("Turn back (↑)"), _("Turn forward (↓)")),
            ("event", _("event"), _("Event back (←)"), _("Event forward (→)")),
        ):
            suffix = "" if unit == "event" else f"-{unit}"
            with Horizontal(classes="replay-unit"):
                yield NavButton(back, id=f"replay-prev{suffix}", tooltip=back_tip)
                yield Label(name)
                yield NavButton(forth, id=f"replay-next{suffix}", tooltip=forth_tip)
        yield NavButton(last, id="replay-last", tooltip=_("To the end (end)"))
        yield NavButton("", id="replay-play", tooltip=_("Watch or pause (space)"))
        yield NavButton("-", id="replay-slower", tooltip=_("Slower (-)"))
        yield NavButton("+", id="replay-faster", tooltip=_("Faster (+)"))

    def show(
        self, *, at_start: bool, at_end: bool, playing: bool, slowest: bool, fastest: bool
    ) -> None:
        """Each button on or off for where the replay is; play's words for its state."""
        if playing:
            label = ("|| " if self.ascii else "⏸ ") + _("Pause")
        else:
            label = ("> " if self.ascii else "▶ ") + _("Watch")
        button = self.query_one("#replay-play", Button)
        if str(button.label) != label:  # a new label lays the bar out again
            button.label = label
        for name, off in (
            ("first", at_start),
            ("prev-round", at_start),
            ("prev-turn", at_start),
            ("prev", at_start),
            ("next", at_end),
            ("next-turn", at_end),
            ("next-round", at_end),
            ("last", at_end),
            ("play", at_start and at_end),
            ("slower", slowest),
            ("faster", fastest),
        ):
            self.query_one(f"#replay-{name}", Button).disabled = off
