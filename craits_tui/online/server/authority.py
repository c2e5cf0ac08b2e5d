"""The table authority: every table's game, who sits where, and the only place
commands are decided.

Each SSH session runs its own app, which talks to this authority through the
socket of `craits_tui.online.server.ipc` in the messages of `craits_tui.online.protocol`.
The authority owns each table's `Game` (saved in a `GameStore` as it goes), checks
that a command comes from the seat it names, lets `Game.handle` decide it, and
sends every session only its own seat's redacted events. Bots play on the server,
hosted as `craits_tui.table.LocalTable` hosts them: each observes its seat's
redacted events, reacts off turn and chooses on turn, at a visible pace.

Everything here runs in one asyncio event loop, with the SSH server and the socket
server: a message is handled from start to end before the next one is looked at,
so a table never sees two commands at once, "idiot" and "last card" are decided in
the order they arrive, and there is not a single lock. (Nothing here waits on
anything but a timer; the store's writes are short local SQLite transactions.)
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from craits_core import (
    Game,
    GameStore,
    IllegalMove,
    RuleSet,
    StoreError,
    command_from_dict,
    redact,
)
from craits_core.bots import LEVELS, Bot, make_bot
from craits_core.bots.host import Undisturbed, next_move
from craits_core.rules import MAX_PLAYERS, MIN_PLAYERS

from ..protocol import encode_fields as encode
from .names import NAME_LENGTH, clean_name, clean_table_name, unique_name

log = logging.getLogger("craits.server")

STAND_IN_LEVEL = "normal"
"""The bot that plays a person's seat once their grace period is over."""

FILL_LEVEL = "normal"
"""The bot that takes a seat left empty when the game starts."""

BOT_NAMES = ("Ada", "Bob", "Cy", "Di", "Ed")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters of table and reconnect codes: none that reads like another (0/O, 1/I)."""

TABLE_CODE_LENGTH = 4
RECONNECT_CODE_LENGTH = 8

LOBBY_DELAY = 0.1
"""Seconds the lobby's table list waits to gather changes before it is sent."""


class SessionRefused(Exception):
    """A session cannot begin: its player's name shows nothing on a screen, or mixes
    alphabets that look alike. ``str()`` says why, in a sentence for the player."""


