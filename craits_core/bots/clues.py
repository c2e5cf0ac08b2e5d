"""What a player's choice of card gives away about the rest of their hand.

A player who sheds a jack while holding a king that fitted, or who spends an 8 while
holding a card of the suit, plays against the ideas most players share. Each play
an opponent makes is kept as a `Clue`; given a guess at the hand they held when
they made it, `log_likelihood` says how likely a player of the normal level's habits
was to choose that play from that hand. The sampler weighs its guessed deals by
it, so that the deals it plays out look like the hands behind the plays seen.

The values are the normal level's main terms (shed the heavy cards; keep the 8s,
2s, aces and 3s; keep cards that follow; make others draw; don't hand the turn to a
player about to go out), simplified where they would need more than the hand and
the table of the moment. Hands are masks (see `masks`): this runs thousands of
times a decision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import FULL_DECK, Card, Rank, Suit
from ..rules import RuleSet
from ..scoring import LONE_THREE, POINTS
from .masks import EIGHTS, INDEX, NINES, SUITS, THREES, fitting, fitting_table
from .reading import next_seat, threat
from .terms import Weights

SHARPNESS = 0.15
"""How surely a player picks the play the values favour: a play's likelihood falls
by a factor e for every 1 / SHARPNESS points it lies below the best play's."""

ANSWER_CHANCE = 0.15
"""The chance that a card the player cannot see is an ace or a 2."""

W = Weights()
"""The normal level's weights: the habits a play is judged by."""
_KEEP = {
    Rank.EIGHT: W.keep_eight,
    Rank.TWO: W.keep_two,
    Rank.ACE: W.keep_ace,
    Rank.THREE: W.keep_three,
}

# Per card index: its rank, its points, what keeping it is worth, the suits (by
# index) its play may leave active.
_RANK = [card.rank for card in FULL_DECK]
_POINTS = [POINTS[card.rank] for card in FULL_DECK]
_KEPT = [_KEEP.get(card.rank, 0.0) for card in FULL_DECK]
_SUIT_INDEX = {suit: j for j, suit in enumerate(SUITS)}
_NAMED = [
    tuple(range(4))
    if card.rank is Rank.EIGHT
    else (_SUIT_INDEX[card.suit], _SUIT_INDEX[card.suit.mate])
    if card.rank is Rank.NINE
    else (_SUIT_INDEX[card.suit],)
    for card in FULL_DECK
]


@dataclass(frozen=True, slots=True)
class Clue:
    """One play an opponent chose, and the table as it was when they chose it.

    ``slots`` are the numbers of the slots they held then (see `Knowledge`);
    ``effects``, per rank value, what playing that rank did to the other seats.
    """

    seat: int
    card: Card
    suit: Suit
    """The active suit the play left (named, for an 8 or a 9)."""
    slots: tuple[int, ...]
    playable: int
    """The mask of the cards that fitted."""
    effects: tuple[float, ...]
    urgency: float
    follows: tuple[int, ...]
    """`fitting_table` of the rules played by."""
    wild: int
    """The mask of the cards that always fit."""
    index: int
    """The card's place in `FULL_DECK` (its bit)."""
    named: int
    """The suit's place in `SUITS`."""


def make_clue(
    seat: int,
    card: Card,
    suit: Suit,
    top: Card,
    active: Suit,
    slots: Sequence[int],
    sizes: Sequence[int],
    direction: int,
    rules: RuleSet,
) -> Clue:
    """The clue of ``seat`` playing ``card`` (leaving ``suit`` active) on ``top`` with
    ``active`` the suit, everyone holding ``sizes`` cards before the play."""
    after = list(sizes)
    after[seat] -= 1
    urgency = max((threat(n) for s, n in enumerate(sizes) if s != seat and n), default=0.0)
    effects = tuple(0.0 if not r else _effect(Rank(r), seat, after, direction) for r in range(14))
    return Clue(
        seat=seat,
        card=card,
        suit=suit,
        slots=tuple(slots),
        playable=fitting(top, active, rules),
        effects=effects,
        urgency=urgency,
        follows=fitting_table(rules),
        wild=EIGHTS | (NINES if rules.wild_nine else 0),
        index=INDEX[card],
        named=_SUIT_INDEX[suit],
    )


