"""The quick play-out player: a round played to its end in a fraction of a
millisecond a move, for the searches of the hard and expert levels (and the expert's
training games).

`playout_move` follows the normal level's main ideas (see `terms`) at a fraction of
their cost; `play_out` plays a full state to the end of its round with it, and
`final_scores` reads the round's scores off the end.
"""

from __future__ import annotations

import random

from ..cards import Card, Rank, Suit
from ..commands import ChooseSuit, Command, Draw, Play
from ..decide import apply
from ..rules import matches, starter_suit_options
from ..scoring import POINTS, score_hand
from ..state import State
from .reading import FAR_THREAT, THREAT

_ACE, _TWO, _THREE, _FOUR, _FIVE, _SIX, _SEVEN, _EIGHT, _NINE, _TEN = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
)
_RANK_POINTS = [0] * 14
for _rank, _points in POINTS.items():
    _RANK_POINTS[_rank] = _points
_SUITS = {suit.value: suit for suit in Suit}
# `reading.threat` as a tuple: a play-out asks it thousands of times a decision.
_NEAR = len(THREAT)
_THREAT = tuple(THREAT[cards] for cards in range(_NEAR))


def _threat(cards: int) -> float:
    return _THREAT[cards] if cards < _NEAR else FAR_THREAT


def playout_move(state: State, seat: int, rng: random.Random) -> Command:
    """A quick, sensible move for ``seat`` (the seat to act) in a full state.

    The normal level's main ideas at a fraction of their cost: shed the heavy cards,
    keep the 8s, 2s and 3s, name the suit held most, keep cards that follow, make
    the next player draw, and don't hand the turn to a player about to go out.
    A play down to one card is announced. A little noise varies the play-outs.
    """
    hand = state.hands[seat]
    last = len(hand) == 2
    top = state.pile[-1]
    if state.choosing_suit:
        options = starter_suit_options(top)
        return ChooseSuit(seat, max(options, key=lambda s: sum(c.suit is s for c in hand)))
    if state.crank:
        ace = None
        for card in hand:
            rank = card.rank
            if rank is _TWO:
                return Play(seat, card, None, last)
            if rank is _ACE:
                ace = card
        return Play(seat, ace, None, last) if ace is not None else Draw(seat)
    suit = state.active_suit
    rules = state.rules
    if rules.colour_matching or rules.wild_nine:
        playable = [c for c in hand if matches(c, top, suit, rules)]  # type: ignore[arg-type]
    else:
        top_rank = top.rank
        playable = [c for c in hand if c.suit is suit or c.rank is top_rank or c.rank is _EIGHT]
    if not playable:
        return Draw(seat)
    if len(hand) == 1:
        card = playable[0]
        return Play(seat, card, card.suit if card.rank is _EIGHT else None)

    counts = {"C": 0, "D": 0, "H": 0, "S": 0}
    ranks = [0] * 14
    heaviest = 0
    for card in hand:
        rank = card.rank
        if rank is not _EIGHT:
            counts[card.suit._value_] += 1
        ranks[rank] += 1
        points = _RANK_POINTS[rank]
        if points > heaviest and rank is not _THREE:
            heaviest = points
    hands = state.hands
    n = len(hands)
    step = state.direction
    nxt = (seat + step) % n
    while not hands[nxt] and nxt != seat:
        nxt = (nxt + step) % n
    next_size = len(hands[nxt]) if nxt != seat else 0

    best: Card = playable[0]
    best_suit = "C"
    best_value = -1e9
    for card in playable:
        rank = card.rank
        value: float = _RANK_POINTS[rank]
        named = card.suit._value_
        if rank is _EIGHT:
            value -= 75.0
            named = max(counts, key=counts.__getitem__)
            own = counts[named]
            follow = own
        else:
            own = counts[named] - 1
            if rank is _NINE:
                mate = card.suit.mate._value_
                if counts[mate] > own:
                    named = mate
                    own = counts[mate]
            elif rank is _THREE:
                value = -10.0 - heaviest
            elif rank is _TWO:
                value -= 35.0
            elif rank is _ACE:
                value -= 8.0
            follow = own + ranks[rank] - 1
        value += 6.0 * follow
        actor = next_size
        if rank is _SIX:
            value += 30.0 if follow else -30.0
            actor = 0
        elif rank is _FOUR:
            after = (nxt + step) % n
            while not hands[after] and after != seat:
                after = (after + step) % n
            actor = len(hands[after]) if after != seat else 0
        elif rank is _TEN:
            back = (seat - step) % n
            while not hands[back] and back != seat:
                back = (back - step) % n
            actor = len(hands[back]) if back != seat else 0
        elif rank is _SEVEN:
            value += 38.0 if next_size == 1 else 8.0
            actor = next_size + 1
        elif rank is _FIVE:
            value += 8.0 * (n - 1) + (30.0 if next_size == 1 else 0.0)
            actor = next_size + 1
        elif rank is _TWO:
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
            best_suit = named
    rank = best.rank
    if rank is _EIGHT:
        return Play(seat, best, _SUITS[best_suit], last)
    if rank is _NINE and best_suit != best.suit._value_:
        return Play(seat, best, _SUITS[best_suit], last)
    return Play(seat, best, None, last)


PLAYOUT_LIMIT = 500
"""Moves after which a play-out stops and scores the hands as they are. Play can go
round in circles (5s passed on through the reshuffled pile); a search cannot wait."""


def play_out(state: State, rng: random.Random) -> State:
    """Play a determinised state (see `Sampler`) to the end of its round with
    `playout_move`; the state at the end (see `final_scores`)."""
    for _ in range(PLAYOUT_LIMIT):
        if state.is_over:
            break
        state = apply(state, playout_move(state, state.current_player, rng))[1]  # type: ignore[arg-type]
    return state


def final_scores(state: State) -> tuple[int, ...]:
    """The round scores of a played-out state (the hands as they are, if cut short)."""
    if state.is_over:
        return state.round_scores[-1]
    return tuple(score_hand(hand) if hand else 0 for hand in state.hands)
