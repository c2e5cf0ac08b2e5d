"""Which events start a move: the one home of that rule, read back from a log.

A move is a command; its events follow it in the log. The first of them says
which command it was: a play, a draw of one's own (or the crank's), a suit
chosen, "last card", "idiot". Everything else follows from a move or a deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from .commands import Announce, CallIdiot, ChooseSuit, Command, Draw, Play
from .events import (
    CardPlayed,
    CardsDrawn,
    DrawReason,
    Event,
    IdiotCalled,
    LastCardAnnounced,
    StockReshuffled,
    SuitChosen,
)


def command_for(log: Sequence[Event], index: int) -> Command | None:
    """The command whose first event is ``log[index]``; None when that event is not
    the start of a move (it follows from one, or from the deal). Each move's events
    have exactly one start: a "last card" said along with a play, and a draw that a
    reshuffle made room for, are the second events of their moves."""
    event = log[index]
    before = log[index - 1] if index else None
    if isinstance(event, StockReshuffled) and index + 1 < len(log):
        event = log[index + 1]  # A draw that ran the stock short reshuffles first.
        if not isinstance(event, CardsDrawn):
            return None
    match event:
        case CardPlayed(player=player, card=card):
            nxt = log[index + 1] if index + 1 < len(log) else None
            announce = isinstance(nxt, LastCardAnnounced) and nxt.player == player
            return Play(player, card, event.named_suit, announce)
        case CardsDrawn(player=player, reason=DrawReason.TURN | DrawReason.CRANK):
            return None if isinstance(before, StockReshuffled) else Draw(player)
        case SuitChosen(player=player, suit=suit):
            return ChooseSuit(player, suit)
        case LastCardAnnounced(player=player):
            said_with_play = isinstance(before, CardPlayed) and before.player == player
            return None if said_with_play else Announce(player)
        case IdiotCalled(player=player, target=target):
            return CallIdiot(player, target)
    return None
