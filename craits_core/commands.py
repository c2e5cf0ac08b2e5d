"""Commands: what a seat asks the game to do. Each names the acting seat."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

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
