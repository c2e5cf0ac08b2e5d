"""The suits each player showed they could not follow, from a seat's event stream.

A player who draws on their turn held no card of the active suit then (unless the
voluntary-draw rule lets anyone draw). A person at the table remembers that until the
player shows that suit again, or the round ends; the cards drawn later are not
known. The normal level reads the marks as they are; the expert's networks learn how
far they can be trusted.
"""

from __future__ import annotations

from ..cards import Suit
from ..events import CardPlayed, CardsDrawn, DrawReason, Event, RoundStarted
from .lead import Lead
from .masks import SUITS

_SUIT = {suit: j for j, suit in enumerate(SUITS)}
_NO_VOIDS = (False,) * len(SUITS)


class Voids:
    """Per seat, the suits it could not follow this round, folded from the events."""

    def __init__(self) -> None:
        self.marks: dict[int, tuple[bool, ...]] = {}
        self._lead = Lead()

    def of(self, seat: int) -> tuple[bool, ...]:
        """Per suit (in `masks.SUITS` order): whether ``seat`` could not follow it."""
        return self.marks.get(seat, _NO_VOIDS)

    def suits(self) -> dict[int, frozenset[Suit]]:
        """Per seat with a mark, the suits it could not follow."""
        return {
            seat: frozenset(suit for suit, void in zip(SUITS, marks, strict=True) if void)
            for seat, marks in self.marks.items()
            if any(marks)
        }

    def note(self, event: Event) -> None:
        """Fold one event (of a seat's stream, or the full one) into the marks."""
        match event:
            case CardPlayed(player=seat, card=card):
                played = _SUIT[card.suit]
                marks = self.marks.get(seat)
                if marks is not None and marks[played]:
                    self.marks[seat] = _put(marks, played, False)
            case CardsDrawn(player=seat, reason=DrawReason.TURN):
                suit, rules = self._lead.suit, self._lead.rules
                if suit is not None and not (rules is not None and rules.voluntary_draw):
                    self.marks[seat] = _put(self.of(seat), _SUIT[suit], True)
            case RoundStarted():
                self.marks = {}
        self._lead.note(event)


def _put(marks: tuple[bool, ...], index: int, value: bool) -> tuple[bool, ...]:
    return (*marks[:index], value, *marks[index + 1 :])
