"""Commands: what a seat asks the game to do. Each names the acting seat."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``. ``suit`` names the suit for an 8 (required) or switches a 9 to
    its colour mate (optional). ``announce`` calls "last card" with the play."""

    player: int
    card: Card
    suit: Suit | None = None
    announce: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw what the situation asks: one card, or the crank's count (a pass when
    nothing is left to draw)."""

    player: int


@dataclass(frozen=True, slots=True)
class ChooseSuit:
    """The dealer's decision on a starter 8 (any suit) or 9 (its suit or its mate)."""

    player: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class Announce:
    """Say "last card"."""

    player: int


@dataclass(frozen=True, slots=True)
class CallIdiot:
    """Call "idiot" on ``target``, who holds one card and did not announce it."""

    player: int
    target: int


Command = Play | Draw | ChooseSuit | Announce | CallIdiot
