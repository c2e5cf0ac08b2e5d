"""The simulator's small ints: cards, suits, move codes, and the tables built from
the engine's own rules.

A card is its place in `FULL_DECK` (0..51: suit major, clubs, diamonds, hearts,
spades; ace to king), so card ``c`` has rank ``c % 13 + 1`` and suit ``c // 13``
(the order of `Suit`). A set of cards is an int with bit ``c`` set for each card,
the same bits `craits_core.bots.masks` uses.

A move is one int (see `play_code` and the kind constants): the acting seat of a
play, a draw or a suit choice is the seat to act, so only "last card" and "idiot",
which any seat may say, carry seats.
"""

from __future__ import annotations

from functools import cache

from ..cards import FULL_DECK, Card, Rank, Suit
from ..rules import CRANK_STEP, RuleSet, matches, starter_suit_options, suit_options
from ..scoring import LONE_THREE, POINTS

SUITS: tuple[Suit, ...] = tuple(Suit)
"""Suit ``s`` of the simulator is ``SUITS[s]``."""
SUIT_INDEX: dict[Suit, int] = {suit: i for i, suit in enumerate(SUITS)}
CARD_INDEX: dict[Card, int] = {card: i for i, card in enumerate(FULL_DECK)}

RANK: tuple[int, ...] = tuple(card.rank.value for card in FULL_DECK)
"""The rank of each card (1 for an ace .. 13 for a king)."""
SUIT: tuple[int, ...] = tuple(SUIT_INDEX[card.suit] for card in FULL_DECK)
"""The suit of each card."""

CRANK_ANSWERS = sum(1 << c for c in range(52) if RANK[c] in (Rank.ACE, Rank.TWO))
"""The aces and 2s: the only cards a crank accepts."""
CRANK_ADDS: tuple[int, ...] = tuple(CRANK_STEP.get(card.rank, 0) for card in FULL_DECK)
"""What each card adds to a running crank (0: it cannot answer one)."""
POINTS_OF: tuple[int, ...] = tuple(POINTS[card.rank] for card in FULL_DECK)
THREES = sum(1 << c for c in range(52) if RANK[c] == Rank.THREE)

# --- Move codes -----------------------------------------------------------------------

KIND_SHIFT = 10
PLAY = 0
"""A play: the card in bits 0-5, the named suit + 1 in bits 6-8 (0: none), and
`ANNOUNCE_FLAG` when "last card" rides along."""
DRAW = 1 << KIND_SHIFT
"""Draw what the situation asks (a pass when nothing is left)."""
CHOOSE = 2 << KIND_SHIFT
"""The dealer's suit for a starter 8 or 9: ``CHOOSE + suit``."""
ANNOUNCE = 3 << KIND_SHIFT
""""Last card": ``ANNOUNCE + seat``."""
CALL = 4 << KIND_SHIFT
"""An idiot call: ``CALL + caller * 8 + target``."""
ANNOUNCE_FLAG = 1 << 9
"""Added to a play's code: the play announces "last card"."""


def play_code(card: int, suit: int | None = None, announce: bool = False) -> int:
    """The code of playing ``card`` naming ``suit`` (None: names none)."""
    named = 0 if suit is None else suit + 1
    return card | named << 6 | (ANNOUNCE_FLAG if announce else 0)


def _card_plays(card: int) -> tuple[int, ...]:
    """The normal-form plays of ``card``, in the order `legality.legal_moves` lists
    them (an 8 names each suit, a 9 keeps its suit or switches)."""
    return tuple(
        play_code(card, None if suit is None else SUIT_INDEX[suit])
        for suit in suit_options(FULL_DECK[card])
    )


SUIT_AFTER: tuple[int, ...] = tuple(
    (code >> 6) - 1 if code >> 6 else SUIT[code & 63] if code & 63 < 52 else 0
    for code in range(ANNOUNCE_FLAG)
)
"""The active suit after each play's code (without `ANNOUNCE_FLAG`)."""
CARD_PLAYS: tuple[tuple[int, ...], ...] = tuple(_card_plays(c) for c in range(52))
"""Each card's plays outside the crank."""
CHOICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(CHOOSE + SUIT_INDEX[s] for s in starter_suit_options(card)) for card in FULL_DECK
)
"""The dealer's choices after each starter (none for a starter that is not 8 or 9)."""


@cache
def fitting_table(rules: RuleSet) -> tuple[int, ...]:
    """Entry ``top * 4 + suit``: the set of cards that `rules.matches` lets follow
    ``top`` with ``suit`` active (outside the crank)."""
    return tuple(
        sum(1 << c for c, card in enumerate(FULL_DECK) if matches(card, top, active, rules))
        for top in FULL_DECK
        for active in SUITS
    )


@cache
def follow_table(rules: RuleSet) -> tuple[int, ...]:
    """Entry ``code``: what may follow the play of that code (without
    `ANNOUNCE_FLAG`), its card on top with the suit it leaves active."""
    fit = fitting_table(rules)
    return tuple(
        fit[(code & 63) * 4 + SUIT_AFTER[code]] if code & 63 < 52 and code >> 6 <= 4 else 0
        for code in range(ANNOUNCE_FLAG)
    )


def _suit_points() -> tuple[int, ...]:
    """Entry ``m``: the points of the cards of one suit whose ranks are the bits
    of ``m`` (bit 0 the ace), 3s counted as nothing."""
    table = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        low = m & -m
        table[m] = table[m ^ low] + POINTS_OF[low.bit_length() - 1]
    return tuple(table)


_SUIT_POINTS = _suit_points()
_SUIT_BITS = (1 << 13) - 1


def hand_score(hand: int) -> int:
    """`scoring.score_hand` of a set of cards: each 3 cancels the highest-valued
    other card still counted; a 3 with nothing to cancel scores `LONE_THREE`."""
    threes = (hand & THREES).bit_count()
    if not threes:
        points = _SUIT_POINTS
        return (
            points[hand & _SUIT_BITS]
            + points[hand >> 13 & _SUIT_BITS]
            + points[hand >> 26 & _SUIT_BITS]
            + points[hand >> 39]
        )
    values = []
    rest = hand & ~THREES
    while rest:
        low = rest & -rest
        values.append(POINTS_OF[low.bit_length() - 1])
        rest ^= low
    values.sort(reverse=True)
    return sum(values[threes:]) + LONE_THREE * max(0, threes - len(values))


def cards_of(hand: int) -> tuple[int, ...]:
    """The cards of a set, lowest first."""
    cards = []
    while hand:
        low = hand & -hand
        cards.append(low.bit_length() - 1)
        hand ^= low
    return tuple(cards)


NEXT, STAY, SKIP, BACK, CRANKS, DRAWS = 1, 0, 2, -1, 8, 9
"""How a card played outside the crank by a seat left with cards hands the turn
on (see `HOP`): to the next seat; to the same seat (a 6); past the next (a 4);
back (a 10, which reverses play); on, with the crank started (a 2); or after
someone draws (a 5, a 7)."""


def _hop(rank: Rank) -> int:
    return {
        Rank.FOUR: SKIP,
        Rank.SIX: STAY,
        Rank.TEN: BACK,
        Rank.TWO: CRANKS,
        Rank.FIVE: DRAWS,
        Rank.SEVEN: DRAWS,
    }.get(rank, NEXT)


HOP: tuple[int, ...] = tuple(_hop(card.rank) for card in FULL_DECK)
"""How each card played outside the crank hands the turn on (`NEXT`, `STAY`, ...)."""
