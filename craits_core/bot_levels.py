"""The bots' levels, by name: a light module, which the command line and the
screens read without loading the bots themselves (see `craits_core.bots`)."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")
"""The levels a bot can have, weakest first."""

DEFAULT_LEVEL = "normal"
"""The level of a bot nobody chose: the new game's other seats, a seat filled when
an online game starts, a person's stand-in, the lesson's opponent."""
