"""The session's side of play over SSH: a line to the server and a table seen from one seat.

The server decides every command (see `craits_tui.online.protocol`). This side
keeps what its seat may know: the events the server sends it, already redacted,
folded into the seat's view. From that view it knows its legal moves without
asking, so a move the rules refuse is refused here at once, in the player's words,
and only moves the rules allow travel to the server.

No Textual here: `RemoteConnection` calls its listeners from the task that reads
the socket, in the event loop that opened it (the app's), and the screens turn
those calls into messages of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from craits_core import (
    FULL_DECK,
    Command,
    IllegalMove,
    Play,
    PlayerView,
    Rank,
    RuleSet,
    State,
    command_to_dict,
    initial_state,
    legal_moves_in_view,
)
from craits_core.decide import decide
from craits_core.view import project

from .i18n import N_, _
from .online.protocol import MAX_LINE, BadMessage
from .online.protocol import decode_object as decode
from .online.protocol import encode_fields as encode
from .table import Listener, Seat

if TYPE_CHECKING:
    from .settings import Settings

TOKEN_VARIABLE = "CRAITS_SESSION"
"""The environment variable through which the server hands a session its token."""

HELLO_TIMEOUT = 10.0
"""Seconds to wait for the server's welcome before giving up."""

IN_FLIGHT = 5.0
"""Seconds a sent command holds back the next one while its answer is awaited: the
view it was checked against is the last one known until the server answers."""

DEFAULT_BOT = "normal"
"""The level a bot is taken to have when the server filled a free seat without
saying which (it says so with a ``table`` message)."""

MessageListener = Callable[[dict[str, Any]], None]
RefusalListener = Callable[[IllegalMove], None]


class ConnectionProblem(Exception):
    """The server cannot be reached or turned the session away; ``str()`` says why
    in words for the player."""


# --- What the server says about tables -------------------------------------------------


@dataclass(frozen=True)
class Welcome:
    """Who the server says this session is."""

    player: Any
    """The server's own id for the player (shown nowhere)."""
    name: str
    """The player's name at the tables, cleaned and made unique by the server."""
    reconnect: str
    """The code that takes the player's seat back after a dropped connection."""

    @classmethod
    def from_message(cls, message: dict[str, Any]) -> Welcome:
        name, code = message.get("name"), message.get("reconnect")
        if not isinstance(name, str) or not isinstance(code, str):
            raise BadMessage("a welcome names the player and the reconnect code")
        return cls(message.get("player"), name, code)


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table as the lobby shows it."""

    name: str | None
    """Who sits there; None while the seat is free."""
    bot: str | None = None
    """The level of the bot that plays the seat, if a bot does."""
    connected: bool = True
    person: bool = True
    """The seat belongs to a person (a bot may stand in while they are away)."""

    @property
    def free(self) -> bool:
        return not self.name and self.bot is None

    @classmethod
    def from_dict(cls, data: Any) -> SeatInfo:
        if not isinstance(data, dict):
            raise BadMessage("a seat is an object")
        name, bot = data.get("name"), data.get("bot")
        if name is not None and not isinstance(name, str):
            raise BadMessage("a seat's name is text")
        if bot is not None and not isinstance(bot, str):
            raise BadMessage("a bot level is text")
        return cls(
            name or None,
            bot,
            bool(data.get("connected", True)),
            bool(data.get("person", bot is None)),
        )


@dataclass(frozen=True)
class TableInfo:
    """A table as the lobby lists it."""

    code: str
    name: str
    host: str | None
    rules: RuleSet
    started: bool
    seats: tuple[SeatInfo, ...]
    spectators: int
    host_seat: int | None = None
    """The host's seat, when the server says (else the host is known by name)."""
    over: bool = False

    @property
    def taken(self) -> int:
        return sum(not seat.free for seat in self.seats)

    @property
    def free(self) -> int:
        return len(self.seats) - self.taken

    @classmethod
    def from_dict(cls, data: Any) -> TableInfo:
        if not isinstance(data, dict):
            raise BadMessage("a table is an object")
        code, name = data.get("code"), data.get("name")
        if not isinstance(code, str) or not isinstance(name, str):
            raise BadMessage("a table has a code and a name")
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise BadMessage("a table lists its seats")
        host, host_seat = data.get("host"), data.get("host_seat")
        watching = data.get("spectators", 0)
        try:
            rules = RuleSet.from_dict(data.get("rules", {}))
        except ValueError as err:
            raise BadMessage(str(err)) from None
        return cls(
            code,
            name,
            host if isinstance(host, str) else None,
            rules,
            bool(data.get("started", False)),
            tuple(SeatInfo.from_dict(seat) for seat in seats),
            # The server may count its spectators or list them.
            len(watching)
            if isinstance(watching, list)
            else watching
            if type(watching) is int
            else 0,
            host_seat if type(host_seat) is int else None,
            bool(data.get("over", False)),
        )


