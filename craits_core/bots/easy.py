"""The "easy" level: a newcomer's play. Any card that fits, heavy ones a little more
often; the last card goes unannounced about a third of the time; "idiot" is rarely
called. Reproducible from its seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..commands import Announce, CallIdiot, Command, Play
from ..events import Event
from ..scoring import POINTS
from ..view import PlayerView
from .base import announced, find_call, leaves_one_card, require_moves

ANNOUNCE_CHANCE = 2 / 3
"""How often a play down to one card carries the announcement. The bot does not
think of it later: a forgotten last card stays unannounced."""

CALL_CHANCE = 0.1
"""How often the bot takes a chance to call "idiot"."""

HEAVY = 40.0
"""A card worth this many points is twice as likely to be played as a card worth none."""


class EasyBot:
    """A gentle opponent: see the module docstring."""

    level: str = "easy"

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """A card that fits, chosen mostly at random; or a rare "idiot" call."""
        require_moves(legal)
        call = find_call(legal)
        if call is not None and self._rng.random() < CALL_CHANCE:
            return call
        moves = [m for m in legal if not isinstance(m, Announce | CallIdiot)]
        if not moves:  # Only an announcement it forgot (or a call it passed up) is left.
            return call or legal[0]
        move = self._pick(moves)
        if leaves_one_card(view, move) and self._rng.random() < ANNOUNCE_CHANCE:
            return announced(move)
        return move

    def react(self, view: PlayerView, legal: Sequence[Command]) -> Command | None:
        """Now and then call "idiot"; never remember a forgotten announcement."""
        call = find_call(legal)
        if call is not None and self._rng.random() < CALL_CHANCE:
            return call
        return None

    def observe(self, event: Event) -> None:
        """Nothing to remember."""

    def _pick(self, moves: list[Command]) -> Command:
        """A card at random, weighted a little towards heavy ones; then, for an 8 or a
        9, any of its suits. Without a card to play, a draw or a starter's suit."""
        plays = [m for m in moves if isinstance(m, Play)]
        if not plays:
            return self._rng.choice(moves)
        cards = list(dict.fromkeys(m.card for m in plays))
        weights = [1 + POINTS[card.rank] / HEAVY for card in cards]
        card = self._rng.choices(cards, weights)[0]
        return self._rng.choice([m for m in plays if m.card == card])
