"""Sets of cards as bits of one 52-bit integer: what a search tests a card against
thousands of times a second. Bit ``i`` is ``FULL_DECK[i]``."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import FULL_DECK, Card, Rank, Suit
from ..rules import RuleSet, matches

SUITS: tuple[Suit, ...] = tuple(Suit)

INDEX: dict[Card, int] = {card: i for i, card in enumerate(FULL_DECK)}
"""Each card's place in `FULL_DECK`: its bit."""

BIT: dict[Card, int] = {card: 1 << i for card, i in INDEX.items()}
"""Each card as one bit of a 52-bit mask."""

CRANK_ANSWERS = sum(BIT[c] for c in FULL_DECK if c.rank is Rank.ACE or c.rank is Rank.TWO)
"""The aces and 2s: what a player who draws a crank's count does not hold."""

EIGHTS = sum(BIT[c] for c in FULL_DECK if c.rank is Rank.EIGHT)
NINES = sum(BIT[c] for c in FULL_DECK if c.rank is Rank.NINE)
THREES = sum(BIT[c] for c in FULL_DECK if c.rank is Rank.THREE)

_FITS: dict[tuple[Card, Suit, RuleSet], int] = {}
_TABLES: dict[RuleSet, tuple[int, ...]] = {}


def fitting(top: Card, suit: Suit, rules: RuleSet) -> int:
    """The mask of every card that may be played on ``top`` with ``suit`` active."""
    key = (top, suit, rules)
    mask = _FITS.get(key)
    if mask is None:
        mask = sum(BIT[c] for c in FULL_DECK if matches(c, top, suit, rules))
        _FITS[key] = mask
    return mask


def fitting_table(rules: RuleSet) -> tuple[int, ...]:
    """`fitting` for every top card and suit at once: entry ``4 * i + j`` is the mask
    for ``FULL_DECK[i]`` on top with ``SUITS[j]`` active."""
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = tuple(
            fitting(top, suit, rules) for top in FULL_DECK for suit in SUITS
        )
    return table


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask
