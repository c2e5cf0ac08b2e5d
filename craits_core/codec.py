"""The one place where events and commands become JSON-ready dicts and back.

Dicts exist only where the game is stored or crosses a socket; everywhere else an
event is one of the classes in `craits_core.events` and a command one of those in
`craits_core.commands`. Each field is written the same way whichever event holds
it, so the codec is a table by field name. A value hidden from a seat (``None``)
is left out of the dict, and a field left out reads back as ``None``.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from .cards import Card, Suit, card_from_code
from .commands import Announce, CallIdiot, ChooseSuit, Command, Draw, Play
from .errors import CorruptLog
from .events import EVENT_CLASSES, DrawReason, Event
from .rules import RuleSet

_BY_NAME: dict[str, type[Event]] = {cls.type: cls for cls in EVENT_CLASSES}


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


# How each field is written and read, by field name.
_FIELD_CODECS: dict[str, tuple[Any, Any]] = {
    "players": (list, _players_in),
    "rules": (RuleSet.to_dict, RuleSet.from_dict),
    "seed": (None, _seed_in),
    "draws": (lambda v: [[[s, str(c)] for s, c in rnd] for rnd in v], _draws_in),
    "deck": (_cards_out, _cards_in),
    "cards": (_cards_out, _cards_in),
    "hand": (_cards_out, _cards_in),
    "card": (str, card_from_code),
    "starter": (str, card_from_code),
    "suit": (lambda s: s.value, Suit),
    "reason": (lambda r: r.value, DrawReason),
    "hands": (lambda hs: [_cards_out(h) for h in hs], lambda hs: tuple(_cards_in(h) for h in hs)),
    "scores": (list, _ints_in),
    "totals": (list, _ints_in),
    "went_out": (list, _ints_in),
    "winners": (list, _ints_in),
}
_PLAIN = (None, _int_in)

_HIDDEN = frozenset({"seed", "deck", "hand", "starter", "stock_size", "cards"})
"""Fields that may be hidden from a seat (None, left out of the dict)."""

_TOLD_INSTEAD = {"deck": ("starter", "stock_size")}
"""What a seat's form tells in place of a hidden field: a deal without its deck and
without these lacks the deck (the full form) and its stand-ins (a seat's) alike."""

_FIELDS: dict[type[Event], tuple[tuple[str, Any, Any], ...]] = {
    cls: tuple((f.name, *_FIELD_CODECS.get(f.name, _PLAIN)) for f in fields(cls))
    for cls in EVENT_CLASSES
}
_OPTIONAL: dict[type[Event], frozenset[str]] = {
    cls: frozenset(f.name for f in fields(cls) if f.name in _HIDDEN or f.default is not MISSING)
    for cls in EVENT_CLASSES
}


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON-ready form of an event: ``{"type": ..., field: value, ...}``."""
    data: dict[str, Any] = {"type": event.type}
    for name, out, _ in _FIELDS[type(event)]:
        value = getattr(event, name)
        if value is not None:
            data[name] = value if out is None else out(value)
    return data


def event_from_dict(data: Any) -> Event:
    """Read an event back from its dict form; raises `CorruptLog` saying what is wrong."""
    if not isinstance(data, dict):
        raise CorruptLog(f"an event must be an object, not {type(data).__name__}")
    kind = data.get("type")
    cls = _BY_NAME.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CorruptLog(f"unknown event type {data.get('type')!r}")
    optional = _OPTIONAL[cls]
    values: dict[str, Any] = {}
    try:
        for name, _, read in _FIELDS[cls]:
            value = data.get(name)
            if value is None and name in optional:
                if any(data.get(told) is None for told in _TOLD_INSTEAD.get(name, ())):
                    raise CorruptLog(f"{cls.type} event lacks {name!r}")
                values[name] = None
            elif name == "count" and value is None and data.get("cards") is not None:
                values[name] = len(data["cards"])  # a log written before counts were
            elif name not in data:
                raise CorruptLog(f"{cls.type} event lacks {name!r}")
            else:
                values[name] = read(value)
    except (TypeError, ValueError) as err:
        if isinstance(err, CorruptLog):
            raise
        raise CorruptLog(f"{cls.type} event: {err}") from None
    return cls(**values)


def command_to_dict(command: Command) -> dict[str, Any]:
    """The JSON-ready form of a command, e.g. ``{"type": "play", "player": 0,
    "card": "8H", "suit": "S", "announce": false}``."""
    match command:
        case Play(player, card, suit, announce):
            return {
                "type": "play",
                "player": player,
                "card": str(card),
                "suit": suit.value if suit else None,
                "announce": announce,
            }
        case Draw(player):
            return {"type": "draw", "player": player}
        case ChooseSuit(player, suit):
            return {"type": "choose-suit", "player": player, "suit": suit.value}
        case Announce(player):
            return {"type": "announce", "player": player}
        case CallIdiot(player, target):
            return {"type": "call-idiot", "player": player, "target": target}
    raise ValueError(f"not a command: {command!r}")


def command_from_dict(data: Any) -> Command:
    """Read a command back from its dict form; a ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("a command must be an object")
    try:
        kind, player = data["type"], data["player"]
        if type(player) is not int:
            raise ValueError(f"not a seat: {player!r}")
        if kind == "play":
            suit = data.get("suit")
            announce = data.get("announce", False)
            if not isinstance(announce, bool):
                raise ValueError("announce must be true or false")
            return Play(player, Card.parse(data["card"]), Suit(suit) if suit else None, announce)
        if kind == "draw":
            return Draw(player)
        if kind == "choose-suit":
            return ChooseSuit(player, Suit(data["suit"]))
        if kind == "announce":
            return Announce(player)
        if kind == "call-idiot":
            target = data["target"]
            if type(target) is not int:
                raise ValueError(f"not a seat: {target!r}")
            return CallIdiot(player, target)
    except KeyError as missing:
        raise ValueError(f"the command lacks {missing}") from None
    except TypeError as err:
        raise ValueError(f"not a command: {err}") from None
    raise ValueError(f"unknown command {kind!r}")
