"""The status line: what the player can do now, always in view."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from .plain import PlainWidget


class StatusLine(PlainWidget):
    """What to do now, e.g. "Your turn: follow ♥ or play a J or an 8". One line; two
    when a narrow window (or a longer language) needs them, so the keys it names at
    its end are never cut off.

    A notice (why a key did nothing, why a move was refused) takes the line's place
    for a while: where the player's eyes already are, and gone once the situation it
    speaks of has passed.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: auto;
        max-height: 2;
        padding: 0 1;
        background: $panel;
    }
    StatusLine.-urgent {
        background: $accent 40%;
        text-style: bold;
    }
    /* A notice: why a key did nothing, or a move was refused. */
    StatusLine.-notice {
        background: $warning 45%;
        text-style: bold;
    }
    """

    message: reactive[str] = reactive("")
    urgent: reactive[bool] = reactive(False)
    notice: reactive[str] = reactive("")
    """Said over the message until cleared ("" for none)."""

    def watch_message(self, old: str, new: str) -> None:
        if not self.notice:
            self._fit(old, new)

    def watch_notice(self, old: str, new: str) -> None:
        self.set_class(bool(new), "-notice")
        self._fit(old or self.message, new or self.message)

    def _fit(self, old: str, new: str) -> None:
        # A layout costs far more than a redraw: only when the line count changes.
        width = self.content_size.width
        if (cell_len(old) > width) != (cell_len(new) > width):
            self.refresh(layout=True)

    def watch_urgent(self, urgent: bool) -> None:
        self.set_class(urgent, "-urgent")

    def render(self) -> Text:
        if self.notice:
            return Text(self.notice, overflow="ellipsis")
        return Text(self.message, overflow="ellipsis")
