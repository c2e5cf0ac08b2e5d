"""A session's app: its command line, its environment, its process and its errors.

Each app runs ``python -c LAUNCHER craits_tui --remote SOCKET`` in a terminal of
its own (`pty`). What goes wrong in it never reaches the player's screen, where a
traceback would show the server's paths: the server gives the app a pipe for its
errors (its number in ``CRAITS_LOG_FD``), the launcher makes that pipe the app's
``sys.stderr`` (Textual draws on ``sys.__stderr__``, which stays the terminal),
and the server logs every line that comes out of it (`AppLog`). An exception
that escapes the app, or a nonzero exit, is logged the same way and leaves the
player one sentence (`FAILED`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..protocol import ADDRESS_VARIABLE, TOKEN_VARIABLE
from .config import PASSWORD_VARIABLE
from .pty import Size, open_terminal

log = logging.getLogger("craits.server")

LOG_FD_VARIABLE = "CRAITS_LOG_FD"
FAILED = "Something went wrong in this session, and it has ended."
"""What the player reads when their app fails (the details are in the server's log)."""

LAUNCHER = f"""\
import fcntl, os, runpy, sys, termios, traceback
# Errors go to the server's log, not to the player's screen.
_fd = int(os.environ.pop({LOG_FD_VARIABLE!r}))
os.set_inheritable(_fd, False)
sys.stderr = log = open(_fd, "w", encoding="utf-8", errors="backslashreplace", buffering=1)
# The terminal on stdin becomes this session's controlling terminal, so the
# kernel tells the app when the player's window changes size (SIGWINCH) and
# hangs it up when the session ends.
try:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
except OSError:
    pass  # the game still runs; it only misses resizes
target, sys.argv = sys.argv[1], sys.argv[1:]
try:
    if target.endswith(".py"):
        runpy.run_path(target, run_name="__main__")
    else:
        runpy.run_module(target, run_name="__main__", alter_sys=True)
except SystemExit as end:
    if end.code is None or end.code == 0:
        raise
    print("the app ended with", repr(end.code), file=log)
except BaseException:
    traceback.print_exc(file=log)  # here whatever the app made of sys.stderr
else:
    raise SystemExit(0)
log.flush()
with open(1, "wb", closefd=False) as terminal:
    terminal.write(b"\\r\\n" + {FAILED.encode()!r} + b"\\r\\n")
# Not sys.exit: a thread the failed app left running must not keep it alive.
os._exit(1)
"""
"""What each session's process runs: ``python -c LAUNCHER craits_tui --remote SOCKET``
is ``python -m craits_tui --remote SOCKET`` with the safeguards above. (Doing this in
the child between fork and exec, with ``preexec_fn``, is not safe in a process
that has threads; a few lines of Python before the app are.)"""

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


def command_refused(command: str | None) -> str | None:
    """Why the command a client asked for is not run, in a sentence; None for
    none (the game) and for ``replay CODE``."""
    if command is None or replay_asked(command) is not None:
        return None
    if REPLAY_COMMAND.fullmatch(command):
        return "That is not a replay code: a replay code is six letters and digits, like ABC-DEF."
    return "This server runs only the Craits game: connect without a command (or: replay CODE)."


def app_command(
    app: Sequence[str], socket: Path, token: str, command: str | None = None
) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of a session's app (before the client's
    terminal settings, `terminal_environment`, are added); ``command``: the one the
    client asked for (``replay CODE``: the app shows that replay alone)."""
    argv = [sys.executable, "-c", LAUNCHER, *app, "--remote", str(socket)]
    replay = replay_asked(command)
    if replay is not None:
        argv.append(f"--replay={replay}")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in _DROPPED and not k.startswith("TEXTUAL")  # the server's own Textual
    }
    env[TOKEN_VARIABLE] = token
    return argv, env


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
    if is_loopback(host):
        host = "localhost"
    elif host in ("0.0.0.0", "::", ""):
        host = "HOST"
    return host if port == 22 else f"-p {port} {host}"


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine, reached only from itself."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host == "localhost"
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    return (mapped or address).is_loopback


def reached_environment(sockname: object) -> dict[str, str]:
    """How the client reached the server (its connection's local address), for
    the app to show in commands it suggests (``ssh -t ADDRESS replay CODE``)."""
    if not isinstance(sockname, tuple) or len(sockname) < 2:
        return {}  # not a TCP connection: nothing to show
    return {ADDRESS_VARIABLE: ssh_target(str(sockname[0]), int(sockname[1]))}


@dataclass(frozen=True)
class RunningApp:
    """A started app: its process, its terminal's master end, its error pipe."""

    process: asyncio.subprocess.Process
    master: int
    errors: int


async def start_app(argv: list[str], env: dict[str, str], cwd: Path, size: Size) -> RunningApp:
    """Start the app in a new terminal of ``size``, in a session of its own."""
    master, slave = open_terminal(size)
    errors, errors_end = os.pipe()
    env = {**env, LOG_FD_VARIABLE: str(errors_end)}
    try:
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,  # its own session and process group
            env=env,
            cwd=str(cwd),  # nothing to import by accident there
            close_fds=True,
            pass_fds=(errors_end,),
        )
    except BaseException:
        os.close(master)
        os.close(errors)
        raise
    finally:
        os.close(slave)
        os.close(errors_end)
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