PROTOCOL_REFUSALS = {
    "bad-message": N_("The server did not understand that."),
    "not-your-seat": N_("That seat is not yours."),
    "table-full": N_("That table has no free seat: you can watch it."),
    "seat-taken": N_("That seat is taken."),
    "no-such-table": N_("There is no table with that code."),
    "not-host": N_("Only the host of the table can do that."),
    "too-fast": N_("Not so fast: wait a moment and try again."),
    "name-taken": N_("That name is taken."),
    "too-many-tables": N_("There are too many tables open: join one of them."),
    "unknown-code": N_("No seat is kept for that reconnect code."),
    "already-started": N_("The game has started already."),
    "not-started": N_("The game has not started yet."),
    "server-error": N_("Something went wrong on the server."),
    "unknown-session": N_("The server does not know this session."),
}
"""What each of the protocol's own refusal codes means (translated where shown)."""

BYE_REASONS = {
    "shutdown": N_("The server is shutting down."),
    "idle": N_("No input for too long: the session ended."),
    "replaced": N_("This session connected again elsewhere."),
    "taken-back": N_("Your seat was taken back from another session."),
    "too-fast": N_("Too many messages: the session ended."),
    "bad-messages": N_("Too many messages the server did not understand: the session ended."),
    "handshake": N_("The session did not start in time."),
    "ended": N_("The session ended."),
    "unknown-session": N_("The server does not know this session."),
}
"""Why the server ends a session, by the code of its ``bye``."""


def refusal_text(code: str, message: str) -> str:
    """A refusal that is not about the rules, in the player's language (the
    server's own English sentence for a code this side does not know)."""
    known = PROTOCOL_REFUSALS.get(code)
    if known is not None:
        return _(known)
    return message or _("The server refused that.")


# --- Refusing here what the server would refuse -----------------------------------------


def normal_form(command: Command) -> Command:
    """``command`` as `legal_moves_in_view` lists it: a play without the
    "last card" riding on it, a 9 that keeps its suit without a suit."""
    if isinstance(command, Play):
        suit = command.suit
        if command.card.rank is Rank.NINE and suit is command.card.suit:
            suit = None
        return Play(command.player, command.card, suit)
    return command


def why_illegal(view: PlayerView, command: Command) -> IllegalMove:
    """Why the rules refuse ``command`` where ``view`` stands: the engine's own
    refusal, asked of a stand-in for the real state.

    The stand-in holds what the view shows; the cards it cannot know (the other
    hands, the stock) are blanks. A refusal depends only on the seat's own hand
    and on how many cards the others hold, so the reason is the one the server
    would give.
    """
    try:
        decide(_stand_in(view), command)
    except IllegalMove as refusal:
        return refusal
    return IllegalMove("not-now", _("That move is not possible now."))


def _stand_in(view: PlayerView) -> State:
    """A `State` with the view's public facts and blanks for hidden cards."""
    blank = FULL_DECK[0]
    hands = tuple(
        view.hand if seat == view.seat else (blank,) * size
        for seat, size in enumerate(view.hand_sizes)
    )
    state = initial_state()
    for name, value in {
        "players": view.players,
        "rules": view.rules,
        "first_round": view.first_round,
        "round_number": view.round_number,
        "hand_size": view.hand_size,
        "dealer": view.dealer,
        "direction": view.direction,
        "current_player": view.current_player,
        "choosing_suit": view.choosing_suit,
        "hands": hands,
        "stock": (blank,) * view.stock_size,
        "pile": view.discard,
        "active_suit": view.active_suit,
        "crank": view.crank,
        "announced": view.announced,
        "window": view.window,
        "lost_turns": view.lost_turns,
        "round_scores": view.round_scores,
        "totals": view.totals,
        "is_over": view.is_over,
        "winners": view.winners,
    }.items():
        setattr(state, name, value)
    return state


