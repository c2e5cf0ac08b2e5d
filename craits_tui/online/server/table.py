"""A table on the server: its seats, the sessions at it and, once started, its game.

The table owns its `Game` (saved in the house's store as it goes), tells every
session at it only its own seat's redacted events, and plays its bots (a
`BotHost`) at a visible pace, in another thread so the other tables go on.

Every move goes through `ServerTable.submit`, which knows who made it: the person
at the seat, a bot, or a bot because the person's clock ran out. So each person's
`Attendance` is kept (how much of their seat they played, their turns run out,
when they went away); it is saved in the table's meta with each move's events,
in the same transaction, and so is the game's end with its ratings.

Around the game: the table's chat (`chat`); at a quick-match table, the wait
before it starts by itself; the clock of each person's turn (`clock`); and at
game over, the offer of a rematch (`rematch`). Who is away, who dozes and when
the table is left to nobody is `presence`'s business.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator

from craits_core import Command, Event, Game, IllegalMove, RuleSet, StoreError, redact
from craits_core.bot_levels import DEFAULT_LEVEL
from craits_core.events import GameEnded
from craits_core.hosting import BotHost

from ...names import BOT_NAMES, same_name, unique_name
from ..protocol import (
    EventSent,
    Joined,
    Message,
    RefusalCode,
    TableChanged,
    TableInfo,
    encode,
)
from .attendance import Attendance, Mover, is_move
from .chat import Chat, Spoken
from .clock import TurnTimer
from .driver import BotDriver
from .hall import Hall
from .ledger import Finished
from .presence import Whereabouts
from .refusal import RequestRefused, move_refused
from .rematch import RematchOffer
from .saved import table_meta
from .seats import Identity, Member, Slot

log = logging.getLogger("craits.server")

FILL_LEVEL = DEFAULT_LEVEL
"""The bot that takes a seat left empty when the game starts."""


class ServerTable:
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
        """Seconds a person has for each move, as the table was made; None: the
        house's long clock (`HouseRules.slow_turn`)."""
        self.spectator_chat = spectator_chat
        self.people: dict[int, Identity] = {}
        """The people who sat at the table when its game began, by seat: those rated
        at its end (a person who left meanwhile counts as last)."""
        self.attendance: dict[int, Attendance] = {}
        """How each of those people has played their seat."""
        self.chat = Chat(hall.rules.chat_pace)
        self.rematch: RematchOffer | None = None
        self.replay: str | None = None
        """The finished game's replay code."""
        self.members: dict[Member, None] = {}
        """The sessions at the table (seated and present, or watching), in arrival order."""
        self.game: Game | None = None
        self.game_id: str | None = None
        self.bots: BotHost | None = None
        self.closed = False
        self.clock = TurnTimer(self, self.clock_time)
        self.presence = Whereabouts(self)
        self._finished: Finished | None = None
        self._heard = 0
        self._unsubscribe: Callable[[], None] | None = None
        self.driver: BotDriver | None = None
        self._autostart: asyncio.TimerHandle | None = None

    # --- Reading ----------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.state.is_over

    @property
    def event_count(self) -> int:
        """Events in the game so far (none before it starts)."""
        return self.game.event_count if self.game is not None else 0

    @property
    def clock_time(self) -> int:
        """Seconds a person has for each move."""
        return self.turn_time if self.turn_time is not None else self.hall.rules.slow_turn

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
            turn_time=self.clock_time,
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
        free = next((n for n in BOT_NAMES if not any(same_name(n, t) for t in taken)), BOT_NAMES[0])
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
        self.broadcast(self.slots[seat].change(seat))

    def send_joined(self, member: Member, since: int = 0) -> None:
        """`Joined`, then the game's events from ``since`` on, for ``member``'s seat."""
        conn = member.conn
        assert conn is not None
        conn.send(Joined(self.code, member.seat, self.info(), self.event_count))
        if self.game is not None:
            self.send_joined_events(member, since)
            clock = self.clock.running()
            if clock is not None:
                conn.send(clock)  # a turn timed already: what is left of it
        mutes = self.hall.muted(member)
        for spoken in self.chat.lines:
            if not mutes(spoken):
                conn.send(spoken.line)
        if self.rematch is not None:
            conn.send(self.rematch.state())

    def send_chat(self, spoken: Spoken) -> None:
        """A line of chat, to everyone at the table who has not muted its sender."""
        encoded = encode(spoken.line)
        for member in self.members:
            if member.conn is not None and not self.hall.muted(member)(spoken):
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
        self.attendance = {seat: Attendance() for seat in self.people}
        game = self.hall.deal([slot.name or "" for slot in self.slots], self.rules)
        store = self.hall.store
        if store is not None:
            try:
                self.game_id = store.add(game, meta=table_meta(self).to_dict(), saving=self.saving)
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

    def resume(
        self,
        game: Game,
        game_id: str,
        people: dict[int, Identity],
        attendance: dict[int, Attendance],
    ) -> None:
        """Go on with a game saved before the server stopped (``people``: who sat
        at it when it began, ``attendance``: how they played it): every person is
        away, and their grace period starts now. The game must be attached to the
        store with `saving` as its hook."""
        self.game_id = game_id
        self.people = dict(people)
        self.attendance = {seat: attendance.get(seat, Attendance()) for seat in self.people}
        for slot in self.slots:
            if slot.person:
                slot.bot = None
        self._play(game)
        for seat, slot in enumerate(self.slots):
            if slot.person and slot.holder is not None:
                self.presence.away(seat, self.hall.rules.grace)
            elif slot.person:
                self.presence.stand_in(seat)  # nobody to wait for
        self.presence.check_abandoned()

    def _play(self, game: Game) -> None:
        self.game = game
        self._heard = game.event_count
        levels = {seat: slot.bot for seat, slot in enumerate(self.slots) if slot.bot is not None}
        self.bots = BotHost(game, levels)
        self._unsubscribe = game.subscribe(self._on_event)
        self.driver = BotDriver(self, game, self.bots)
        self.clock.look()

    def submit(self, command: Command, by: Mover) -> None:
        """Make ``command`` for its seat in the table's game, made ``by`` whom: the
        one way a move is made at a table (the person at the seat, a bot, or a bot
        for a person whose clock ran out).

        Raises `RequestRefused`, with nothing changed, when the game has not started, the
        rules refuse the move (the engine's code, words and params) or the move
        cannot be saved. What is not the person's doing (a save that failed, a
        bot's move refused) is logged here too."""
        game = self.game
        if game is None:
            raise RequestRefused(RefusalCode.NOT_STARTED, "The game has not started.")
        seat = command.player
        before = self.attendance.get(seat)
        if before is not None and is_move(command):
            # Counted before the move, so that what is saved with it counts it.
            self.attendance[seat] = before.moved(by, game.event_count)
        try:
            game.handle(command)
        except BaseException as err:
            if before is not None:
                self.attendance[seat] = before
            if isinstance(err, IllegalMove | StoreError):
                raise move_refused(err, self.code, command, by) from None
            raise
        if by is Mover.CLOCK and before is not None and self.attendance[seat].dozing:
            self.presence.doze(seat)

    def saving(self, events: list[Event]) -> None:
        """Within the transaction saving a move's events: the table's meta (the
        attendance moved), and at the game's end its ratings and replay code."""
        self.write_meta()
        for event in events:
            if isinstance(event, GameEnded):
                # The game takes its events after this: its totals are the event's.
                placings = self.presence.placings(event.totals)
                self._finished = self.hall.finish(self, placings, over=True)

    def send_joined_events(self, member: Member, since: int = 0) -> None:
        """The game's events from ``since`` on, for ``member``'s seat (all of them:
        to a session that was at the table when it started)."""
        assert self.game is not None and member.conn is not None
        for index, event in enumerate(self.game.events_for(member.seat, since), since):
            member.conn.send(EventSent(index, event))

    def _on_event(self, event: Event) -> None:
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
                line = encode(EventSent(index, redact(event, member.seat, players)))
                lines[member.seat] = line
            member.conn.send_line(line)
        self.clock.heard(event, index)
        if isinstance(event, GameEnded):
            finished, self._finished = self._finished, None
            if finished is not None:
                self.replay = finished.replay
            self.hall.game_over(self, finished)
            self.offer_rematch()
            self.send_table()
            self.hall.lobby_changed()
        self.wake()

    def wake(self) -> None:
        """Someone came, or a bot took a seat: the bots may have a move to make."""
        if self.driver is not None:
            self.driver.wake()

    def ran_out(self, seat: int) -> None:
        """The clock of ``seat``'s person ran out: a bot makes their move."""
        if self.driver is not None and not self.closed:
            self.driver.ran_out(seat)

    # --- A quick-match table ----------------------------------------------------

    def count_down(self) -> None:
        """(Again) give a quick-match table the house's wait for more people; then
        it starts by itself, bots in its empty seats."""
        if not self.quick or self.started or self.closed:
            return
        if self._autostart is not None:
            self._autostart.cancel()
        loop = asyncio.get_running_loop()
        self._autostart = loop.call_later(self.hall.rules.quick_wait, self._start_by_itself)

    def _start_by_itself(self) -> None:
        self._autostart = None
        if not self.started and not self.closed and any(s.present for s in self.slots):
            self.hall.start_table(self)

    # --- A rematch -------------------------------------------------------------------

    def offer_rematch(self) -> None:
        """At game over: the people still here may play again, within the house's time."""
        here = tuple(seat for seat, slot in enumerate(self.slots) if slot.person and slot.present)
        if here:
            self.rematch = RematchOffer(here, self.hall.rules.rematch_time, self.broadcast)
            self.broadcast(self.rematch.state())

    # --- Saving and closing -------------------------------------------------------

    def save(self) -> None:
        """Keep who sits where (and how they played) with the saved game, so a
        restart finds it there; the log says so if it cannot be."""
        try:
            self.write_meta()
        except StoreError as err:
            log.error("table %s: who sits where cannot be saved: %s", self.code, err)

    def write_meta(self, *, closed: bool = False) -> None:
        """`save`, raising `StoreError` (within a transaction, as a part of it);
        ``closed``: the table closed for good, and a restart leaves it so."""
        store = self.hall.store
        if store is None or self.game_id is None or store.closed:
            return
        store.update_meta(self.game_id, table_meta(self, closed=closed).to_dict())

    def close(self) -> None:
        """Stop everything the table runs; the saved game stays as it is."""
        self.closed = True
        if self.driver is not None:
            self.driver.close()
        if self._autostart is not None:
            self._autostart.cancel()
        self.presence.stop()
        self.clock.stop()
        if self.rematch is not None:
            self.rematch.end(self.rematch.outcome or "expired")
        if self._unsubscribe is not None:
            self._unsubscribe()
        store = self.hall.store
        if store is not None and self.game is not None and not store.closed:
            store.detach(self.game)
