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
and every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hmac
import logging
import os
import re
import signal
import struct
import sys
import termios
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import platformdirs

from craits_core import GameStore

from .authority import Authority
from .ipc import IpcServer
from .limits import Limits, SessionCounter

log = logging.getLogger("craits.server")

AUTH_MODES = ("open", "password", "keys")

PASSWORD_VARIABLE = "CRAITS_SERVER_PASSWORD"
TOKEN_VARIABLE = "CRAITS_SESSION"

LAUNCHER = """\
import fcntl, runpy, sys, termios
# The terminal on stdin becomes this session's controlling terminal, so the
# kernel tells the app when the player's window changes size (SIGWINCH) and
# hangs it up when the session ends.
try:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
except OSError:
    pass  # the game still runs; it only misses resizes
target, sys.argv = sys.argv[1], sys.argv[1:]
if target.endswith(".py"):
    runpy.run_path(target, run_name="__main__")
else:
    runpy.run_module(target, run_name="__main__", alter_sys=True)
"""
"""What each session's process runs: ``python -c LAUNCHER craits_tui --remote SOCKET``
is ``python -m craits_tui --remote SOCKET`` in a terminal of its own. (Doing this in
the child between fork and exec, with ``preexec_fn``, is not safe in a process
that has threads; a few lines of Python before the app are.)"""

_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
_LOCALE = re.compile(r"[A-Za-z0-9_.@-]{1,64}")
_FORWARDED = ("LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANGUAGE", "COLORTERM")
"""What a client may say about its terminal and language; nothing else of its
environment reaches the app."""
_DROPPED = (*_FORWARDED, "TERM", PASSWORD_VARIABLE, TOKEN_VARIABLE, "SSH_AUTH_SOCK")

KILL_AFTER = 3.0
"""Seconds an app is given to end by itself (after its ``bye`` or a hangup)."""


def default_data_dir() -> Path:
    """The server's directory: its host key and its saved games."""
    return platformdirs.user_data_path("craits", appauthor=False) / "server"


@dataclass(frozen=True)
class ServerConfig:
    """Everything ``craits-tui serve`` can be told."""

    host: str = "127.0.0.1"
    port: int = 2222
    auth: str = "open"
    """``open`` (anyone: for a LAN), ``password`` (one shared password) or ``keys``
    (the public keys in `authorized_keys`)."""
    password: str | None = None
    authorized_keys: Path | None = None
    grace: float = 60.0
    bot_pace: float = 0.6
    limits: Limits = field(default_factory=Limits)
    data_dir: Path | None = None
    """Where the host key and the games are kept (default: `default_data_dir`)."""
    app: tuple[str, ...] = ("craits_tui",)
    """The module (or ``.py`` script) each session runs, with its arguments; the
    server adds ``--remote SOCKET``."""
    auth_delay: float = 1.0
    """Seconds a wrong password waits before its answer, to slow guessing."""
    keepalive: float = 30.0
    """Seconds between keepalives: a connection that dies without a word is noticed
    after three missed ones, and its seat's grace period begins."""

    def __post_init__(self) -> None:
        if self.auth not in AUTH_MODES:
            raise ValueError(f"--auth must be one of {', '.join(AUTH_MODES)}")
        if self.auth == "password" and not self.password:
            raise ValueError(
                f"--auth password needs a password: --password-file or {PASSWORD_VARIABLE}"
            )
        if self.auth == "keys" and self.authorized_keys is None:
            raise ValueError("--auth keys needs --authorized-keys FILE")
        if self.grace < 0 or self.bot_pace < 0:
            raise ValueError("--grace and --bot-pace cannot be negative")


def load_host_key(directory: Path) -> asyncssh.SSHKey:
    """The server's host key, made on the first start and kept in ``directory``
    (``host_key``, mode 0600), so players' SSH clients recognise the server."""
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = directory / "host_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            log.warning("%s was readable by others (mode %o): now 0600", path, mode)
            os.chmod(path, 0o600)
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    return key


