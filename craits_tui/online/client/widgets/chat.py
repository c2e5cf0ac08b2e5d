"""The chat panel: the table's latest lines of chat and emotes, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive

from ....i18n import _, ngettext
from ....widgets.plain import PlainWidget
from ...protocol import ChatLine
from ..emotes import emote_text
from ..talk import written_by


class ChatPanel(PlainWidget):
    """The chat of the table: each line its sender's name in bold, then what they
    wrote; an emote as its picture and words ("Ann 👋 waves"). The lines of muted
    players are left out, the ones already shown too.

    The panel shows as many of the latest lines as fit, the newest at the bottom,
    near where the player types. The wheel goes back through older lines (a new
    line then keeps the view where it is); a click asks to write
    (`WriteAsked`). The panel takes no focus: at the table the hand keeps it.
    """

    COMPONENT_CLASSES = {
        "chat--name",
        "chat--own",
        "chat--spectator",
        "chat--emote",
        "chat--hint",
    }
    """A sender's name; this session's own name; a spectator's name; an emote's
    words; the hint shown while nobody has written."""

    lines: reactive[tuple[ChatLine, ...]] = reactive(())
    """The table's chat lines, oldest first (muted ones included: see `muted`)."""
    muted: reactive[frozenset[str]] = reactive(frozenset())
    """The senders whose lines are not shown."""
    ascii: reactive[bool] = reactive(False)
    """Letters only: emotes drawn as emoticons ("o/ waves")."""
    hint: reactive[str] = reactive("")
    """What the panel says while it has no line to show."""
    own_seat: reactive[int | None] = reactive(None)
    """This session's seat (None: watching), for its own lines to stand out."""
    own_name: reactive[str | None] = reactive(None)
    """This session's player's name, for its own lines written while watching."""
    back: reactive[int] = reactive(0)
    """How many of the newest lines shown are scrolled out of view, below."""

    class WriteAsked(Message):
        """The player clicked the panel: they mean to write."""

    def __init__(self, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self._title()

    @property
    def shown(self) -> list[ChatLine]:
        """The lines the panel may show: every line but the muted players'."""
        return [line for line in self.lines if line.sender not in self.muted]

    # --- Changes ------------------------------------------------------------------

    def watch_lines(self, old: tuple[ChatLine, ...], new: tuple[ChatLine, ...]) -> None:
        if self.back and len(new) > len(old):
            # Reading older lines: the new ones wait below, the view stays put.
            added = [line for line in new[len(old) :] if line.sender not in self.muted]
            self.back = self._clamp(self.back + len(added))

    def watch_muted(self) -> None:
        self.back = self._clamp(self.back)
        self._title()

    def watch_back(self) -> None:
        self._title()

    def _clamp(self, back: int) -> int:
        return max(0, min(back, len(self.shown) - 1))

    def _title(self) -> None:
        title = _("Chat")
        if self.back:
            title = _("Chat (older lines)")
        count = len({line.sender for line in self.lines} & self.muted)
        if count:
            title += " · " + ngettext("{count} muted", "{count} muted", count).format(count=count)
        self.border_title = title

    # --- Input --------------------------------------------------------------------

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.back = self._clamp(self.back + 1)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.back = self._clamp(self.back - 1)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.WriteAsked())

    # --- Drawing ------------------------------------------------------------------

    def line_text(self, line: ChatLine) -> Text:
        """One line of chat as the panel draws it (unwrapped)."""
        if written_by(line, self.own_seat, self.own_name):
            name_style = self.get_component_rich_style("chat--own")
        elif line.seat is None:
            name_style = self.get_component_rich_style("chat--spectator")
        else:
            name_style = self.get_component_rich_style("chat--name")
        text = Text(end="")
        text.append(line.name, name_style)
        if line.emote is not None:
            words = emote_text(line.emote, self.ascii)
            text.append(" ").append(words, self.get_component_rich_style("chat--emote"))
            if line.text:
                text.append(" " + line.text)
        else:
            text.append(": ").append(line.text)
        return text

    def render(self) -> Text:
        width, height = self.content_size
        if not width or not height:
            return Text()
        shown = self.shown
        if self.back:
            shown = shown[: len(shown) - self.back]
        if not shown:
            return Text(self.hint, style=self.get_component_rich_style("chat--hint"))
        console = self.app.console
        rows: list[Text] = []
        # From the newest back, the lines that fit whole (the rest are not even
        # wrapped); the newest alone may be too long, and shows its end.
        for line in reversed(shown):
            wrapped = list(self.line_text(line).wrap(console, width, overflow="fold"))
            if rows and len(rows) + len(wrapped) > height:
                break
            rows[:0] = wrapped
            if len(rows) >= height:
                break
        rows = rows[-height:]
        blank = [Text()] * (height - len(rows))
        return Text("\n", end="").join(blank + rows)
