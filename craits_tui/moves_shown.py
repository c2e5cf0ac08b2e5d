"""What the table shows moving for each event: which card goes where, which mark pops up.

Pure functions of plain data: an event, as a seat receives it
(`craits_core.view.redact`), gives the flights and marks it calls for; a look gives
their text; the regions of the table's widgets give where they go. The motion layer
(`craits_tui.widgets.motion`) draws them; the table only hands the three together.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from rich.text import Text
from textual.geometry import Region

from craits_core import Card, Event, Suit
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    CrankRaised,
    DirectionReversed,
    PlayerSkipped,
    SuitChosen,
)

from .faces import CardLook
from .i18n import _


class Spot(Enum):
    """A place on the table that is not a seat."""

    STOCK = "stock"
    DISCARD = "discard"
    CRANK = "crank"
    DIRECTION = "direction"


Place: TypeAlias = int | Spot
"""Where a motion starts or ends: a seat (its number) or a spot of the table."""


@dataclass(frozen=True, slots=True)
class Flight:
    """Cards that travel across the table: face up when ``cards`` are known, else
    ``count`` card backs."""

    cards: tuple[Card, ...] | None
    count: int
    source: Place
    target: Place


class MarkKind(Enum):
    CRANK = "crank"
    """The crank rose; the mark's value is by how much."""
    SKIP = "skip"
    REVERSE = "reverse"
    """Play turned; the value is the new direction (1 clockwise, -1 counter)."""
    SUIT = "suit"
    """A suit was named (an 8, a 9 switched, a starter's suit); the value is it."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A short word that pops up over a place of the table, and goes."""

    kind: MarkKind
    at: Place
    value: int | Suit | None = None


Movement: TypeAlias = Flight | Mark


def movements_for(event: Event, *, crank_before: int = 0) -> tuple[Movement, ...]:
    """What ``event`` (redacted for the seat shown or not) shows moving.

    ``crank_before`` is the crank's count before the event: a rise is shown by how
    much it rose ("+2 crank"), which the event (the new count) does not say alone.
    Events that move nothing on the table give none.
    """
    match event:
        case CardPlayed(player=player, card=card, named_suit=named):
            played = Flight((card,), 1, player, Spot.DISCARD)
            if named is not None:
                return (played, Mark(MarkKind.SUIT, Spot.DISCARD, named))
            return (played,)
        case SuitChosen(suit=suit):
            return (Mark(MarkKind.SUIT, Spot.DISCARD, suit),)
        case CardsDrawn(count=0):
            return ()  # a pass: nothing leaves the stock
        case CardsDrawn(player=player, cards=cards, count=count):
            return (Flight(cards, count, Spot.STOCK, player),)
        case CrankRaised(count=count):
            rise = count - crank_before
            return (Mark(MarkKind.CRANK, Spot.CRANK, rise if rise > 0 else count),)
        case DirectionReversed(direction=direction):
            return (Mark(MarkKind.REVERSE, Spot.DIRECTION, direction),)
        case PlayerSkipped(player=player):
            return (Mark(MarkKind.SKIP, player),)
    return ()


MOST_FACES = 3
"""Cards shown face up on one flying piece; more are counted after them."""


def flight_face(flight: Flight, look: CardLook) -> Text:
    """The text of a flying piece: the cards' short faces in their colours ("7♠ 2♥"),
    or a card back with how many ("░░ ×3") when they are not the seat's to see."""
    if flight.cards is None:
        back = Text("##" if look.ascii else "░░")
        if flight.count > 1:
            back.append(f" ×{flight.count}" if not look.ascii else f" x{flight.count}")
        return back
    face = Text(" ").join(look.short(card) for card in flight.cards[:MOST_FACES])
    if len(flight.cards) > MOST_FACES:
        face.append(f" +{len(flight.cards) - MOST_FACES}")
    return face


def mark_text(mark: Mark, look: CardLook) -> Text:
    """The words of a mark, short: "+2 crank", "skipped", "↺ reversed", "♥ named"."""
    if mark.kind is MarkKind.CRANK:
        return Text(_("+{n} crank").format(n=mark.value))
    if mark.kind is MarkKind.SKIP:
        return Text(_("skipped"))
    if mark.kind is MarkKind.REVERSE:
        # The arrows of the direction gauge, so the mark reads as the gauge's news.
        arrows = ("->", "<-") if look.ascii else ("↻", "↺")
        arrow = arrows[0] if mark.value == 1 else arrows[1]
        return Text(f"{arrow} ") + Text(_("reversed"))
    assert isinstance(mark.value, Suit)
    # Translators: a suit named by an 8 or a 9; {suit} is its symbol ("♥ named").
    return _filled(_("{suit} named"), suit=look.suit(mark.value))


def _filled(template: str, **parts: Text) -> Text:
    """``template`` with each ``{name}`` replaced by a styled part."""
    text = Text()
    rest = template
    while rest:
        start = rest.find("{")
        end = rest.find("}", start)
        if start < 0 or end < 0 or rest[start + 1 : end] not in parts:
            text.append(rest)
            break
        text.append(rest[:start])
        text.append_text(parts[rest[start + 1 : end]])
        rest = rest[end + 1 :]
    return text


@dataclass(frozen=True, slots=True)
class TablePlaces:
    """Where the places of the table are on the screen, in screen regions (as
    `Widget.region` gives them): each badge by its seat, the hand shown, the spots."""

    seats: Mapping[int, Region]
    """Seat -> region of its badge."""
    spots: Mapping[Spot, Region]
    hand: Region | None = None
    """The region of the hand shown at the foot of the table, if one is."""
    hand_seat: int | None = None
    """Whose that hand is (the seat shown, or the player to move when watching)."""

    def region_of(self, place: Place) -> Region | None:
        """The region of ``place``; None when it is not on the screen (a hidden
        hand, a spot squeezed out), and the motion is then left out."""
        if isinstance(place, Spot):
            return self.spots.get(place)
        if place == self.hand_seat and self.hand is not None:
            return self.hand
        return self.seats.get(place)