class Refusal(Exception):
    """What a session asked cannot be done; nothing changed. Sent as ``refused``.

    ``fatal``: the connection cannot go on (a hello with an unknown token).
    """

    def __init__(self, code: str, message: str, *, fatal: bool = False, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
        self.fatal = fatal


class Connection(Protocol):
    """One session's line to the authority (see `craits_tui.online.server.ipc`).

    Sending never waits: a connection that cannot keep up is closed by its
    transport, and the authority hears of it through `Authority.disconnect`.
    """

    def send(self, op: str, **fields: Any) -> None:
        """Send one message."""
        ...

    def send_line(self, line: bytes) -> None:
        """Send one message already encoded (`protocol.encode`), so a message for
        many sessions is encoded once."""
        ...

    def close(self, code: str, message: str) -> None:
        """Say ``bye`` and end the connection."""
        ...


@dataclass(eq=False)
class Member:
    """A player: one SSH session, whether or not its app is connected right now."""

    id: str
    token: str
    user: str
    """The SSH user name, cleaned: the player's default name and half their identity."""
    key: str | None
    """The fingerprint of the key they logged in with, if any: the other half."""
    address: str
    reconnect: str
    base: str = ""
    """Their name in the lobby: `user`, unlike every other player's there."""
    name: str = ""
    """Their name at their table: `base`, unlike every other name at it."""
    conn: Connection | None = None
    table: Table | None = None
    """The table the player is at (seated or watching); None in the lobby."""
    seat: int | None = None
    """Their seat at `table`; None when watching."""
    held: tuple[Table, int] | None = None
    """The seat they hold, even while away from it (a drop, a leave)."""

    def same_person(self, other: Member) -> bool:
        """Whether ``other`` is this player in another session: same name and same
        key. Without a key there is no proof, and the reconnect code is needed."""
        return self.key is not None and self.key == other.key and self.user == other.user


@dataclass(eq=False)
class Slot:
    """One seat of a table."""

    name: str | None = None
    bot: str | None = None
    """The level of the bot playing the seat: a bot's seat, or a stand-in."""
    person: bool = True
    """The seat is a person's (empty, taken, or kept for them while away)."""
    holder: Member | None = None
    present: bool = False
    """The holder is connected and sitting here."""
    grace: asyncio.TimerHandle | None = None

    def info(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "bot": self.bot,
            "connected": self.present or (not self.person and self.bot is not None),
            "person": self.person,
        }

    @property
    def free(self) -> bool:
        return self.person and self.holder is None and self.bot is None


class Table:
    """A table: its seats, the people at it and, once started, its game and bots."""

    def __init__(
        self, authority: Authority, code: str, name: str, rules: RuleSet, slots: list[Slot]
    ) -> None:
        self.authority = authority
        self.code = code
        self.name = name
        self.rules = rules
        self.slots = slots
        self.host_seat: int | None = 0
        self.members: dict[Member, None] = {}
        """Who is at the table (seated and present, or watching), in arrival order."""
        self.game: Game | None = None
        self.game_id: str | None = None
        self.bots: dict[int, Bot] = {}
        self._heard = 0
        self._unsubscribe: Callable[[], None] | None = None
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._abandon: asyncio.TimerHandle | None = None
        self.closed = False

    # --- Reading ----------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.state.is_over

    def info(self) -> dict[str, Any]:
        """The table as the protocol describes it."""
        host = self.host_seat
        return {
            "code": self.code,
            "name": self.name,
            "host": self.slots[host].name if host is not None else None,
            "host_seat": host,
            "rules": self.rules.to_dict(),
            "started": self.started,
            "over": self.over,
            "seats": [slot.info() for slot in self.slots],
            "spectators": sum(1 for m in self.members if m.seat is None),
        }

    def names(self, but: int | None = None) -> Iterator[str]:
        """The names at the table (but seat ``but``'s)."""
        return (s.name for i, s in enumerate(self.slots) if s.name is not None and i != but)

    def bot_name(self, seat: int) -> str:
        taken = {n.casefold() for n in self.names(seat)}
        free = next((n for n in BOT_NAMES if n.casefold() not in taken), BOT_NAMES[0])
        return unique_name(free, self.names(seat))

    # --- Telling ----------------------------------------------------------------

    def broadcast(self, op: str, **fields: Any) -> None:
        line = encode(op, **fields)
        for member in self.members:
            if member.conn is not None:
                member.conn.send_line(line)

    def send_table(self) -> None:
        self.broadcast("table", table=self.info())

    def send_seat(self, seat: int) -> None:
        slot = self.slots[seat]
        self.broadcast("seat", seat=seat, connected=slot.present, bot=slot.bot)

    def send_joined(self, member: Member, since: int) -> None:
        """``joined``, then the game's events from ``since`` on, for ``member``'s seat."""
        assert member.conn is not None
        count = self.game.event_count if self.game is not None else 0
        member.conn.send(
            "joined", code=self.code, seat=member.seat, table=self.info(), events=count
        )
        if self.game is not None:
            for index, event in enumerate(self.game.events_for(member.seat, since), since):
                member.conn.send("event", index=index, event=event)

    # --- The game ---------------------------------------------------------------

    def start(self, store: GameStore | None) -> None:
        """Seat bots on the empty seats and deal. Raises `StoreError`, with the
        table as it was, when the game cannot be saved."""
        filled = [seat for seat, slot in enumerate(self.slots) if slot.free]
        for seat in filled:
            slot = self.slots[seat]
            slot.bot, slot.person, slot.name = FILL_LEVEL, False, self.bot_name(seat)
        names = [slot.name or "" for slot in self.slots]
        game = self.authority.deal(names, self.rules)
        if store is not None:
            meta = {
                "seats": [{"name": s.name, "bot": s.bot} for s in self.slots],
                "table": self.code,
                "table_name": self.name,
            }
            try:
                self.game_id = store.add(game, meta=meta)
            except StoreError:
                for seat in filled:
                    slot = self.slots[seat]
                    slot.bot, slot.person, slot.name = None, True, None
                raise
        self.game = game
        self._heard = game.event_count
        for seat, slot in enumerate(self.slots):
            if slot.bot is not None:
                self.add_bot(seat, slot.bot)
        self._unsubscribe = game.subscribe(self._on_event)
        self.send_table()
        for member in self.members:
            self.send_joined_events(member)
        self._driver = asyncio.get_running_loop().create_task(
            self._drive(), name=f"craits-table-{self.code}"
        )
        self._wake.set()

    def send_joined_events(self, member: Member) -> None:
        """The game so far, to a member who was at the table when it started."""
        assert self.game is not None and member.conn is not None
        for index, event in enumerate(self.game.events_for(member.seat)):
            member.conn.send("event", index=index, event=event)

    def add_bot(self, seat: int, level: str) -> None:
        """A bot for ``seat``, told what its seat has seen so far."""
        assert self.game is not None
        bot = Undisturbed(make_bot(level, seed=secrets.randbits(32)))
        for event in self.game.events_for(seat):
            bot.observe(event)
        self.bots[seat] = bot

    def _on_event(self, event: dict[str, Any]) -> None:
        """A new event: to every bot and every member, each redacted for its seat."""
        assert self.game is not None
        index = self._heard
        self._heard += 1
        players = len(self.slots)
        for seat, bot in self.bots.items():
            bot.observe(redact(event, seat, players))
        lines: dict[int | None, bytes] = {}
        for member in self.members:
            if member.conn is None:
                continue
            line = lines.get(member.seat)
            if line is None:
                line = encode("event", index=index, event=redact(event, member.seat, players))
                lines[member.seat] = line
            member.conn.send_line(line)
        if event["type"] == "game-ended":
            self.send_table()
            self.authority.lobby_changed()
        self._wake.set()

    def wake(self) -> None:
        self._wake.set()

    @property
    def attended(self) -> bool:
        """Whether anyone is here: bots play only in front of someone."""
        return any(m.conn is not None for m in self.members)

    async def _drive(self) -> None:
        """Play the bots' moves, one at a time, at the authority's pace. Seats in
        their grace period have no bot: the game waits for them."""
        game = self.game
        assert game is not None
        pace = self.authority.bot_pace
        while not game.state.is_over:
            await self._wake.wait()
            self._wake.clear()
            # Sleep first, then look: a person may have moved meanwhile.
            await asyncio.sleep(pace)
            if not self.attended:
                continue  # woken again when someone comes back
            # A hard bot thinks for a while: in a thread, so that the other tables
            # and sessions go on meanwhile (and people here may still call "idiot").
            seen = game.event_count
            bots = dict(self.bots)
            move = await asyncio.to_thread(next_move, game.state, bots)
            if move is None:
                continue
            if game.event_count != seen or self.bots.get(move.player) is not bots[move.player]:
                continue  # the game moved on, or a person took the seat back: look again
            try:
                game.handle(move)  # its events wake this loop again
            except (IllegalMove, StoreError):
                log.exception("table %s: a bot's move was refused: %r", self.code, move)

    # --- Seats kept for people --------------------------------------------------

    def away(self, seat: int, grace: float) -> None:
        """The person at ``seat`` is gone: keep the seat for ``grace`` seconds
        (the game waits), then let a bot stand in."""
        slot = self.slots[seat]
        slot.present = False
        if slot.bot is None:
            if grace > 0:
                loop = asyncio.get_running_loop()
                slot.grace = loop.call_later(grace, self.stand_in, seat)
            else:
                self.stand_in(seat)
                return
        self.send_seat(seat)

    def stand_in(self, seat: int) -> None:
        """A bot plays the seat of a person who is away."""
        slot = self.slots[seat]
        slot.grace = None
        if self.closed or slot.present or slot.bot is not None:
            return
        slot.bot = STAND_IN_LEVEL
        self.add_bot(seat, STAND_IN_LEVEL)
        self.send_seat(seat)
        self.wake()

    def back(self, seat: int) -> None:
        """The seat's person is back: no more grace, no more stand-in."""
        slot = self.slots[seat]
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        slot.present = True
        if self.started and slot.person:
            slot.bot = None
            self.bots.pop(seat, None)

    # --- Closing ----------------------------------------------------------------

    def check_abandoned(self, after: float) -> None:
        """Close the table when nobody is at it: a finished one at once, one in
        play after ``after`` seconds (its game stays saved)."""
        if self.members or self.closed:
            if self._abandon is not None:
                self._abandon.cancel()
                self._abandon = None
            return
        if self.over:
            self.authority.close_table(self)
        elif self._abandon is None:
            loop = asyncio.get_running_loop()
            self._abandon = loop.call_later(after, self.authority.close_table, self)

    def close(self, store: GameStore | None) -> None:
        """Stop everything the table runs; the saved game stays as it is."""
        self.closed = True
        if self._driver is not None:
            self._driver.cancel()
        if self._abandon is not None:
            self._abandon.cancel()
        for seat, slot in enumerate(self.slots):
            if slot.grace is not None:
                slot.grace.cancel()
            holder = slot.holder
            if holder is not None and holder.held == (self, seat):
                holder.held = None
        if self._unsubscribe is not None:
            self._unsubscribe()
        if store is not None and self.game is not None and not store.closed:
            store.detach(self.game)


class Authority:
    """Every table of the server and every player's session.

    The SSH side registers a session with `open_session` (and ends it with
    `close_session`); the socket side hands over each connection's messages
    (`receive`, `disconnect`). A message the authority cannot carry out raises
    `Refusal`, and nothing has changed.
    """

    def __init__(
        self,
        store: GameStore | None = None,
        *,
        grace: float = 60.0,
        bot_pace: float = 0.6,
        max_tables: int = 50,
        abandon_after: float = 600.0,
        deal: Callable[[list[str], RuleSet], Game] | None = None,
    ) -> None:
        """``store`` keeps every table's game (None: games are not saved).

        ``grace``: seconds a dropped player's seat waits for them before a bot
        stands in; ``bot_pace``: seconds before each bot move, so people can
        follow the bots' play; ``max_tables``: tables open at once;
        ``abandon_after``: seconds a table in play with nobody at it stays open;
        ``deal``: how a table's game begins (tests stack the deck), by default
        `Game.new` with fresh randomness.
        """
        self.store = store
        self.grace = grace
        self.bot_pace = bot_pace
        self.max_tables = max_tables
        self.abandon_after = abandon_after
        self.deal = deal or _new_game
        self.tables: dict[str, Table] = {}
        self._sessions: dict[str, Member] = {}
        self._conns: dict[Connection, Member] = {}
        self._ids = 0
        self._lobby_timer: asyncio.TimerHandle | None = None

    # --- Sessions (from the SSH side) -------------------------------------------

    def open_session(
        self, user: str, *, key: str | None = None, address: str = "", token: str | None = None
    ) -> str:
        """Register a session for SSH user ``user`` and return the token that its
        app presents in ``hello`` (``token`` to choose it, for tests)."""
        token = token or secrets.token_urlsafe(24)
        self._ids += 1
        codes = {m.reconnect for m in self._sessions.values()}
        member = Member(
            id=f"p{self._ids}",
            token=token,
            user=clean_name(user),
            key=key,
            address=address,
            reconnect=_fresh_code(RECONNECT_CODE_LENGTH, codes, dash=True),
        )
        self._sessions[token] = member
        return token

    def close_session(self, token: str, code: str = "ended", message: str = "") -> None:
        """The SSH session of ``token`` ended (or must end: its app gets ``bye``)."""
        member = self._sessions.pop(token, None)
        if member is None:
            return
        conn = member.conn
        if conn is not None:
            conn.close(code, message or "The session ended.")
            self.disconnect(conn)

    def knows(self, conn: Connection) -> bool:
        """Whether ``conn`` has said hello."""
        return conn in self._conns

    def member_for(self, token: str) -> Member | None:
        """The player of a session (for the SSH side and tests)."""
        return self._sessions.get(token)

    def members(self) -> list[Member]:
        """Every player whose session is running."""
        return list(self._sessions.values())

    # --- Connections (from the socket side) -------------------------------------

    def receive(self, conn: Connection, message: dict[str, Any]) -> None:
        """Carry out one message of ``conn``; raises `Refusal` if it cannot be."""
        op = message["op"]
        member = self._conns.get(conn)
        if member is None:
            if op != "hello":
                raise Refusal("bad-message", "Say hello first.")
            self._hello(conn, message)
            return
        handler = _HANDLERS.get(op)
        if handler is None:
            raise Refusal("bad-message", f"Unknown message {op[:40]!r}.")
        handler(self, member, message)

    def disconnect(self, conn: Connection) -> None:
        """``conn`` is gone (closed, dropped, or thrown out): its seat waits."""
        member = self._conns.pop(conn, None)
        if member is None or member.conn is not conn:
            return
        self._leave(member, dropped=True)
        member.conn = None

    async def close(self) -> None:
        """Shut down: every session gets ``bye``, every table stops."""
        for member in list(self._sessions.values()):
            self.close_session(member.token, "shutdown", "The server is shutting down.")
        for table in list(self.tables.values()):
            self.close_table(table)
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()
        await asyncio.sleep(0)

    # --- Messages ---------------------------------------------------------------

    def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
        token = message.get("token")
        member = self._sessions.get(token) if isinstance(token, str) else None
        if member is None:
            raise Refusal("unknown-session", "This session is not known here.", fatal=True)
        old = member.conn
        if old is not None:
            # The same session connects again: the newer line wins.
            self._leave(member, dropped=True)
            self._conns.pop(old, None)
            member.conn = None
            old.close("replaced", "This session connected again.")
        if not member.base:
            live = (m.base for m in self._sessions.values() if m is not member and m.base)
            member.base = member.name = unique_name(member.user, live)
        self._conns[conn] = member
        member.conn = conn
        self._welcome(member)
        conn.send("tables", tables=self._listing())

    def _welcome(self, member: Member) -> None:
        if member.conn is not None:
            member.conn.send(
                "welcome", player=member.id, name=member.name, reconnect=member.reconnect
            )

    def _tables(self, member: Member, message: dict[str, Any]) -> None:
        assert member.conn is not None
        member.conn.send("tables", tables=self._listing())

    def _create(self, member: Member, message: dict[str, Any]) -> None:
        seats = message.get("seats")
        if not isinstance(seats, list) or not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise Refusal(
                "bad-message", f"A table has {MIN_PLAYERS} to {MAX_PLAYERS} seats.", field="seats"
            )
        if seats[0] is not None:
            raise Refusal("bad-message", "The first seat is the creator's.", field="seats")
        for level in seats:
            if level is not None and level not in LEVELS:
                raise Refusal("bad-message", "Unknown bot level.", field="seats", levels=LEVELS)
        rules = _rules(message.get("rules", {}))
        name = message.get("name")
        if name is not None and not isinstance(name, str):
            raise Refusal("bad-message", "A table's name is text.", field="name")
        if len(self.tables) >= self.max_tables:
            raise Refusal("too-many-tables", "There are too many tables; join one.")
        self._leave(member, dropped=False)
        self._release(member)
        code = _fresh_code(TABLE_CODE_LENGTH, self.tables.keys())
        slots = [Slot() if level is None else Slot(bot=level, person=False) for level in seats]
        table = Table(self, code, clean_table_name(name or "", member.name), rules, slots)
        for seat, slot in enumerate(slots):
            if slot.bot is not None:
                slot.name = table.bot_name(seat)
        self.tables[code] = table
        self._sit(member, table, 0)
        table.send_joined(member, 0)
        self.lobby_changed()

    def _join(self, member: Member, message: dict[str, Any]) -> None:
        table = self._table(message.get("code"))
        seat = message.get("seat")
        spectate = message.get("spectate", False)
        since = message.get("since", 0)
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(table.slots)):
            raise Refusal("bad-message", "There is no such seat.", field="seat")
        if not isinstance(spectate, bool):
            raise Refusal("bad-message", "spectate is true or false.", field="spectate")
        since = _since(since, table)
        if spectate:
            if member.table is not table or member.seat is not None:
                self._leave(member, dropped=False)
                member.table, member.seat = table, None
                table.members[member] = None
                table.check_abandoned(self.abandon_after)
                self._changed(table)
            table.send_joined(member, since)
            table.wake()  # bots waiting for an audience may go on
            return
        own = self._own_seat(member, table)
        if own is not None and (seat is None or seat == own):
            self._take_back(member, table, own, since)
            return
        if table.started:
            raise Refusal("table-full", "This game has started: you can watch it.")
        if seat is None:
            seat = next((i for i, s in enumerate(table.slots) if s.free), None)
            if seat is None:
                raise Refusal("table-full", "Every seat at this table is taken.")
        elif not table.slots[seat].free:
            raise Refusal("seat-taken", "That seat is taken.", seat=seat)
        self._leave(member, dropped=False)
        self._release(member)
        self._sit(member, table, seat)
        table.send_joined(member, since)
        self._changed(table)

    def _reconnect(self, member: Member, message: dict[str, Any]) -> None:
        code = message.get("code")
        wanted = _normal_code(code) if isinstance(code, str) else ""
        since = message.get("since", 0)
        for table in self.tables.values():
            for seat, slot in enumerate(table.slots):
                holder = slot.holder
                if holder is not None and wanted and _normal_code(holder.reconnect) == wanted:
                    self._take_back(member, table, seat, _since(since, table))
                    return
        raise Refusal("unknown-code", "No seat is kept for that code.")

    def _fill(self, member: Member, message: dict[str, Any]) -> None:
        table = self._hosted(member)
        seat, level = message.get("seat"), message.get("bot")
        if type(seat) is not int or not 0 <= seat < len(table.slots):
            raise Refusal("bad-message", "There is no such seat.", field="seat")
        if level is not None and level not in LEVELS:
            raise Refusal("bad-message", "Unknown bot level.", field="bot", levels=LEVELS)
        slot = table.slots[seat]
        if slot.holder is not None:
            raise Refusal("seat-taken", "A person sits there.", seat=seat)
        if level is None:
            slot.bot, slot.person, slot.name = None, True, None
        else:
            slot.bot, slot.person = level, False
            slot.name = slot.name or table.bot_name(seat)
        self._changed(table)

    def _start(self, member: Member, message: dict[str, Any]) -> None:
        table = self._hosted(member)
        try:
            table.start(self.store)
        except StoreError as err:
            log.error("table %s: the game cannot be saved: %s", table.code, err)
            raise Refusal("server-error", "The server cannot save games right now.") from None
        self.lobby_changed()

    def _command(self, member: Member, message: dict[str, Any]) -> None:
        table = member.table
        if table is None:
            raise Refusal("no-such-table", "You are not at a table.")
        if member.seat is None:
            raise Refusal("not-your-seat", "You are watching: you have no seat.")
        if table.game is None:
            raise Refusal("not-started", "The game has not started.")
        try:
            command = command_from_dict(message.get("command"))
        except ValueError as err:
            raise Refusal("bad-message", f"Not a command: {err}", field="command") from None
        if command.player != member.seat:
            raise Refusal(
                "not-your-seat", "That seat is not yours.", seat=command.player, yours=member.seat
            )
        try:
            table.game.handle(command)
        except IllegalMove as err:
            raise Refusal(err.code, str(err), **_plain(err.params)) from None
        except StoreError as err:
            log.error("table %s: a move cannot be saved: %s", table.code, err)
            raise Refusal("server-error", "The server cannot save this move.") from None

    def _leave_op(self, member: Member, message: dict[str, Any]) -> None:
        table = member.table
        self._leave(member, dropped=False)
        assert member.conn is not None
        member.conn.send("left", code=table.code if table is not None else None)
        member.conn.send("tables", tables=self._listing())

    # --- Moving people ----------------------------------------------------------

    def _table(self, code: Any) -> Table:
        table = self.tables.get(_normal_code(code)) if isinstance(code, str) else None
        if table is None:
            raise Refusal("no-such-table", "There is no table with that code.")
        return table

    def _hosted(self, member: Member) -> Table:
        table = member.table
        if table is None:
            raise Refusal("no-such-table", "You are not at a table.")
        if table.host_seat is None or member.seat != table.host_seat:
            raise Refusal("not-host", "Only the host of the table can do that.")
        if table.started:
            raise Refusal("already-started", "The game has started.")
        return table

    def _own_seat(self, member: Member, table: Table) -> int | None:
        """The seat ``member`` holds at ``table``, in this session or, with the
        same name and key, in an earlier one."""
        for seat, slot in enumerate(table.slots):
            holder = slot.holder
            if holder is not None and (holder is member or holder.same_person(member)):
                return seat
        return None

    def _sit(self, member: Member, table: Table, seat: int) -> None:
        """Seat ``member`` on a free seat of a table waiting to start."""
        slot = table.slots[seat]
        slot.holder, slot.present, slot.person, slot.bot = member, True, True, None
        name = unique_name(member.base, table.names(seat), NAME_LENGTH)
        slot.name = name
        member.held = (table, seat)
        member.table, member.seat = table, seat
        table.members[member] = None
        table.check_abandoned(self.abandon_after)
        if name != member.name:
            member.name = name
            self._welcome(member)

    def _take_back(self, member: Member, table: Table, seat: int, since: int) -> None:
        """``member`` takes back a seat kept for them (or for the reconnect code)."""
        slot = table.slots[seat]
        old = slot.holder
        if old is not None and old is not member:
            old.held = None
            if old.table is table and old.seat == seat and old.conn is not None:
                # The earlier session still looks alive (its connection may be dead
                # without the server knowing yet): it gives the seat up.
                conn = old.conn
                self._leave(old, dropped=False, quiet=True)
                self.disconnect(conn)
                conn.close("taken-back", "Your seat was taken back from another session.")
        if member.table is not table or member.seat != seat:
            self._leave(member, dropped=False)
        if member.held != (table, seat):
            self._release(member)
        slot.holder = member
        member.held = (table, seat)
        member.table, member.seat = table, seat
        table.members[member] = None
        table.back(seat)
        table.check_abandoned(self.abandon_after)
        if slot.name is not None and member.name != slot.name:
            member.name = slot.name
            self._welcome(member)
        table.send_joined(member, since)
        if table.started:
            table.send_seat(seat)
            table.wake()
        else:
            self._changed(table)

    def _leave(self, member: Member, *, dropped: bool, quiet: bool = False) -> None:
        """``member`` gets up from their table (if at one) and is in the lobby.

        Before the start their seat is freed; after it, the seat is kept for
        them: a drop gets the grace period, a leave on purpose a bot at once.
        """
        table = member.table
        if table is None:
            return
        seat = member.seat
        table.members.pop(member, None)
        member.table, member.seat = None, None
        if seat is not None:
            slot = table.slots[seat]
            if not table.started:
                slot.holder, slot.present, slot.name = None, False, None
                member.held = None
                if table.host_seat == seat:
                    self._pass_host(table)
                    if table.closed:
                        return
            elif not quiet:
                table.away(seat, self.grace if dropped else 0.0)
            else:
                slot.present = False
        table.check_abandoned(self.abandon_after)
        self._changed(table)

    def _release(self, member: Member) -> None:
        """``member`` sits elsewhere: a seat still kept for them is theirs no more
        (a bot plays it for good)."""
        held = member.held
        member.held = None
        if held is None:
            return
        table, seat = held
        slot = table.slots[seat]
        if slot.holder is not member:
            return
        slot.holder = None
        if table.started:
            slot.person = False
            if slot.bot is None:
                table.stand_in(seat)
            table.send_seat(seat)
        else:
            slot.present, slot.name = False, None
            self._changed(table)

    def _pass_host(self, table: Table) -> None:
        """The host left a table waiting to start: the next person seated hosts
        it; with nobody left, it closes."""
        nxt = next((i for i, s in enumerate(table.slots) if s.present), None)
        table.host_seat = nxt
        if nxt is None:
            self.close_table(table)

    def close_table(self, table: Table) -> None:
        """Close ``table``; whoever is still at it goes back to the lobby."""
        if table.closed:
            return
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
        for member in list(table.members):
            member.table, member.seat = None, None
            if member.conn is not None:
                member.conn.send("left", code=table.code, message="The table closed.")
        table.members.clear()
        table.close(self.store)
        self.lobby_changed()

    # --- The lobby --------------------------------------------------------------

    def _listing(self) -> list[dict[str, Any]]:
        return [t.info() for t in self.tables.values() if not t.over]

    def _changed(self, table: Table) -> None:
        """Who sits where changed: the table's people and the lobby hear of it."""
        if not table.started and not table.closed:
            table.send_table()
        self.lobby_changed()

    def lobby_changed(self) -> None:
        """Send the table list to everyone in the lobby, soon (changes in a burst
        make one message)."""
        if self._lobby_timer is None:
            loop = asyncio.get_running_loop()
            self._lobby_timer = loop.call_later(LOBBY_DELAY, self._send_lobby)

    def _send_lobby(self) -> None:
        self._lobby_timer = None
        line: bytes | None = None
        for conn, member in self._conns.items():
            if member.table is None:
                line = line or encode("tables", tables=self._listing())
                conn.send_line(line)


