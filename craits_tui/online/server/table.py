"""A table on the server: its seats, the sessions at it and, once started, its game.

The table owns its `Game` (saved in the house's store as it goes), tells every
session at it only its own seat's redacted events, and plays its bots (a
`BotHost`) at a visible pace, in another thread so the other tables go on. A
person who drops keeps the seat for a grace period, during which the game waits
for them; then a bot stands in until they come back.

Around the game: the table's chat (`chat`); at a quick-match table, the wait
before it starts by itself; where the table has a turn time, the clock of each
person's turn (when it runs out a bot makes that one move); and at game over,
the offer of a rematch (`rematch`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from craits_core import Game, GameStore, IllegalMove, RuleSet, StoreError, redact
from craits_core.hosting import BotHost

from ...names import name_key, unique_name
from ..protocol import (
    ChatLine,
    GameEvent,
    Joined,
    Message,
    SeatChanged,
    TableChanged,
    TableInfo,
    encode,
)
from .chat import Chat, ChatPace
from .clock import TurnTimer
from .rematch import RematchOffer
from .saved import table_meta
from .seats import Identity, Member, Slot

log = logging.getLogger("craits.server")

STAND_IN_LEVEL = "normal"
"""The bot that plays a person's seat once their grace period is over."""

FILL_LEVEL = "normal"
"""The bot that takes a seat left empty when the game starts."""

BOT_NAMES = ("Ada", "Bob", "Cy", "Di", "Ed")


class Hall(Protocol):
    """What a table needs of the house it stands in."""

    store: GameStore | None
    grace: float
    bot_pace: float
    abandon_after: float
    quick_wait: float
    rematch_time: float
    chat_pace: ChatPace

    def deal(self, names: list[str], rules: RuleSet) -> Game:
        """A new game for these players."""
        ...

    def muted(self, member: Member) -> frozenset[str]:
        """The handles of the players ``member`` does not hear."""
        ...

    def start_table(self, table: Table) -> None:
        """Start a quick-match table nobody else came to (bots take its empty seats)."""
        ...

    def game_over(self, table: Table) -> None:
        """The table's game ended: its replay code, its people's ratings."""
        ...

    def lobby_changed(self) -> None:
        """The tables' list changed."""
        ...

    def seating_changed(self) -> None:
        """Who holds which seat changed."""
        ...

    def close_table(self, table: Table, *, abandoned: bool = False) -> None:
        """Close ``table`` (``abandoned``: for good, nobody came)."""
        ...


