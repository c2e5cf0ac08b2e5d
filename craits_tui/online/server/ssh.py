"""`craits-tui serve`: the game over SSH, and nothing else.

``ssh -p 2222 host`` gets a player the whole app in their own terminal. Each SSH
session runs its own app process in its own pseudo-terminal: the app draws with
the player's terminal type, size, colours and mouse, exactly as it would locally,
and this server only moves bytes between the SSH channel and the terminal. The
app talks to the table authority over the private socket of
`craits_tui.online.server.ipc`, with the token it was started with: the authority, not
the app, decides every command, so a player who tampered with their app could
still only send their own seat's moves, and would only ever receive their own
seat's cards.

Nothing but the game is offered: no shell, no commands, no SFTP or SCP, no port,
agent or X11 forwarding. One event loop runs the SSH server, the socket server
and every table. The parts, each in its module:

- `config`: what the server is told; `datadir`: its private, locked directory
  (host key, games); `sockdir`: the socket's directory;
- `connection`: one SSH connection, held to its limits until its game starts;
  `auth`: its tries at logging in, and the back-off per address;
- `session`: one game session (`hosts`: what it needs of the server and its
  connection); `app`: its app's process; `pty`: its terminal;
  `zygote`: the preloaded app each session's app is forked from, and `spawner`,
  the server's side of it; `launcher`: what runs around the app in its process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import asyncssh

from craits_core import GameStore

from .auth import Backoff, load_authorized_keys
from .authority import Authority
from .config import AUTH_MODES, PASSWORD_VARIABLE, ServerConfig, StartupError, default_data_dir
from .connection import GameConnection
from .datadir import DataDir, load_host_key
from .ipc import IpcServer
from .ledger import Ledger, LedgerError
from .limits import Arrivals, Limits, SessionCounter
from .session import KILL_AFTER, AppSession
from .spawner import Spawner, available

if TYPE_CHECKING:
    from ..web.door import WebDoor

log = logging.getLogger("craits.server")

__all__ = [
    "AUTH_MODES",
    "PASSWORD_VARIABLE",
    "CraitsServer",
    "ServerConfig",
    "StartupError",
    "default_data_dir",
    "load_host_key",
]


class CraitsServer:
    """The SSH server, the socket server and the authority, in one event loop."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.data_dir = config.data_dir or default_data_dir()
        self.limits: Limits = config.limits
        limits = self.limits
        self.sessions = SessionCounter(limits.max_sessions, limits.per_address)
        self.arrivals: Arrivals[GameConnection] = Arrivals(
            limits.max_connecting, limits.connecting_per_address
        )
        self.backoff = Backoff(config.auth_delay, config.auth_delay_max)
        self.ssh_connections: set[asyncssh.SSHServerConnection] = set()
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        self.host_key: asyncssh.SSHKey | None = None
        self.files: DataDir | None = None
        self.store: GameStore | None = None
        self.ledger: Ledger | None = None
        self.authority: Authority | None = None
        self.ipc: IpcServer | None = None
        self.spawner: Spawner | None = None
        self.live: set[AppSession] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.web: WebDoor | None = None

    async def start(self) -> None:
        """Open the store, the socket and the SSH port. `StartupError` for what the
        host can fix (a damaged file, a directory in use); `OSError` if the port
        cannot be had. Whatever was opened is closed again then."""
        try:
            await self._start()
        except BaseException:
            await self.close()
            raise

    async def _start(self) -> None:
        config = self.config
        if config.auth == "keys":
            assert config.authorized_keys is not None
            self.authorized = load_authorized_keys(config.authorized_keys)
        self.files = DataDir.open(self.data_dir)
        self.host_key = self.files.host_key()
        self.store = self.files.open_store()
        try:
            # Names, ratings and replay codes: in the same file, on the same
            # connection, tables of their own.
            self.ledger = Ledger(
                self.store, names_per_key=config.names_per_key, board=config.leaderboard
            )
        except LedgerError as err:
            raise StartupError(str(err)) from None
        self.authority = Authority(
            self.store,
            ledger=self.ledger,
            grace=config.grace,
            bot_pace=config.bot_pace,
            max_tables=self.limits.max_sessions,
            tables_each=self.limits.tables_each,
            quick_wait=config.quick_wait,
            rematch_time=config.rematch_time,
            abandon_after=config.abandon_after,
            slow_turn=config.slow_turn,
            guess_delay=config.auth_delay,
            guess_delay_max=config.auth_delay_max,
            chat_pace=config.chat_pace,
            table_pace=config.table_pace,
        )
        restored = self.authority.restore()
        if restored:
            log.info("reopened %d unfinished table(s) from %s", restored, self.data_dir)
        self.ipc = IpcServer(self.authority, self.limits, record=self.files.socket_record)
        await self.ipc.start()
        if config.preload and available():
            self.spawner = Spawner(config.app, self.ipc.directory)
            self.spawner.start()
        if config.web is not None:
            from ..web.door import WebDoor  # aiohttp only for the web door

            self.web = WebDoor(self, config.web)
            await self.web.start()
        if not config.ssh:
            return
        self._acceptor = await asyncssh.create_server(
            lambda: GameConnection(self),
            config.host,
            config.port,
            server_host_keys=[self.host_key],
            encoding=None,  # bytes both ways: the terminal's, untouched
            allow_scp=False,
            sftp_factory=None,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_pty=True,
            line_editor=False,
            rdns_lookup=False,
            gss_kex=False,
            gss_auth=False,
            login_timeout=self.limits.login_timeout,
            keepalive_interval=config.keepalive,
            keepalive_count_max=3,
            server_version="Craits",
            reuse_address=True,
        )

    @property
    def port(self) -> int:
        """The port listened on (useful with port 0)."""
        assert self._acceptor is not None
        return int(self._acceptor.sockets[0].getsockname()[1])

    def web_origin(self, host: str) -> str | None:
        """The web page's origin for a player who reached this machine at ``host``
        by SSH, when the server serves the web and it is known."""
        return self.web.origin_for(host) if self.web is not None else None

    @property
    def fingerprint(self) -> str:
        """The host key's fingerprint, for players to check on first connection."""
        assert self.host_key is not None
        return str(self.host_key.get_fingerprint())

    async def close(self) -> None:
        """End every session (each player's app is told why), then stop."""
        if self._acceptor is not None:
            self._acceptor.close()
        if self.web is not None:
            self.web.stop_listening()
        live = list(self.live)
        for session in live:
            session.said(b"The Craits server is shutting down.")
        if self.authority is not None:
            await self.authority.close()  # every app gets "bye" and ends by itself...
        if live:
            await asyncio.wait([s.finished for s in live], timeout=KILL_AFTER)
        for session in live:
            session.hang_up(None)  # ...or is hung up on
        if live:
            await asyncio.wait([s.finished for s in live], timeout=KILL_AFTER)
        for conn in list(self.ssh_connections):
            conn.close()
        if self.web is not None:
            await self.web.close()
            self.web = None
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
            self._acceptor = None
        if self.spawner is not None:
            await self.spawner.close()
            self.spawner = None
        if self.ipc is not None:
            await self.ipc.close()
            self.ipc = None
        self.ledger = None  # on the store's connection, closed with it
        if self.store is not None:
            self.store.close()
            self.store = None
        if self.files is not None:
            self.files.close()
            self.files = None
