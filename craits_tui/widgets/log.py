"""The log: what happened, one line an event, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class GameLog(RichLog):
    """A readable account of the game ("Bob played 7♠", "You drew a card")."""

    def __init__(self, **kwargs: object) -> None:
        # min_width: wrap to the panel, however narrow (the default assumes 78 columns).
        super().__init__(
            max_lines=400, wrap=True, markup=False, min_width=20, auto_scroll=True, **kwargs
        )  # type: ignore[arg-type]

    def say(self, line: str, style: str = "") -> None:
        self.write(Text(line, style=style))
