"""The preloaded app: a process that has imported the app once, and forks each
session's app from itself.

A fresh Python spends most of a second importing Textual and the game before it
draws the lobby, and each session's process holds its own copy of those modules.
This process (a "zygote", as Android calls it) imports them once, takes them out
of the garbage collector's way (`gc.freeze`: a collection then never writes to
their pages, which stay shared with every child, copy-on-write), and on the
server's request forks: the child has the whole app at once, and shares its pages
until it writes to them.

The server (`spawner`) starts it as ``python -X utf8 -c BOOT SOCKET TARGET ARGS...``
in its own session, in the socket's directory, with the environment every app
starts from (`app.app_environment`). It answers one request a connection, on a
``SOCK_SEQPACKET`` socket: a `Request` (the app's arguments after ``TARGET ARGS``,
its environment, its directory) with two file descriptors, the terminal's slave
end and the error pipe. It replies ``{"forked": N}`` as soon as the child is
forked, ``{"pid": N}`` with the child's pidfd once the child leads a session of
its own (so the server's signals to its group reach it: on a busy machine that
may take the child a while), and ``{"status": S}`` when the child has ended (S as
asyncio's ``returncode``).

What it defends, and how:

- Only the server talks to it: the socket is in the server's private directory
  (mode 0700, the socket 0600), and a connection whose peer (``SO_PEERCRED``) is
  not the server's process is closed unanswered.
- It runs nothing but the app: the app is on its own command line; a request only
  adds arguments to it, and is checked (`Request.decode`).
- It ends with the server: its stdin is a pipe whose other end the server holds.
- Nothing of it reaches a child: the zygote closes its own sockets in the child,
  which then (`launcher.main_forked`) leads a session of its own with the terminal
  as its controlling terminal, takes the environment and directory it is given
  (nothing of the zygote's), rebuilds its standard streams on the terminal,
  reseeds `random` and reads its language again. The zygote sets no signal
  handler and blocks no signal, runs no thread and no event loop (it refuses to
  serve if an import started one), so a child starts with what a fresh Python
  importing the same modules would have. What a child does share with its
  siblings: the zygote's hash seed and memory layout (as Android's apps do), both
  fixed when the zygote started.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import re
import selectors
import signal
import socket
import stat
import struct
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import launcher

BOOT = "from craits_tui.online.server.zygote import main; main()"
READY = b"ready\n"
"""What the zygote writes on its stdout once it takes requests."""
PRELOAD = (
    "craits_tui.cli",
    "craits_tui.online.client.app",
    # What Textual and rich import only as the app runs.
    "textual.drivers.linux_driver",
    "textual.pilot",
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.scrollbar",
    "rich._emoji_codes",
)
"""What a session's app imports, imported once here (for an app that is a module:
a ``.py`` script, a stand-in, brings its own)."""
MAX_REQUEST = 256 * 1024
MAX_ARGS = 64
MAX_VARIABLES = 512
MAX_REPLY = 256
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PEER = struct.Struct("3i")  # struct ucred: pid, uid, gid


@dataclass(frozen=True)
class Request:
    """What the server asks for a session: the app's arguments after its fixed
    ones, its whole environment, its working directory."""

    args: tuple[str, ...]
    env: Mapping[str, str]
    cwd: str

    def encode(self) -> bytes:
        return json.dumps(
            {"args": list(self.args), "env": dict(self.env), "cwd": self.cwd}
        ).encode()

    @classmethod
    def decode(cls, data: bytes, cwd: Path) -> Request:
        """The request in ``data``, if it is well formed and its directory is
        ``cwd`` (the only one a session's app runs in); ValueError otherwise."""
        try:
            fields = json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ValueError("not JSON") from None
        if not isinstance(fields, dict) or set(fields) != {"args", "env", "cwd"}:
            raise ValueError("not a request")
        args, env = fields["args"], fields["env"]
        if not isinstance(args, list) or len(args) > MAX_ARGS or not all(map(_clean, args)):
            raise ValueError("bad arguments")
        if not isinstance(env, dict) or len(env) > MAX_VARIABLES:
            raise ValueError("bad environment")
        for name, value in env.items():
            if not _NAME.fullmatch(name) or not _clean(value):
                raise ValueError(f"bad variable {name[:40]!r}")
        if fields["cwd"] != str(cwd):
            raise ValueError("not the sessions' directory")
        return cls(tuple(args), env, str(cwd))


def _clean(text: object) -> bool:
    """A string that can be an argument or a variable's value."""
    if not isinstance(text, str) or "\0" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False  # a lone surrogate
    return True


def reply(**fields: int) -> bytes:
    """One of the zygote's replies: ``forked=N``, ``pid=N`` or ``status=S``."""
    return json.dumps(fields).encode()


def replied(data: bytes, name: str) -> int:
    """The number ``name`` in a reply; ValueError if it is not that reply."""
    try:
        fields = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("a garbled reply") from None
    value = fields.get(name) if isinstance(fields, dict) else None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"no {name} in the reply")
    return value


