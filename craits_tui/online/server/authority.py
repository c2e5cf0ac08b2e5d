"""The table authority: every player's session, and the only place requests are decided.

Each SSH session runs its own app, which talks to this authority through the
socket of `craits_tui.online.server.ipc`, in the messages of
`craits_tui.online.protocol`. The SSH side registers a session with
`Authority.open_session` (and ends it with `close_session`); the socket side hands
over each connection's messages (`receive`, `disconnect`). The authority routes
each request to its `Operations` handler, on the tables of its `House`, and keeps
every session told who it is (`Welcome`) and, in the lobby, which tables are open.

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
from collections.abc import Callable
from typing import Any

from craits_core import Game, GameStore, RuleSet

from ...names import MAX_NAME, clean_text, name_problem, unique_name
from ..protocol import (
    ByeCode,
    Hello,
    JoinTable,
    Message,
    Muted,
    Reconnect,
    RefusalCode,
    Refused,
    TableList,
    Welcome,
    encode,
)
from .house import House, HouseRules
from .ledger import Ledger, LedgerError, NameTaken
from .operations import Operations
from .refusal import RequestRefused
from .seats import Connection, Identity, Member
from .table import ServerTable

log = logging.getLogger("craits.server")

LOBBY_DELAY = 0.1
"""Seconds the lobby's table list waits to gather changes before it is sent."""


class SessionRefused(Exception):
    """A session cannot begin: its player's name shows nothing on a screen, mixes
    alphabets that look alike, or belongs to another player's key here. ``str()``
    says why, in a sentence for the player."""


