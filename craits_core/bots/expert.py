"""The "expert" level: the hard level's search over guessed deals, with learned card
sense (see `nets`) in place of rules of thumb.

- **Its default move** is the one the value network scores best: the round score it
  predicts for the seat after each legal move, from what the seat knows.
- **Its guesses** at the hidden cards weigh each deal by the holders network's
  chances of where each card is, on top of the clues of the others' plays (see
  `sampling.Sampler`).
- **Its search** plays the best few moves on each guessed deal, lets the others
  answer with the quick play-out player (the normal level's ideas, in the
  simulator: `sim.policy`) until the seat's next turn, and there asks the value
  network again, for the best move it would have then: so its own later move is
  the network's, and the play-out is cut short with a value. Another move than
  the default is played only when it beats it on the same deals by ``confidence``
  standard errors.

The budget is counted in deals (``simulations``), so a busy machine plays as well as
an idle one, and capped in time (``time_limit`` seconds), so no decision waits
longer. With no deals at all (``simulations=0``) it plays the value network's choice
as it stands: a measure of what the search adds. With the same seed and inputs, and the cap not reached, it makes the same
moves.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import numpy as np

from ..commands import Announce, CallIdiot, Command, Play
from ..decide import legal_moves
from ..events import Event
from ..sim import from_state, play, to_code, to_state
from ..sim import policy as sim_policy
from ..state import State
from ..view import PlayerView
from .base import find_announce, find_call, obvious_move, view_digest, with_announce
from .features import Situation, encode, situation_of_state, situation_of_view
from .hard import DEFAULT_ITERATIONS
from .knowledge import Knowledge
from .nets import HOLDER_CLASSES, Models, shipped_models
from .normal import NormalBot
from .reasons import Reason
from .sampling import Sampler
from .search import Candidate, one_suit_per_card, playout_search
from .terms import follow_count
from .voids import Voids

SIMULATIONS = 160
"""Deals each decision's candidates are played on."""

TIME_LIMIT = 1.0
"""Seconds after which a decision stops searching, however few deals it played."""

WIDTH = 4
"""Candidates searched: the value network's best few."""

CONFIDENCE = 0.5
"""Standard errors by which a move must beat the default to be played instead."""

HORIZON = 60
"""Moves of the others after which a play-out stops and scores the hand as it is."""

_FLOOR = math.log(1e-4)
"""The log chance given to a place the holders network all but rules out."""


