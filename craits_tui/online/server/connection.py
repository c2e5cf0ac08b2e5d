"""One SSH connection: let in or not, logged in or not, and its one game session.

A connection costs the server a key exchange and memory before it plays, so
until its game session starts it is held to its own limits, apart from the
sessions' (`Limits`): a short time to log in (asyncssh's ``login_timeout``) and
as long again to start the game; at most so many such connections from one
address, and in all, where a newcomer makes room by closing the oldest one of
the address that holds the most (`Arrivals`). Whoever floods the server with
silent sockets or idle logins only pushes out their own. A connection has one
session channel; when the session ends, so does the connection.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from typing import Protocol

import asyncssh

from .auth import Backoff, LoginTries
from .limits import Arrivals, client_key
from .ssh_session import GameSession, SshHost

log = logging.getLogger("craits.server")

QUIET_FOR = 10.0
"""Seconds between two log lines about connections refused from one address."""


class ConnectionHost(SshHost, Protocol):
    """What a connection needs of the server."""

    authorized: asyncssh.SSHAuthorizedKeys | None
    arrivals: Arrivals[GameConnection]
    backoff: Backoff
    ssh_connections: set[asyncssh.SSHServerConnection]


class GameConnection(asyncssh.SSHServer):
    """One SSH connection: who it is (authentication) and what it may open."""

    def __init__(self, host: ConnectionHost) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.client = ""
        self.key: str | None = None
        self.tries: LoginTries | None = None
        self._session: GameSession | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._playing = False
        self._closed = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        self.client = client_key(self.address)
        host = self.host
        host.ssh_connections.add(conn)
        limits = host.limits
        self.tries = LoginTries(
            host.backoff, self.client, self.address, limits.auth_tries, self._too_many
        )
        admitted, evicted = host.arrivals.admit(self.client, self)
        loop = asyncio.get_running_loop()
        if evicted is not None:
            log.info(
                "%s: the oldest of its connections not in a game closed, to let %s in",
                evicted.address,
                self.address,
            )
            loop.call_soon(evicted.close)
        if not admitted:
            _refused.say(
                self.client,
                "%s: connection refused (%d connections not yet in a game from there, %d in all)",
                self.address,
                host.arrivals.count(self.client),
                len(host.arrivals),
            )
            loop.call_soon(self.close)

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        if self.tries is not None:
            self.tries.closed = True
        if self._timer is not None:
            self._timer.cancel()
        self.host.arrivals.leave(self.client, self)
        if self.conn is not None:
            self.host.ssh_connections.discard(self.conn)

    def close(self) -> None:
        """End the connection (and its session, if it has one)."""
        if self.conn is not None and not self._closed:
            self._closed = True
            self.conn.close()

    def auth_completed(self) -> None:
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self.host.limits.start_timeout, self._not_started)

    def _not_started(self) -> None:
        self._timer = None
        if not self._playing:
            log.info("%s: logged in, but no game started in time: closed", self.address)
            self.close()

    def _too_many(self) -> None:
        if self.conn is not None and not self._closed:
            self._closed = True
            self.conn.disconnect(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "Too many failed tries."
            )

    # --- Its session (SessionOwner) ---------------------------------------------------

    def session_started(self) -> None:
        self._playing = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.host.arrivals.leave(self.client, self)

    def session_ended(self) -> None:
        self.close()

    # --- Authentication -----------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        return True  # always a method, even when open: it tells us about the key

    def public_key_auth_supported(self) -> bool:
        return self.host.config.auth in ("open", "keys")

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = str(key.get_fingerprint())
        if self.host.config.auth == "keys":
            authorized = self.host.authorized
            assert self.tries is not None

            def known() -> bool:
                return (
                    authorized is not None
                    and authorized.validate(key, "", self.address) is not None
                )

            if not await self.tries.judge(username, f"key {fingerprint}", known):
                return False
        # The key a player logs in with lets them take their seat back from a
        # new session (with the same name) without the reconnect code.
        self.key = fingerprint
        return True

    def password_auth_supported(self) -> bool:
        # Open: for clients that know no other way in (any password will do).
        return self.host.config.auth in ("open", "password")

    async def validate_password(self, username: str, password: str) -> bool:
        self.key = None
        if self.host.config.auth == "open":
            return True
        expected = (self.host.config.password or "").encode()
        assert self.tries is not None
        return await self.tries.judge(
            username, "password", lambda: hmac.compare_digest(password.encode(), expected)
        )

    def kbdint_auth_supported(self) -> bool:
        return self.host.config.auth == "open"

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key = None
        return True  # open: in without a question (a client with no key lands here)

    # --- What may be opened ----------------------------------------------------

    def session_requested(self) -> GameSession | bool:
        if self._session is not None:
            return False  # one session a connection: each costs an app
        self._session = GameSession(self.host, self)
        return self._session

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        return False  # no port forwarding

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False  # no remote forwarding

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False


class _Quieter:
    """Log lines about one address at most every `QUIET_FOR` seconds: a flood of
    refused connections says so once in a while, not once each."""

    def __init__(self) -> None:
        self._last: dict[str, float] = {}

    def say(self, key: str, message: str, *args: object) -> None:
        now = time.monotonic()
        if now - self._last.get(key, float("-inf")) < QUIET_FOR:
            return
        if len(self._last) > 10_000:
            self._last = {k: t for k, t in self._last.items() if now - t < QUIET_FOR}
        self._last[key] = now
        log.warning(message, *args)


_refused = _Quieter()
