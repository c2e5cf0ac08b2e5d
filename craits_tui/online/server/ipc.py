"""The socket between each session's app and the table authority.

Every SSH session runs its own app in its own process (see `craits_tui.online.server.ssh`);
the apps reach the one authority through a Unix domain socket, one JSON message a
line (`craits_tui.online.protocol`). Why this shape:

- The socket lives in a private temporary directory (mode 0700, the socket itself
  0600), so only this server's own user can connect, and a connection proves
  nothing by itself: its first line must be ``hello`` with the secret token the
  server gave the session's process when it started it.
- The socket server runs in the same event loop as the SSH server and the
  authority: every table lives in one loop, each message is handled whole before
  the next, so there are no locks and no races between players.
- Each connection has its own task, its own rate limit and its own allowance of
  bad lines, and yields to the others after every line: a client flooding the
  socket with garbage slows nobody else, and is shown the door when it keeps on.
- Sending never waits: a message goes into the connection's buffer; a client that
  stops reading and lets that buffer grow past `MAX_BUFFER` is disconnected, so
  one stuck client cannot hold up a table or fill the server's memory.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any

from ..protocol import (
    MAX_LINE,
    TO_SERVER,
    BadMessage,
    Bye,
    ByeCode,
    Message,
    RefusalCode,
    Refused,
    decode,
    encode,
)
from . import sockdir
from .authority import Authority
from .limits import Limits, TokenBucket
from .refusal import RequestRefused

log = logging.getLogger("craits.server")

SOCKET_NAME = sockdir.TABLES

MAX_BUFFER = 8 * 1024 * 1024
"""Bytes waiting to be sent to one client before it counts as stuck. A whole
game's event stream, sent at once on a join, is far less."""

READ_SIZE = 64 * 1024


class IpcConnection:
    """One app's connection, as the authority sees it (`authority.Connection`).

    Lines sent in one turn of the event loop (a command's events, say) leave in
    one write: the app reads a command's whole news at once, never half of it,
    and the server makes one system call where it would make several.
    """

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer
        self._transport = writer.transport
        self._pending: list[bytes] = []
        self.closed = False

    def send(self, message: Message) -> None:
        self.send_line(encode(message))

    def send_line(self, line: bytes) -> None:
        if self.closed:
            return
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        self._pending.append(line)

    def _flush(self) -> None:
        data = b"".join(self._pending)
        self._pending.clear()
        if self.closed or not data or self._transport.is_closing():
            return
        self._transport.write(data)
        if self._transport.get_write_buffer_size() > MAX_BUFFER:
            log.warning("a client stopped reading its messages: disconnected")
            self.closed = True
            self._transport.abort()

    def close(self, code: str, message: str) -> None:
        if self.closed:
            return
        self.send(Bye(code, message))
        self._flush()
        self.closed = True
        self._writer.close()  # sends what is buffered, then closes

    def abort(self) -> None:
        self.closed = True
        self._pending.clear()
        self._transport.abort()


