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
    the start of a move (it follows from one, or from the deal)."""
    event = log[index]
    if isinstance(event, StockReshuffled) and index + 1 < len(log):
        event = log[index + 1]  # A draw that ran the stock short reshuffles first.
        if not isinstance(event, CardsDrawn):
            return None
    if isinstance(event, CardPlayed):
        nxt = log[index + 1] if index + 1 < len(log) else None
        announce = isinstance(nxt, LastCardAnnounced) and nxt.player == event.player
        return Play(event.player, event.card, event.named_suit, announce)
    if isinstance(event, CardsDrawn) and event.reason in (DrawReason.TURN, DrawReason.CRANK):
        return Draw(event.player)
    if isinstance(event, SuitChosen):
        return ChooseSuit(event.player, event.suit)
    if isinstance(event, LastCardAnnounced):
        return Announce(event.player)
    if isinstance(event, IdiotCalled):
        return CallIdiot(event.player, event.target)
    return None
