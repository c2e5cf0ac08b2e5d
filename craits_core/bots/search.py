"""The search the hard and expert levels share: candidate moves played out on deals
guessed for the hidden cards.

Each deal is dealt by a `Sampler` (the cards the seat has not seen, consistent
with what it saw), turned into the simulator's terms, and every candidate still in
the running is played on it and the round played out to its end with the quick
play-out player (`sim.policy`), the same dice for each, so that they differ only
by the move. The reward is the seat's own round score, negated (going out ends the
round with 0), plus optionally a share of the others' points and a bonus for going
out.

The first candidate is the *incumbent*: another move is chosen only when it beats
it on the same deals by ``confidence`` standard errors of the paired difference.
The budget goes to the candidates in rounds of *sequential halving*: every
challenger is played out on the same deals as the incumbent, then the worse half of
them is dropped, so that the play-outs end up on the close calls.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..commands import Command, Play
from ..sim import from_state, play, to_code
from ..sim import policy as sim_policy
from ..view import PlayerView
from .base import with_announce
from .sampling import Sampler


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


def playout_search(
    view: PlayerView,
    moves: Sequence[Command],
    sampler: Sampler,
    rng: random.Random,
    *,
    iterations: int | None,
    time_budget: float | None,
    confidence: float,
    others_share: float = 0.0,
    out_bonus: float = 0.0,
) -> list[Candidate]:
    """Every move of ``moves`` (at least two) with what its play-outs gave, the one to
    play first: see the module. The search stops after ``iterations`` play-outs or
    ``time_budget`` seconds, whichever comes first (None: no such limit)."""
    start = time.perf_counter()
    candidates = [Candidate(m) for m in moves]
    incumbent = candidates[0]
    limit = iterations if iterations is not None else math.inf
    deadline = start + time_budget if time_budget is not None else math.inf
    share = others_share / (len(view.players) - 1)
    done = 0
    alive = list(candidates)
    phases = max(1, math.ceil(math.log2(len(alive))))
    for phase in range(phases):
        part = 1 / (phases - phase)
        runs_end = done + (limit - done) * part
        # A time alone is shared out among the phases, as the play-outs are; with a
        # count, the time is one cap on the whole search.
        now = time.perf_counter()
        time_end = now + (deadline - now) * part if iterations is None else deadline
        while not alive[-1].runs or (
            done + len(alive) <= runs_end and time.perf_counter() < time_end
        ):
            _play_deal(sampler, rng, alive, view, share, out_bonus)
            done += len(alive)
        challengers = sorted(alive[1:], key=lambda c: -c.mean_gain)
        alive = [incumbent, *challengers[: max(1, len(challengers) // 2)]]
    best = max(candidates[1:], key=lambda c: (c.runs, c.mean_gain))
    chosen = best if best.sure_gain(confidence) > 0 else incumbent
    rest = sorted((c for c in candidates if c is not chosen), key=lambda c: (-c.runs, -c.mean_gain))
    return [chosen, *rest]


def _play_deal(
    sampler: Sampler,
    rng: random.Random,
    alive: list[Candidate],
    view: PlayerView,
    share: float,
    bonus: float,
) -> None:
    """Play every candidate of ``alive`` out on one new deal."""
    seat = sampler.seat
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


def one_suit_per_card(moves: Sequence[Command]) -> list[Command]:
    """``moves`` (best first) with only the first suit named for each 8 or 9.

    The ranking picks an 8's or 9's suit well (the normal level: the suit held
    most, one the next player could not follow; the expert: its value network), and
    the play-outs hardly tell four suits apart: searching them only spreads the
    budget thin and picks the luckiest. So the search weighs which card to play,
    and the suit comes with the ranking's choice.
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
