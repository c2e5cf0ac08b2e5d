"""The direction of play."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ..i18n import _
from .plain import PlainWidget


class Direction(PlainWidget):
    """Which way play goes: an arrow and its words (cut short, where narrow: the
    arrow says it too)."""

    # Its rules for the screen's size classes (.-short, .-big, ...) start above the
    # widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    /* Off the words below the discard pile, beside it. */
    .-narrow Direction { padding: 0 0 0 1; }
    Direction {
        height: 1;
        padding: 0 1;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    direction: reactive[int] = reactive(1)
    ascii: reactive[bool] = reactive(False)

    def render(self) -> Text:
        if self.direction == 1:
            arrow = "->" if self.ascii else "↻"
            line = f"{arrow} " + _("clockwise")
        else:
            arrow = "<-" if self.ascii else "↺"
            line = f"{arrow} " + _("counter-clockwise")
        return Text(line, no_wrap=True, overflow="ellipsis")
