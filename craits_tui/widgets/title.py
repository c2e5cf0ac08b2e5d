"""The table's top line: the game, the round, the hand size and the player's points."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from .plain import PlainWidget


class TitleBar(PlainWidget):
    """Its ``parts`` joined by " · ", e.g. "Craits · round 6 of 15 · 3 cards each ·
    you: 215 pts". Short of room, the first part (the game's name) goes, so that the
    player's points are never cut off."""

    DEFAULT_CSS = """
    TitleBar {
        height: 1;
        background: $primary 30%;
        text-style: bold;
        padding: 0 1;
    }
    """

    parts: reactive[tuple[str, ...]] = reactive(())

    def render(self) -> Text:
        line = " · ".join(self.parts)
        if cell_len(line) > self.content_size.width:
            line = " · ".join(self.parts[1:])
        return Text(line, overflow="ellipsis", no_wrap=True)