_HANDLERS: dict[str, Callable[[Authority, Member, dict[str, Any]], None]] = {
    "tables": Authority._tables,
    "create": Authority._create,
    "join": Authority._join,
    "reconnect": Authority._reconnect,
    "fill": Authority._fill,
    "start": Authority._start,
    "command": Authority._command,
    "leave": Authority._leave_op,
}


def _new_game(names: list[str], rules: RuleSet) -> Game:
    return Game.new(names, rules=rules)


def _rules(data: Any) -> RuleSet:
    try:
        return RuleSet.from_dict(data)
    except ValueError as err:
        raise Refusal("bad-message", f"Bad rules: {err}", field="rules") from None


def _since(since: Any, table: Table) -> int:
    count = table.game.event_count if table.game is not None else 0
    if type(since) is not int or not 0 <= since <= count:
        raise Refusal("bad-message", "since is an event index of the game.", field="since")
    return since


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    """Refusal parameters as JSON can carry them."""
    return {
        str(k): v if isinstance(v, str | int | float | bool | None) else str(v)
        for k, v in params.items()
    }


def _normal_code(code: str) -> str:
    """A code as typed ("abcd-efgh ", "ABCDEFGH"), in its stored form, letters only."""
    return "".join(c for c in code.upper() if c.isalnum())[:32]


def _fresh_code(length: int, taken: Any, *, dash: bool = False) -> str:
    """A random code of ``length`` letters, not in ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(length))
        if dash:
            half = length // 2
            code = f"{code[:half]}-{code[half:]}"
        if code not in taken:
            return code
