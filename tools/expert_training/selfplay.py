"""Self-play data for the expert's networks, played in the simulator.

A part of the data is ``rounds`` rounds of 2-5 players at every hand size, each the
last of its game (so a play-out stops at its end). At a share of the decisions with
a choice (`RECORD`), every candidate move is tried from the true state and the
round played out from there, ``playouts`` times with seeds shared by the
candidates (so they differ only by the move): the seat's mean score at the end is
the *Monte Carlo return* the value network learns to predict from what the seat
knew. The same decisions teach the holders network where each card the seat had not
seen really was.

Generation 1 plays with the quick play-out player (`sim.policy`), with a random
move one time in `EXPLORE`. A later generation plays the seat's own moves, on the
table and in its play-outs, by the previous generation's value network (the
others answer with the quick player, as in the expert's search): policy iteration.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from craits_core.bots.nets import Models
from craits_core.bots.packed import DECISION, MOVE, decision_rows, is_weighed, pack_code, pack_sim
from craits_core.sim.codes import ANNOUNCE_FLAG, DRAW, SUIT
from craits_core.sim.model import Sim
from craits_core.sim.play import legal_moves, play
from craits_core.sim.policy import PLAYOUT_LIMIT, final_scores, policy_move
from craits_core.sim.rounds import new_game

EXPLORE = 1 / 8
"""The share of moves with a choice made at random on the table."""

RECORD = 0.5
"""The share of decisions with a choice whose candidates are all played out."""


def note_void(voids: list[int], sim: Sim, code: int) -> None:
    """Fold move ``code`` of the seat to act into ``voids`` (a bit per suit, per seat),
    before it is made: `bots.voids.Voids` in the simulator's terms (a test holds the
    two together)."""
    seat = sim.current
    if code < DRAW:
        voids[seat] &= ~(1 << SUIT[code & 63])
    elif code == DRAW and not sim.crank and not sim.voluntary and sim.suit >= 0:
        voids[seat] |= 1 << sim.suit


def start_round(rng: random.Random) -> Sim:
    """A fresh round with a random table, as the last of its game."""
    players = rng.choice((2, 3, 4, 4, 4, 5))
    sim = new_game(players, rng, first_round=rng.randrange(1, 16))
    sim.rounds = sim.round_number
    return sim


def candidates(sim: Sim) -> list[int]:
    """The seat to act's moves the networks weigh, "last card" riding on a play to one."""
    last = ANNOUNCE_FLAG if sim.held(sim.current) == 2 else 0
    return [code | last if code < DRAW else code for code in legal_moves(sim) if is_weighed(code)]


@dataclass
class Player:
    """How a generation plays: the quick player, or a network for the learning seat."""

    models: Models | None = None

    def move(self, sim: Sim, voids: list[int], rng: random.Random) -> int:
        """The move of the seat to act."""
        if self.models is None:
            return policy_move(sim, rng)
        moves = candidates(sim)
        if len(moves) == 1:
            return moves[0]
        seat = sim.current
        hand = sim.hands[seat]
        packed = [pack_code(hand, m) for m in moves]
        scores = self.models.scores(decision_rows(pack_sim(sim, seat, voids), packed))
        return moves[int(np.argmin(scores))]

    def play_out(self, sim: Sim, seat: int, voids: list[int], rng: random.Random) -> float:
        """Play ``sim`` to its end, ``seat`` by this player and the others by the quick
        one; ``seat``'s score."""
        if self.models is None:
            for _ in range(PLAYOUT_LIMIT):
                if sim.over:
                    break
                play(sim, policy_move(sim, rng))
            return final_scores(sim)[seat]
        voids = voids[:]
        for _ in range(PLAYOUT_LIMIT):
            if sim.over:
                break
            code = self.move(sim, voids, rng) if sim.current == seat else policy_move(sim, rng)
            note_void(voids, sim, code)
            play(sim, code)
        return final_scores(sim)[seat]


@dataclass
class Part:
    """The rows of a part: situations, candidate moves with their mean returns, and
    where the unseen cards were at some of the situations."""

    decisions: list[tuple] = field(default_factory=list)
    moves: list[tuple] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    holders_at: list[int] = field(default_factory=list)
    labels: list[np.ndarray] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        """The part as arrays, as it is saved."""
        return {
            "decisions": np.array(self.decisions, dtype=DECISION),
            "moves": np.array(self.moves, dtype=MOVE),
            "returns": np.array(self.returns, dtype=np.float32),
            "holders_at": np.array(self.holders_at, dtype=np.int32),
            "labels": np.stack(self.labels) if self.labels else np.zeros((0, 52), np.int8),
        }


def holder_labels(sim: Sim, seat: int) -> np.ndarray:
    """Per card: where it is, as a class of the holders network (0 the stock, r the
    r-th other player in turn order), or -1 if the seat has seen it."""
    labels = np.full(52, -1, dtype=np.int8)
    for card in sim.stock:
        labels[card] = 0
    n = sim.n
    for r in range(1, n):
        hand = sim.hands[(seat + r * sim.direction) % n]
        while hand:
            low = hand & -hand
            labels[low.bit_length() - 1] = r
            hand ^= low
    return labels


def play_round(part: Part, rng: random.Random, player: Player, playouts: int) -> None:
    """One self-play round, its rows added to ``part``."""
    sim = start_round(rng)
    voids = [0] * sim.n
    for _ in range(2000):
        if sim.over:
            break
        seat = sim.current
        moves = candidates(sim)
        if len(moves) > 1 and rng.random() < RECORD:
            record(part, sim, seat, voids, moves, rng, player, playouts)
        if len(moves) > 1 and rng.random() < EXPLORE:
            code = rng.choice(moves)
        else:
            code = player.move(sim, voids, rng)
        note_void(voids, sim, code)
        play(sim, code)


def record(
    part: Part,
    sim: Sim,
    seat: int,
    voids: list[int],
    moves: list[int],
    rng: random.Random,
    player: Player,
    playouts: int,
) -> None:
    """Play every candidate out ``playouts`` times and keep their mean returns."""
    at = len(part.decisions)
    part.decisions.append(pack_sim(sim, seat, voids))
    seeds = [rng.getrandbits(32) for _ in range(playouts)]
    hand = sim.hands[seat]
    for code in moves:
        total = 0.0
        for seed in seeds:
            leaf = sim.copy(np.random.default_rng(seed))
            after = voids[:]
            note_void(after, leaf, code)
            play(leaf, code)
            total += player.play_out(leaf, seat, after, random.Random(seed))
        part.moves.append((at, *pack_code(hand, code)))
        part.returns.append(total / playouts)
    part.holders_at.append(at)
    part.labels.append(holder_labels(sim, seat))


def make_part(
    seed: int, generation: int, index: int, rounds: int, playouts: int, models: Models | None
) -> dict[str, np.ndarray]:
    """Part ``index`` of a generation's data: the same arguments, the same rows."""
    rng = random.Random(f"craits expert self-play {seed} {generation} {index}")
    part = Part()
    player = Player(models)
    for _ in range(rounds):
        play_round(part, rng, player, playouts)
    return part.arrays()
