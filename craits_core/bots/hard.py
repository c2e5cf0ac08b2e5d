"""The "hard" level: a search over guessed deals, played out with a quick heuristic.

For each decision the bot deals the cards it has not seen at random, consistently
with everything its seat saw (see `sampling`) and favouring deals that explain the
plays the others made (see `clues`), and plays its candidate moves out on them
(see `search`: the round played to its end in the simulator by a quick player
that follows the normal level's main ideas, the players it faces). The reward is
the seat's own round score, negated (going out ends the round with 0);
``out_bonus`` and ``others_share`` can add a bonus for going out and a share of
the others' points.

The candidates are normal's ranking of the legal moves, with one suit per 8 or 9
(normal's), and normal's choice is the *incumbent*: another move is played only
when it beats it on the same deals by ``confidence`` standard errors, so the search
corrects the heuristic where the play-outs clearly say so and otherwise plays as
it does.

The budget is a number of play-outs (``iterations``, `DEFAULT_ITERATIONS` by
default), so a busy machine plays the same moves as an idle one, capped by a time
(``time_budget`` seconds: `TIME_CAP` by default), so that no decision waits long;
``time_budget`` alone makes it search for that long. Given the same seed, the same
inputs and the cap not reached, it makes the same moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..commands import Command, Play
from ..events import Event
from ..view import PlayerView
from .base import find_announce, find_call, obvious_move, view_digest, with_announce
from .knowledge import Knowledge
from .normal import NormalBot
from .reasons import Reason
from .sampling import Sampler
from .search import Candidate, one_suit_per_card, playout_search
from .terms import Scored, reason_for

DEFAULT_ITERATIONS = 1200
"""Play-outs per decision when no budget is given: about 0.25 s on an idle 2-core
machine."""

TIME_CAP = 1.0
"""Seconds after which a decision with the default budget stops, however few
play-outs it made."""

OTHERS_SHARE = 0.0
"""How much the mean of the other seats' round scores counts against the bot's own."""

OUT_BONUS = 0.0
"""Reward for going out, on top of the round score of 0 it brings."""

CONFIDENCE = 0.5
"""Standard errors by which a move must beat the normal level's choice to be played."""


class HardBot:
    """A searching player: see the module docstring."""

    level: str = "hard"

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        time_budget: float | None = None,
        iterations: int | None = None,
        others_share: float = OTHERS_SHARE,
        out_bonus: float = OUT_BONUS,
        confidence: float = CONFIDENCE,
    ) -> None:
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        if time_budget is not None and (
            isinstance(time_budget, bool)
            or not isinstance(time_budget, int | float)
            or not time_budget > 0
        ):
            raise ValueError(
                f"time_budget must be a positive number of seconds, not {time_budget!r}"
            )
        if time_budget is None and iterations is None:
            iterations, time_budget = DEFAULT_ITERATIONS, TIME_CAP
        self.time_budget = time_budget
        self.iterations = iterations
        self.others_share = others_share
        self.out_bonus = out_bonus
        self.confidence = confidence
        self._seed = f"{seed}" if seed is not None else f"{random.getrandbits(64)}"
        self._knowledge = Knowledge()
        # Its advice and reasons only: the hard level never forgets its last card.
        self._normal = NormalBot(seed=seed, forget_chance=0.0)
        self.last_search: list[Candidate] = []
        """The candidates of the last search, best first (for benchmarks and hints)."""

    # --- The Bot protocol ---

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The move for the seat to act (see `explain`)."""
        return self._decide(view, legal)[0]

    def react(self, view: PlayerView, legal: Sequence[Command]) -> Command | None:
        """Always announce the last card; always call "idiot" when it is right."""
        return find_announce(legal) or find_call(legal)

    def observe(self, event: Event) -> None:
        """Remember what the seat saw: who drew on what, who could not answer a crank."""
        self._knowledge.note(event)
        self._normal.observe(event)

    def explain(self, view: PlayerView, legal: Sequence[Command]) -> tuple[Command, Reason]:
        """The move `choose` makes, with a short reason a player can read: the normal
        level's advice when the search agrees with it, else what the search found."""
        move, scored = self._decide(view, legal)
        if scored is None:  # a call, an announcement or the only move
            return move, self._normal.explain(view, legal)[1]
        if not self.last_search or self.last_search[0].move == scored[0].move:
            runner_up = scored[1] if len(scored) > 1 else None
            return move, reason_for(scored[0], runner_up, view)
        # Against the move a player would think of first (normal's), in the points
        # the search weighs (at least 1: less reads as no gain at all).
        runs = sum(c.runs for c in self.last_search)
        points = max(1, round(self.last_search[0].mean_gain))
        instead = scored[0].move
        if isinstance(instead, Play):
            return move, Reason("search-card", {"n": points, "card": instead.card, "runs": runs})
        return move, Reason("search-draw", {"n": points, "runs": runs})

    # --- Deciding ---

    def _decide(
        self, view: PlayerView, legal: Sequence[Command]
    ) -> tuple[Command, list[Scored] | None]:
        """The move, and the normal level's ranking when there was a choice."""
        self.last_search = []
        obvious, moves = obvious_move(view, legal)
        if obvious is not None:
            return obvious, None
        scored = self._normal.rank(view, moves)
        candidates = one_suit_per_card([s.move for s in scored])
        if len(candidates) == 1:
            return with_announce(candidates[0], view), scored
        ranked = self.search(view, candidates)
        return with_announce(ranked[0].move, view), scored

    def search(self, view: PlayerView, moves: Sequence[Command]) -> list[Candidate]:
        """Every move of ``moves`` with what its play-outs gave, the one to play first
        (see `search.playout_search`; ``moves[0]``, the normal level's choice, is the
        default)."""
        self.last_search = playout_search(
            view,
            moves,
            self._sampler(view),
            random.Random(f"{self._seed}:{view_digest(view)}"),
            iterations=self.iterations,
            time_budget=self.time_budget,
            confidence=self.confidence,
            others_share=self.others_share,
            out_bonus=self.out_bonus,
        )
        return self.last_search

    def _sampler(self, view: PlayerView) -> Sampler:
        """Where the search's deals come from: guesses at the hidden cards that agree
        with all the seat has seen."""
        return Sampler(view, self._knowledge)
