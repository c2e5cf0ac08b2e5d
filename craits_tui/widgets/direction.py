"""The direction of play."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ..i18n import _
from .plain import PlainWidget


class Direction(PlainWidget):
    """Which way play goes: an arrow and its words (cut short, where narrow: the
    arrow says it too)."""

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
