"""The line to the server: one session's requests out, the server's messages in.

Every line is a typed message of `craits_tui.online.protocol`: requests go out
with `encode`, and each line that comes in is read with `decode` and taken in by
its class. No Textual here: `RemoteConnection` calls its listeners from the task
that reads the socket, in the event loop that opened it (the app's), and the app
and its screens turn those calls into Textual messages of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
from collections.abc import Callable
from typing import Any

from craits_core import Event, IllegalMove

from ...i18n import _
from ..protocol import (
    MAX_LINE,
    TO_SESSION,
    TOKEN_VARIABLE,
    BadMessage,
    Bye,
    ChatLine,
    EventSent,
    Hello,
    Joined,
    Leaderboard,
    LeaveTable,
    Left,
    Message,
    MuteChanged,
    Muted,
    Rated,
    Refused,
    RematchState,
    ReplayData,
    SeatChanged,
    TableChanged,
    TableInfo,
    TableList,
    TurnClock,
    Welcome,
    decode,
    encode,
)
from .table import RemoteTable
from .words import bye_text, refusal_text

HELLO_TIMEOUT = 10.0
"""Seconds to wait for the server's welcome before giving up."""

MessageListener = Callable[[Message], object]


_TABLE_NEWS: dict[type[Message], Callable[[RemoteTable, Any], None]] = {
    SeatChanged: RemoteTable.seat_changed,
    TurnClock: RemoteTable.clock_changed,
    Rated: RemoteTable.rated_news,
    RematchState: RemoteTable.rematch_changed,
    ChatLine: RemoteTable.hear_chat,
}
"""What the table the session sits at takes in of its own news, by its class."""


class ConnectionProblem(Exception):
    """The server cannot be reached or turned the session away; ``str()`` says why
    in words for the player."""


@dataclasses.dataclass(frozen=True)
class KeptSeat:
    """The seat the server keeps for the player, and the code that takes it back."""

    table: str
    """The table's code."""
    code: str
    """The seat's reconnect code (it changes each time it is used)."""
    name: str | None = None
    """The table's name, when the lobby lists it."""


@dataclasses.dataclass(frozen=True)
class _ReplayParts:
    """A replay on its way: how many of its parts have come, and their events."""

    code: str
    parts: int
    received: int = 0
    events: tuple[Event, ...] = ()


