"""The preloaded app (`zygote`): kept running by the server, and asked for each
session's app.

The server starts it as it starts, in the background, and again whenever it ends
(at once if it had been ready; after a pause, growing, if it never got ready).
Until it is ready, and whenever it is not (ended, starting again, slow to fork),
a session starts its app the plain way (`app.start_app`): no session waits for
it longer than `SPAWN_TIMEOUT`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

from . import sockdir
from .app import AppCommand, AppLog, app_environment
from .zygote import BOOT, MAX_REPLY, READY, Request, replied

log = logging.getLogger("craits.server")

SPAWN_TIMEOUT = 1.0
"""Seconds the zygote has to fork an app (it takes milliseconds), past those it
spends on the requests ahead of it (`QUEUED_TIMEOUT` each); past them, the session
starts its app the plain way."""
QUEUED_TIMEOUT = 0.25
"""Seconds more a request waits for each request ahead of it: the zygote forks one
at a time, and a burst of sessions on a busy machine queues there (while a plain
start, on that machine, would take seconds)."""
START_TIMEOUT = 30.0
"""Seconds a forked app has to lead its own session (a few system calls, which a
busy machine may take a while to run). The session waits for it past
`SPAWN_TIMEOUT`: a plain start, on that busy machine, would take longer still."""
RESTART_DELAY = 1.0
"""Seconds before starting again a zygote that never got ready, doubling each
time up to `MAX_RESTART_DELAY`."""
MAX_RESTART_DELAY = 60.0
READY_TIMEOUT = 120.0
"""Seconds a zygote has to import the app and say it is ready (a second or so)."""
STOP_TIMEOUT = 3.0
"""Seconds the zygote has to end once the server lets go of it."""


def available() -> bool:
    """Whether this system can fork apps from a zygote (Linux 5.3 or later)."""
    if not all(hasattr(socket, n) for n in ("SO_PEERCRED", "SOCK_SEQPACKET", "send_fds")):
        return False
    try:
        os.close(os.pidfd_open(os.getpid()))
    except (AttributeError, OSError):
        return False  # no pidfds: an older kernel
    return True


class ForkedApp:
    """An app the zygote forked, as a session sees a process (`app.AppProcess`).
    Its end comes as the zygote's reply; should the zygote end first, it comes as
    the end of the process itself (its pidfd), its exit status lost."""

    def __init__(self, conn: socket.socket, pid: int, pidfd: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._conn = conn
        self._pidfd = pidfd
        loop = asyncio.get_running_loop()
        self._ended: asyncio.Future[int] = loop.create_future()
        loop.add_reader(conn.fileno(), self._hear)

    def _hear(self) -> None:
        try:
            data = self._conn.recv(MAX_REPLY)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        loop = asyncio.get_running_loop()
        loop.remove_reader(self._conn.fileno())
        try:
            status = replied(data, "status")
        except ValueError:
            log.warning("the preloaded app ended before app %d: its exit status is lost", self.pid)
            loop.add_reader(self._pidfd, self._gone)
            return
        self._end(status)

    def _gone(self) -> None:
        asyncio.get_running_loop().remove_reader(self._pidfd)
        self._end(0)

    def _end(self, status: int) -> None:
        self.returncode = status
        self._conn.close()
        os.close(self._pidfd)
        self._ended.set_result(status)

    async def wait(self) -> int:
        """Wait for the app's end; its exit status (-N if signal N ended it)."""
        return await asyncio.shield(self._ended)


