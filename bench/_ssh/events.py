"""The one place the bench reads the game's events as the table protocol sends them,
and writes its commands.

Whatever the players and the organisers learn from an event (a seat's view, whose
move it was, whose turn began, how many commands the server carried out) goes
through these few functions: a change in how events are written or typed changes
this module alone.
"""

from __future__ import annotations

from typing import Any

from craits_core import Command, PlayerView, command_to_dict
from craits_core.view import project

Event = dict[str, Any]
"""An event as a ``event`` message of the protocol carries it."""

MOVES = frozenset(
    {"card-played", "cards-drawn", "suit-chosen", "last-card-announced", "idiot-called"}
)
"""Events that start a move: the answer to a command."""

TURNS = frozenset({"turn-began", "suit-asked"})
"""Events that give a seat its turn (a ``suit-asked``: a starter 8 or 9's suit)."""


def fold(view: PlayerView | None, event: Event, seat: int | None) -> PlayerView:
    """``view`` after ``event``, as ``seat`` sees the game (None: a spectator)."""
    return project(view, event, seat)


def mover(event: Event) -> int | None:
    """The seat whose move ``event`` starts (None: the event starts no move)."""
    return event["player"] if event["type"] in MOVES else None


def turn_given(event: Event) -> int | None:
    """The seat ``event`` gives the turn to (None: it gives none)."""
    return event["player"] if event["type"] in TURNS else None


def played_by(event: Event | None) -> int | None:
    """The seat that played a card in ``event`` (None: no card played)."""
    return event["player"] if event is not None and event["type"] == "card-played" else None


def is_command(event: Event, previous: Event | None) -> bool:
    """Whether ``event`` begins a command the server carried out, a person's or a
    bot's: a play with its announcement is one, a draw forced by another's card
    (a 5's, a 7's, a penalty) is none."""
    kind = event["type"]
    if kind == "cards-drawn":
        return event["reason"] in ("turn", "crank")
    if kind == "last-card-announced":
        # Said with the play that left one card: the same command.
        return played_by(previous) != event["player"]
    return kind in ("card-played", "suit-chosen", "idiot-called")


def command(move: Command) -> dict[str, Any]:
    """``move`` as a ``command`` message carries it."""
    return command_to_dict(move)
