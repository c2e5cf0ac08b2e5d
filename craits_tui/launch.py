"""What the app is asked to open: a game to set up, and what to do first.

Plain data, without Textual: the command line builds them before the app exists,
and the screens hand a `NewGame` to the app in their requests (`requests`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from craits_core import RuleSet

from .table import Seat


@dataclass(frozen=True)
class NewGame:
    """A game to set up: who sits where, the rules, and a seed (None: random)."""

    seats: tuple[Seat, ...]
    rules: RuleSet = field(default_factory=RuleSet)
    seed: int | str | None = None


@dataclass(frozen=True)
class Launch:
    """What the app does first: the menu, a new game, the latest game resumed, or
    the lessons ("Learn to play")."""

    new_game: NewGame | None = None
    resume: bool = False
    learn: bool = False