class Spawner:
    """The zygote, started again whenever it ends, and the server's requests to it
    (`app.Forker`)."""

    def __init__(self, app: Sequence[str], directory: Path) -> None:
        self.app = tuple(app)
        self.directory = directory
        self.path = directory / sockdir.SPAWNER
        self.pid: int | None = None
        """The zygote's process, while one runs."""
        self._up = asyncio.Event()
        self._process: asyncio.subprocess.Process | None = None
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._queued = 0  # requests sent that the zygote has not yet answered

    @property
    def ready(self) -> bool:
        """Whether the zygote takes requests now."""
        return self._up.is_set()

    async def until_ready(self) -> None:
        """Wait until the zygote takes requests."""
        await self._up.wait()

    def start(self) -> None:
        """Start the zygote, in the background (and again whenever it ends)."""
        self._task = asyncio.get_running_loop().create_task(self._keep(), name="craits-zygote")

    async def _keep(self) -> None:
        delay = RESTART_DELAY
        while not self._closing:
            if await self._run():
                delay = RESTART_DELAY
                continue
            if self._closing:
                return
            log.warning(
                "the preloaded app could not start: sessions start the plain way; "
                "trying again in %.0f s",
                delay,
            )
            await asyncio.sleep(delay)
            delay = min(delay * 2, MAX_RESTART_DELAY)

    async def _run(self) -> bool:
        """Run one zygote to its end; whether it got ready."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # an ended zygote's socket
        errors, errors_end = os.pipe()
        try:
            process = await asyncio.create_subprocess_exec(
                *(sys.executable, "-X", "utf8", "-c", BOOT, str(self.path), *self.app),
                stdin=asyncio.subprocess.PIPE,  # its end is the server's end
                stdout=asyncio.subprocess.PIPE,
                stderr=errors_end,
                cwd=self.directory,
                env=app_environment(),
                start_new_session=True,  # the server's terminal's ^C is not for it
            )
        except OSError as err:
            os.close(errors)
            log.warning("the preloaded app cannot be started: %s", err)
            return False
        finally:
            os.close(errors_end)
        os.set_blocking(errors, False)
        said = AppLog(errors, "the preloaded app")
        self._process, self.pid = process, process.pid
        ready = False
        try:
            ready = await self._until_ready(process)
            if ready:
                self._up.set()
                log.info("the preloaded app is ready (process %d)", process.pid)
            elif process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()  # stuck, or speaking of something else
            status = await process.wait()
        finally:
            self._up.clear()
            self._process = self.pid = None
            said.close()
        if ready and not self._closing:
            log.warning(
                "the preloaded app ended (status %d): sessions start the plain way "
                "until it is back",
                status,
            )
        return ready

    @staticmethod
    async def _until_ready(process: asyncio.subprocess.Process) -> bool:
        """Whether the zygote says it is ready within `READY_TIMEOUT` (what else it
        writes on its stdout, an import's words, is passed over)."""
        assert process.stdout is not None
        with contextlib.suppress(TimeoutError, ValueError):
            async with asyncio.timeout(READY_TIMEOUT):
                while line := await process.stdout.readline():
                    if line == READY:
                        return True
        return False

    async def spawn(
        self, command: AppCommand, cwd: Path, terminal: int, errors: int
    ) -> ForkedApp | None:
        """The session's app, forked with ``terminal`` and ``errors`` (`app.Forker`);
        None if the zygote is not ready or does not answer in time."""
        if not self.ready:
            return None
        request = Request(command.args, command.env, str(cwd)).encode()
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        conn.setblocking(False)
        fds: list[int] = []
        child: int | None = None  # the forked child, until the zygote says it started
        ahead = self._queued
        self._queued += 1
        try:
            try:
                async with asyncio.timeout(SPAWN_TIMEOUT + ahead * QUEUED_TIMEOUT):
                    await asyncio.get_running_loop().sock_connect(conn, str(self.path))
                    socket.send_fds(conn, [request], [terminal, errors])
                    forked, fds = await _receive(conn)
            finally:
                self._queued -= 1
            child = os.pidfd_open(replied(forked, "forked"))
            async with asyncio.timeout(START_TIMEOUT):
                data, fds = await _receive(conn)
            pid = replied(data, "pid")
            (pidfd,) = fds
        except (OSError, TimeoutError, ValueError) as err:
            _drop(conn, fds, child)
            log.warning("the preloaded app did not fork (%r): the plain way then", err)
            return None
        except asyncio.CancelledError:
            _drop(conn, fds, child)  # the session is gone
            raise
        os.close(child)
        return ForkedApp(conn, pid, pidfd)

    async def close(self) -> None:
        """End the zygote (the apps it forked go on to their own ends)."""
        self._closing = True
        process = self._process
        if process is not None and process.returncode is None:
            assert process.stdin is not None
            process.stdin.close()  # it hears the server's end
            try:
                await asyncio.wait_for(process.wait(), STOP_TIMEOUT)
            except TimeoutError:
                process.kill()
                await process.wait()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


async def _receive(conn: socket.socket) -> tuple[bytes, list[int]]:
    """One message on ``conn`` (non-blocking), and the descriptors that came with it."""
    loop = asyncio.get_running_loop()
    while True:
        try:
            data, fds, _flags, _address = socket.recv_fds(
                conn, MAX_REPLY, 1, socket.MSG_CMSG_CLOEXEC
            )
            return data, fds
        except BlockingIOError:
            readable: asyncio.Future[None] = loop.create_future()
            loop.add_reader(conn.fileno(), _settle, readable)
            try:
                await readable
            finally:
                loop.remove_reader(conn.fileno())


def _drop(conn: socket.socket, fds: Sequence[int], child: int | None) -> None:
    """Let go of a request the server no longer waits on. A child forked for it
    (``child``: its pidfd) is ended here: the zygote would end it on finding nobody
    to tell that it runs, but the zygote may be the reason for giving up (killed
    between its two replies), and the session's terminal must not get two apps."""
    if child is not None:
        with contextlib.suppress(ProcessLookupError):
            signal.pidfd_send_signal(child, signal.SIGKILL)
        os.close(child)
    for fd in fds:
        os.close(fd)
    conn.close()


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