# --- The line to the server ----------------------------------------------------------------


class RemoteConnection:
    """One session's connection to the server: requests out, messages in.

    `open` connects and says hello; `run` then reads the server's lines until the
    connection ends, routing each message (events to the table the session sits
    at) before telling the listeners. Sending never waits: a line is small, and the
    socket's buffer takes it.
    """

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, welcome: Welcome
    ) -> None:
        """Use `open` instead."""
        self._reader = reader
        self._writer = writer
        self.welcome = welcome
        self.tables: list[TableInfo] = []
        """The open tables, as last listed by the server."""
        self.table: RemoteTable | None = None
        """The table the session sits at or watches, if any."""
        self.closed = False
        self.close_reason: str | None = None
        self.ended_by_server = False
        """The server said ``bye`` (its side of the session is ending too)."""
        self._listeners: list[MessageListener] = []
        self._close_listeners: list[Callable[[str], None]] = []

    @classmethod
    async def open(
        cls, path: str, token: str | None = None, timeout: float = HELLO_TIMEOUT
    ) -> RemoteConnection:
        """Connect to the server's socket at ``path`` and say hello with ``token``
        (by default the one in the environment). Raises `ConnectionProblem`."""
        if token is None:
            token = os.environ.get(TOKEN_VARIABLE, "")
        if not token:
            raise ConnectionProblem(
                _("This session has no token: the Craits server starts online sessions.")
            )
        try:
            reader, writer = await asyncio.open_unix_connection(path, limit=MAX_LINE + 1)
        except OSError as err:
            raise ConnectionProblem(
                _("Could not reach the Craits server ({error}).").format(error=err.strerror or err)
            ) from None
        try:
            writer.write(encode("hello", token=token))
            line = await asyncio.wait_for(reader.readline(), timeout)
            answer = decode(line) if line else None
            if answer is None:
                raise ConnectionProblem(_("The server closed the connection."))
            if answer["op"] == "welcome":
                return cls(reader, writer, Welcome.from_message(answer))
            if answer["op"] == "refused":
                raise ConnectionProblem(
                    _("The server turned this session away: {reason}").format(
                        reason=refusal_text(str(answer.get("code")), str(answer.get("message", "")))
                    )
                )
            if answer["op"] == "bye":
                raise ConnectionProblem(_bye_text(answer))
            raise BadMessage("the first answer is a welcome")
        except TimeoutError:
            problem = ConnectionProblem(_("The server did not answer."))
        except (BadMessage, ValueError):  # ValueError: a line longer than the limit
            problem = ConnectionProblem(_("The server's answer made no sense."))
        except OSError as err:
            problem = ConnectionProblem(
                _("The connection to the server was lost ({error}).").format(error=err)
            )
        except ConnectionProblem as err:
            problem = err
        writer.close()
        raise problem

    # --- Listening -----------------------------------------------------------------

    def subscribe(self, listener: MessageListener) -> Callable[[], None]:
        """Call ``listener`` with every message from the server, after this side
        has taken it in (a ``joined`` message finds `table` set)."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def on_close(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call ``listener`` once, with the reason in the player's words, when the
        connection ends (never when `close` ends it)."""
        self._close_listeners.append(listener)
        return lambda: (
            self._close_listeners.remove(listener) if listener in self._close_listeners else None
        )

    async def run(self) -> None:
        """Read and route the server's messages until the connection ends.

        A listener's own error is not the server's fault: it is raised from here.
        """
        reason = _("The server closed the connection.")
        nonsense = _("The server sent something this game does not understand.")
        try:
            while not self.closed:
                try:
                    line = await self._reader.readline()
                except ValueError:  # a line longer than the limit
                    reason = nonsense
                    break
                if not line.endswith(b"\n"):
                    break  # the end of the stream, maybe in the middle of a line
                self._dispatch(decode(line))
        except BadMessage:
            reason = nonsense
        except OSError as err:
            reason = _("The connection to the server was lost ({error}).").format(error=err)
        finally:
            if not self.closed:
                self._writer.close()
        self._end(reason)

    def _dispatch(self, message: dict[str, Any]) -> None:
        op = message["op"]
        if op == "tables":
            listed = message.get("tables")
            if not isinstance(listed, list):
                raise BadMessage("tables come as a list")
            self.tables = [TableInfo.from_dict(t) for t in listed]
        elif op == "table":
            info = TableInfo.from_dict(message.get("table"))
            listed = [t.code for t in self.tables]
            if info.code in listed:
                self.tables[listed.index(info.code)] = info
            else:
                self.tables.append(info)
            if self.table is not None and self.table.code == info.code:
                self.table._update(info)
        elif op == "joined":
            info = TableInfo.from_dict(message.get("table"))
            seat = message.get("seat")
            if seat is not None and (type(seat) is not int or not 0 <= seat < len(info.seats)):
                raise BadMessage("no such seat")
            expected = message.get("events")
            self.table = RemoteTable(self, info, seat, expected if type(expected) is int else None)
        elif op == "event":
            if self.table is not None:  # else: the rest of a table just left
                self.table._receive(message.get("index"), message.get("event"))
        elif op == "seat":
            if self.table is not None:
                self.table._seat_changed(message)
        elif op == "refused":
            params = message.get("params")
            refusal = IllegalMove(
                str(message.get("code", "")),
                str(message.get("message", "")),
                **{
                    str(k): v
                    for k, v in (params.items() if isinstance(params, dict) else ())
                    if k not in ("code", "message")  # the refusal's own, not its values
                },
            )
            if self.table is not None and self.table._refused(refusal):
                return  # the table's screen tells the player
        elif op == "left":
            table = self.table
            if table is not None and message.get("code") in (None, table.code):
                table.gone = True
                self.table = None
        elif op == "welcome":
            self.welcome = Welcome.from_message(message)
        elif op == "bye":
            self.ended_by_server = True
            self._writer.close()
            self._end(_bye_text(message))
            return
        for listener in list(self._listeners):
            listener(message)

    def _end(self, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.close_reason = reason
        for listener in list(self._close_listeners):
            listener(reason)

    async def close(self) -> None:
        """End the connection from this side (listeners are not told)."""
        self.closed = True
        self._writer.close()
        with contextlib.suppress(OSError):  # gone already: nothing left to close
            await self._writer.wait_closed()

    # --- Asking ------------------------------------------------------------------------

    def send(self, op: str, **fields: Any) -> bool:
        """Send one message; False when the connection has ended (the player is
        told so by the close listeners, not here)."""
        if self.closed or self._writer.is_closing():
            return False
        self._writer.write(encode(op, **fields))
        return True

    def ask_tables(self) -> None:
        self.send("tables")

    def create(self, name: str, seats: list[str | None], rules: RuleSet) -> None:
        """A new table; ``seats`` has one entry per seat, this player's (seat 0)
        included: None for a person, a bot's level for a bot."""
        self.send("create", name=name, seats=seats, rules=rules.to_dict())

    def join(self, code: str, seat: int | None = None, spectate: bool = False) -> None:
        self.send("join", code=code, seat=seat, spectate=spectate)

    def reconnect(self, code: str) -> None:
        self.send("reconnect", code=code)

    def fill(self, seat: int, bot: str | None) -> None:
        self.send("fill", seat=seat, bot=bot)

    def start(self) -> None:
        self.send("start")

    def leave(self) -> None:
        """Back to the lobby: the table is forgotten here at once."""
        self.table = None
        self.send("leave")


def _bye_text(message: dict[str, Any]) -> str:
    """Why the server ended the session: in the player's words for a known code,
    else the server's own."""
    known = BYE_REASONS.get(str(message.get("code")))
    if known is not None:
        return _(known)
    said = message.get("message")
    if isinstance(said, str) and said:
        return _("The server ended the session: {reason}").format(reason=said)
    return _("The server ended the session.")


# --- The table, from one seat ----------------------------------------------------------------


class RemoteTable:
    """A table whose game the server decides, seen from this session's seat
    (or from no seat, when watching). Implements `craits_tui.table.Table`."""

    def __init__(
        self,
        connection: RemoteConnection,
        info: TableInfo,
        seat: int | None,
        expected: int | None = None,
    ) -> None:
        self.connection = connection
        self.info = info
        self.code = info.code
        self.seat = seat
        """This session's seat; None when watching."""
        self.expected = expected
        """How many events of the game so far the server said would follow the join."""
        self.view: PlayerView | None = None
        """The seat's view, folded from every event received."""
        self.connected = [s.connected for s in info.seats]
        self.gone = False
        """The server took this session from the table (``left``: it closed)."""
        self.seats: tuple[Seat, ...] = ()
        self._events: list[dict[str, Any]] = []
        self._listeners: list[Listener] = []
        self._refusal_listeners: list[RefusalListener] = []
        self._change_listeners: list[Callable[[], None]] = []
        self._sent_at: float | None = None
        self.save_problem = None  # the server keeps the game
        self.saved = True
        self._update(info, tell=False)

    # --- The Table protocol ------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        if self.view is not None:
            return self.view.players
        return tuple(seat.name for seat in self.seats)

    @property
    def humans(self) -> list[int]:
        """The seat played from this terminal: this session's own, if it sits."""
        return [] if self.seat is None else [self.seat]

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events received, from ``since`` on: only this session's own stream
        exists here, redacted for its seat."""
        if seat != self.seat:
            raise ValueError(f"only the events of seat {self.seat!r} reach this table")
        return list(self._events[since:])

    def event_count(self) -> int:
        return len(self._events)

    def legal_moves(self, seat: int) -> list[Command]:
        """The seat's legal moves, from its view alone (no question to the server)."""
        if seat != self.seat:
            raise ValueError(f"only seat {self.seat!r} is played from here")
        return legal_moves_in_view(self.view) if self.view is not None else []

    def submit(self, command: Command) -> None:
        """Send ``command`` to the server, if the rules allow it where the view stands.

        Raises `IllegalMove` here and now for a move the rules refuse, with the
        engine's reason; the server may still refuse a move later (it knows of
        moves this side has not heard yet): `subscribe_refusals` hears of that.
        """
        if self.seat is None:
            raise IllegalMove("watching", _("You are watching this game: you have no seat."))
        if command.player != self.seat:
            raise IllegalMove("not-your-seat", _("That seat is not yours."))
        if self.connection.closed:
            raise IllegalMove("offline", _("The connection to the server is lost."))
        if self._sent_at is not None and time.monotonic() - self._sent_at < IN_FLIGHT:
            raise IllegalMove("in-flight", _("Wait a moment: your last move is on its way."))
        if self.view is None:
            raise IllegalMove("no-turn", _("The game has not started yet."))
        if normal_form(command) not in legal_moves_in_view(self.view):
            raise why_illegal(self.view, command)
        if self.connection.send("command", command=command_to_dict(command)):
            self._sent_at = time.monotonic()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with each event as it arrives, in order, once."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    @property
    def bots_play_here(self) -> bool:
        """Never: bots play on the server."""
        return False

    def next_bot_move(self) -> Command | None:
        """Never a move: bots play on the server."""
        return None

    @property
    def open_hands(self) -> bool:
        """Never: the server sends a spectator no hand."""
        return False

    # --- Beyond the protocol ---------------------------------------------------------------

    @property
    def started(self) -> bool:
        return bool(self._events) or self.info.started

    @property
    def caught_up(self) -> bool:
        """Whether the game so far has arrived, when the server said how much would."""
        return self.expected is not None and len(self._events) >= self.expected

    def is_host(self, name: str) -> bool:
        """Whether this session, its player called ``name``, hosts the table."""
        if self.seat is None:
            return False
        if self.info.host_seat is not None:
            return self.info.host_seat == self.seat
        if self.info.host is not None:
            return self.info.host == name
        return self.seat == 0  # the creator sits at seat 0

    def subscribe_refusals(self, listener: RefusalListener) -> Callable[[], None]:
        """Call ``listener`` with each refusal of a command the server sends back
        (the move was sent, the server refused it, nothing changed)."""
        self._refusal_listeners.append(listener)
        return lambda: (
            self._refusal_listeners.remove(listener)
            if listener in self._refusal_listeners
            else None
        )

    def subscribe_changes(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` when who sits where changes (a seat taken or freed,
        a player dropped or back, a bot standing in)."""
        self._change_listeners.append(listener)
        return lambda: (
            self._change_listeners.remove(listener) if listener in self._change_listeners else None
        )

    def leave(self) -> None:
        """Get up from the table (the server keeps the seat for the reconnect code)."""
        if self.connection.table is self:
            self.connection.leave()

    # --- Hearing from the server (called by the connection) -------------------------------

    def _receive(self, index: Any, event: Any) -> None:
        if type(index) is not int or not isinstance(event, dict):
            raise BadMessage("an event comes with its index")
        if index < len(self._events):
            return  # heard already
        if index > len(self._events):
            raise BadMessage("an event is missing")
        try:
            self.view = project(self.view, event, self.seat)
        except (KeyError, TypeError, ValueError, IndexError):
            raise BadMessage("an event this game cannot follow") from None
        self._events.append(event)
        self._sent_at = None  # the table moved: a new move is checked against the news
        if event.get("type") == "game-started":
            self._seat_players(self.view.players)
        for listener in list(self._listeners):
            listener(event)

    def _refused(self, refusal: IllegalMove) -> bool:
        """Tell the refusal listeners; False when none listens."""
        self._sent_at = None
        for listener in list(self._refusal_listeners):
            listener(refusal)
        return bool(self._refusal_listeners)

    def _update(self, info: TableInfo, tell: bool = True) -> None:
        self.info = info
        self.connected = [s.connected for s in info.seats]
        names = self.view.players if self.view is not None else None
        self.seats = tuple(
            Seat(names[i] if names else (s.name or ""), s.bot) for i, s in enumerate(info.seats)
        )
        if tell:
            self._changed()

    def _seat_players(self, names: tuple[str, ...]) -> None:
        """The game started: the names are the game's; a seat that was free has a
        bot now (of the server's default level until the server says which)."""
        old = self.info.seats
        seats = []
        for i, name in enumerate(names):
            before = old[i] if i < len(old) else None
            bot = DEFAULT_BOT if before is None or before.free else before.bot
            seats.append(Seat(name, bot))
        self.seats = tuple(seats)
        if len(self.connected) != len(names):
            self.connected = [True] * len(names)

    def _seat_changed(self, message: dict[str, Any]) -> None:
        seat, bot = message.get("seat"), message.get("bot")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise BadMessage("no such seat")
        if bot is not None and not isinstance(bot, str):
            raise BadMessage("a bot level is text")
        seats = list(self.seats)
        seats[seat] = Seat(seats[seat].name, bot)
        self.seats = tuple(seats)
        if seat < len(self.connected):
            self.connected[seat] = bool(message.get("connected", True))
        self._changed()

    def _changed(self) -> None:
        for listener in list(self._change_listeners):
            listener()


# --- The app in remote mode ---------------------------------------------------------------------


def run_remote(socket_path: str, settings: Settings | None = None) -> None:
    """Run the app for one online session: the lobby of the server listening at
    ``socket_path``, with the token from the environment. Nothing is saved here:
    the server keeps the games."""
    from .screens.lobby import RemoteApp  # Textual only when the app runs

    # Read once and forgotten: nothing this process starts needs the secret.
    token = os.environ.pop(TOKEN_VARIABLE, "")
    message = RemoteApp(socket_path, settings, token=token).run()
    if message:
        print(message)


__all__ = [
    "ConnectionProblem",
    "RemoteConnection",
    "RemoteTable",
    "SeatInfo",
    "TableInfo",
    "Welcome",
    "normal_form",
    "refusal_text",
    "run_remote",
    "why_illegal",
]
