"""One browser session: an `AppSession` whose client is the page's websocket.

The page (textual-serve's ``textual.js``, with xterm.js) sends JSON arrays:
``["stdin", TEXT]`` for keys and mouse reports, ``["resize", {"width": W,
"height": H}]``, ``["ping", X]`` (answered ``["pong", X]``), ``["focus"]`` and
``["blur"]``; it takes the terminal's bytes as binary messages. Anything else is
ignored. The app runs in a pseudo-terminal as an SSH session's does (xterm.js is
a terminal like any other), so it starts the same way, from the preloaded app,
and costs the same.

What the app draws is queued and sent in order; past `HIGH_WATER` bytes
waiting, the session stops reading the app until the browser has taken them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Callable

from aiohttp import WSMsgType, web

from ..server.hosts import SessionHost, SessionOwner
from ..server.limits import TokenBucket
from ..server.pty import Size, bounded
from ..server.session import KILL_AFTER, AppSession
from .logins import Login

log = logging.getLogger("craits.server")

HIGH_WATER = 256 * 1024
"""Bytes of drawing waiting for the browser past which the app is not read."""
MAX_MESSAGE = 64 * 1024
TAKEN_OVER = b"The game went on in another tab."
"""The largest message the page may send (a paste, say)."""
_LANGUAGE = re.compile(r"\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*\s*(?:;.*)?")


def page_size(width: str, height: str) -> Size:
    """The terminal's size as the websocket's URL says it (``?width=W&height=H``),
    bounded; 80 by 24 if it says nothing sensible."""
    try:
        size = (int(width), int(height))
    except ValueError:
        size = (80, 24)
    return bounded(size) if min(size) > 0 else (80, 24, 0, 0)


def browser_language(accept: str) -> dict[str, str]:
    """The language the browser prefers most (``Accept-Language``), for the app's
    ``LANGUAGE``: its primary tag alone ("it" of "it-IT"), if well-formed."""
    first = accept.split(",")[0] if accept else ""
    match = _LANGUAGE.fullmatch(first)
    return {"LANGUAGE": match.group(1).lower()} if match else {}


class WebSession(AppSession):
    """One game in a browser tab."""

    def __init__(
        self,
        host: SessionHost,
        owner: SessionOwner,
        socket: web.WebSocketResponse,
        login: Login,
        environment: dict[str, str],
    ) -> None:
        super().__init__(host, owner)
        self.socket = socket
        self.login = login
        self.user = login.name
        self.replay: str | None = None
        """The replay this session shows alone (its link's), if any."""
        self._env = environment
        self._out = bytearray()
        self._pongs: list[str] = []
        self._pings = TokenBucket(1.0, 4.0)
        self._wake = asyncio.Event()
        self._closing = False
        self._input = asyncio.Event()
        self._input.set()
        self._sender = asyncio.get_running_loop().create_task(self._send(), name="craits-web-out")

    # --- What the page says ---------------------------------------------------------

    async def listen(self) -> None:
        """Take the page's messages until it closes its socket (or the session ends it)."""
        async for message in self.socket:
            await self._input.wait()
            match message.type:
                case WSMsgType.TEXT:
                    self._take(message.data)
                case _:
                    pass  # the page sends text alone

    def _take(self, text: str) -> None:
        try:
            said = json.loads(text)
        except ValueError:
            return
        match said:
            case ["stdin", str(data)]:
                self.keys(data.encode("utf-8", "replace"))
            case ["resize", {"width": int(width), "height": int(height)}] if (
                width > 0 and height > 0
            ):
                self.resized(bounded((width, height)))
            case ["ping", str(stamp)] if len(stamp) <= 32 and self._pings.take():
                self._pongs.append(json.dumps(["pong", stamp]))
                self._wake.set()
            case _:
                pass  # "focus", "blur": the terminal reports focus itself, when asked

    # --- The door's part of the session ---------------------------------------------

    def _asked(self) -> str | None:
        return f"replay {self.replay}" if self.replay is not None else None

    def _environment(self) -> dict[str, str]:
        return {"TERM": "xterm-256color", "COLORTERM": "truecolor", **self._env}

    def _write(self, data: bytes) -> bool:
        if self.socket.closed or self._closing:
            return False
        self._out += data
        self._wake.set()
        if len(self._out) > HIGH_WATER:
            self.pause_writing()
        return True

    def _last_words(self, status: int, text: bytes | None) -> None:
        if text and not self._closing:
            self._out += b"\r\n" + text + b"\r\n"
            self._wake.set()

    def _hold_input(self, hold: bool) -> None:
        if hold:
            self._input.clear()
        else:
            self._input.set()

    def _close_client(self) -> None:
        self._closing = True
        self._wake.set()  # the sender closes the socket once all is sent

    # --- Sending ----------------------------------------------------------------------

    async def _send(self) -> None:
        socket = self.socket
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._pongs:
                    await socket.send_str(self._pongs.pop(0))
                while self._out:
                    chunk = bytes(self._out)
                    self._out.clear()
                    await socket.send_bytes(chunk)
                    if self._paused:
                        self.resume_writing()
                if self._closing:
                    break
        except (ConnectionError, RuntimeError):
            pass  # the browser went away: its reader sees the socket close
        finally:
            self._out.clear()
            with contextlib.suppress(ConnectionError, RuntimeError):
                await socket.close()

    async def take_over(self, old: WebSession | None) -> None:
        """This newer tab's session takes the game over from ``old``'s, once that one
        is over (a seat it held is then kept, and its place under the caps free)."""
        if old is not None:
            old.hang_up(TAKEN_OVER)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(old.finished), 2 * KILL_AFTER)

    async def play(self, ended: Callable[[], None]) -> None:
        """Run the game until the page goes (or the game ends); then ``ended()``, and
        the socket is closed once the last words are sent."""
        self.begin()
        try:
            await self.listen()
        finally:
            if not self.finished.done():
                self.gone()
            ended()
            await self.closed()

    async def turn_away(self, text: bytes) -> None:
        """Say ``text`` and close, with no game (the session never began)."""
        self._last_words(1, text)
        if not self.finished.done():
            self.finished.set_result(None)
        await self.closed()

    async def closed(self) -> None:
        """Wait until what is left to send is sent and the socket is closed."""
        self._close_client()
        await self._sender