# --- The zygote --------------------------------------------------------------------


def main() -> None:
    """The zygote's process: ``-c BOOT SOCKET TARGET ARGS...`` (see the module)."""
    path, target, fixed = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
    zygote = Zygote(path, server=os.getppid())
    zygote.preload(target)
    child = zygote.serve()
    if child is not None:
        request = child.request
        launcher.main_forked(
            [target, *fixed, *request.args], request.env, request.cwd,
            terminal=child.slave, errors=child.errors, told=child.told,
        )  # fmt: skip


def unforkable() -> str | None:
    """Why this process must not fork a session's app, if it must not."""
    if threading.active_count() > 1 or len(os.listdir("/proc/self/task")) > 1:
        return "a thread is running"
    events = getattr(sys.modules.get("asyncio"), "events", None)
    if events is not None:
        policy = getattr(events, "_event_loop_policy", None)
        local = getattr(policy, "_local", None)
        if events._get_running_loop() is not None or getattr(local, "_loop", None) is not None:
            return "an event loop exists"
    return None


class Zygote:
    """The preloaded process, between the server's requests."""

    def __init__(self, path: Path, server: int) -> None:
        self.path = path
        self.directory = path.parent
        self.server = server
        self._selector = selectors.DefaultSelector()
        self._listener: socket.socket | None = None
        self._children: dict[int, tuple[int, socket.socket | None]] = {}
        """Each child's pidfd: its pid, and the connection that waits for its end."""
        self._starting: dict[int, tuple[int, int, socket.socket]] = {}
        """Each child not yet leading its own session, by the pipe that says when it
        does: its pidfd, its pid, and the connection that waits for its pid."""
        self._serving = True

    def preload(self, target: str) -> None:
        """Import the app, then freeze what was imported. SystemExit if this process
        cannot fork safely after it."""
        if not target.endswith(".py"):
            for name in PRELOAD:
                importlib.import_module(name)
            # rich's table of cell widths, loaded at the first wide character drawn.
            importlib.import_module("rich.cells").cell_len("\u4e2d")
        problem = unforkable()
        if problem is not None:
            raise SystemExit(f"the preloaded app cannot fork: {problem}")
        gc.collect()
        gc.freeze()

    def serve(self) -> Child | None:
        """Answer the server's requests until it ends (then None). In a forked child,
        the child: the zygote's own part is then over."""
        self._listener = listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        listener.bind(str(self.path))
        os.chmod(self.path, 0o600)
        listener.listen(64)
        listener.setblocking(False)
        self._selector.register(listener, selectors.EVENT_READ, self._accept)
        self._selector.register(0, selectors.EVENT_READ, self._server_said)
        os.write(1, READY)
        while self._serving:
            for key, _events in self._selector.select():
                handle: Callable[[object], Child | None] = key.data
                child = handle(key.fileobj)
                if child is not None:
                    return child
        return None

    def _server_said(self, _fd: object) -> None:
        if not os.read(0, 512):
            self._serving = False  # the server has ended: so does the zygote

    def _accept(self, _listener: object) -> None:
        assert self._listener is not None
        try:
            conn, _address = self._listener.accept()
        except OSError:
            return
        raw = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _PEER.size)
        pid, uid, _gid = _PEER.unpack(raw)
        if uid != os.getuid() or pid != self.server:
            say(f"refused a connection from process {pid} (user {uid}): not the server")
            conn.close()
            return
        conn.setblocking(False)
        self._selector.register(conn, selectors.EVENT_READ, self._spawn)

    def _spawn(self, conn: object) -> Child | None:
        assert isinstance(conn, socket.socket)
        self._selector.unregister(conn)
        try:
            data, fds, flags, _address = socket.recv_fds(
                conn, MAX_REQUEST, 2, socket.MSG_CMSG_CLOEXEC
            )
        except OSError:
            data, fds, flags = b"", [], 0
        try:
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
                raise ValueError("too long")
            request = Request.decode(data, self.directory)
            slave, errors = _terminal_and_pipe(fds)
        except ValueError as err:
            for fd in fds:
                os.close(fd)
            conn.close()
            if data:
                say(f"refused a request: {err}")
            return None
        return self._fork(conn, request, slave, errors)

    def _fork(self, conn: socket.socket, request: Request, slave: int, errors: int) -> Child | None:
        started, told = os.pipe()
        try:
            pid = os.fork()
        except OSError as err:
            for fd in (started, told, slave, errors):
                os.close(fd)
            conn.close()  # the server starts this one the plain way
            say(f"cannot fork: {err}")
            return None
        if pid == 0:
            os.close(started)
            conn.close()
            self._leave()
            return Child(request, slave, errors, told)
        for fd in (told, slave, errors):
            os.close(fd)
        with contextlib.suppress(OSError):  # (the server gone: told when the child starts)
            conn.send(reply(forked=pid))
        # The server hears of the child again once it leads its own session (or is
        # gone); meanwhile the next requests are answered: a burst of sessions forks
        # at once.
        self._starting[started] = (os.pidfd_open(pid), pid, conn)
        self._selector.register(started, selectors.EVENT_READ, self._started)
        return None

    def _started(self, started: object) -> None:
        assert isinstance(started, int)
        self._selector.unregister(started)
        pidfd, pid, conn = self._starting.pop(started)
        with contextlib.suppress(OSError):
            os.read(started, 1)
        os.close(started)
        waiting: socket.socket | None = conn
        try:
            socket.send_fds(conn, [reply(pid=pid)], [pidfd])
        except OSError:
            # The server has given up on this one: nobody would watch it run.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)  # its group: the child leads one by now
            conn.close()
            waiting = None
        self._children[pidfd] = (pid, waiting)
        self._selector.register(pidfd, selectors.EVENT_READ, self._reap)

    def _reap(self, pidfd: object) -> None:
        assert isinstance(pidfd, int)
        self._selector.unregister(pidfd)
        pid, conn = self._children.pop(pidfd)
        os.close(pidfd)
        _pid, status = os.waitpid(pid, 0)
        if conn is not None:
            with contextlib.suppress(OSError):  # (the server is gone)
                conn.send(reply(status=os.waitstatus_to_exitcode(status)))
            conn.close()

    def _leave(self) -> None:
        """In a child: close everything of the zygote's (but fds 0-2, which the
        terminal replaces)."""
        for key in list(self._selector.get_map().values()):
            if isinstance(key.fileobj, socket.socket):
                key.fileobj.close()
        for _pid, conn in self._children.values():
            if conn is not None:
                conn.close()
        for pidfd in self._children:
            os.close(pidfd)
        self._children.clear()
        for started, (pidfd, _pid, conn) in self._starting.items():
            for fd in (started, pidfd):
                os.close(fd)
            conn.close()
        self._starting.clear()
        self._selector.close()


def _terminal_and_pipe(fds: Sequence[int]) -> tuple[int, int]:
    """The two descriptors of a request: a terminal, and a pipe to write to."""
    if len(fds) != 2:
        raise ValueError("not a terminal and a pipe")
    slave, errors = fds
    if not os.isatty(slave) or not stat.S_ISFIFO(os.fstat(errors).st_mode):
        raise ValueError("not a terminal and a pipe")
    return slave, errors


def say(text: str) -> None:
    """A line for the server's log (the zygote's stderr is a pipe to it)."""
    print(text, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Child:
    """A child just forked (in the child), with what it was asked to run."""

    request: Request
    slave: int
    errors: int
    told: int
    """The pipe the zygote waits on until this child leads its own session."""
