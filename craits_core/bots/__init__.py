"""Computer players. ``make_bot(level, seed)`` makes one; see `Bot` for what it does.

A bot sees nothing but its seat's view and the legal moves, and returns one of those
moves; given the same seed and the same inputs it returns the same moves.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .normal import NormalBot, Weights
from .random_bot import RandomBot

_MAKERS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": RandomBot,
    "normal": NormalBot,
}

LEVELS: tuple[str, ...] = tuple(_MAKERS)
"""The levels `make_bot` can make now, weakest first."""

PLANNED_LEVELS: tuple[str, ...] = ("easy", "hard")
"""Levels announced in the public API that are not built yet."""


def make_bot(level: str, seed: int | str | None = None) -> Bot:
    """A bot of ``level`` (one of `LEVELS`), reproducible from ``seed``.

    Raises ValueError for a level that does not exist or is not available yet.
    """
    maker = _MAKERS.get(level)
    if maker is None:
        available = ", ".join(LEVELS)
        if level in PLANNED_LEVELS:
            raise ValueError(
                f"bot level {level!r} is not available yet; available levels: {available}"
            )
        raise ValueError(f"unknown bot level {level!r}; available levels: {available}")
    return maker(seed)


__all__ = ["LEVELS", "PLANNED_LEVELS", "Bot", "NormalBot", "RandomBot", "Weights", "make_bot"]
