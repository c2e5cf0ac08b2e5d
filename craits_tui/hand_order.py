"""The order a hand is shown in, at the table and in a replay alike."""

from __future__ import annotations

from craits_core import Card, Suit

_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
"""Black and red in turn, the colours told apart at a glance."""


def hand_order(card: Card) -> tuple[int, int]:
    """Sort key of a card in a hand: by suit, then rank, the easier to scan for a
    card that matches."""
    return (_SUIT_ORDER[card.suit], card.rank.value)


def in_hand_order(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """``cards`` in the order a hand is shown in."""
    return tuple(sorted(cards, key=hand_order))
