"""The one place the bench reads the game's events as the table protocol sends them,
and writes its commands.

Whatever the players and the organisers learn from an event (a seat's view, whose
move it was, whose turn began, how many commands the server carried out) goes
through these few functions: a change in how events are written or typed changes
this module alone.
"""

from __future__ import annotations

from typing import Any

from craits_core import Command, Event, PlayerView, command_to_dict, project
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    IdiotCalled,
    LastCardAnnounced,
    StockReshuffled,
    SuitAsked,
    SuitChosen,
    TurnBegan,
)
from craits_core.moves import command_for


def fold(view: PlayerView | None, event: Event, seat: int | None) -> PlayerView:
    """``view`` after ``event``, as ``seat`` sees the game (None: a spectator)."""
    return project(view, event, seat)


def mover(event: Event) -> int | None:
    """The seat that acted in ``event``, by its own move or by a draw forced on it
    (None: the event is nobody's doing)."""
    match event:
        case (
            CardPlayed(player=seat)
            | CardsDrawn(player=seat)
            | SuitChosen(player=seat)
            | LastCardAnnounced(player=seat)
            | IdiotCalled(player=seat)
        ):
            return seat
    return None


def turn_given(event: Event) -> int | None:
    """The seat ``event`` gives the turn to (None: it gives none); a suit asked for
    after a starter 8 or 9 is the dealer's turn."""
    match event:
        case TurnBegan(player=seat) | SuitAsked(player=seat):
            return seat
    return None


def played_by(event: Event | None) -> int | None:
    """The seat that played a card in ``event`` (None: no card played)."""
    return event.player if isinstance(event, CardPlayed) else None


def is_command(event: Event, previous: Event | None) -> bool:
    """Whether ``event`` begins a command the server carried out, a person's or a
    bot's (`craits_core.moves.command_for` says which events do)."""
    if previous is None:
        return command_for([event], 0) is not None
    # A draw that ran the stock short starts at the reshuffle before it.
    start = 0 if isinstance(previous, StockReshuffled) else 1
    return command_for([previous, event], start) is not None


def command(move: Command) -> dict[str, Any]:
    """``move`` as a ``command`` message carries it."""
    return command_to_dict(move)