class CraitsServer:
    """The SSH server, the socket server and the authority, in one event loop."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.data_dir = config.data_dir or default_data_dir()
        self.limits = config.limits
        self.sessions = SessionCounter(self.limits.max_sessions, self.limits.per_address)
        self.connections: Counter[str] = Counter()
        self.ssh_connections: set[asyncssh.SSHServerConnection] = set()
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        self.host_key: asyncssh.SSHKey | None = None
        self.store: GameStore | None = None
        self.authority: Authority | None = None
        self.ipc: IpcServer | None = None
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._live: set[GameSession] = set()

    async def start(self) -> None:
        """Open the store, the socket and the SSH port."""
        config = self.config
        if config.auth == "keys":
            assert config.authorized_keys is not None
            self.authorized = asyncssh.read_authorized_keys(str(config.authorized_keys))
        self.host_key = load_host_key(self.data_dir)
        self.store = GameStore(self.data_dir / "games.sqlite3")
        self.authority = Authority(
            self.store,
            grace=config.grace,
            bot_pace=config.bot_pace,
            max_tables=self.limits.max_sessions,
            abandon_after=self.limits.abandon_after,
        )
        restored = self.authority.restore()
        if restored:
            log.warning("reopened %d unfinished table(s) from %s", restored, self.data_dir)
        self.ipc = IpcServer(self.authority, self.limits)
        await self.ipc.start()
        self._acceptor = await asyncssh.create_server(
            lambda: _SSHServer(self),
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

    @property
    def fingerprint(self) -> str:
        """The host key's fingerprint, for players to check on first connection."""
        assert self.host_key is not None
        return str(self.host_key.get_fingerprint())

    async def close(self) -> None:
        """End every session (each player's app is told why), then stop."""
        if self._acceptor is not None:
            self._acceptor.close()
        live = list(self._live)
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
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
            self._acceptor = None
        if self.ipc is not None:
            await self.ipc.close()
        if self.store is not None:
            self.store.close()

    def session_command(self, token: str) -> tuple[list[str], dict[str, str]]:
        """The command line of a session's app (before the client's terminal
        settings are added to its environment)."""
        assert self.ipc is not None
        argv = [sys.executable, "-c", LAUNCHER, *self.config.app, "--remote", str(self.ipc.path)]
        env = {k: v for k, v in os.environ.items() if k not in _DROPPED}
        env[TOKEN_VARIABLE] = token
        return argv, env


