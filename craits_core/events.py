"""Events: the facts of a game, in the past tense. The log of them *is* the game.

Every event carries every value needed to replay it (shuffled deck orders included),
so a log replays without the random number generator. A seat's stream holds the same
classes redacted for it (`craits_core.view.redact`): hidden cards become ``None``
beside their count. `craits_core.codec` writes events as JSON-ready dicts and reads
them back; `LOG_VERSION` versions that format.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from .cards import Card, Rank, Suit
from .rules import RuleSet

LOG_VERSION = 1
"""Version of the event format. Readers accept this version and older ones."""


class DrawReason(Enum):
    """Why cards were drawn. Only a player's own draw on their turn closes a
    last-card window; draws forced on them (a 5, a 7, the crank, a penalty) do not."""

    TURN = "turn"
    CRANK = "crank"
    FIVE = "five"
    SEVEN = "seven"
    PENALTY = "penalty"

    @property
    def closes_window(self) -> bool:
        return self is DrawReason.TURN

    def is_pass(self, taken: int) -> bool:
        """Whether a draw that took ``taken`` cards is a pass: a player's own draw on
        their turn that brought nothing. A crank's draw that brings nothing is not
        one: it only ends the crank, and says nothing of the cards that player could
        follow with."""
        return self is DrawReason.TURN and not taken


class Event:
    """Base of all events; ``type`` is the stable name of the JSON form (for the codec
    only: code matches events by class)."""

    __slots__ = ()
    type: ClassVar[str]


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    type: ClassVar[str] = "game-started"
    players: tuple[str, ...]
    rules: RuleSet
    seed: int | str | None
    """None in a seat's stream: the seed would foretell every shuffle."""
    first_round: int


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    """Each pass of the draw for dealer as ``(seat, card)`` pairs; ties draw again."""

    type: ClassVar[str] = "dealer-chosen"
    draws: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round is dealt from ``deck`` (top first): one card at a time from the seat
    after the dealer, then the starter face up, then the rest as the stock.

    In a seat's stream ``deck`` is None and the deal is told as the seat saw it:
    its own ``hand`` (None for a spectator), the ``starter`` and the stock's size.
    """

    type: ClassVar[str] = "round-started"
    round_number: int
    hand_size: int
    dealer: int
    deck: tuple[Card, ...] | None
    hand: tuple[Card, ...] | None = None
    starter: Card | None = None
    stock_size: int | None = None


@dataclass(frozen=True, slots=True)
class SuitAsked(Event):
    """The dealer must decide the suit of a starter 8 or 9 before play starts."""

    type: ClassVar[str] = "suit-asked"
    player: int


@dataclass(frozen=True, slots=True)
class SuitChosen(Event):
    type: ClassVar[str] = "suit-chosen"
    player: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``suit`` is the active suit after the play (named by an 8 or a 9, or the card's)."""

    type: ClassVar[str] = "card-played"
    player: int
    card: Card
    suit: Suit

    @property
    def named_suit(self) -> Suit | None:
        """The suit the play named, as `Play.named_suit` has it: an 8's (its own
        too), a 9's colour mate; None when the card left its own suit."""
        if self.card.rank is Rank.EIGHT or self.suit is not self.card.suit:
            return self.suit
        return None


@dataclass(frozen=True, slots=True)
class LastCardAnnounced(Event):
    type: ClassVar[str] = "last-card-announced"
    player: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Cards taken from the top of the stock; none at all is a pass. ``cards`` is
    None in the stream of a seat that did not see them; ``count`` is always told."""

    type: ClassVar[str] = "cards-drawn"
    player: int
    cards: tuple[Card, ...] | None
    reason: DrawReason
    count: int


@dataclass(frozen=True, slots=True)
class StockReshuffled(Event):
    """The discard pile but its top card, shuffled, goes under the stock (top first).
    ``cards`` (the new order) is None in a seat's stream; ``count`` is always told."""

    type: ClassVar[str] = "stock-reshuffled"
    cards: tuple[Card, ...] | None
    count: int


@dataclass(frozen=True, slots=True)
class CrankRaised(Event):
    type: ClassVar[str] = "crank-raised"
    count: int


@dataclass(frozen=True, slots=True)
class CrankEnded(Event):
    type: ClassVar[str] = "crank-ended"


@dataclass(frozen=True, slots=True)
class DirectionReversed(Event):
    type: ClassVar[str] = "direction-reversed"
    direction: int


@dataclass(frozen=True, slots=True)
class PlayerSkipped(Event):
    type: ClassVar[str] = "player-skipped"
    player: int


@dataclass(frozen=True, slots=True)
class TurnLost(Event):
    """A penalised player is passed over, using up one lost turn."""

    type: ClassVar[str] = "turn-lost"
    player: int


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    type: ClassVar[str] = "turn-began"
    player: int


@dataclass(frozen=True, slots=True)
class IdiotCalled(Event):
    """A right call: ``target`` draws two (a separate event) and loses their next turn."""

    type: ClassVar[str] = "idiot-called"
    player: int
    target: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is scored. ``went_out`` is empty when the round was blocked."""

    type: ClassVar[str] = "round-ended"
    round_number: int
    hands: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    went_out: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    type: ClassVar[str] = "game-ended"
    totals: tuple[int, ...]
    winners: tuple[int, ...]


EVENT_CLASSES: tuple[type[Event], ...] = (
    GameStarted,
    DealerChosen,
    RoundStarted,
    SuitAsked,
    SuitChosen,
    CardPlayed,
    LastCardAnnounced,
    CardsDrawn,
    StockReshuffled,
    CrankRaised,
    CrankEnded,
    DirectionReversed,
    PlayerSkipped,
    TurnLost,
    TurnBegan,
    IdiotCalled,
    RoundEnded,
    GameEnded,
)
"""Every kind of event, in the order a game first meets them."""
