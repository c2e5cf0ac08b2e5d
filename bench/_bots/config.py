"""What a run plays, and its deals: dealt from the run's seed, whoever plays them."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from craits_core import FULL_DECK, Card, RuleSet

A, B = 0, 1
"""The two roles at a table: the level measured and the baseline's."""

SCHEDULE = len(RuleSet().schedule)
"""Rounds in a whole game."""


@dataclass(frozen=True, slots=True)
class Config:
    """A run: the levels measured against the baseline's, the deals, the options."""

    measured: tuple[str, ...]
    """The levels measured, each in the baseline's place (one, but with --same-deals)."""
    baseline: str
    deals: int
    players: int
    seed: int
    hand_size: int | None
    hard_options: dict[str, Any] = field(default_factory=dict)
    mirror: bool = True
    sighted: bool = False
    """Hard bots search the true hands (see `players.SightedHardBot`)."""
    expert_options: dict[str, Any] = field(default_factory=dict)
    unguided: bool = False
    """Expert bots guess the hidden cards without the holders network."""
    weights: str | None = None
    expert_playouts: bool = False
    """Expert bots search as hard does, with play-outs to the round's end."""
    """Expert bots play with the networks of this file, not the shipped ones."""
    load: int = 0
    """Busy processes running beside the tables."""
    whole_games: bool = False
    """Each deal is a whole game (from its first round), not a single round."""

    @property
    def levels(self) -> tuple[str, str]:
        """The level of each role (A, B): the first measured level and the baseline."""
        return self.measured[0], self.baseline

    def pair(self, level: str) -> Config:
        """This run with ``level`` alone measured."""
        return replace(self, measured=(level,))

    def options(self, level: str) -> dict[str, Any]:
        """Keyword options for `make_bot` at ``level``."""
        if level == "hard":
            return dict(self.hard_options)
        if level == "expert":
            return dict(self.expert_options)
        return {}

    @property
    def seatings(self) -> list[tuple[int, int]]:
        """Each seating as (role of the lone bot, its seat)."""
        lone_roles = (A, B) if self.mirror else (A,)
        return [(lone, seat) for lone in lone_roles for seat in range(self.players)]


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards and seeds one deal is played with, at every table."""

    index: int
    deck: tuple[Card, ...]
    dealer: int
    first_round: int
    game_seed: int


def make_deal(config: Config, index: int, whole_game: bool = False) -> Deal:
    """Deal ``index`` of the run: the same for the same --seed, players and hand size,
    whichever levels play it. A whole game's deal starts at the first round; the
    game's seed deals the rounds after it."""
    # The rounds' seed string is the one earlier runs used, so that they repeat.
    kind = " game" if whole_game else ""
    rng = random.Random(f"craits bench/bots{kind} {config.seed} {index}")
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    schedule = RuleSet().schedule
    if whole_game:
        first_round = 1
    elif config.hand_size is None:
        first_round = index % len(schedule) + 1
    else:
        first_round = schedule.index(config.hand_size) + 1
    return Deal(index, tuple(deck), rng.randrange(config.players), first_round, rng.getrandbits(48))