class Authority:
    """Every player's session, and the house of tables they play at.

    A message the authority cannot carry out raises `RequestRefused`, and nothing has
    changed.
    """

    def __init__(
        self,
        store: GameStore | None = None,
        *,
        deal: Callable[[list[str], RuleSet], Game] | None = None,
        ledger: Ledger | None = None,
        **rules: Any,
    ) -> None:
        """``store`` keeps every table's game (None: games are not saved) and
        ``ledger`` the names, ratings and replay codes (None: none are kept);
        ``deal`` deals the games; ``rules`` are the house's rules (the fields of
        `HouseRules`, each left out at its default)."""
        self.house = House(store, HouseRules(**rules), deal, ledger)
        self.house.on_change = self.lobby_changed
        self.operations = Operations(self.house, self)
        self._sessions: dict[str, Member] = {}
        self._conns: dict[Connection, Member] = {}
        self._told: dict[Member, Welcome] = {}
        self._ids = 0
        self._lobby_timer: asyncio.TimerHandle | None = None

    @property
    def tables(self) -> dict[str, ServerTable]:
        """The open tables, by code."""
        return self.house.tables

    def restore(self) -> int:
        """Reopen the tables the server's last run left unfinished; how many."""
        return self.house.restore()

    # --- Sessions (from the SSH side) -------------------------------------------

    def open_session(
        self,
        user: str,
        *,
        key: str | None = None,
        address: str = "",
        token: str | None = None,
        arrival: JoinTable | Reconnect | None = None,
    ) -> str:
        """Register a session for user ``user`` and return the token that its
        app presents in `Hello` (``token`` to choose it, for tests). Raises
        `SessionRefused` when the name cannot be a player's. ``arrival``: what
        the session asks as it comes (a table's link, a kept seat's code), carried
        out after its first hello; a refusal of it is told like any other."""
        name = self.check_name(user, key)
        token = token or secrets.token_urlsafe(24)
        self._ids += 1
        self._sessions[token] = Member(
            id=f"p{self._ids}",
            token=token,
            identity=Identity(name, key),
            address=address,
            arrival=arrival,
        )
        return token

    def check_name(self, user: str, key: str | None = None) -> str:
        """``user`` cleaned as a player's name, and claimed for ``key`` (None: a
        player without a key, who may use any name no key has claimed). Raises
        `SessionRefused` with the sentence that says why it cannot be."""
        name = clean_text(user, MAX_NAME)
        problem = name_problem(name)
        if problem is not None:
            raise SessionRefused(problem)
        ledger = self.house.ledger
        if ledger is not None:
            try:
                ledger.claim(name, key)
            except NameTaken as err:
                raise SessionRefused(str(err)) from None
            except LedgerError as err:
                # The game goes on without the ledger: the name is not claimed yet.
                log.error("the name %r cannot be claimed: %s", name, err)
        return name

    def close_session(self, token: str, code: str = ByeCode.ENDED, message: str = "") -> None:
        """The SSH session of ``token`` ended (or must end: its app gets `Bye`)."""
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

    def receive(self, conn: Connection, message: Message) -> None:
        """Carry out one message of ``conn``; raises `RequestRefused` if it cannot be."""
        member = self._conns.get(conn)
        if member is None:
            if not isinstance(message, Hello):
                raise RequestRefused(RefusalCode.BAD_MESSAGE, "Say hello first.")
            self._hello(conn, message)
            return
        try:
            self.operations.handle(member, message)
        finally:
            self.tell_everyone()

    def disconnect(self, conn: Connection) -> None:
        """``conn`` is gone (closed, dropped, or thrown out): its seat waits."""
        member = self._conns.pop(conn, None)
        if member is None or member.conn is not conn:
            return
        self.operations.leave(member, dropped=True)
        member.conn = None
        self._told.pop(member, None)
        self.tell_everyone()

    async def close(self) -> None:
        """Shut down: every session gets `Bye`, every table stops (its game stays
        saved, for the next start)."""
        for member in list(self._sessions.values()):
            self.close_session(member.token, ByeCode.SHUTDOWN, "The server is shutting down.")
        self.house.close()
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()
        await asyncio.sleep(0)

    def _hello(self, conn: Connection, message: Hello) -> None:
        member = self._sessions.get(message.token)
        if member is None:
            raise RequestRefused(
                RefusalCode.UNKNOWN_SESSION, "This session is not known here.", fatal=True
            )
        old = member.conn
        if old is not None:
            # The same session connects again: the newer line wins.
            self.operations.leave(member, dropped=True)
            self._conns.pop(old, None)
            self._told.pop(member, None)
            member.conn = None
            old.close(ByeCode.REPLACED, "This session connected again.")
        if not member.lobby_name:
            live = (m.lobby_name for m in self._sessions.values() if m.lobby_name)
            member.lobby_name = member.name = unique_name(member.identity.user, live)
        self._conns[conn] = member
        member.conn = conn
        self.tell_everyone()
        self._send_welcome(member)
        self.send_listing(member)
        muted = self.house.mutes.listed(member.identity.handle)
        if muted:
            conn.send(Muted(muted))
        arrival, member.arrival = member.arrival, None
        if arrival is not None:
            try:
                self.operations.handle(member, arrival)
            except RequestRefused as refusal:
                # Not a strike: the session did not guess, its door asked for it. A
                # seat no longer kept (its game is over) is no news: the lobby it is.
                if not (
                    isinstance(arrival, Reconnect) and refusal.code == RefusalCode.UNKNOWN_CODE
                ):
                    conn.send(Refused(refusal.code, refusal.message, refusal.params))
            finally:
                self.tell_everyone()

    # --- Telling (the seating's `Lobby`) ----------------------------------------

    def welcome(self, member: Member) -> Welcome:
        """Who ``member`` is here, as `Welcome` tells them."""
        held = self.house.held(member.identity)
        if held is None:
            return Welcome(member.id, member.name)
        table, seat = held
        return Welcome(member.id, member.name, table.code, table.slots[seat].code)

    def tell_everyone(self) -> None:
        """Send `Welcome` to every session whose name or kept seat has changed, if
        any may have (most requests change neither)."""
        if not self.house.reseated:
            return
        self.house.reseated = False
        for member in self._conns.values():
            self._send_welcome(member)

    def _send_welcome(self, member: Member) -> None:
        """`Welcome` to ``member``, unless it was told just that already."""
        welcome = self.welcome(member)
        if member.conn is not None and self._told.get(member) != welcome:
            self._told[member] = welcome
            member.conn.send(welcome)

    def send_listing(self, member: Member) -> None:
        if member.conn is not None:
            member.conn.send(TableList(self.house.listing()))

    def displace(self, member: Member) -> None:
        conn = member.conn
        if conn is not None:
            self.disconnect(conn)
            conn.close(ByeCode.TAKEN_BACK, "Your seat was taken back from another session.")

    def lobby_changed(self) -> None:
        """Send the table list to everyone in the lobby, soon (changes in a burst
        make one message)."""
        if self._lobby_timer is None:
            loop = asyncio.get_running_loop()
            self._lobby_timer = loop.call_later(LOBBY_DELAY, self._send_lobby)

    def _send_lobby(self) -> None:
        self._lobby_timer = None
        self.tell_everyone()  # a grace period or a table's end may change a kept seat
        line: bytes | None = None
        for conn, member in self._conns.items():
            if member.at is None:
                line = line or encode(TableList(self.house.listing()))
                conn.send_line(line)
