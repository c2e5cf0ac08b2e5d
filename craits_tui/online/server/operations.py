"""What a session may ask of the server, each carried out here whole or refused.

One handler a request (`Operations.HANDLERS`), on the moves of people between the
lobby and the tables that `seating.Seating` makes. A request that cannot be
carried out raises `RequestRefused` before it has changed anything.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar

from craits_core import RuleSet, StoreError
from craits_core.bot_levels import LEVELS
from craits_core.rules import MAX_PLAYERS, MIN_PLAYERS

from .. import protocol
from ..protocol import RefusalCode
from . import records
from .attendance import Mover
from .chat import Chat, ChatRefused, Speaker, Spoken
from .mutes import TooManyMutes
from .refusal import RequestRefused
from .seating import Seating
from .seats import Member, normal_code
from .table import ServerTable

QUICK_SEATS = 4
"""Seats at a quick-match table."""

QUICK_NAME = "Quick match"
"""A quick-match table's name (each session says it in its own language)."""

QUICK_TURN_TIME = 60
"""Seconds a move at a quick-match table: strangers keep one another waiting no longer."""

TURN_TIMES = (10, 600)
"""The shortest and longest turn time a table may have, in seconds."""


log = logging.getLogger("craits.server")


class Operations(Seating):
    """The requests of sessions, carried out on the house's tables."""

    def handle(self, member: Member, message: protocol.Message) -> None:
        """Carry out ``message`` of ``member``; raises `RequestRefused` if it cannot be."""
        handler = self.HANDLERS.get(type(message))
        if handler is None:
            raise RequestRefused(
                RefusalCode.BAD_MESSAGE, f"{message.op} is not asked of the server."
            )
        handler(self, member, message)

    # --- The requests ------------------------------------------------------------

    def list_tables(self, member: Member, message: protocol.ListTables) -> None:
        self.lobby.send_listing(member)

    def create(self, member: Member, message: protocol.CreateTable) -> None:
        seats = message.seats
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise RequestRefused(
                RefusalCode.BAD_MESSAGE,
                f"A table has {MIN_PLAYERS} to {MAX_PLAYERS} seats.",
                field="seats",
            )
        if seats[0] is not None:
            raise RequestRefused(
                RefusalCode.BAD_MESSAGE, "The first seat is the creator's.", field="seats"
            )
        if any(level is not None and level not in LEVELS for level in seats):
            raise RequestRefused(
                RefusalCode.BAD_MESSAGE, "Unknown bot level.", field="seats", levels=LEVELS
            )
        turn_time = message.turn_time
        if turn_time is not None and not TURN_TIMES[0] <= turn_time <= TURN_TIMES[1]:
            raise RequestRefused(
                RefusalCode.BAD_MESSAGE,
                f"A turn lasts {TURN_TIMES[0]} to {TURN_TIMES[1]} seconds.",
                field="turn_time",
            )
        table = self.house.open_table(
            member,
            message.name or "",
            seats,
            message.rules,
            turn_time=turn_time,
            spectator_chat=message.spectator_chat,
        )
        self.move_out(member)
        self.sit(member, table, 0)
        table.send_joined(member)
        self.changed(table)

    def join(self, member: Member, message: protocol.JoinTable) -> None:
        table = self._table(message.code)
        seat = message.seat
        if seat is not None and not 0 <= seat < len(table.slots):
            raise RequestRefused(RefusalCode.BAD_MESSAGE, "There is no such seat.", field="seat")
        since = _since(message.since, table)
        if message.spectate:
            if member.at != table.code or member.seat is not None:
                self.leave(member, dropped=False)
                member.at, member.seat = table.code, None
                table.members[member] = None
                table.presence.check_abandoned()
                self.changed(table)
            table.send_joined(member, since)
            table.wake()  # bots waiting for an audience may go on
            return
        own = next((i for i, s in enumerate(table.slots) if s.kept_for(member.identity)), None)
        if own is not None and seat in (None, own):
            self.take_back(member, table, own, since)
            return
        if table.started:
            raise RequestRefused(RefusalCode.TABLE_FULL, "This game has started: you can watch it.")
        if seat is None:
            seat = next((i for i, s in enumerate(table.slots) if s.free), None)
            if seat is None:
                raise RequestRefused(RefusalCode.TABLE_FULL, "Every seat at this table is taken.")
        elif not table.slots[seat].free:
            raise RequestRefused(RefusalCode.SEAT_TAKEN, "That seat is taken.", seat=seat)
        self.move_out(member)
        self.sit(member, table, seat)
        table.count_down()  # at a quick-match table, a newcomer renews the wait
        table.send_joined(member, since)
        self.changed(table)
        self.start_if_full(table)

    def reconnect(self, member: Member, message: protocol.Reconnect) -> None:
        wanted = normal_code(message.code)
        for table in self.house.tables.values():
            for seat, slot in enumerate(table.slots):
                if not wanted or slot.code is None or normal_code(slot.code) != wanted:
                    continue
                if slot.member is not None and slot.member is not member:
                    raise RequestRefused(
                        RefusalCode.SEAT_TAKEN,
                        "That seat's player is at the table: a code takes a seat back "
                        "only while they are away.",
                        seat=seat,
                    )
                self.take_back(member, table, seat, _since(message.since, table), by_code=True)
                return
        raise RequestRefused(RefusalCode.UNKNOWN_CODE, "No seat is kept for that code.")

    def fill(self, member: Member, message: protocol.FillSeat) -> None:
        table = self._hosted(member)
        seat, level = message.seat, message.bot
        if not 0 <= seat < len(table.slots):
            raise RequestRefused(RefusalCode.BAD_MESSAGE, "There is no such seat.", field="seat")
        if level is not None and level not in LEVELS:
            raise RequestRefused(
                RefusalCode.BAD_MESSAGE, "Unknown bot level.", field="bot", levels=LEVELS
            )
        slot = table.slots[seat]
        if slot.holder is not None:
            raise RequestRefused(RefusalCode.SEAT_TAKEN, "A person sits there.", seat=seat)
        if level is None:
            slot.bot, slot.person, slot.name = None, True, None
        else:
            slot.bot, slot.person = level, False
            slot.name = slot.name or table.bot_name(seat)
        self.changed(table)

    def start(self, member: Member, message: protocol.StartTable) -> None:
        table = self._hosted(member)
        try:
            table.start()
        except StoreError as err:
            log.error("table %s: the game cannot be saved: %s", table.code, err)
            raise RequestRefused(
                RefusalCode.SERVER_ERROR, "The server cannot save games right now."
            ) from None
        self.house.lobby_changed()

    def command(self, member: Member, message: protocol.SendCommand) -> None:
        table = self.house.table_of(member)
        if table is None:
            raise RequestRefused(RefusalCode.NO_SUCH_TABLE, "You are not at a table.")
        if member.seat is None:
            raise RequestRefused(RefusalCode.NOT_YOUR_SEAT, "You are watching: you have no seat.")
        command = message.command
        if command.player != member.seat:
            raise RequestRefused(
                RefusalCode.NOT_YOUR_SEAT,
                "That seat is not yours.",
                seat=command.player,
                yours=member.seat,
            )
        if table.slots[member.seat].dozing:
            self.back(member, protocol.Back())  # a move of their own: they are back
        table.submit(command, Mover.PERSON)

    def back(self, member: Member, message: protocol.Back) -> None:
        table = self.house.table_of(member)
        seat = member.seat
        if table is None or seat is None or not table.slots[seat].dozing:
            return  # awake already (a key pressed twice): nothing to do
        if table.slots[seat].member is member:
            table.presence.back(seat, member)

    def leave_table(self, member: Member, message: protocol.LeaveTable) -> None:
        table = self.house.table_of(member)
        self.leave(member, dropped=False)
        assert member.conn is not None
        member.conn.send(protocol.Left(table.code if table is not None else None))
        self.lobby.send_listing(member)

    def quick_match(self, member: Member, message: protocol.QuickMatch) -> None:
        house = self.house
        rules = RuleSet(short_game=message.short)
        table = house.table_of(member)
        if table is not None and table.quick and not table.started and table.rules == rules:
            table.send_joined(member)  # there already
            return
        table = next(
            (
                t
                for t in house.tables.values()
                if t.quick and not t.started and t.rules == rules and any(s.free for s in t.slots)
            ),
            None,
        )
        if table is None:
            table = house.open_table(
                member,
                QUICK_NAME,
                (None,) * QUICK_SEATS,
                rules,
                quick=True,
                turn_time=QUICK_TURN_TIME,
            )
        self.move_out(member)
        seat = next(i for i, s in enumerate(table.slots) if s.free)
        self.sit(member, table, seat)
        table.count_down()  # a newcomer: the wait for the next one begins again
        table.send_joined(member)
        self.changed(table)
        self.start_if_full(table)

    def say(self, member: Member, message: protocol.Say) -> None:
        table = self._chatting(member)
        self._send_chat(table, lambda chat: chat.line(Speaker.of(member), message.text))

    def emote(self, member: Member, message: protocol.Emote) -> None:
        table = self._chatting(member)
        self._send_chat(table, lambda chat: chat.emote(Speaker.of(member), message.emote))

    def mute(self, member: Member, message: protocol.Mute) -> None:
        player = message.player
        if not player or len(player) > 32 or player == member.identity.handle:
            raise RequestRefused(
                RefusalCode.BAD_MESSAGE, "That is nobody you can mute.", field="player"
            )
        mutes = self.house.mutes
        try:
            mutes.set(member.identity.handle, player, message.muted)
        except TooManyMutes as err:
            raise RequestRefused(RefusalCode.TOO_MANY_MUTES, str(err), limit=mutes.most) from None
        assert member.conn is not None
        member.conn.send(protocol.MuteChanged(player, message.muted))

    def rematch(self, member: Member, message: protocol.Rematch) -> None:
        table = self.house.table_of(member)
        if table is None:
            raise RequestRefused(RefusalCode.NO_SUCH_TABLE, "You are not at a table.")
        if not table.over:
            raise RequestRefused(RefusalCode.NOT_OVER, "The game is not over yet.")
        offer = table.rematch
        if offer is None or not offer.open or member.seat not in offer.seats:
            raise RequestRefused(RefusalCode.NO_REMATCH, "No rematch is on offer to you.")
        offer.answer(member.seat, message.accept)
        if not offer.agreed:
            table.broadcast(offer.state())
            return
        try:
            new = self.rematch_table(table)
        except RequestRefused:
            # Not now (the house's quotas): the others' yes stands, this one may
            # say it again while the offer lasts.
            offer.accepted.discard(member.seat)
            table.broadcast(offer.state())
            raise
        offer.end("started")
        table.broadcast(offer.state())
        self.play_again(table, new)

    def leaderboard(self, member: Member, message: protocol.GetLeaderboard) -> None:
        assert member.conn is not None
        member.conn.send(records.leaderboard(self.house.ledger, member.identity))

    def replay(self, member: Member, message: protocol.GetReplay) -> None:
        assert member.conn is not None
        house = self.house
        guess = records.Guess(house.replay_guesses, member.address, member.identity.user)
        for part in records.replay(house.ledger, house.store, message.code, guess):
            member.conn.send(part)

    HANDLERS: ClassVar[dict[type[protocol.Message], Callable[[Operations, Member, Any], None]]] = {
        protocol.ListTables: list_tables,
        protocol.CreateTable: create,
        protocol.JoinTable: join,
        protocol.Reconnect: reconnect,
        protocol.FillSeat: fill,
        protocol.StartTable: start,
        protocol.SendCommand: command,
        protocol.LeaveTable: leave_table,
        protocol.QuickMatch: quick_match,
        protocol.Say: say,
        protocol.Emote: emote,
        protocol.Mute: mute,
        protocol.Back: back,
        protocol.Rematch: rematch,
        protocol.GetLeaderboard: leaderboard,
        protocol.GetReplay: replay,
    }

    def _chatting(self, member: Member) -> ServerTable:
        """The table where ``member`` may write."""
        table = self.house.table_of(member)
        if table is None:
            raise RequestRefused(RefusalCode.NO_SUCH_TABLE, "You are not at a table.")
        if member.seat is None and not table.spectator_chat:
            raise RequestRefused(RefusalCode.CHAT_CLOSED, "Spectators do not write at this table.")
        return table

    def _send_chat(self, table: ServerTable, make: Callable[[Chat], Spoken]) -> None:
        try:
            spoken = make(table.chat)
        except ChatRefused as err:
            params = {"wait": err.wait} if err.wait else {}
            raise RequestRefused(err.code, str(err), **params) from None
        self.house.mutes.heard(spoken)
        table.send_chat(spoken)

    # --- Helpers -------------------------------------------------------------------

    def _table(self, code: str) -> ServerTable:
        table = self.house.find(code)
        if table is None:
            raise RequestRefused(RefusalCode.NO_SUCH_TABLE, "There is no table with that code.")
        return table

    def _hosted(self, member: Member) -> ServerTable:
        table = self.house.table_of(member)
        if table is None:
            raise RequestRefused(RefusalCode.NO_SUCH_TABLE, "You are not at a table.")
        if table.host_seat is None or member.seat != table.host_seat:
            raise RequestRefused(RefusalCode.NOT_HOST, "Only the host of the table can do that.")
        if table.started:
            raise RequestRefused(RefusalCode.ALREADY_STARTED, "The game has started.")
        return table


def _since(since: int, table: ServerTable) -> int:
    if not 0 <= since <= table.event_count:
        raise RequestRefused(
            RefusalCode.BAD_MESSAGE, "since is an event index of the game.", field="since"
        )
    return since
