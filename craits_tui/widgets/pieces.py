"""The pieces the motion layer (`motion.Motion`) draws: a flying card or a mark, one
line of text that moves along a path of places on the screen, worked out beforehand."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from rich.text import Text
from textual.geometry import Offset, Region, Size

Arrival = Callable[[], object]
"""Called when a piece lands (or at once, with motion off)."""


def centred(region: Region, width: int) -> Offset:
    """Where a one-line piece ``width`` cells wide sits centred on ``region``."""
    return Offset(region.x + (region.width - width) // 2, region.y + (region.height - 1) // 2)


def path_between(
    start: Offset, end: Offset, steps: int, within: Size, width: int
) -> tuple[Offset, ...]:
    """The places of a piece ``width`` wide going from ``start`` to ``end`` in
    ``steps`` equal steps (no more than the cells between them), kept inside a screen
    of size ``within``; a place the same as the one before is left out."""
    distance = max(abs(end.x - start.x), abs(end.y - start.y))
    steps = max(1, min(steps, distance))
    right = max(0, within.width - width)
    bottom = max(0, within.height - 1)
    path: list[Offset] = []
    for step in range(steps + 1):
        x = round(start.x + (end.x - start.x) * step / steps)
        y = round(start.y + (end.y - start.y) * step / steps)
        place = Offset(min(max(x, 0), right), min(max(y, 0), bottom))
        if not path or path[-1] != place:
            path.append(place)
    return tuple(path)


class PieceKind(Enum):
    """What a piece is, and the component class of the layer it is drawn in."""

    CARD = "motion--card"
    """A flying card: its face (or back) on a card-like patch."""
    MARK = "motion--mark"
    """A word that pops up over a place, and goes."""


class Piece:
    """A flying card or a mark: one line of text, moved along its path by `progress`
    (from 0, at the start of the path, to 1, arrived), which the animator sets."""

    def __init__(
        self,
        text: Text,
        path: tuple[Offset, ...],
        duration: float,
        *,
        easing: str,
        kind: PieceKind,
        on_arrival: Arrival | None = None,
        at: Region | None = None,
    ) -> None:
        self.text = Text(" ") + text + Text(" ")
        self.path = path
        self.duration = duration
        self.easing = easing
        self.kind = kind
        self.on_arrival = on_arrival
        self.at = at
        """For a mark: the region it pops up over (marks there stack)."""
        self.landed = False
        self._progress = 0.0
        self._drawn_at = path[0]
        self._moved: Callable[[Piece, Offset], None] | None = None

    @property
    def width(self) -> int:
        return self.text.cell_len

    @property
    def progress(self) -> float:
        return self._progress

    @progress.setter
    def progress(self, progress: float) -> None:
        self._progress = progress
        place = self.place
        # The animator ticks at 60 a second; the piece moves (and the terminal is
        # sent anything) only when it reaches the next place of its path.
        if place != self._drawn_at:
            left = self._drawn_at
            self._drawn_at = place
            if self._moved is not None:
                self._moved(self, left)

    @property
    def place(self) -> Offset:
        """Where the piece is drawn now, on the screen."""
        index = min(len(self.path) - 1, int(self._progress * len(self.path)))
        return self.path[index]

    @property
    def region(self) -> Region:
        """The cells the piece covers now, on the screen."""
        return Region(*self.place, self.width, 1)
