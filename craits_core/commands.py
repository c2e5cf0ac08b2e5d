"""Commands: what a seat asks the game to do. Each names the acting seat."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card, Rank, Suit


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``. ``suit`` names the suit for an 8 (required) or switches a 9 to
    its colour mate (optional). ``announce`` calls "last card" with the play."""

    player: int
    card: Card
    suit: Suit | None = None
    announce: bool = False

    @property
    def named_suit(self) -> Suit | None:
        """The suit the play names, in its one normal form: an 8's suit, a 9's
        colour mate; None for any other card, and for a 9 that keeps its own suit
        (naming it changes nothing, so it names none)."""
        if self.card.rank is Rank.NINE and self.suit is self.card.suit:
            return None
        return self.suit

    def normal(self) -> Play:
        """The same play in its normal form, as the legal moves list it (see
        `named_suit`)."""
        return replace(self, suit=self.named_suit)


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
