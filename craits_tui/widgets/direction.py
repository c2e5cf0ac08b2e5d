"""The direction of play."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ..i18n import _
from .plain import PlainWidget


class Direction(PlainWidget):
    """Which way play goes."""

    direction: reactive[int] = reactive(1)
    ascii: reactive[bool] = reactive(False)

    def render(self) -> Text:
        if self.direction == 1:
            arrow = "->" if self.ascii else "↻"
            return Text(f"{arrow} " + _("clockwise"))
        arrow = "<-" if self.ascii else "↺"
        return Text(f"{arrow} " + _("counter-clockwise"))
