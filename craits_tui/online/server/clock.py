"""The turn clock of a table: a person who lets it run out has a bot make that
one move for them, and keeps the seat (after two in a row, the bot plays on until
they are back: see `presence`). Every table has one, so that nobody can keep the
others waiting for good: a table made without a turn time gets the house's long
one (``--slow-turn``).

A person's turn begins with the event that gives it (`TURNS`); the clock runs
until another seat is to move, a bot takes the seat, or the game ends. Another
player's event meanwhile (a "last card", an "idiot" call) does not restart it.
Every session at the table hears each clock that starts (`TurnClock`), and of
each that runs out.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Protocol

from craits_core import Event, Game
from craits_core.events import SuitAsked, TurnBegan

from ..protocol import Message, TurnClock
from .seats import Slot

TURNS = (TurnBegan, SuitAsked)
"""The events that give a seat its turn (and start its clock)."""


class Timed(Protocol):
    """What the clock needs of its table."""

    code: str
    game: Game | None
    slots: list[Slot]
    closed: bool

    def broadcast(self, message: Message) -> None: ...

    def ran_out(self, seat: int) -> None:
        """The clock of ``seat``'s turn ran out: a bot makes the move."""
        ...


class TurnTimer:
    """The clock of each person's turn at ``table``: ``seconds`` a move."""

    def __init__(self, table: Timed, seconds: int) -> None:
        self.table = table
        self.seconds = seconds
        self._timer: asyncio.TimerHandle | None = None
        self._turn: tuple[int, int] | None = None
        """The seat whose turn is timed, and the event that began that turn."""

    def heard(self, event: Event, index: int) -> None:
        """The game's ``index``-th event happened."""
        if isinstance(event, TURNS):
            self.look(began=index)
        elif self._turn is not None:
            self.look()

    def look(self, began: int | None = None) -> None:
        """Time the turn of the person to move, if a person is to move
        (``began``: the index of the event that gave them the turn)."""
        game = self.table.game
        if game is None:
            return
        state = game.state
        seat = state.current_player
        if seat is None or state.is_over or not _person_plays(self.table.slots, seat):
            self.stop()  # nobody's turn, or a bot's
            return
        if self._turn is not None and self._turn[0] == seat and began is None:
            return  # the same turn goes on
        self.stop()
        turn = (seat, began if began is not None else game.event_count)
        self._turn = turn
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self.seconds, self._run_out, turn)
        self.table.broadcast(TurnClock(seat, float(self.seconds)))

    def running(self) -> TurnClock | None:
        """The clock now running, with the seconds it has left (for a session that
        joins mid-turn); None when no person's turn is timed."""
        timer, turn = self._timer, self._turn
        if timer is None or turn is None:
            return None
        left = max(0.0, timer.when() - asyncio.get_running_loop().time())
        return TurnClock(turn[0], round(left, 1))

    def bot_took(self, seat: int) -> None:
        """A bot stands in at ``seat``: it plays in its own time."""
        if self._turn is not None and self._turn[0] == seat:
            self.stop()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._turn = None

    def _run_out(self, turn: tuple[int, int]) -> None:
        self._timer = None
        table, game = self.table, self.table.game
        if self._turn != turn or game is None or table.closed:
            return
        self._turn = None
        seat = turn[0]
        if not game.legal_moves(seat):
            return
        table.broadcast(TurnClock(seat, 0.0, ran_out=True))
        table.ran_out(seat)


def _person_plays(slots: Sequence[Slot], seat: int) -> bool:
    slot = slots[seat]
    return slot.person and slot.bot is None
