"""The "normal" level: a heuristic bot that plays as a decent human does.

Every legal move gets a score, the sum of a few *terms* (see `terms`): each one idea
a player has at the table, worth a named weight from `Weights`. The move with the
highest score is played; ties go to a fixed, seed-dependent order. The terms also
carry a short piece of advice, so `NormalBot.explain` can say why a move was chosen.

Like a decent human, it forgets to say "last card" now and then (see `FORGET_CHANCE`).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence

from ..cards import Card
from ..commands import Command, Play
from ..events import (
    Event,
)
from ..view import PlayerView
from .base import announced, find_announce, find_call, leaves_one_card, require_moves
from .reading import read_table
from .reasons import Reason, only_move_reason
from .terms import Scored, Weights, reason_for, score_move
from .voids import Voids

# --- The bot --------------------------------------------------------------------------------

FORGET_CHANCE = 1 / 15
"""How often a play down to one card goes unannounced: the bot says nothing with the
play, nor later while it still could, so calling "idiot" is part of every game."""


class NormalBot:
    """A solid heuristic player: see the module docstring and `Weights`.

    ``forget_chance``: how often it forgets its last card (`FORGET_CHANCE`; 0 for a
    bot that never does, such as the one the hard level asks for advice).
    """

    level: str = "normal"

    def __init__(
        self,
        seed: int | str | None = None,
        weights: Weights | None = None,
        forget_chance: float = FORGET_CHANCE,
    ) -> None:
        if not 0.0 <= forget_chance <= 1.0:
            raise ValueError(f"forget_chance must be between 0 and 1, not {forget_chance!r}")
        self.weights = weights if weights is not None else Weights()
        self.forget_chance = forget_chance
        self._salt = f"{seed}"
        self._voids = Voids()

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The best move for the seat to act (see `explain`)."""
        return self.explain(view, legal)[0]

    def explain(self, view: PlayerView, legal: Sequence[Command]) -> tuple[Command, Reason]:
        """The move `choose` makes, with a short reason a player can read."""
        require_moves(legal)
        call = find_call(legal)
        if call is not None:
            # Calling closes the window, and our own move would close it too: now or never.
            return call, only_move_reason(call, view)
        own = find_announce(legal)
        if own is not None:
            if not self._forgot_last_card(view):
                return own, only_move_reason(own, view)
            legal = [m for m in legal if m != own]
            require_moves(legal)  # off turn, a forgotten announcement leaves nothing
        ranked = self.rank(view, legal)
        best = ranked[0]
        reason = reason_for(best, ranked[1] if len(ranked) > 1 else None, view)
        move = best.move
        if (
            isinstance(move, Play)
            and leaves_one_card(view, move)
            and not self._forgets_with(view, move)
        ):
            move = announced(move)
        return move, reason

    def rank(self, view: PlayerView, legal: Sequence[Command]) -> list[Scored]:
        """The legal moves scored, best first (ties in a fixed order set by the seed)."""
        reading = read_table(view, self._voids.suits())
        scored = [score_move(reading, move, self.weights) for move in legal]
        scored.sort(key=lambda s: (-s.total, self._tiebreak(s.move)))
        return scored

    def react(self, view: PlayerView, legal: Sequence[Command]) -> Command | None:
        """Announce the last card (unless it forgot it); always call "idiot" when
        it is right."""
        own = find_announce(legal)
        if own is not None and not self._forgot_last_card(view):
            return own
        return find_call(legal)

    def forgets_last_card(self, round_number: int, played: Card, left: Card) -> bool:
        """Whether the bot forgets "last card" when playing ``played`` leaves it
        holding ``left`` alone in round ``round_number``.

        Drawn from the seed and that moment only, so the play and every later chance
        to say it agree (until the next play, ``played`` stays on top of the pile),
        and a host that asks again gets the same answer.
        """
        if not self.forget_chance:
            return False
        rng = random.Random(f"{self._salt}:last-card:{round_number}:{played}:{left}")
        return rng.random() < self.forget_chance

    def observe(self, event: Event) -> None:
        """Remember who could not follow which suit."""
        self._voids.note(event)

    def _tiebreak(self, move: Command) -> int:
        return zlib.crc32(f"{self._salt}:{move!r}".encode())

    def _forgets_with(self, view: PlayerView, play: Play) -> bool:
        """Whether ``play``, down to one card, goes unannounced."""
        left = next(c for c in view.hand if c != play.card)
        return self.forgets_last_card(view.round_number, play.card, left)

    def _forgot_last_card(self, view: PlayerView) -> bool:
        """Whether the bot forgot the last card its open window is about."""
        if not view.hand or not view.discard:
            return False
        return self.forgets_last_card(view.round_number, view.discard[-1], view.hand[0])
