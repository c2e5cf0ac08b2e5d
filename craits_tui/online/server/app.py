"""A session's app: its command line, its environment, its process and its errors.

Each app runs ``craits_tui --remote SOCKET`` in a terminal of its own (`pty`),
forked from the preloaded app (`zygote`, through `spawner`) when that one is up,
or else as a fresh ``python -c LAUNCHER``; the session sees either as an
`AppProcess`. What goes wrong in it never reaches the player's screen, where a
traceback would show the server's paths: the server gives the app a pipe for its
errors, the `launcher` makes that pipe the app's ``sys.stderr``, and the server
logs every line that comes out of it (`AppLog`). An exception that escapes the
app, or a nonzero exit, is logged the same way and leaves the player one sentence
(`FAILED`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import re
import sys
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..protocol import ADDRESS_VARIABLE, DOOR_VARIABLE, TOKEN_VARIABLE, WEB_ADDRESS_VARIABLE, Door
from .config import PASSWORD_VARIABLE
from .launcher import LOG_FD_VARIABLE
from .pty import Size, open_terminal

log = logging.getLogger("craits.server")

LAUNCHER = "from craits_tui.online.server.launcher import main; main()"
"""What a fresh session's process runs: ``python -c LAUNCHER craits_tui --remote SOCKET``
is ``python -m craits_tui --remote SOCKET`` with the launcher's safeguards around it.
(Doing this in the child between fork and exec, with ``preexec_fn``, is not safe in
a process that has threads, as the server has; a few lines of Python before the app
are.)"""

_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
_LOCALE = re.compile(r"[A-Za-z0-9_.@-]{1,64}")
_FORWARDED = ("LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANGUAGE", "COLORTERM")
"""What a client may say about its terminal and language; nothing else of its
environment reaches the app."""
_DROPPED = (
    *_FORWARDED,
    "TERM",
    PASSWORD_VARIABLE,
    TOKEN_VARIABLE,
    ADDRESS_VARIABLE,
    WEB_ADDRESS_VARIABLE,
    DOOR_VARIABLE,
    LOG_FD_VARIABLE,
    "SSH_AUTH_SOCK",
    # The size of the server's own terminal: the app would take it for the
    # player's, and never hear that the player's window changed.
    "COLUMNS",
    "LINES",
)


REPLAY_COMMAND = re.compile(r"\s*replay(?:\s+(.*?))?\s*", re.DOTALL)
REPLAY_CODE = re.compile(r"[A-Za-z0-9]{3}-?[A-Za-z0-9]{3}")
"""A replay code as typed: six letters and digits, a dash in the middle or not
(never an option: it goes on the app's command line)."""


def replay_asked(command: str | None) -> str | None:
    """The code of a ``replay CODE`` command: the one command a session may run
    (it shows that finished game's replay); None for any other command, and for
    a ``replay`` without a well-formed code (`command_refused` says why)."""
    match = REPLAY_COMMAND.fullmatch(command or "")
    code = match.group(1) if match else None
    return code if code is not None and REPLAY_CODE.fullmatch(code) else None


def replay_code(text: str) -> str | None:
    """A replay's code as a link or a form gives it (``abcdef``, ``ABC-DEF``), in the
    form it is shown in; None if it is not one."""
    if not REPLAY_CODE.fullmatch(text):
        return None
    code = text.replace("-", "").upper()
    return f"{code[:3]}-{code[3:]}"


def command_refused(command: str | None) -> str | None:
    """Why the command a client asked for is not run, in a sentence; None for
    none (the game) and for ``replay CODE``."""
    if command is None or replay_asked(command) is not None:
        return None
    if REPLAY_COMMAND.fullmatch(command):
        return "That is not a replay code: a replay code is six letters and digits, like ABC-DEF."
    return "This server runs only the Craits game: connect without a command (or: replay CODE)."


@dataclass(frozen=True)
class AppCommand:
    """What a session's app runs: ``app`` (the module or script, and its options, the
    same for every session), then ``args``, in the environment ``env``."""

    app: tuple[str, ...]
    args: tuple[str, ...]
    env: dict[str, str]

    @property
    def argv(self) -> list[str]:
        """The command line of a fresh process running it."""
        return [sys.executable, "-c", LAUNCHER, *self.app, *self.args]


def app_environment() -> dict[str, str]:
    """The server's environment, less what is the server's own or the client's to
    say: what every session's app starts from (and the preloaded app imports in)."""
    return {
        k: v
        for k, v in os.environ.items()
        if k not in _DROPPED and not k.startswith("TEXTUAL")  # the server's own Textual
    }


def app_command(
    app: Sequence[str], socket: Path, token: str, command: str | None = None
) -> AppCommand:
    """A session's app (before the client's terminal settings, `terminal_environment`,
    are added to its environment); ``command``: the one the client asked for
    (``replay CODE``: the app shows that replay alone)."""
    args = ["--remote", str(socket)]
    replay = replay_asked(command)
    if replay is not None:
        args.append(f"--replay={replay}")
    env = app_environment()
    env[TOKEN_VARIABLE] = token
    return AppCommand(tuple(app), tuple(args), env)


def terminal_environment(term_type: str | None, sent: Mapping[str, str]) -> dict[str, str]:
    """TERM from the PTY request; language and colour depth from the client's
    environment when it sends them (checked: they end up in the app's)."""
    env: dict[str, str] = {}
    term = term_type or ""
    env["TERM"] = term if _TERM.fullmatch(term) else "xterm-256color"
    for name in _FORWARDED:
        value = sent.get(name)
        if value is not None and _LOCALE.fullmatch(value):
            env[name] = value
    return env


def ssh_target(host: str, port: int) -> str:
    """What to type after ``ssh`` to reach ``host`` at ``port``: "localhost" for
    this machine, "HOST" for a wildcard (every address of the machine: which one
    a player types is not known)."""
    host = shown_host(host)
    return host if port == 22 else f"-p {port} {host}"


def shown_host(host: str) -> str:
    """``host`` (as listened on) as a player would type it: "localhost" for this
    machine, "HOST" for a wildcard (which of the machine's addresses a player
    types is not known)."""
    if is_loopback(host):
        return "localhost"
    if host in ("0.0.0.0", "::", ""):
        return "HOST"
    return host


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine, reached only from itself."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host == "localhost"
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    return (mapped or address).is_loopback


def reached_environment(sockname: object, web: Callable[[str], str | None]) -> dict[str, str]:
    """How an SSH client reached the server (its connection's local address), for
    the app to show in commands it suggests (``ssh -t ADDRESS replay CODE``) and in
    a table's link: the web page's origin, as ``web`` makes it from the host
    reached, when the server serves one."""
    env = {DOOR_VARIABLE: Door.SSH.value}
    if not isinstance(sockname, tuple) or len(sockname) < 2:
        return env  # not a TCP connection: nothing to show
    host = str(sockname[0])
    env[ADDRESS_VARIABLE] = ssh_target(host, int(sockname[1]))
    origin = web(host)
    if origin is not None:
        env[WEB_ADDRESS_VARIABLE] = origin
    return env


class AppProcess(Protocol):
    """A session's app as the session sees it, started either way (the part of
    `asyncio.subprocess.Process` a session uses)."""

    @property
    def pid(self) -> int:
        """Its process id, and its process group's."""

    @property
    def returncode(self) -> int | None:
        """Its exit status once ended: -N if signal N ended it."""

    async def wait(self) -> int:
        """Wait for its end; its `returncode`."""


class Forker(Protocol):
    """What forks a session's app from the preloaded one (`spawner.Spawner`)."""

    @property
    def ready(self) -> bool:
        """Whether a fork can be asked for now."""

    async def spawn(
        self, command: AppCommand, cwd: Path, terminal: int, errors: int
    ) -> AppProcess | None:
        """The app forked with ``terminal`` and the error pipe ``errors``; None if it
        could not be (then it is to be started the plain way)."""


@dataclass(frozen=True)
class RunningApp:
    """A started app: its process, its terminal's master end, its error pipe."""

    process: AppProcess
    master: int
    errors: int


async def start_app(
    command: AppCommand, cwd: Path, size: Size, forker: Forker | None = None
) -> RunningApp:
    """Start the app in a new terminal of ``size``, in a session of its own, in
    ``cwd`` (nothing to import by accident there): forked by ``forker`` if it is
    ready, as a fresh process if not (or if the fork fails)."""
    if forker is not None and forker.ready:
        started = await _in_terminal(
            size, lambda slave, errors: forker.spawn(command, cwd, slave, errors)
        )
        if started is not None:
            return started
    fresh = await _in_terminal(size, lambda slave, errors: _fresh(command, cwd, slave, errors))
    assert fresh is not None  # a fresh start succeeds or raises
    return fresh


async def _fresh(command: AppCommand, cwd: Path, slave: int, errors: int) -> AppProcess:
    return await asyncio.create_subprocess_exec(
        *command.argv,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,  # its own session and process group
        env={**command.env, LOG_FD_VARIABLE: str(errors)},
        cwd=str(cwd),
        close_fds=True,
        pass_fds=(errors,),
    )


async def _in_terminal(
    size: Size, start: Callable[[int, int], Awaitable[AppProcess | None]]
) -> RunningApp | None:
    """``start`` the app on a new terminal's slave end and an error pipe's write end
    (both closed here once it has them); None if it did not start. (A fork given
    up on closes its terminal: a child forked all the same is hung up.)"""
    master, slave = open_terminal(size)
    errors, errors_end = os.pipe()
    process: AppProcess | None = None
    try:
        process = await start(slave, errors_end)
    finally:
        os.close(slave)
        os.close(errors_end)
        if process is None:
            os.close(master)
            os.close(errors)
    if process is None:
        return None
    os.set_blocking(master, False)
    os.set_blocking(errors, False)
    return RunningApp(process, master, errors)


def read_ready(fd: int, take: Callable[[bytes], None], ended: Callable[[], None]) -> None:
    """Read what an app wrote to ``fd`` (non-blocking, and said to be ready): hand it
    to ``take``, or call ``ended`` once the app's end is closed."""
    try:
        data = os.read(fd, 65536)
    except BlockingIOError:
        return
    except OSError:
        data = b""  # EIO: the app's end of the terminal is closed
    if data:
        take(data)
    else:
        ended()


class AppLog:
    """What an app writes to its error pipe, into the server's log line by line,
    each with the session it comes from. Bounded: an app writing without end
    costs the log `MAX_LINES` lines, not the disk."""

    MAX_LINES = 2000
    MAX_LINE = 2000

    def __init__(self, fd: int, who: str) -> None:
        self.who = who
        self._fd = fd
        self._buffer = bytearray()
        self._lines = 0
        asyncio.get_running_loop().add_reader(fd, read_ready, fd, self._take, self.close)

    def _take(self, data: bytes) -> None:
        self._buffer += data
        *lines, rest = self._buffer.split(b"\n")
        self._buffer = bytearray(rest[: self.MAX_LINE])
        for line in lines:
            self._say(bytes(line))

    def _say(self, line: bytes) -> None:
        self._lines += 1
        if self._lines <= self.MAX_LINES:
            text = line[: self.MAX_LINE].decode("utf-8", "backslashreplace").rstrip()
            log.warning("%s: %s", self.who, text)
        elif self._lines == self.MAX_LINES + 1:
            log.warning("%s: (more of the app's errors left out)", self.who)

    def close(self) -> None:
        """Log what is left in the pipe, then close it."""
        if self._fd < 0:
            return
        asyncio.get_running_loop().remove_reader(self._fd)
        with contextlib.suppress(OSError):
            while data := os.read(self._fd, 65536):
                self._take(data)
        if self._buffer:
            self._say(bytes(self._buffer))
            self._buffer.clear()
        os.close(self._fd)
        self._fd = -1


def signal_group(pid: int, sig: int) -> None:
    """Send ``sig`` to the app and everything in its process group."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)
