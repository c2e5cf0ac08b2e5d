"""The direction of play."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from ..i18n import _
from .plain import PlainWidget


class Direction(PlainWidget):
    """Which way play goes: an arrow and its words, or the arrow alone where the
    words have no room (never words cut short: the arrow says it whole)."""

    # Its rules for the screen's size classes (.-short, .-big, ...) start above the
    # widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    Direction {
        height: 1;
        padding: 0 1;
        color: $text-muted;
        text-wrap: nowrap;
    }
    /* The gauges' margin keeps it off the discard pile. */
    .-narrow Direction { padding: 0; }
    """

    direction: reactive[int] = reactive(1)
    ascii: reactive[bool] = reactive(False)

    def render(self) -> Text:
        if self.direction == 1:
            arrow, words = ("->" if self.ascii else "↻"), _("clockwise")
        else:
            arrow, words = ("<-" if self.ascii else "↺"), _("counter-clockwise")
        line = f"{arrow} {words}"
        if cell_len(line) > self.content_size.width:
            line = arrow
        return Text(line, no_wrap=True)
