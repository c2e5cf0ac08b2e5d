"""The "random" level: any legal move, uniformly. A fair sparring partner for tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..commands import Command
from ..events import Event
from ..view import PlayerView
from .base import announced, find_announce, find_call, leaves_one_card, require_moves

ANNOUNCE_CHANCE = 0.5
"""How often a play down to one card carries the announcement. Not always, so the
other seats get the chance to call "idiot" in tests and sparring."""

CALL_CHANCE = 0.5
"""How often a possible "idiot" call is made when reacting."""


class RandomBot:
    """Picks uniformly among the legal moves; reproducible from its seed."""

    level: str = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """Any legal move; a play down to one card is announced half the time."""
        require_moves(legal)
        move = self._rng.choice(list(legal))
        if leaves_one_card(view, move) and self._rng.random() < ANNOUNCE_CHANCE:
            return announced(move)
        return move

    def react(self, view: PlayerView, legal: Sequence[Command]) -> Command | None:
        """Announce whenever it may; call "idiot" half the time it may."""
        own = find_announce(legal)
        if own is not None:
            return own
        call = find_call(legal)
        if call is not None and self._rng.random() < CALL_CHANCE:
            return call
        return None

    def observe(self, event: Event) -> None:
        """Nothing to remember."""
