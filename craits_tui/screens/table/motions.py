"""Motion at the table: each card played or drawn travels, each ability leaves a mark.

What an event moves is worked out without Textual (`moves_shown`); this part finds
where the places are on the screen and hands the flights to the motion layer. The
discard pile shows a played card once it has landed there; with motion off it
shows at once, as it always did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from craits_core import Card, Suit

from ...moves_shown import Flight, Movement, Spot, TablePlaces, flight_face, mark_text
from ...widgets.crank import CrankCounter
from ...widgets.direction import Direction
from ...widgets.discard import DiscardPile
from ...widgets.motion import FLY_SECONDS, Motion
from ...widgets.seats import Seating
from ...widgets.stock import DrawPile

if TYPE_CHECKING:
    from .screen import TableScreen

PileFace = tuple[Card | None, Suit | None]
"""What the discard pile shows: its top card and the suit to follow."""


class Motions:
    """Shows the moves at a table screen moving."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen

    def pile_face(self) -> PileFace:
        """What the discard pile shows now."""
        discard = self.screen.query_one(DiscardPile)
        return (discard.top, discard.active_suit)

    def show(self, movements: Sequence[Movement], pile_before: PileFace) -> None:
        """Set off ``movements``, those of the events just shown; ``pile_before``
        is what the discard pile showed before them."""
        screen = self.screen
        motion = screen.query_one(Motion)
        if not movements or not motion.active:
            return
        places = self._places()
        for movement in movements:
            if isinstance(movement, Flight):
                start = places.region_of(movement.source)
                end = places.region_of(movement.target)
                if start is None or end is None:
                    continue
                arrival = None
                if movement.target is Spot.DISCARD:
                    # The pile waits for the card to land on it.
                    screen.query_one(DiscardPile).show(*pile_before)
                    arrival = self._landed
                motion.fly(flight_face(movement, screen.look), start, end, on_arrival=arrival)
            else:
                at = places.region_of(movement.at)
                if at is not None:
                    motion.mark(mark_text(movement, screen.look), at)

    def _landed(self) -> None:
        screen = self.screen
        view = screen.view
        if view is not None and not screen.taken_down:
            screen.query_one(DiscardPile).show(view.top_card, view.active_suit)

    def _places(self) -> TablePlaces:
        screen = self.screen
        seating = screen.query_one(Seating)
        badges = {seat: seating.place_of(seat) for seat in seating.seats}
        hand = screen.query_one("#hand-scroll").region
        view = screen.view
        hand_seat = screen.seat
        if hand_seat is None and view is not None and screen.has_class("-open-hand"):
            hand_seat = view.current_player  # watching: the hand of the player to move
        spots = {
            Spot.STOCK: screen.query_one(DrawPile).region,
            Spot.DISCARD: screen.query_one(DiscardPile).region,
            Spot.CRANK: screen.query_one(CrankCounter).region,
            Spot.DIRECTION: screen.query_one(Direction).region,
        }
        return TablePlaces(badges, spots, hand=hand or None, hand_seat=hand_seat)

    def time_left(self) -> float:
        """Seconds the motion on the table may still take: the next bot waits."""
        return FLY_SECONDS if self.screen.query_one(Motion).busy else 0.0
