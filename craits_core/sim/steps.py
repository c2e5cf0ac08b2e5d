"""The small steps every move is made of, on a `Sim` in place: drawing (with the
reshuffle of the pile), handing the turn on, and whether a round is blocked.

Each mirrors the engine's step of the same name in `craits_core.decide`.
"""

from __future__ import annotations

import random

import numpy as np

from .model import Sim


def draw(sim: Sim, seat: int, count: int) -> int:
    """``seat`` draws up to ``count`` cards, the pile (but its top card) shuffled
    under the stock first when the stock runs short; returns how many came."""
    stock = sim.stock
    if len(stock) < count and len(sim.pile) > 1:
        reshuffle(sim)
    hand = sim.hands[seat]
    taken = 0
    while taken < count and stock:
        hand |= 1 << stock.pop()
        taken += 1
    sim.hands[seat] = hand
    if sim.announced >> seat & 1 and hand & (hand - 1):
        sim.announced ^= 1 << seat  # an announcement is void with two cards or more
    return taken


def reshuffle(sim: Sim) -> None:
    """The discard pile but its top card, shuffled, goes under the stock."""
    pile = sim.pile
    cards = pile[:-1]
    shuffle(sim, cards)
    sim.shuffles += 1
    cards.reverse()  # the stock is kept next card last
    sim.stock[:0] = cards  # in place: a draw under way holds the list
    del pile[:-1]


def shuffle(sim: Sim, cards: list[int]) -> None:
    """Shuffle as the engine would (its seed and shuffle count: the same order,
    since a shuffle's moves depend on the length alone) or with ``sim.rng``."""
    rng = sim.rng
    if rng is None:
        random.Random(f"{sim.seed}:{sim.shuffles}").shuffle(cards)
    else:
        rng.shuffle(cards)


def shuffler(rng: random.Random | np.random.Generator) -> np.random.Generator:
    """The simulator's own shuffler, drawn from ``rng``: numpy shuffles a list ten
    times as fast as `random.shuffle`, and deals and reshuffles are a good part of
    a play-out's time."""
    if isinstance(rng, np.random.Generator):
        return rng
    return np.random.default_rng(rng.getrandbits(64))


def next_seat(sim: Sim, seat: int) -> int:
    """The next seat in the direction of play that still holds cards."""
    n, step, hands = sim.n, sim.direction, sim.hands
    nxt = (seat + step) % n
    while not hands[nxt] and nxt != seat:
        nxt = (nxt + step) % n
    return nxt


def pass_turn(sim: Sim, seat: int, skip: bool) -> None:
    """Hand the turn on from ``seat``: a skip passes over the next seat without
    using up a lost turn; a seat with a lost turn is passed over and loses it."""
    nxt = (seat + sim.direction) % sim.n
    if not sim.hands[nxt]:
        nxt = next_seat(sim, seat)
    if skip:
        nxt = next_seat(sim, nxt)
    lost = sim.lost
    while lost[nxt]:
        lost[nxt] -= 1
        nxt = next_seat(sim, nxt)
    sim.current = nxt


def blocked(sim: Sim) -> bool:
    """`rules.round_blocked`: everyone holding cards has passed since the last play."""
    passed = sim.passed
    if not passed:
        return False
    return all(passed >> seat & 1 or not hand for seat, hand in enumerate(sim.hands))