class ExpertBot:
    """A searching player with learned evaluation and inference: see the module."""

    level: str = "expert"

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        simulations: int | None = None,
        time_limit: float = TIME_LIMIT,
        models: Models | None = None,
        playouts: bool = False,
    ) -> None:
        if simulations is None:
            simulations = DEFAULT_ITERATIONS if playouts else SIMULATIONS
        if type(simulations) is not int or simulations < 0:
            raise ValueError(f"simulations must be a whole number, not {simulations!r}")
        if (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, int | float)
            or not (time_limit > 0)
        ):
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
        self.simulations = simulations
        self.playouts = playouts
        self.time_limit = time_limit
        self._models = models
        self._seed = f"{seed}" if seed is not None else f"{random.getrandbits(64)}"
        self._knowledge = Knowledge()
        self._voids = Voids()
        # Its reasons only: the words a player reads for a move.
        self._normal = NormalBot(seed=seed, forget_chance=0.0)
        self.last_search: list[Candidate] = []
        """The candidates of the last search, best first (for benchmarks and hints)."""
        self.last_simulations = 0
        """Deals the last search played (searching by play-outs: play-outs)."""
        self.last_capped = False
        """Whether the last decision was cut short by ``time_limit``."""

    @property
    def models(self) -> Models:
        if self._models is None:
            self._models = shipped_models()
        return self._models

    # --- The Bot protocol ---

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The move for the seat to act (see `explain`)."""
        return self._decide(view, legal)[0]

    def react(self, view: PlayerView, legal: Sequence[Command]) -> Command | None:
        """Always announce the last card; always call "idiot" when it is right."""
        return find_announce(legal) or find_call(legal)

    def observe(self, event: Event) -> None:
        """Remember what the seat saw."""
        self._knowledge.note(event)
        self._voids.note(event)
        self._normal.observe(event)

    def explain(self, view: PlayerView, legal: Sequence[Command]) -> tuple[Command, Reason]:
        """The move `choose` makes, with a reason a player can read: the normal level's
        words when it would play the same, else how much better the expert expects
        it to do than the normal level's choice."""
        move, compared = self._decide(view, legal)
        advice, reason = self._normal.explain(view, legal)
        if compared is None or _same(advice, move):
            return move, reason
        points, runs = compared
        if isinstance(advice, Play) and isinstance(move, Play) and advice.card == move.card:
            # The same card with another suit named: the suit is the news.
            suit = move.suit or move.card.suit
            rest = [c for c in view.hand if c != move.card]
            held = follow_count(rest, move.card, suit, view.rules)
            return move, Reason("name-suit", {"suit": suit, "n": held})
        if isinstance(advice, Play):
            return move, Reason("search-card", {"n": points, "card": advice.card, "runs": runs})
        return move, Reason("search-draw", {"n": points, "runs": runs})

    # --- Deciding ---

    def _decide(
        self, view: PlayerView, legal: Sequence[Command]
    ) -> tuple[Command, tuple[int, int] | None]:
        """The move, and when there was a choice, how many points fewer than after
        the normal level's choice the seat is expected to score (at least 1), in
        how many play-outs."""
        self.last_search = []
        self.last_simulations = 0
        self.last_capped = False
        start = time.perf_counter()
        obvious, moves = obvious_move(view, legal)
        if obvious is not None:
            return obvious, None
        sit = situation_of_view(view, self._voids)
        scores = self.models.scores(encode([(sit, m) for m in moves]))
        order = sorted(range(len(moves)), key=lambda i: (scores[i], i))
        if self.simulations and self.playouts:
            ranked = one_suit_per_card([moves[i] for i in order])
            found = (
                playout_search(
                    view,
                    ranked,
                    Sampler(view, self._knowledge, prior=self._prior(view, sit)),
                    random.Random(f"{self._seed}:{view_digest(view)}"),
                    iterations=self.simulations,
                    time_budget=self.time_limit,
                    confidence=CONFIDENCE,
                )
                if len(ranked) > 1
                else [Candidate(ranked[0])]
            )
            self.last_search = found
            self.last_simulations = sum(c.runs for c in found)
        elif self.simulations:
            found = self.search(view, sit, [moves[i] for i in order[:WIDTH]])
        else:
            found = [Candidate(moves[order[0]])]
        self.last_capped = time.perf_counter() - start >= self.time_limit
        best = found[0].move
        advice = self._normal.rank(view, moves)[0].move
        expected = {m: float(s) for m, s in zip(moves, scores, strict=True)}
        gap = expected.get(advice, expected[best]) - expected[best]
        runs = sum(c.runs for c in found)
        return with_announce(best, view), (max(1, round(gap)), runs)

    def search(self, view: PlayerView, sit: Situation, moves: Sequence[Command]) -> list[Candidate]:
        """Every move of ``moves`` with what its play-outs gave, the one to play first.

        ``moves[0]`` is the default: another is played only if it does better on
        the same deals, surely enough."""
        start = time.perf_counter()
        candidates = [Candidate(m) for m in moves]
        if len(candidates) == 1:
            self.last_search = candidates
            return candidates
        rng = random.Random(f"{self._seed}:{view_digest(view)}")
        sampler = Sampler(view, self._knowledge, prior=self._prior(view, sit))
        seat = sit.seat
        voids = sit.voids
        leaves: list[tuple[int, int, Situation, list[Command]]] = []
        deals = 0
        finished: list[list[float | None]] = []
        # At least one deal, however little time is left: the choice needs a figure.
        while deals < self.simulations and (
            not deals or time.perf_counter() - start < self.time_limit
        ):
            # In the simulator, shuffling as the engine would from the deal's seed.
            deal = from_state(sampler.sample(rng))
            playout_seed = rng.getrandbits(32)
            row: list[float | None] = []
            for k, cand in enumerate(candidates):
                leaf = deal.copy()
                play(leaf, to_code(with_announce(cand.move, view)))
                # The others play on until the seat is to act again or the round ends.
                sim_policy.play_out(leaf, random.Random(playout_seed), HORIZON, until=seat)
                if leaf.over or leaf.current != seat:
                    row.append(float(sim_policy.final_scores(leaf)[seat]))
                else:
                    state = to_state(leaf)
                    moves_then = _moves(state, seat)
                    leaves.append((deals, k, situation_of_state(state, seat, voids), moves_then))
                    row.append(None)
            finished.append(row)
            deals += 1
        values = np.array([[math.nan if v is None else v for v in row] for row in finished])
        if leaves:
            batch = [(s, m) for _, _, s, moves_then in leaves for m in moves_then]
            scores = self.models.scores(encode(batch))
            at = 0
            for deal_index, k, _, moves_then in leaves:
                values[deal_index, k] = float(scores[at : at + len(moves_then)].min())
                at += len(moves_then)
        self.last_simulations = deals
        base = values[:, 0]
        for k, cand in enumerate(candidates):
            gain = base - values[:, k]  # a lower score is a gain
            cand.runs = deals
            cand.gain = float(gain.sum())
            cand.gain2 = float((gain * gain).sum())
        incumbent = candidates[0]
        best = max(candidates[1:], key=lambda c: c.mean_gain)
        chosen = best if best.sure_gain(CONFIDENCE) > 0 else incumbent
        rest = [c for c in candidates if c is not chosen]
        self.last_search = [chosen, *sorted(rest, key=lambda c: -c.mean_gain)]
        return self.last_search

    def _prior(self, view: PlayerView, sit: Situation) -> list[list[float]] | None:
        """The holders network's log chances, as `Sampler` takes them: per seat (the
        stock last), per card."""
        logits = self.models.holder_logs(encode([(sit, None)]))[0]
        others = sit.others()
        n = len(view.players)
        allowed = np.zeros(HOLDER_CLASSES, dtype=bool)
        allowed[0] = view.stock_size > 0
        for r, other in enumerate(others, start=1):
            allowed[r] = view.hand_sizes[other] > 0
        logits = np.where(allowed, logits, -np.inf)
        logits = logits - logits.max(axis=1, keepdims=True)
        logs = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        logs = np.maximum(logs, _FLOOR)
        prior = [[0.0] * 52 for _ in range(n + 1)]
        prior[n] = logs[:, 0].tolist()
        for r, other in enumerate(others, start=1):
            prior[other] = logs[:, r].tolist()
        return prior


def _moves(state: State, seat: int) -> list[Command]:
    return [m for m in legal_moves(state, seat) if not isinstance(m, Announce | CallIdiot)]


def _same(a: Command, b: Command) -> bool:
    """The same move, whether or not "last card" rides along."""
    if isinstance(a, Play) and isinstance(b, Play):
        return (a.card, a.suit) == (b.card, b.suit)
    return a == b
