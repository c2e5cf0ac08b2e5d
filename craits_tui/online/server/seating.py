"""Moving people between the lobby and the tables: sitting down, taking a kept seat
back, getting up, and the moves of a quick match and a rematch that seat many at
once. The operations (`operations.Operations`) carry out requests with these.
"""

from __future__ import annotations

from typing import Protocol

from ...names import unique_name
from ..protocol import RefusalCode
from .house import House
from .refusal import RequestRefused
from .seats import RECONNECT_CODE_LENGTH, Member, fresh_code, normal_code
from .table import FILL_LEVEL, ServerTable


class Lobby(Protocol):
    """What the seating needs of the sessions' side."""

    def send_listing(self, member: Member) -> None:
        """The open tables, to ``member``."""
        ...

    def displace(self, member: Member) -> None:
        """End ``member``'s session: the same player took their seat back elsewhere."""
        ...


class Seating:
    """Who sits where, on the house's tables; ``lobby`` is the sessions' side."""

    def __init__(self, house: House, lobby: Lobby) -> None:
        self.house = house
        self.lobby = lobby

    def sit(self, member: Member, table: ServerTable, seat: int) -> None:
        """Seat ``member`` on a free seat of a table waiting to start."""
        slot = table.slots[seat]
        slot.holder, slot.member, slot.person, slot.bot = member.identity, member, True, None
        slot.code = self._fresh_reconnect_code()
        slot.name = member.name = unique_name(member.lobby_name, table.names(seat))
        member.at, member.seat = table.code, seat
        table.members[member] = None
        self.house.seating_changed()

    def take_back(
        self, member: Member, table: ServerTable, seat: int, since: int, *, by_code: bool = False
    ) -> None:
        """``member`` takes back a seat kept for them, or for the code they gave."""
        slot = table.slots[seat]
        old = slot.member
        if old is not None and old is not member:
            if member.identity.key is None:
                # A name proves nothing while its player is here: no displacing them.
                raise RequestRefused(
                    RefusalCode.SEAT_TAKEN, "You are at this table in another session.", seat=seat
                )
            # The same key: the earlier session is this player's too (its connection
            # may be dead without the server knowing yet). It gives the seat up.
            self.leave(old, dropped=False, quiet=True)
            self.lobby.displace(old)
        if member.at != table.code or member.seat != seat:
            self.leave(member, dropped=False)
        self.release(member, keep=(table, seat))
        slot.holder = member.identity
        if by_code or slot.code is None:
            slot.code = self._fresh_reconnect_code()  # a code serves once
        member.at, member.seat = table.code, seat
        member.name = slot.name or member.lobby_name
        table.members[member] = None
        table.presence.back(seat, member)
        self.house.seating_changed()
        table.send_joined(member, since)
        if table.started:
            table.save()
            table.wake()
        else:
            self.changed(table)

    def leave(self, member: Member, *, dropped: bool, quiet: bool = False) -> None:
        """``member`` gets up from their table (if at one) and is in the lobby.

        Before the start their seat is freed; after it, the seat is kept for
        them: a drop gets the grace period, a leave on purpose a bot at once
        (``quiet``: the seat passes to the same player's other session).
        """
        table = self.house.table_of(member)
        if table is None:
            return
        seat = member.seat
        table.members.pop(member, None)
        member.at, member.seat, member.name = None, None, member.lobby_name
        self.house.seating_changed()
        offer = table.rematch
        if offer is not None and offer.open and seat in offer.seats and not quiet:
            offer.answer(seat, accept=False)  # gone from the table: not playing again
            table.broadcast(offer.state())
        if seat is not None and table.slots[seat].member is member:
            if not table.started:
                table.presence.given_up(seat)
                if table.quick and not any(s.present for s in table.slots):
                    self.house.close_table(table)  # nobody left waiting for a match
                    return
                if table.host_seat == seat:
                    self._pass_host(table)
                    if table.closed:
                        return
            elif quiet:
                table.slots[seat].member = None
            else:
                table.presence.away(seat, self.house.rules.grace, left=not dropped)
        table.presence.check_abandoned()
        self.changed(table)

    def move_out(self, member: Member) -> None:
        """``member`` is to sit elsewhere: up from their table, and a seat kept for
        them is theirs no more."""
        self.leave(member, dropped=False)
        self.release(member)

    def release(self, member: Member, keep: tuple[ServerTable, int] | None = None) -> None:
        """``member`` sits elsewhere: a seat still kept for them (but ``keep``) is
        theirs no more."""
        held = self.house.held(member.identity)
        if held is None or held == keep:
            return
        table, seat = held
        table.presence.given_up(seat)
        if not table.started:
            self.changed(table)

    def changed(self, table: ServerTable) -> None:
        """Who sits where changed: the table's sessions and the lobby hear of it."""
        if not table.started and not table.closed:
            table.send_table()
        self.house.lobby_changed()

    def start_if_full(self, table: ServerTable) -> None:
        """A quick-match table with every seat taken starts at once."""
        if table.quick and not table.started and not any(s.free for s in table.slots):
            self.house.start_table(table)

    def rematch_table(self, table: ServerTable) -> ServerTable:
        """Everyone asked accepted: the new table of the rematch, opened by its host
        as any table is (`RequestRefused` if it cannot be now), nobody at it yet."""
        offer = table.rematch
        assert offer is not None
        levels = tuple(
            None
            if seat in offer.seats
            else (slot.bot if not slot.person and slot.bot else FILL_LEVEL)
            for seat, slot in enumerate(table.slots)
        )
        host = table.host_seat if table.host_seat in offer.seats else offer.seats[0]
        host_member = table.slots[host].member
        assert host_member is not None
        return self.house.open_table(
            host_member,
            table.name,
            levels,
            table.rules,
            quick=table.quick,
            host_seat=host,
            turn_time=table.turn_time,
            spectator_chat=table.spectator_chat,
        )

    def play_again(self, table: ServerTable, new: ServerTable) -> None:
        """The same people at the same seats of ``new`` (`rematch_table`), with the
        same bots (a bot for a person who was not there), its game dealt."""
        offer = table.rematch
        assert offer is not None
        seated = {seat: table.slots[seat].member for seat in offer.seats}
        # The same bots keep their names. Named afresh before the people sit, a
        # bot could take a person's name (Bob, for bob), and bob would come back
        # as "bob 2". A bot for a person who was not there is named last.
        stand_ins = [seat for seat in range(len(new.slots)) if table.slots[seat].person]
        for seat, slot in enumerate(new.slots):
            slot.name = None if seat in stand_ins else table.slots[seat].name
        watching = [m for m in table.members if m.seat is None]
        for seat, member in seated.items():
            if member is not None:
                self.leave(member, dropped=False, quiet=True)
                self.sit(member, new, seat)
        for seat in stand_ins:
            if new.slots[seat].bot is not None:
                new.slots[seat].name = new.bot_name(seat)
        for member in watching:
            self.leave(member, dropped=False)
            member.at = new.code
            new.members[member] = None
        for member in new.members:
            if member.conn is not None:
                new.send_joined(member)
        self.house.start_table(new)
        self.changed(new)

    def _pass_host(self, table: ServerTable) -> None:
        """The host left a table waiting to start: the next person seated hosts
        it; with nobody left, it closes."""
        nxt = next((i for i, s in enumerate(table.slots) if s.present), None)
        table.host_seat = nxt
        if nxt is None:
            self.house.close_table(table)

    def _fresh_reconnect_code(self) -> str:
        taken = {
            normal_code(slot.code)
            for table in self.house.tables.values()
            for slot in table.slots
            if slot.code is not None
        }
        return fresh_code(RECONNECT_CODE_LENGTH, taken, dash=True)