class _SSHServer(asyncssh.SSHServer):
    """One SSH connection: who it is (authentication) and what it may open."""

    def __init__(self, server: CraitsServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.key: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        server = self.server
        server.ssh_connections.add(conn)
        server.connections[self.address] += 1
        # Connections not yet in a session (logging in) are bounded too, so a
        # flood of half-open logins cannot starve the real players.
        limits = server.limits
        if (
            server.connections[self.address] > 2 * limits.per_address
            or server.connections.total() > 2 * limits.max_sessions
        ):
            asyncio.get_running_loop().call_soon(conn.close)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.server.ssh_connections.discard(self.conn)
        connections = self.server.connections
        connections[self.address] -= 1
        if connections[self.address] <= 0:
            del connections[self.address]

    # --- Authentication -----------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        return True  # always a method, even when open: it tells us about the key

    def public_key_auth_supported(self) -> bool:
        return self.server.config.auth in ("open", "keys")

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.server.config.auth == "keys":
            authorized = self.server.authorized
            if authorized is None or authorized.validate(key, "", self.address) is None:
                return False
        # The key a player logs in with lets them take their seat back from a
        # new session (with the same name) without the reconnect code.
        self.key = str(key.get_fingerprint())
        return True

    def password_auth_supported(self) -> bool:
        # Open: for clients that know no other way in (any password will do).
        return self.server.config.auth in ("open", "password")

    async def validate_password(self, username: str, password: str) -> bool:
        self.key = None
        if self.server.config.auth == "open":
            return True
        expected = self.server.config.password or ""
        if hmac.compare_digest(password.encode(), expected.encode()):
            return True
        await asyncio.sleep(self.server.config.auth_delay)
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.server.config.auth == "open"

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key = None
        return True  # open: in without a question (a client with no key lands here)

    # --- What may be opened ----------------------------------------------------

    def session_requested(self) -> GameSession:
        return GameSession(self)

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


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session: an app in a pseudo-terminal, bytes pumped both ways."""

    def __init__(self, ssh: _SSHServer) -> None:
        self.ssh = ssh
        self.server = ssh.server
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term_type: str | None = None
        self.size = (80, 24, 0, 0)
        self.command: str | None = None
        self.token: str | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._admitted = False
        self._master = -1
        self._reading = False
        self._paused = False
        self._pending = bytearray()
        self._reason: bytes | None = None
        self._last_input = 0.0
        self._idle: asyncio.TimerHandle | None = None
        self._killer: asyncio.TimerHandle | None = None
        self._ended = False

    # --- What the client asks ---------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self.term_type = term_type
        if term_size[0] > 0 and term_size[1] > 0:
            self.size = _bounded(term_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # Accepted only to say no in words: a refused request leaves the client
        # with a bare "exec request failed".
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no SFTP, nor any other subsystem

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass  # the game has its own keys to quit

    def session_started(self) -> None:
        asyncio.get_running_loop().create_task(self._run(), name="craits-session")

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width > 0 and height > 0:
            self.size = _bounded((width, height, pixwidth, pixheight))
            if self._master >= 0:
                _set_size(self._master, self.size)  # the kernel then tells the app

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self._last_input = asyncio.get_running_loop().time()
        if self._master < 0 and len(self._pending) > 64 * 1024:
            return  # the app is not started yet: keep the first keys, not a flood
        self._pending += data
        self._flush_input()

    def eof_received(self) -> bool:
        return False  # the client has nothing more to say: the session ends

    def connection_lost(self, exc: Exception | None) -> None:
        self._ended = True
        self.hang_up(None)

    def pause_writing(self) -> None:
        # The client's side is full: stop reading what the app draws until it drains.
        self._paused = True
        self._stop_reading()

    def resume_writing(self) -> None:
        self._paused = False
        self._start_reading()

    # --- Running the app ----------------------------------------------------------

    async def _run(self) -> None:
        chan = self.chan
        assert chan is not None
        try:
            refusal = self._refusal()
            if refusal is not None:
                self._say(refusal)
                chan.exit(1)
                return
            self._admitted = True
            self.server._live.add(self)
            status = await self._play()
            self._drain_output()
            if self._reason and not self._ended:
                self._say(self._reason)
            if not self._ended:
                chan.exit(status)
        except Exception:
            log.exception("a session failed")
            if not self._ended:
                self._say(b"The Craits server could not start the game.")
                chan.exit(1)
        finally:
            self._cleanup()

    def _refusal(self) -> bytes | None:
        """Why this session cannot be a game, if it cannot."""
        if self.command is not None:
            return b"This server runs only the Craits game: connect without a command."
        if self.term_type is None:
            return b"The Craits game needs a terminal: connect with ssh -t."
        over = self.server.sessions.admit(self.ssh.address)
        if over == "full":
            return b"The Craits server is full: try again later."
        if over == "per-address":
            return b"Too many sessions from your address: close one and try again."
        return None

    def _say(self, text: bytes) -> None:
        assert self.chan is not None
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.write_stderr(b"\r\n" + text + b"\r\n")

    async def _play(self) -> int:
        """Start the app in a new terminal and wait for it to end; its exit status."""
        server = self.server
        authority, ipc = server.authority, server.ipc
        assert authority is not None and ipc is not None and self.chan is not None
        conn = self.chan.get_connection()
        user = str(conn.get_extra_info("username") or "")
        self.token = authority.open_session(user, key=self.ssh.key, address=self.ssh.address)
        argv, env = server.session_command(self.token)
        env.update(self._terminal_environment())
        master, slave = os.openpty()
        try:
            _set_size(master, self.size)
            self.process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                start_new_session=True,  # its own session and process group
                env=env,
                cwd=str(ipc.directory),  # nothing to import by accident there
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self._master = master
        os.set_blocking(master, False)
        if self._ended:
            self.hang_up(None)
        else:
            self._start_reading()
            self._flush_input()
            loop = asyncio.get_running_loop()
            self._last_input = loop.time()
            self._idle = loop.call_later(self.server.limits.idle_timeout, self._check_idle)
        status = await self.process.wait()
        return status if 0 <= status <= 255 else 128 + min(-status, 127)

    def _terminal_environment(self) -> dict[str, str]:
        """TERM from the PTY request; language and colour depth from the client's
        environment when it sends them (checked: they end up in the app's)."""
        assert self.chan is not None
        env: dict[str, str] = {}
        term = self.term_type or ""
        env["TERM"] = term if _TERM.fullmatch(term) else "xterm-256color"
        sent = self.chan.get_environment()
        for name in _FORWARDED:
            value = sent.get(name)
            if value is not None and _LOCALE.fullmatch(value):
                env[name] = value
        return env

    # --- Pumping --------------------------------------------------------------

    def _start_reading(self) -> None:
        if self._master >= 0 and not self._reading and not self._paused:
            asyncio.get_running_loop().add_reader(self._master, self._from_app)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading:
            asyncio.get_running_loop().remove_reader(self._master)
            self._reading = False

    def _from_app(self) -> None:
        try:
            data = os.read(self._master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""  # EIO: the app's end of the terminal is closed
        if not data:
            self._stop_reading()
            return
        self._to_client(data)

    def _to_client(self, data: bytes) -> None:
        """What the app drew, to the player; dropped once the channel is gone."""
        if self.chan is None or self._ended:
            return
        try:
            self.chan.write(data)
        except (BrokenPipeError, asyncssh.Error):
            # The client left between two reads: end the session as if it said so.
            self._ended = True
            self._stop_reading()
            self.hang_up(None)

    def _drain_output(self) -> None:
        """What the app wrote just before it ended, to the client."""
        if self._master < 0 or self._ended or self.chan is None:
            return
        self._stop_reading()
        while True:
            try:
                data = os.read(self._master, 65536)
            except OSError:
                return
            if not data or self._ended:
                return
            self._to_client(data)

    def _flush_input(self) -> None:
        """Hand the client's keys to the app, as much as the terminal takes now."""
        if self._master < 0 or not self._pending:
            return
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self._master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            return
        del self._pending[:written]
        loop.remove_writer(self._master)
        if self._pending:
            loop.add_writer(self._master, self._flush_input)
            if len(self._pending) > 64 * 1024 and self.chan is not None:
                self.chan.pause_reading()  # the app is not reading: hold the client
        elif self.chan is not None and not self._ended:
            self.chan.resume_reading()

    # --- Ending ---------------------------------------------------------------

    def _check_idle(self) -> None:
        loop = asyncio.get_running_loop()
        idle = loop.time() - self._last_input
        limit = self.server.limits.idle_timeout
        if idle < limit:
            self._idle = loop.call_later(limit - idle, self._check_idle)
            return
        minutes = round(limit / 60)
        self.end(
            "idle",
            f"No input for {minutes} minutes." if minutes else "No input for too long.",
        )

    def said(self, reason: bytes) -> None:
        """What the player reads once the app has ended."""
        self._reason = reason

    def end(self, code: str, message: str) -> None:
        """Ask the app to end (``bye``), then make sure it does."""
        self._reason = message.encode()
        authority = self.server.authority
        if self.token is not None and authority is not None:
            authority.close_session(self.token, code, message)
        self._schedule_kill()

    def hang_up(self, reason: bytes | None) -> None:
        """The session is over (the client left, or the server stops): the app's
        terminal hangs up, and the app is killed if it lingers."""
        if reason is not None:
            self._reason = reason
        if self.token is not None and self.server.authority is not None:
            self.server.authority.close_session(self.token, "ended", "The session ended.")
        process = self.process
        if process is not None and process.returncode is None:
            _signal_group(process.pid, signal.SIGHUP)
            self._schedule_kill()
        elif process is None and not self.finished.done() and not self._admitted:
            self.finished.set_result(None)

    def _schedule_kill(self) -> None:
        if self._killer is None and self.process is not None:
            loop = asyncio.get_running_loop()
            self._killer = loop.call_later(KILL_AFTER, self._kill)

    def _kill(self) -> None:
        process = self.process
        if process is not None and process.returncode is None:
            _signal_group(process.pid, signal.SIGKILL)

    def _cleanup(self) -> None:
        loop = asyncio.get_running_loop()
        if self._idle is not None:
            self._idle.cancel()
        if self._killer is not None:
            self._killer.cancel()
        if self.process is not None:
            # The app is gone; anything it started in its group goes with it.
            _signal_group(self.process.pid, signal.SIGKILL)
        if self._master >= 0:
            self._stop_reading()
            loop.remove_writer(self._master)
            os.close(self._master)
            self._master = -1
        if self.token is not None and self.server.authority is not None:
            self.server.authority.close_session(self.token, "ended", "The session ended.")
        if self._admitted:
            self.server.sessions.release(self.ssh.address)
            self._admitted = False
        self.server._live.discard(self)
        if not self.finished.done():
            self.finished.set_result(None)
        if self.chan is not None and not self._ended:
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.close()


MAX_SIZE = (1000, 400)
"""The largest terminal (columns, rows) a session gets: its app draws every cell,
and a client asking for a million of them must not make it try."""


def _bounded(size: Sequence[int]) -> tuple[int, int, int, int]:
    width, height, pixwidth, pixheight = [*size, 0, 0][:4]
    return (
        min(width, MAX_SIZE[0]),
        min(height, MAX_SIZE[1]),
        min(pixwidth, 65535),
        min(pixheight, 65535),
    )


def _set_size(fd: int, size: Sequence[int]) -> None:
    width, height, pixwidth, pixheight = [*size, 0, 0][:4]
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, pixwidth, pixheight))


def _signal_group(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)
