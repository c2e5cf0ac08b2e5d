"""Cards: suits, ranks and the 52 cards of a standard deck."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cache


class Suit(Enum):
    """The four suits, with their letter, symbol and colour."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def mate(self) -> Suit:
        """The other suit of the same colour (hearts and diamonds, spades and clubs)."""
        return _MATES[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter ("H"), symbol ("♥") or name ("hearts")."""
        key = text.strip().upper() if isinstance(text, str) else ""
        suit = _SUIT_NAMES.get(key)
        if suit is None:
            raise ValueError(f"not a suit: {text!r}")
        return suit

    def __str__(self) -> str:
        return self.name.lower()


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_MATES = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
_SUIT_NAMES: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_NAMES[_suit.value] = _suit
    _SUIT_NAMES[_SYMBOLS[_suit]] = _suit
    _SUIT_NAMES[_suit.name] = _suit
    _SUIT_NAMES[_suit.name[:-1]] = _suit  # "HEART"
# The hollow symbols some fonts and keyboards produce.
_SUIT_NAMES.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})


class Rank(IntEnum):
    """Ranks, ace low: A < 2 < ... < 10 < J < Q < K."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The short form used on cards: "A", "2".."10", "J", "Q", "K"."""
        return _RANK_LABELS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        rank = _RANK_NAMES.get(text.strip().upper()) if isinstance(text, str) else None
        if rank is None:
            raise ValueError(f"not a rank: {text!r}")
        return rank

    def __str__(self) -> str:
        return self.label


_RANK_LABELS = {rank: str(rank.value) for rank in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_NAMES = {label: rank for rank, label in _RANK_LABELS.items()} | {"T": Rank.TEN, "1": Rank.ACE}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. Immutable, hashable and ordered by rank, then suit.

    ``str(card)`` is the canonical short form (``"8H"``, ``"10S"``);
    ``Card.parse`` reads it back, and also ``"TS"`` and suit symbols (``"8♥"``).
    """

    rank: Rank
    suit: Suit

    @staticmethod
    def parse(text: str) -> Card:
        card = _parse_card(text) if isinstance(text, str) else None
        if card is None:
            raise ValueError(f"not a card: {text!r}")
        return card

    @property
    def label(self) -> str:
        """Rank and suit symbol, as a player reads it: "8♥"."""
        return f"{self.rank.label}{self.suit.symbol}"

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    def __str__(self) -> str:
        return _CODES[self]

    def __repr__(self) -> str:
        return f"Card.parse({_CODES[self]!r})"

    def __hash__(self) -> int:
        return _HASHES[self.rank][self.suit]

    def _key(self) -> tuple[int, int]:
        return (self.rank.value, _SUIT_ORDER[self.suit])

    def __lt__(self, other: Card) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Card) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Card) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Card) -> bool:
        return self._key() >= other._key()


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_HASHES = {rank: {suit: rank.value * 4 + _SUIT_ORDER[suit] for suit in Suit} for rank in Rank}

FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 cards, in a fixed order (clubs, diamonds, hearts, spades; ace to king)."""

_CODES = {card: f"{card.rank.label}{card.suit.letter}" for card in FULL_DECK}
_BY_CODE = {code: card for card, code in _CODES.items()}


@cache
def _parse_card(text: str) -> Card | None:
    text = text.strip().upper()
    if len(text) < 2:
        return None
    try:
        rank, suit = Rank.parse(text[:-1]), Suit.parse(text[-1])
    except ValueError:
        return None
    return _BY_CODE[f"{rank.label}{suit.letter}"]


def card_from_code(code: str) -> Card:
    """The card for a canonical code such as ``"10S"`` (fast path for the event log)."""
    try:
        return _BY_CODE[code]
    except (KeyError, TypeError):
        return Card.parse(code)