class RemoteConnection:
    """One session's connection to the server: requests out, messages in.

    `open` connects and says hello; `run` then reads the server's lines until the
    connection ends, taking each message in (events to the table the session sits
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
        """Who the server says this session is (the latest `Welcome`)."""
        self.tables: list[TableInfo] = []
        """The open tables, as last listed by the server."""
        self.table: RemoteTable | None = None
        """The table the session sits at or watches, if any."""
        self.closed = False
        self.close_reason: str | None = None
        self.bye: Bye | None = None
        """The server's goodbye, if it ended the session (it ends the terminal soon too)."""
        self.leaderboard: Leaderboard | None = None
        """The best players and the player's own standing, as last told."""
        self.replay: tuple[str, list[Event]] | None = None
        """The latest replay received whole: its code and all its events."""
        self._replay_parts: _ReplayParts | None = None
        self.muted: frozenset[str] = frozenset()
        """The players (`ChatLine.sender`) whose chat the session no longer hears."""
        self._listeners: list[MessageListener] = []
        self._close_listeners: list[Callable[[str], object]] = []

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
            writer.write(encode(Hello(token)))
            line = await asyncio.wait_for(reader.readline(), timeout)
            if not line:
                raise ConnectionProblem(_("The server closed the connection."))
            match decode(line, TO_SESSION):
                case Welcome() as welcome:
                    return cls(reader, writer, welcome)
                case Refused(code=code, message=message, params=params):
                    raise ConnectionProblem(
                        _("The server turned this session away: {reason}").format(
                            reason=refusal_text(code, message, params)
                        )
                    )
                case Bye() as bye:
                    raise ConnectionProblem(bye_text(bye))
                case _:
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

    # --- What the server said ------------------------------------------------------

    @property
    def ended_by_server(self) -> bool:
        """The server said goodbye (its side of the session is ending too)."""
        return self.bye is not None

    @property
    def kept(self) -> KeptSeat | None:
        """The seat kept for the player, if the server says there is one."""
        welcome = self.welcome
        if welcome.table is None or welcome.reconnect is None:
            return None
        listed = next((t for t in self.tables if t.code == welcome.table), None)
        if listed is None and self.table is not None and self.table.code == welcome.table:
            listed = self.table.info
        return KeptSeat(welcome.table, welcome.reconnect, listed.name if listed else None)

    def code_for(self, table: str) -> str | None:
        """The reconnect code of the player's seat at ``table`` (a table's code), if
        the server has said it."""
        kept = self.kept
        return kept.code if kept is not None and kept.table == table else None

    # --- Listening -----------------------------------------------------------------

    def subscribe(self, listener: MessageListener) -> Callable[[], None]:
        """Call ``listener`` with every message from the server, after this side
        has taken it in (a `Joined` finds `table` set), but those the table takes
        in: `RemoteTable`'s own listeners hear of those."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def on_close(self, listener: Callable[[str], object]) -> Callable[[], None]:
        """Call ``listener`` once, with the reason in the player's words, when the
        connection ends (never when `close` ends it)."""
        self._close_listeners.append(listener)
        return lambda: (
            self._close_listeners.remove(listener) if listener in self._close_listeners else None
        )

    async def run(self) -> None:
        """Read and take in the server's messages until the connection ends.

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
                self._take(decode(line, TO_SESSION))
        except BadMessage:
            reason = nonsense
        except OSError as err:
            reason = _("The connection to the server was lost ({error}).").format(error=err)
        finally:
            if not self.closed:
                self._writer.close()
        self._end(reason)

    def _take(self, message: Message) -> None:
        """Take ``message`` in, then tell the listeners; what the table the session
        sits at takes in (its events, seats, clocks, ratings, rematch and chat),
        the table tells its own listeners of, and the connection's hear nothing."""
        table = self.table
        news = _TABLE_NEWS.get(type(message))
        if news is not None:
            if table is not None:  # not of a table just left, still on its way
                news(table, message)
            return
        match message:
            case TableList(tables=tables):
                self.tables = list(tables)
            case TableChanged(table=info):
                listed = [t.code for t in self.tables]
                if info.code in listed:
                    self.tables[listed.index(info.code)] = info
                else:
                    self.tables.append(info)
                if table is not None and table.code == info.code:
                    table.update(info)
            case Joined(seat=seat, table=info, events=events):
                if seat is not None and not 0 <= seat < len(info.seats):
                    raise BadMessage("no such seat", "seat")
                self.table = RemoteTable(self, info, seat, max(events, 0))
            # Those of a table just left, still on their way, are dropped.
            case EventSent(index=index, event=event):
                if table is not None:
                    table.receive(index, event)
                return
            case Muted(players=players):
                self.muted = frozenset(players)
            case MuteChanged(player=player, muted=muted):
                self.muted = self.muted | {player} if muted else self.muted - {player}
            case Refused(code=code, message=said, params=params):
                # The refusal's own code and words are not among its values.
                values = {str(k): v for k, v in params.items() if k not in ("code", "message")}
                if table is not None and table.refused(IllegalMove(code, said, **values)):
                    return  # the table's screen tells the player
            case Left(code=code):
                if table is not None and code in (None, table.code):
                    table.gone = True
                    self.table = None
            case Welcome():
                self.welcome = message
            case Leaderboard():
                self.leaderboard = message
            case ReplayData():
                if not self._replay_part(message):
                    return  # the listeners hear of the replay once it is whole
            case Bye():
                self.bye = message
                self._writer.close()
                self._end(bye_text(message))
                return
        for listener in list(self._listeners):
            listener(message)

    def _replay_part(self, data: ReplayData) -> bool:
        """Take one part of a replay in; True once the replay is whole (then in
        `replay`). Parts come in order, the first one starting the replay."""
        if not 0 <= data.part < data.parts:
            raise BadMessage("no such part of a replay", "part")
        # A first part starts the replay afresh: one cut short by a new request is dropped.
        so_far = _ReplayParts(data.code, data.parts) if data.part == 0 else self._replay_parts
        if so_far is None or (data.code, data.parts, data.part) != (
            so_far.code,
            so_far.parts,
            so_far.received,
        ):
            raise BadMessage("a part of a replay out of order", "part")
        so_far = _ReplayParts(
            so_far.code, so_far.parts, so_far.received + 1, so_far.events + data.events
        )
        if so_far.received < so_far.parts:
            self._replay_parts = so_far
            return False
        self._replay_parts = None
        self.replay = (so_far.code, list(so_far.events))
        return True

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

    def send(self, message: Message) -> bool:
        """Send one request; False when the connection has ended (the player is
        told so by the close listeners, not here)."""
        if self.closed or self._writer.is_closing():
            return False
        self._writer.write(encode(message))
        return True

    def leave(self) -> None:
        """Back to the lobby: the table is forgotten here at once."""
        table, self.table = self.table, None
        if table is not None and not table.started and self.welcome.table == table.code:
            # Before the start the seat is freed, not kept: the lobby must not offer
            # it back in the moment before the server's new `Welcome` says so.
            self.welcome = Welcome(self.welcome.player, self.welcome.name)
        self.send(LeaveTable())
