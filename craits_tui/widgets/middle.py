"""The middle of a table, which the seats sit around: the same at a game and in a
replay."""

from __future__ import annotations

from ..faces import CardLook
from .crank import CrankCounter
from .direction import Direction
from .discard import DiscardPile
from .lines import Column, Row
from .stock import DrawPile
from .trail import PlayTrail


def table_middle(look: CardLook) -> Row:
    """The stock and the discard pile, and beside them what the next player must
    reckon with: the crank, the direction of play, the last plays."""
    return Row(
        DrawPile(look, id="stock"),
        DiscardPile(look, id="discard"),
        Column(
            CrankCounter(id="crank"),
            Direction(id="direction"),
            PlayTrail(look, id="trail"),
            id="gauges",
        ),
        id="middle",
    )