def _effect(rank: Rank, seat: int, sizes: Sequence[int], direction: int) -> float:
    """What playing ``rank`` does to the others, in points: their draws, and handing
    the turn to a player who may go out."""
    nxt = next_seat(sizes, seat, direction)
    if nxt == seat:
        return 0.0
    size = sizes[nxt]
    if rank is Rank.TWO:
        answer = 1 - (1 - ANSWER_CHANCE) ** size
        broken = W.break_last * (1 - answer) if size == 1 else 0.0
        drawn = W.opponent_draw * 2 * (1 - answer)
        return drawn + broken - W.handoff * threat(size) * answer
    if rank is Rank.SIX:
        return 0.0
    if rank is Rank.SEVEN:
        broken = W.break_last if size == 1 else 0.0
        return W.opponent_draw + broken - W.handoff * threat(size + 1)
    if rank is Rank.FIVE:
        others = [n for s, n in enumerate(sizes) if s != seat and n]
        drawn = W.opponent_draw * len(others) + W.break_last * sum(1 for n in others if n == 1)
        return drawn - W.handoff * threat(size + 1)
    if rank is Rank.FOUR:
        return -W.handoff * threat(sizes[next_seat(sizes, nxt, direction)])
    if rank is Rank.TEN:
        return -W.handoff * threat(sizes[next_seat(sizes, seat, -direction)])
    return -W.handoff * threat(size)


def hand_score(hand: int) -> int:
    """`score_hand` of a mask."""
    threes = (hand & THREES).bit_count()
    return _score(_values(hand & ~THREES), threes)


def _values(hand: int) -> list[int]:
    """The points of the cards of ``hand`` (a mask), highest first."""
    values = []
    while hand:
        low = hand & -hand
        hand ^= low
        values.append(_POINTS[low.bit_length() - 1])
    values.sort(reverse=True)
    return values


def _score(values: list[int], threes: int) -> int:
    """The score of a hand of ``threes`` 3s and cards worth ``values`` (highest first):
    each 3 cancels the highest card left, or scores `LONE_THREE` with none left."""
    return sum(values[threes:]) + LONE_THREE * max(0, threes - len(values))


def _saved(values: list[int], threes: int, score: int, index: int) -> int:
    """How much the score of a hand with 3s (``threes`` of them, its other cards worth
    ``values``, ``score`` in all) falls as ``FULL_DECK[index]`` leaves it: the 3s make
    it depend on the rest of the hand. Without 3s it is the card's points."""
    if (1 << index) & THREES:
        return score - _score(values, threes - 1)
    rest = values[:]
    rest.remove(_POINTS[index])
    return score - _score(rest, threes)


def log_likelihood(clue: Clue, hand: int) -> float:
    """The log of the chance that a player holding ``hand`` (a mask) made the play of
    ``clue`` rather than another (0 when they had no other)."""
    playable = hand & clue.playable
    played = clue.index
    if not playable & (1 << played) or not hand & (hand - 1):
        # Not a card this hand held (a guess gone wrong), or the last card: any play
        # of the last card goes out, whatever it names.
        return 0.0
    threes = (hand & THREES).bit_count()
    points = _values(hand & ~THREES) if threes else []
    score = _score(points, threes)
    urgent = W.shed * (1 + W.urgency * clue.urgency)
    effects, follows, wild = clue.effects, clue.follows, clue.wild
    named = clue.named
    chosen = 0.0
    values = []
    rest_all = playable
    while rest_all:
        low = rest_all & -rest_all
        rest_all ^= low
        i = low.bit_length() - 1
        rest = hand ^ low
        saved = _saved(points, threes, score, i) if threes else _POINTS[i]
        base = urgent * saved - _KEPT[i] + effects[_RANK[i]]
        six = _RANK[i] is Rank.SIX
        ready = not rest & (rest - 1)
        for j in _NAMED[i]:
            follow = rest & follows[4 * i + j]
            value = base + W.follow * (follow & ~wild).bit_count()
            if six:
                value += W.play_again if follow else -W.stuck_again
            elif ready and follow:
                value += W.ready
            values.append(value)
            if i == played and j == named:
                chosen = value
    if len(values) < 2:
        return 0.0  # The only play: it says nothing.
    best = max(values)
    total = sum(math.exp(SHARPNESS * (v - best)) for v in values)
    return SHARPNESS * (chosen - best) - math.log(total)
