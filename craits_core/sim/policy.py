"""The quick play-out player on a `Sim`: `policy_move` picks a move, `play_out`
plays a round to its end with it, `final_scores` reads the scores off the end.

The hard and expert levels' play-out player (`bots.playout.playout_move` asks it on
engine states), in the simulator's ints and bit sets, following the normal level's
main ideas (see `bots.terms`) at a fraction of their cost: shed the heavy cards,
keep the 8s, 2s and 3s, name the suit held most, keep cards that follow, make the
next player draw, and don't hand the turn to a player about to go out; a play down
to one card is announced, and a little noise varies the play-outs.
A hand's cards are weighed lowest first (a set keeps no order).

Given the same ``rng`` seed and the same `Sim`, a play-out makes the same moves.
"""

from __future__ import annotations

import random

from ..bots.reading import FAR_THREAT, THREAT
from .codes import (
    ANNOUNCE_FLAG,
    CHOICES,
    DRAW,
    POINTS_OF,
    RANK,
    SUIT,
    SUIT_INDEX,
    SUITS,
    hand_score,
    play_code,
)
from .model import Sim
from .play import play

PLAYOUT_LIMIT = 500
"""Moves after which a play-out stops and scores the hands as they are. Play can go
round in circles (5s passed on through the reshuffled pile); a search cannot wait."""


def _rank_bits(rank: int) -> int:
    return sum(1 << c for c in range(52) if RANK[c] == rank)


_SUIT_BITS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_RANK_BITS = (0, *(_rank_bits(rank) for rank in range(1, 14)))
_ACES, _TWOS, _EIGHTS = _RANK_BITS[1], _RANK_BITS[2], _RANK_BITS[8]
_PLAIN = ((1 << 52) - 1) & ~_EIGHTS & ~_RANK_BITS[9]
"""The cards whose play names no suit."""
_MATE = tuple(SUIT_INDEX[suit.mate] for suit in SUITS)
_NEAR = len(THREAT)
_THREAT = tuple(THREAT[cards] for cards in range(_NEAR))


def _heaviest() -> tuple[int, ...]:
    """Entry ``m``: the most points of a card whose rank is a bit of ``m`` (bit 0 the
    ace), 3s left out: a 3 is worth most when it cancels the heaviest card."""
    return tuple(
        max((POINTS_OF[r] for r in range(13) if m >> r & 1 and r != 2), default=0)
        for m in range(1 << 13)
    )


_HEAVIEST = _heaviest()


def _threat(cards: int) -> float:
    return _THREAT[cards] if cards < _NEAR else FAR_THREAT


def _size_after(hands: list[int], seat: int, start: int, step: int) -> int:
    """The cards held by the first seat from ``start`` on (in ``step``'s direction)
    that holds any; 0 when that is ``seat`` itself."""
    n = len(hands)
    while not hands[start] and start != seat:
        start = (start + step) % n
    return 0 if start == seat else hands[start].bit_count()


def policy_move(sim: Sim, rng: random.Random) -> int:
    """A quick, sensible move (a code) for the seat to act: see the module."""
    seat = sim.current
    hand = sim.hands[seat]
    held = hand.bit_count()
    last = ANNOUNCE_FLAG if held == 2 else 0
    if sim.choosing:
        return max(CHOICES[sim.pile[-1]], key=lambda c: (hand & _SUIT_BITS[c & 3]).bit_count())
    if sim.crank:
        twos = hand & _TWOS
        if twos:
            return (twos & -twos).bit_length() - 1 | last
        aces = hand & _ACES
        return aces.bit_length() - 1 | last if aces else DRAW
    playable = hand & sim.follow
    if not playable:
        return DRAW
    if held == 1:
        card = playable.bit_length() - 1
        return play_code(card, SUIT[card]) if RANK[card] == 8 else card
    if not playable & (playable - 1) and playable & _PLAIN:
        # One card to play, and no suit to name: nothing to weigh.
        return playable.bit_length() - 1 | last

    plain = hand & ~_EIGHTS
    counts = [
        (plain & 0x1FFF).bit_count(),
        (plain >> 13 & 0x1FFF).bit_count(),
        (plain >> 26 & 0x1FFF).bit_count(),
        (plain >> 39).bit_count(),
    ]
    most = counts.index(max(counts))
    heaviest = _HEAVIEST[(hand | hand >> 13 | hand >> 26 | hand >> 39) & 0x1FFF]
    hands = sim.hands
    n = sim.n
    step = sim.direction
    nxt = (seat + step) % n
    next_size = hands[nxt].bit_count() if hands[nxt] else _size_after(hands, seat, nxt, step)

    best = best_named = -1
    best_value = -1e9
    rest = playable
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        rank = RANK[card]
        value: float = POINTS_OF[card]
        named = SUIT[card]
        if rank == 8:
            value -= 75.0
            named = most
            follow = counts[most]
        else:
            own = counts[named] - 1
            if rank == 9:
                mate = _MATE[named]
                if counts[mate] > own:
                    named = mate
                    own = counts[mate]
            elif rank == 3:
                value = -10.0 - heaviest
            elif rank == 2:
                value -= 35.0
            elif rank == 1:
                value -= 8.0
            follow = own + (hand & _RANK_BITS[rank]).bit_count() - 1
        value += 6.0 * follow
        actor = next_size
        if rank == 6:
            value += 30.0 if follow else -30.0
            actor = 0
        elif rank == 4:
            actor = _size_after(hands, seat, (nxt + step) % n, step)
        elif rank == 10:
            actor = _size_after(hands, seat, (seat - step) % n, -step)
        elif rank == 7:
            value += 38.0 if next_size == 1 else 8.0
            actor = next_size + 1
        elif rank == 5:
            value += 8.0 * (n - 1) + (30.0 if next_size == 1 else 0.0)
            actor = next_size + 1
        elif rank == 2:
            value += 30.0 if next_size == 1 else 10.0
            value -= 20.0 * _threat(next_size)
            actor = 0
        if actor:
            value -= 60.0 * _threat(actor)
        if last and follow:
            value += 40.0
        value += rng.random() * 4.0
        if value > best_value:
            best_value = value
            best = card
            best_named = named
    if best_named != SUIT[best] or RANK[best] == 8:
        return play_code(best, best_named) | last
    return best | last


def play_out(sim: Sim, rng: random.Random, limit: int = PLAYOUT_LIMIT, until: int = -1) -> int:
    """Play ``sim`` on in place with `policy_move` until the game is over (a guessed
    deal's round: see `convert.from_guess`), seat ``until`` (if not -1) is to act,
    or ``limit`` moves are made; the moves made."""
    for made in range(limit):
        if sim.over or sim.current == until:
            return made
        play(sim, policy_move(sim, rng))
    return limit


def final_scores(sim: Sim) -> tuple[int, ...]:
    """The scores of the round a play-out ended (the hands as they are, if cut short)."""
    if sim.over:
        return sim.round_scores[-1]
    return tuple(map(hand_score, sim.hands))