class IpcServer:
    """The authority's socket: accepts the apps' connections and hands their
    messages over, within the limits."""

    def __init__(
        self, authority: Authority, limits: Limits | None = None, record: Path | None = None
    ) -> None:
        """``record``: where to write down the socket's directory, so that the next
        server cleans it up if this one is killed (see `sockdir`)."""
        self.authority = authority
        self.limits = limits or Limits()
        self._record = record
        self._server: asyncio.AbstractServer | None = None
        self._directory: Path | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._conns: set[IpcConnection] = set()

    @property
    def path(self) -> Path:
        """The socket's path (once started)."""
        if self._directory is None:
            raise RuntimeError("the socket server is not started")
        return self._directory / SOCKET_NAME

    @property
    def directory(self) -> Path:
        """The private directory that holds the socket (once started)."""
        if self._directory is None:
            raise RuntimeError("the socket server is not started")
        return self._directory

    async def start(self) -> Path:
        """Listen in a new private directory; returns the socket's path."""
        directory = sockdir.make(self._record, sockdir.NAMES)
        self._directory = directory
        path = directory / SOCKET_NAME
        self._server = await asyncio.start_unix_server(self._serve, path=str(path))
        os.chmod(path, 0o600)
        return path

    async def close(self) -> None:
        """Stop listening, end every connection and remove the directory."""
        if self._server is not None:
            self._server.close()
        for conn in list(self._conns):
            conn.abort()
        # Aborted, each connection's task sees its end and finishes by itself
        # (cancelling them would have asyncio report each cancellation as an error).
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2.0)
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None
        if self._directory is not None:
            sockdir.remove(self._directory, self._record)
            self._directory = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        conn = IpcConnection(writer)
        self._conns.add(conn)
        loop = asyncio.get_running_loop()
        handshake = loop.call_later(self.limits.handshake, self._check_hello, conn)
        client = _Client(self, conn)
        try:
            while not conn.closed:
                chunk = await reader.read(READ_SIZE)
                if not chunk:
                    break  # the end; a line cut short by it is dropped
                for line in client.lines(chunk):
                    if conn.closed:
                        break
                    client.handle(line)
                    # One line at a time for everyone: a client with a full buffer
                    # lets the others' lines in between its own.
                    await asyncio.sleep(0)
        except (ConnectionError, OSError):
            pass  # the client went away: handled as any end below
        except asyncio.CancelledError:
            pass  # the loop is being torn down: end quietly, as below
        finally:
            handshake.cancel()
            self.authority.disconnect(conn)
            self._conns.discard(conn)
            if not conn.closed:
                conn.closed = True
                writer.close()
            self._tasks.discard(task)

    def _check_hello(self, conn: IpcConnection) -> None:
        if not self.authority.knows(conn):
            conn.close(ByeCode.HANDSHAKE, "No hello in time.")


class _Client:
    """The reading side of one connection: lines, limits, refusals."""

    def __init__(self, server: IpcServer, conn: IpcConnection) -> None:
        limits = server.limits
        self.server = server
        self.conn = conn
        self.limits = limits
        self.budget = TokenBucket(limits.rate, limits.burst)
        self.strikes = TokenBucket(limits.bad_line_rate, limits.bad_lines)
        self.too_fast = 0
        self._buffer = bytearray()
        self._skipping = False

    def lines(self, chunk: bytes) -> list[bytes]:
        """The whole lines that ``chunk`` completes. A line longer than `MAX_LINE`
        becomes one empty (bad) line, its rest skipped up to its end."""
        buffer = self._buffer
        buffer += chunk
        found: list[bytes] = []
        start = 0
        while True:
            end = buffer.find(b"\n", start)
            if end < 0:
                break
            if self._skipping:
                self._skipping = False
            else:
                found.append(bytes(buffer[start:end]))
            start = end + 1
        del buffer[:start]
        if len(buffer) > MAX_LINE:
            buffer.clear()
            if not self._skipping:
                self._skipping = True
                found.append(b"")  # too long: refused as a bad message
        return found

    def handle(self, line: bytes) -> None:
        conn = self.conn
        if not self.budget.take():
            self.too_fast += 1
            if self.too_fast > self.limits.too_fast:
                conn.close(ByeCode.TOO_FAST, "Too many messages.")
            else:
                conn.send(Refused(RefusalCode.TOO_FAST, "Not so fast."))
            return
        self.too_fast = 0
        try:
            message = decode(line, TO_SERVER)
        except BadMessage as err:
            params = {"field": err.field} if err.field else {}
            reason = str(err) if line else "an empty or too long line"
            self.refuse(RequestRefused(RefusalCode.BAD_MESSAGE, reason, **params))
            return
        try:
            self.server.authority.receive(conn, message)
        except RequestRefused as refusal:
            self.refuse(refusal)
        except Exception:
            # A bug must not take the server down; the client hears that it failed.
            log.exception("a message could not be handled: %.200r", message)
            conn.send(Refused(RefusalCode.SERVER_ERROR, "Something went wrong."))

    def refuse(self, refusal: RequestRefused) -> None:
        conn = self.conn
        conn.send(Refused(refusal.code, refusal.message, refusal.params))
        if refusal.fatal:
            conn.close(refusal.code, refusal.message)
        elif refusal.strike and not self.strikes.take():
            conn.close(ByeCode.BAD_MESSAGES, "Too many bad messages.")
