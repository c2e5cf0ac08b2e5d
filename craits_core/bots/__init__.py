"""Computer players. ``make_bot(level, seed, **options)`` makes one; see `Bot` for
what it does.

A bot sees nothing but its seat's view and the legal moves, and returns one of those
moves; given the same seed and the same inputs it returns the same moves (a "hard"
bot on a time budget, or an "expert" that reached its time limit, excepted: how far
they search depends on the machine). The normal, hard and expert levels also
`explain` a move with a `Reason`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bot_levels import DEFAULT_LEVEL, LEVELS
from .base import Bot
from .easy import EasyBot
from .hard import DEFAULT_ITERATIONS, TIME_CAP, HardBot
from .normal import NormalBot
from .random_bot import RandomBot
from .reasons import Reason
from .terms import Weights


def _expert(seed: int | str | None = None, **options: Any) -> Bot:
    # numpy and the networks load only when an expert first sits down.
    from .expert import ExpertBot

    return ExpertBot(seed, **options)


_MAKERS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": _expert,
}

if tuple(_MAKERS) != LEVELS:  # the names are written once, in bot_levels
    raise ImportError("every bot level needs a maker, and every maker a level")

PLANNED_LEVELS: tuple[str, ...] = ()
"""Levels announced but not built yet: none any more."""

OPTIONS: dict[str, tuple[str, ...]] = {
    "random": (),
    "easy": (),
    "normal": (),
    "hard": ("time_budget", "iterations"),
    "expert": ("simulations", "time_limit"),
}
"""The keyword options `make_bot` accepts for each level."""


def make_bot(level: str, seed: int | str | None = None, **options: Any) -> Bot:
    """A bot of ``level`` (one of `LEVELS`), reproducible from ``seed``.

    Options, by level (see `OPTIONS`):

    - ``hard``: ``iterations`` (play-outs per decision, default 1,200: the same
      moves on any machine) and ``time_budget`` (seconds per decision, default a
      cap of 1). Given both, it stops at whichever comes first; given only a time,
      it searches for that long.
    - ``expert``: ``simulations`` (guessed deals per decision, default 160) and
      ``time_limit`` (seconds after which it stops searching, default 1).

    Raises ValueError for a level that does not exist, for an option the level does
    not take, or for an option's bad value.
    """
    maker = _MAKERS.get(level)
    if maker is None:
        available = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r}; available levels: {available}")
    allowed = OPTIONS[level]
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        takes = f"takes only {', '.join(allowed)}" if allowed else "takes no options"
        raise ValueError(
            f"bot level {level!r} {takes}; unknown option{'s' if len(unknown) > 1 else ''}: "
            f"{', '.join(unknown)}"
        )
    return maker(seed, **options)


__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "OPTIONS",
    "PLANNED_LEVELS",
    "TIME_CAP",
    "Bot",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "RandomBot",
    "Reason",
    "Weights",
    "make_bot",
]
