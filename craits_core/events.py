"""Events: the facts of a game, in the past tense. The log of them *is* the game.

Every event carries every value needed to replay it (shuffled deck orders included),
so a log replays without the random number generator. Each event serialises to a
plain JSON-ready dict with a ``"type"`` key; `LOG_VERSION` versions that format.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from .cards import Card, Suit, card_from_code
from .errors import CorruptLog
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
    """Base of all events; ``type`` is the stable name used in the JSON form."""

    __slots__ = ()
    type: ClassVar[str]


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    type: ClassVar[str] = "game-started"
    players: tuple[str, ...]
    rules: RuleSet
    seed: int | str
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
    after the dealer, then the starter face up, then the rest as the stock."""

    type: ClassVar[str] = "round-started"
    round_number: int
    hand_size: int
    dealer: int
    deck: tuple[Card, ...]


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


@dataclass(frozen=True, slots=True)
class LastCardAnnounced(Event):
    type: ClassVar[str] = "last-card-announced"
    player: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Cards taken from the top of the stock; none at all is a pass."""

    type: ClassVar[str] = "cards-drawn"
    player: int
    cards: tuple[Card, ...]
    reason: DrawReason


@dataclass(frozen=True, slots=True)
class StockReshuffled(Event):
    """The discard pile but its top card, shuffled, goes under the stock (top first)."""

    type: ClassVar[str] = "stock-reshuffled"
    cards: tuple[Card, ...]


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


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
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
}


# How each field is written to JSON and read back, by field name: the same name
# always holds the same kind of value, whichever event it is in.
def _cards_out(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _cards_in(codes: Any) -> tuple[Card, ...]:
    if not isinstance(codes, list):
        raise TypeError("expected a list of cards")
    return tuple(card_from_code(c) for c in codes)


def _ints_in(values: Any) -> tuple[int, ...]:
    if not isinstance(values, list) or not all(type(v) is int for v in values):
        raise TypeError("expected a list of whole numbers")
    return tuple(values)


def _int_in(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, not {value!r}")
    return value


def _players_in(values: Any) -> tuple[str, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise TypeError("expected a list of names")
    return tuple(values)


def _seed_in(value: Any) -> int | str:
    if type(value) is not int and not isinstance(value, str):
        raise TypeError("the seed must be a number or a string")
    return value


def _draws_in(value: Any) -> tuple[tuple[tuple[int, Card], ...], ...]:
    return tuple(
        tuple((_int_in(seat), card_from_code(card)) for seat, card in rnd) for rnd in value
    )


_CODECS: dict[str, tuple[Any, Any]] = {
    "players": (list, _players_in),
    "rules": (RuleSet.to_dict, RuleSet.from_dict),
    "seed": (None, _seed_in),
    "draws": (lambda v: [[[s, str(c)] for s, c in rnd] for rnd in v], _draws_in),
    "deck": (_cards_out, _cards_in),
    "cards": (_cards_out, _cards_in),
    "card": (str, card_from_code),
    "suit": (lambda s: s.value, Suit),
    "reason": (lambda r: r.value, DrawReason),
    "hands": (lambda hs: [_cards_out(h) for h in hs], lambda hs: tuple(_cards_in(h) for h in hs)),
    "scores": (list, _ints_in),
    "totals": (list, _ints_in),
    "went_out": (list, _ints_in),
    "winners": (list, _ints_in),
}
_PLAIN = (None, _int_in)

_FIELDS: dict[type[Event], tuple[tuple[str, Any, Any], ...]] = {
    cls: tuple((f.name, *_CODECS.get(f.name, _PLAIN)) for f in fields(cls))
    for cls in EVENT_TYPES.values()
}


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON-ready form of an event: ``{"type": ..., field: value, ...}``."""
    data: dict[str, Any] = {"type": event.type}
    for name, out, _ in _FIELDS[type(event)]:
        value = getattr(event, name)
        data[name] = value if out is None else out(value)
    return data


def event_from_dict(data: Any) -> Event:
    """Read an event back from its dict form; raises `CorruptLog` saying what is wrong."""
    if not isinstance(data, dict):
        raise CorruptLog(f"an event must be an object, not {type(data).__name__}")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CorruptLog(f"unknown event type {data.get('type')!r}")
    try:
        values = {name: read(data[name]) for name, _, read in _FIELDS[cls]}
    except KeyError as missing:
        raise CorruptLog(f"{cls.type} event lacks {missing}") from None
    except (TypeError, ValueError) as err:
        raise CorruptLog(f"{cls.type} event: {err}") from None
    return cls(**values)
