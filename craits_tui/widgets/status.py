"""The status line: what the player can do now, always in view."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from .plain import PlainWidget


class StatusLine(PlainWidget):
    """What to do now, e.g. "Your turn: follow ♥ or play a J or an 8". One line; two
    when a narrow window (or a longer language) needs them, so the keys it names at
    its end are never cut off."""

    message: reactive[str] = reactive("")
    urgent: reactive[bool] = reactive(False)

    def watch_message(self, old: str, new: str) -> None:
        # A layout costs far more than a redraw: only when the line count changes.
        width = self.content_size.width
        if (cell_len(old) > width) != (cell_len(new) > width):
            self.refresh(layout=True)

    def watch_urgent(self, urgent: bool) -> None:
        self.set_class(urgent, "-urgent")

    def render(self) -> Text:
        return Text(self.message, overflow="ellipsis")