class Table:
    """A table: its seats, the sessions at it and, once started, its game and bots."""

    def __init__(
        self,
        hall: Hall,
        code: str,
        name: str,
        rules: RuleSet,
        slots: list[Slot],
        *,
        creator: Identity,
        address: str,
        host_seat: int | None = 0,
        quick: bool = False,
        turn_time: int | None = None,
        spectator_chat: bool = False,
    ) -> None:
        self.hall = hall
        self.code = code
        self.name = name
        self.rules = rules
        self.slots = slots
        self.creator = creator
        """Who opened the table, and from where: the house's quotas count them."""
        self.address = address
        self.host_seat = host_seat
        self.quick = quick
        """A quick-match table: nobody hosts it; it starts when full, or by itself."""
        self.turn_time = turn_time
        """Seconds a person has for each move; None: no clock."""
        self.spectator_chat = spectator_chat
        self.people: dict[int, Identity] = {}
        """The people who sat at the table when its game began, by seat: those rated
        at its end (a person who left meanwhile counts as last)."""
        self.chat = Chat(hall.chat_pace)
        self.rematch: RematchOffer | None = None
        self.replay: str | None = None
        """The finished game's replay code."""
        self.members: dict[Member, None] = {}
        """The sessions at the table (seated and present, or watching), in arrival order."""
        self.game: Game | None = None
        self.game_id: str | None = None
        self.bots: BotHost | None = None
        self.closed = False
        self._heard = 0
        self._unsubscribe: Callable[[], None] | None = None
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._abandon: asyncio.TimerHandle | None = None
        self._autostart: asyncio.TimerHandle | None = None
        self.clock = TurnTimer(self, turn_time) if turn_time is not None else None

    # --- Reading ----------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.state.is_over

    def info(self) -> TableInfo:
        """The table as the lobby lists it."""
        host = self.host_seat
        return TableInfo(
            code=self.code,
            name=self.name,
            seats=tuple(slot.info() for slot in self.slots),
            rules=self.rules,
            host=self.slots[host].name if host is not None else None,
            host_seat=host,
            started=self.started,
            over=self.over,
            spectators=sum(1 for m in self.members if m.seat is None),
            quick=self.quick,
            starts_in=self._starts_in(),
            turn_time=self.turn_time,
            spectator_chat=self.spectator_chat,
            replay=self.replay,
        )

    def _starts_in(self) -> float | None:
        if self._autostart is None:
            return None
        return round(max(0.0, self._autostart.when() - asyncio.get_running_loop().time()), 1)

    def names(self, but: int | None = None) -> Iterator[str]:
        """The names at the table (but seat ``but``'s)."""
        return (s.name for i, s in enumerate(self.slots) if s.name is not None and i != but)

    def bot_name(self, seat: int) -> str:
        """A name for a bot at ``seat``, unlike the others'."""
        taken = list(self.names(seat))
        keys = {name_key(name) for name in taken}
        free = next((n for n in BOT_NAMES if name_key(n) not in keys), BOT_NAMES[0])
        return unique_name(free, taken)

    @property
    def attended(self) -> bool:
        """Whether anyone is here: bots play only in front of someone."""
        return any(m.conn is not None for m in self.members)

    # --- Telling ----------------------------------------------------------------

    def broadcast(self, message: Message) -> None:
        line = encode(message)
        for member in self.members:
            if member.conn is not None:
                member.conn.send_line(line)

    def send_table(self) -> None:
        self.broadcast(TableChanged(self.info()))

    def send_seat(self, seat: int) -> None:
        slot = self.slots[seat]
        self.broadcast(SeatChanged(seat, slot.present, slot.bot))

    def send_joined(self, member: Member, since: int = 0) -> None:
        """`Joined`, then the game's events from ``since`` on, for ``member``'s seat."""
        conn = member.conn
        assert conn is not None
        count = self.game.event_count if self.game is not None else 0
        conn.send(Joined(self.code, member.seat, self.info(), count))
        if self.game is not None:
            for index, event in enumerate(self.game.events_for(member.seat, since), since):
                conn.send(GameEvent(index, event))
        muted = self.hall.muted(member)
        for line in self.chat.lines:
            if Chat.hears(muted, line):
                conn.send(line)
        if self.rematch is not None:
            conn.send(self.rematch.state())

    def send_chat(self, line: ChatLine) -> None:
        """A line of chat, to everyone at the table who has not muted its sender."""
        encoded = encode(line)
        for member in self.members:
            if member.conn is not None and Chat.hears(self.hall.muted(member), line):
                member.conn.send_line(encoded)

    # --- The game ---------------------------------------------------------------

    def start(self) -> None:
        """Seat bots on the empty seats and deal. Raises `StoreError`, with the
        table as it was, when the game cannot be saved."""
        filled = [seat for seat, slot in enumerate(self.slots) if slot.free]
        for seat in filled:
            slot = self.slots[seat]
            slot.bot, slot.person, slot.name = FILL_LEVEL, False, self.bot_name(seat)
        self.people = {s: slot.holder for s, slot in enumerate(self.slots) if slot.holder}
        game = self.hall.deal([slot.name or "" for slot in self.slots], self.rules)
        store = self.hall.store
        if store is not None:
            try:
                self.game_id = store.add(game, meta=table_meta(self))
            except StoreError:
                for seat in filled:
                    slot = self.slots[seat]
                    slot.bot, slot.person, slot.name = None, True, None
                raise
        if self._autostart is not None:
            self._autostart.cancel()
            self._autostart = None
        self._play(game)
        self.send_table()
        for member in self.members:
            self.send_joined_events(member)

    def resume(self, game: Game, game_id: str, people: dict[int, Identity]) -> None:
        """Go on with a game saved before the server stopped (``people``: who sat
        at it when it began): every person is away, and their grace period starts now."""
        self.game_id = game_id
        self.people = dict(people)
        for slot in self.slots:
            if slot.person:
                slot.bot = None
        self._play(game)
        for seat, slot in enumerate(self.slots):
            if slot.person and slot.holder is not None:
                self.away(seat, self.hall.grace)
            elif slot.person:
                self.stand_in(seat)  # nobody to wait for
        self.check_abandoned()

    def _play(self, game: Game) -> None:
        self.game = game
        self._heard = game.event_count
        levels = {seat: slot.bot for seat, slot in enumerate(self.slots) if slot.bot is not None}
        self.bots = BotHost(game, levels)
        self._unsubscribe = game.subscribe(self._on_event)
        self._driver = asyncio.get_running_loop().create_task(
            self._drive(), name=f"craits-table-{self.code}"
        )
        self._wake.set()
        if self.clock is not None:
            self.clock.look()

    def send_joined_events(self, member: Member) -> None:
        """The game so far, to a session that was at the table when it started."""
        assert self.game is not None and member.conn is not None
        for index, event in enumerate(self.game.events_for(member.seat)):
            member.conn.send(GameEvent(index, event))

    def _on_event(self, event: dict[str, Any]) -> None:
        """A new event: to every session, redacted for its seat (encoded once a seat)."""
        index = self._heard
        self._heard += 1
        players = len(self.slots)
        lines: dict[int | None, bytes] = {}
        for member in self.members:
            if member.conn is None:
                continue
            line = lines.get(member.seat)
            if line is None:
                line = encode(GameEvent(index, redact(event, member.seat, players)))
                lines[member.seat] = line
            member.conn.send_line(line)
        if self.clock is not None:
            self.clock.heard(event["type"], index)
        if event["type"] == "game-ended":
            self.hall.game_over(self)
            self.offer_rematch()
            self.send_table()
            self.hall.lobby_changed()
        self._wake.set()

    def wake(self) -> None:
        """Someone came, or a bot took a seat: the bots may have a move to make."""
        self._wake.set()

    async def _drive(self) -> None:
        """Play the bots' moves, one at a time, at the house's pace. Seats in their
        grace period have no bot: the game waits for them."""
        game, bots = self.game, self.bots
        assert game is not None and bots is not None
        while not game.state.is_over:
            await self._wake.wait()
            self._wake.clear()
            # Wait first, then look: a person may have moved meanwhile.
            await asyncio.sleep(self.hall.bot_pace)
            if not self.attended:
                continue  # woken again when someone comes back
            # A hard or expert bot thinks for a while: in a thread, so that the other tables
            # and sessions go on meanwhile (and people here may still call "idiot").
            moment = bots.moment()
            move = await asyncio.to_thread(moment.decide)
            if move is None or not bots.still_current(moment, move):
                continue  # the game moved on, or a person took the seat back: look again
            try:
                game.handle(move)  # its events wake this loop again
            except (IllegalMove, StoreError):
                log.exception("table %s: a bot's move was refused: %r", self.code, move)

    # --- A quick-match table ----------------------------------------------------

    def count_down(self) -> None:
        """(Again) give a quick-match table the house's wait for more people; then
        it starts by itself, bots in its empty seats."""
        if not self.quick or self.started or self.closed:
            return
        if self._autostart is not None:
            self._autostart.cancel()
        loop = asyncio.get_running_loop()
        self._autostart = loop.call_later(self.hall.quick_wait, self._start_by_itself)

    def _start_by_itself(self) -> None:
        self._autostart = None
        if not self.started and not self.closed and any(s.present for s in self.slots):
            self.hall.start_table(self)

    # --- A rematch -------------------------------------------------------------------

    def offer_rematch(self) -> None:
        """At game over: the people still here may play again, within the house's time."""
        here = tuple(seat for seat, slot in enumerate(self.slots) if slot.person and slot.present)
        if here:
            self.rematch = RematchOffer(here, self.hall.rematch_time, self._rematch_expired)
            self.broadcast(self.rematch.state())

    def _rematch_expired(self) -> None:
        offer = self.rematch
        if offer is not None and offer.outcome is None:
            offer.end("expired")
            self.broadcast(offer.state())

    # --- Seats kept for people --------------------------------------------------

    def away(self, seat: int, grace: float) -> None:
        """The person at ``seat`` is gone: keep the seat for ``grace`` seconds (the
        game waits), then let a bot stand in."""
        slot = self.slots[seat]
        slot.member = None
        if slot.bot is None:
            if grace > 0:
                loop = asyncio.get_running_loop()
                slot.grace = loop.call_later(grace, self.stand_in, seat)
            else:
                self.stand_in(seat)
                return
        self.send_seat(seat)

    def stand_in(self, seat: int) -> None:
        """A bot plays the seat of a person who is away (or whom nobody holds)."""
        slot = self.slots[seat]
        slot.grace = None
        if self.closed or slot.present or slot.bot is not None or self.bots is None:
            return
        slot.bot = STAND_IN_LEVEL
        self.bots.seat(seat, STAND_IN_LEVEL)
        self.send_seat(seat)
        self.wake()
        if self.clock is not None:
            self.clock.bot_took(seat)

    def back(self, seat: int, member: Member) -> None:
        """The seat's person is back, in ``member``'s session: no more grace, no
        more stand-in."""
        slot = self.slots[seat]
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        slot.member = member
        if self.started and slot.person:
            slot.bot = None
            if self.bots is not None:
                self.bots.unseat(seat)
            if self.clock is not None:
                self.clock.look()  # their turn, maybe: timed from now

    def given_up(self, seat: int) -> None:
        """Nobody holds the seat any more: before the start it is free again; after
        it, a bot plays it for good."""
        slot = self.slots[seat]
        slot.holder = slot.code = slot.member = None
        self.hall.seating_changed()
        if self.started:
            slot.person = False
            if slot.bot is None:
                self.stand_in(seat)
            self.send_seat(seat)
            self.save()
        else:
            slot.name = None

    def save(self, *, closed: bool = False) -> None:
        """Keep who sits where with the saved game, so a restart finds it there
        (``closed``: the table closed for good, and a restart leaves it so)."""
        store = self.hall.store
        if store is None or self.game_id is None or store.closed:
            return
        try:
            store.update_meta(self.game_id, table_meta(self, closed=closed))
        except StoreError as err:
            log.error("table %s: who sits where cannot be saved: %s", self.code, err)

    # --- Closing ----------------------------------------------------------------

    def check_abandoned(self) -> None:
        """Close the table when nobody is at it: a finished one at once, another
        after the house's time (its game stays saved)."""
        if self.members or self.closed:
            if self._abandon is not None:
                self._abandon.cancel()
                self._abandon = None
            return
        if self.over:
            self.hall.close_table(self)
        elif self._abandon is None:
            loop = asyncio.get_running_loop()
            self._abandon = loop.call_later(
                self.hall.abandon_after, lambda: self.hall.close_table(self, abandoned=True)
            )

    def close(self, *, abandoned: bool = False) -> None:
        """Stop everything the table runs; the saved game stays as it is
        (``abandoned``: marked so that a restart leaves it closed)."""
        self.closed = True
        if self._driver is not None:
            self._driver.cancel()
        for timer in (self._abandon, self._autostart):
            if timer is not None:
                timer.cancel()
        if self.clock is not None:
            self.clock.stop()
        if self.rematch is not None:
            self.rematch.end(self.rematch.outcome or "expired")
        for slot in self.slots:
            if slot.grace is not None:
                slot.grace.cancel()
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self.bots is not None:
            self.bots.close()
        store = self.hall.store
        if store is not None and self.game is not None and not store.closed:
            if abandoned and not self.over:
                self.save(closed=True)
            store.detach(self.game)
