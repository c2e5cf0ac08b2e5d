"""What a player must follow, as a seat's event stream tells it.

Every fold of the stream that judges a draw or a play (the suits a player could not
follow, the slots of what they may hold) needs the same three facts just before the
event: the top card, the active suit, and whether a crank runs. `Lead` keeps them,
once, for all of them.
"""

from __future__ import annotations

from ..cards import Card, Suit
from ..events import (
    CardPlayed,
    CrankEnded,
    CrankRaised,
    Event,
    GameStarted,
    RoundStarted,
    SuitChosen,
)
from ..rules import RuleSet
from .base import starter_of


class Lead:
    """The top card, the active suit and the crank, as the events so far left them.

    A fold asks it about the moment before an event, then passes the event on with
    `note`.
    """

    def __init__(self) -> None:
        self.rules: RuleSet | None = None
        self.players = 0
        self.top: Card | None = None
        self.suit: Suit | None = None
        self.crank = False

    def note(self, event: Event) -> None:
        """Fold one event of a seat's stream (or the full one)."""
        match event:
            case CardPlayed(card=card, suit=suit):
                self.top = card
                self.suit = suit
            case SuitChosen(suit=suit):
                self.suit = suit
            case CrankRaised():
                self.crank = True
            case CrankEnded():
                self.crank = False
            case RoundStarted():
                self.crank = False
                self.top = starter_of(event, self.players)
                self.suit = self.top.suit if self.top is not None else None
            case GameStarted(players=players, rules=rules):
                self.rules = rules
                self.players = len(players)
