"""Who is at a table's seats: people away, back, dozing, given up, and the table
left to nobody.

A person who drops keeps their seat for the house's grace period, during which
the game waits for them; then a bot stands in until they come back. A person
who leaves on purpose gets a bot at once. A person whose clock runs out twice in
a row dozes: a bot plays their seat, though they are still connected, until
they press a key. Once no person is at a started table any more (none here, none
within a grace period), it closes after the house's `abandon_after`, its game
saved and rated as left to nobody; a finished table closes as soon as nobody is
at it at all.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from craits_core.bot_levels import DEFAULT_LEVEL

from .attendance import Attendance, Person, placings
from .ledger import Placing, player_id
from .seats import Member

if TYPE_CHECKING:
    from .table import ServerTable

STAND_IN_LEVEL = DEFAULT_LEVEL
"""The bot that plays a person's seat once their grace period is over, or while
they doze."""


class Whereabouts:
    """The people of ``table`` coming and going."""

    def __init__(self, table: ServerTable) -> None:
        self.table = table
        self._abandon: asyncio.TimerHandle | None = None

    def away(self, seat: int, grace: float, left: bool = False) -> None:
        """The person at ``seat`` is gone: keep the seat for ``grace`` seconds (the
        game waits), then let a bot stand in; one who ``left`` on purpose gets
        their bot at once."""
        table = self.table
        slot = table.slots[seat]
        slot.member, slot.dozing, slot.left = None, False, left
        if left:
            grace = 0.0
        self._attendance_away(seat)
        if slot.bot is None:
            if grace > 0:
                loop = asyncio.get_running_loop()
                slot.grace = loop.call_later(grace, self.stand_in, seat)
            else:
                self.stand_in(seat)
                return
        table.send_seat(seat)

    def stand_in(self, seat: int) -> None:
        """A bot plays the seat of a person who is away (or whom nobody holds)."""
        table = self.table
        slot = table.slots[seat]
        slot.grace = None
        if table.closed or slot.present or slot.bot is not None or table.bots is None:
            return
        self._seat_bot(seat)
        self.check_abandoned()

    def doze(self, seat: int) -> None:
        """The clock of ``seat``'s person ran out too often in a row: a bot plays
        for them until they are back (`back`, on any key of theirs)."""
        slot = self.table.slots[seat]
        if slot.present and slot.bot is None and self.table.bots is not None:
            slot.dozing = True
            self._seat_bot(seat)

    def _seat_bot(self, seat: int) -> None:
        table = self.table
        assert table.bots is not None
        table.slots[seat].bot = STAND_IN_LEVEL
        table.bots.seat(seat, STAND_IN_LEVEL)
        table.send_seat(seat)
        table.wake()
        table.clock.bot_took(seat)

    def back(self, seat: int, member: Member) -> None:
        """The seat's person is back, in ``member``'s session (or pressed a key
        after dozing): no more grace, no more stand-in."""
        table = self.table
        slot = table.slots[seat]
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        slot.member = member
        slot.dozing = slot.left = False
        if seat in table.attendance:
            table.attendance[seat] = table.attendance[seat].back()
        if table.started and slot.person:
            slot.bot = None
            if table.bots is not None:
                table.bots.unseat(seat)
            table.send_seat(seat)
            table.clock.look()  # their turn, maybe: timed from now
        self.check_abandoned()

    def given_up(self, seat: int) -> None:
        """Nobody holds the seat any more: before the start it is free again; after
        it, a bot plays it for good."""
        table = self.table
        slot = table.slots[seat]
        slot.holder = slot.code = slot.member = None
        slot.dozing = False
        table.hall.seating_changed()
        if table.started:
            self._attendance_away(seat)
            slot.person = False
            if slot.bot is None:
                self.stand_in(seat)
            table.send_seat(seat)
            table.save()
            self.check_abandoned()
        else:
            slot.name = None

    def _attendance_away(self, seat: int) -> None:
        table = self.table
        if table.started and seat in table.attendance:
            table.attendance[seat] = table.attendance[seat].away(table.event_count)

    # --- The table left to nobody ---------------------------------------------------

    def people_here(self) -> bool:
        """Whether a person of the game is at the table, or may yet come back within
        their grace period."""
        return any(
            slot.person and (slot.present or slot.grace is not None) for slot in self.table.slots
        )

    def check_abandoned(self) -> None:
        """Close the table when it is left: a finished one once nobody at all is at
        it, a started one once its people are gone (after the house's time)."""
        table = self.table
        if table.closed or not table.started:
            return
        if table.over:
            self._cancel()
            if not table.members:
                table.hall.close_table(table)
            return
        if self.people_here():
            self._cancel()
        elif self._abandon is None:
            loop = asyncio.get_running_loop()
            self._abandon = loop.call_later(table.hall.rules.abandon_after, self._left_to_nobody)

    def _left_to_nobody(self) -> None:
        self._abandon = None
        if not self.table.closed and not self.people_here():
            self.table.hall.close_table(self.table, abandoned=True)

    def _cancel(self) -> None:
        if self._abandon is not None:
            self._abandon.cancel()
            self._abandon = None

    def stop(self) -> None:
        """The table closes: no more timers."""
        self._cancel()
        for slot in self.table.slots:
            if slot.grace is not None:
                slot.grace.cancel()
                slot.grace = None

    # --- Ratings --------------------------------------------------------------------

    def placings(self, totals: tuple[int, ...] | None = None) -> list[Placing]:
        """How the game's people place with ``totals`` (by default the game's now;
        see `attendance.placings`)."""
        table = self.table
        game = table.game
        assert game is not None
        totals = totals or game.state.totals
        people = []
        for seat, who in sorted(table.people.items()):
            slot = table.slots[seat]
            here = slot.present and slot.holder is not None and slot.holder.same(who)
            people.append(
                # The leaderboard shows the name they log in with, not the seat's ("Ann 2").
                Person(
                    player_id(who.user, who.key),
                    who.user,
                    totals[seat],
                    here,
                    table.attendance.get(seat, Attendance()),
                )
            )
        return placings(people, game.event_count)
