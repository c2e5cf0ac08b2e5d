"""Scoring a hand left at the end of a round, and deciding the winners."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card, Rank

POINTS: dict[Rank, int] = {
    Rank.ACE: 1,
    Rank.TWO: 20,
    Rank.THREE: 0,
    Rank.FOUR: 15,
    Rank.FIVE: 30,
    Rank.SIX: 30,
    Rank.SEVEN: 20,
    Rank.EIGHT: 50,
    Rank.NINE: 30,
    Rank.TEN: 25,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
}
"""Face value of each rank; a 3 is special (see `score_breakdown`)."""

LONE_THREE = -50
"""What a 3 scores when no card is left for it to cancel."""


def score_breakdown(cards: Iterable[Card]) -> list[tuple[Card, int, Card | None]]:
    """Each card of a hand with the points it scores and, for a 3, the card it cancelled.

    Each 3 cancels the highest-valued non-3 card still counted (both score 0);
    a 3 with nothing left to cancel scores -50. Rows come in the hand's order.
    """
    hand = list(cards)
    threes = [c for c in hand if c.rank is Rank.THREE]
    # Highest value first; among equal values the first in the hand goes first.
    others = sorted((c for c in hand if c.rank is not Rank.THREE), key=lambda c: -POINTS[c.rank])
    cancelled_by: dict[Card, Card] = {}
    lone: set[Card] = set()
    for three in threes:
        if others:
            cancelled_by[others.pop(0)] = three
        else:
            lone.add(three)
    cancels = {three: card for card, three in cancelled_by.items()}
    rows = []
    for card in hand:
        if card.rank is Rank.THREE:
            rows.append((card, LONE_THREE if card in lone else 0, cancels.get(card)))
        else:
            rows.append((card, 0 if card in cancelled_by else POINTS[card.rank], None))
    return rows


def score_hand(cards: Iterable[Card]) -> int:
    """The round score of the cards left in a hand: 3-2-8 scores 20, 3-3 scores -100."""
    hand = list(cards)
    threes = sum(1 for c in hand if c.rank is Rank.THREE)
    values = sorted((POINTS[c.rank] for c in hand if c.rank is not Rank.THREE), reverse=True)
    return sum(values[threes:]) + LONE_THREE * max(0, threes - len(values))


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the lowest total; equal lowest totals share the win."""
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
