"""The "hard" level: a search over guessed deals, played out with a quick heuristic.

For each decision the bot deals the cards it has not seen at random, consistently
with everything its seat saw (see `sampling`) and favouring deals that explain the
plays the others made (see `clues`). It tries its candidate moves on that deal and
plays the rest of the round out in the simulator with `sim.policy.policy_move`, a quick
player that follows the normal level's main ideas (the players it faces). The reward is the
seat's own round score, negated (going out ends the round with 0); ``out_bonus``
and ``others_share`` can add a bonus for going out and a share of the others' points.

The normal level's choice is the *incumbent*: another move is played only when it
beats it on the same deals by ``confidence`` standard errors of the paired
difference, so the search corrects the heuristic where the play-outs clearly say
so and otherwise plays as it does. The candidates are normal's ranking of the legal
moves, with one suit per 8 or 9 (normal's); samples go to them in rounds of
*sequential halving*: every challenger is played out on the same deals as the
incumbent, then the worse half of them is dropped, so the budget ends up on the
close calls.

The budget is a number of play-outs (``iterations``, `DEFAULT_ITERATIONS` by
default), so a busy machine plays the same moves as an idle one, capped by a time
(``time_budget`` seconds: `TIME_CAP` by default), so that no decision waits long;
``time_budget`` alone makes it search for that long. Given the same seed, the same
inputs and the cap not reached, it makes the same moves.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..commands import Command, Play
from ..events import Event
from ..sim import from_state, play, to_code
from ..sim import policy as sim_policy
from ..view import PlayerView
from .base import find_announce, find_call, obvious_move, view_digest, with_announce
from .knowledge import Knowledge
from .normal import NormalBot
from .reasons import Reason
from .sampling import Sampler
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


@dataclass(slots=True)
class Candidate:
    """One move under study, with what its play-outs gave.

    ``gain`` sums, deal by deal, the candidate's reward less the reward of the
    normal level's choice on the same deal (``gain2``, its squares): the paired
    comparison the search decides on.
    """

    move: Command
    runs: int = 0
    gain: float = 0.0
    gain2: float = 0.0
    outs: int = 0
    """Play-outs in which the seat went out."""

    @property
    def mean_gain(self) -> float:
        """Mean reward over the normal level's choice, on the same deals."""
        return self.gain / self.runs if self.runs else -math.inf

    def sure_gain(self, z: float) -> float:
        """The mean gain less ``z`` standard errors: how much better it surely is."""
        n = self.runs
        if n < 2:
            return -math.inf
        mean = self.gain / n
        var = max(0.0, (self.gain2 - n * mean * mean) / (n - 1))
        return mean - z * math.sqrt(var / n)


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
        candidates = _one_suit_per_card([s.move for s in scored])
        if len(candidates) == 1:
            return with_announce(candidates[0], view), scored
        ranked = self.search(view, candidates)
        return with_announce(ranked[0].move, view), scored

    def search(self, view: PlayerView, moves: Sequence[Command]) -> list[Candidate]:
        """Every move of ``moves`` with what its play-outs gave, the one to play first.

        ``moves[0]`` is the default (the normal level's choice): another move is
        played only if it does better on the same deals, surely enough.
        """
        start = time.perf_counter()
        rng = random.Random(f"{self._seed}:{view_digest(view)}")
        sampler = self._sampler(view)
        candidates = [Candidate(m) for m in moves]
        incumbent = candidates[0]
        limit = self.iterations if self.iterations is not None else math.inf
        deadline = start + self.time_budget if self.time_budget is not None else math.inf
        done = 0
        alive = list(candidates)
        # Sequential halving: the budget in phases, half as many challengers each time.
        phases = max(1, math.ceil(math.log2(len(alive))))
        for phase in range(phases):
            part = 1 / (phases - phase)
            runs_end = done + (limit - done) * part
            now = time.perf_counter()
            time_end = now + (deadline - now) * part
            while not alive[-1].runs or (
                done + len(alive) <= runs_end and time.perf_counter() < time_end
            ):
                done += self._sample(sampler, rng, alive, view)
            challengers = sorted(alive[1:], key=lambda c: -c.mean_gain)
            alive = [incumbent, *challengers[: max(1, len(challengers) // 2)]]
        z = self.confidence
        best = max(candidates[1:], key=lambda c: (c.runs, c.mean_gain))
        chosen = best if best.sure_gain(z) > 0 else incumbent
        rest = sorted(
            (c for c in candidates if c is not chosen), key=lambda c: (-c.runs, -c.mean_gain)
        )
        self.last_search = [chosen, *rest]
        return self.last_search

    def _sampler(self, view: PlayerView) -> Sampler:
        """Where the search's deals come from: guesses at the hidden cards that agree
        with all the seat has seen."""
        return Sampler(view, self._knowledge)

    def _sample(
        self, sampler: Sampler, rng: random.Random, alive: list[Candidate], view: PlayerView
    ) -> int:
        """Play every candidate out on one new deal; returns the play-outs made."""
        seat = sampler.seat
        share = self.others_share / (len(view.players) - 1)
        bonus = self.out_bonus
        # The deal in the simulator, shuffling as the engine would from the deal's
        # seed: every candidate meets the same reshuffles.
        deal = from_state(sampler.sample(rng))
        playout_seed = rng.getrandbits(32)
        base = 0.0
        for cand in alive:
            end = deal.copy()
            play(end, to_code(with_announce(cand.move, view)))
            sim_policy.play_out(end, random.Random(playout_seed))
            scores = sim_policy.final_scores(end)
            mine = scores[seat]
            out = not end.hands[seat]
            reward = share * (sum(scores) - mine) - mine + (bonus if out else 0.0)
            if cand is alive[0]:
                base = reward
            gain = reward - base
            cand.runs += 1
            cand.gain += gain
            cand.gain2 += gain * gain
            cand.outs += out
        return len(alive)


def _one_suit_per_card(moves: Sequence[Command]) -> list[Command]:
    """``moves`` (best first) with only the first suit named for each 8 or 9.

    The normal level picks an 8's or 9's suit well (the suit held most, one the
    next player could not follow), and the play-outs hardly tell four suits apart:
    searching them only spreads the budget thin and picks the luckiest. So the
    search weighs which card to play, and the suit comes with normal's choice.
    """
    seen: set[Card] = set()
    kept: list[Command] = []
    for move in moves:
        if isinstance(move, Play):
            if move.card in seen:
                continue
            seen.add(move.card)
        kept.append(move)
    return kept
