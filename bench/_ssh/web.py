"""Browser sessions for ``--web-share``: the web door's login, then the game's
websocket speaking the page's protocol (textual-serve's ``textual.js``): keys go
as ``["stdin", TEXT]``, the terminal's bytes come as binary messages. No browser
draws the page: its terminal is the same pyte screen an SSH player's is, of the
same size, read the same way (`terminal.ScreenPlayer`)."""

from __future__ import annotations

import asyncio
import contextlib
import json

import aiohttp

from .terminal import COLUMNS, LINES, ScreenPlayer, ScreenReader

LOGGED_IN = 303
"""The login's answer once the name is taken: on to the game's page."""


class WebPlayer(ScreenPlayer):
    """A browser tab playing the real app through the web door."""

    door = "web"

    def __init__(self, name: str, reader: ScreenReader) -> None:
        super().__init__(name, reader)
        self.http: aiohttp.ClientSession | None = None
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self._keys: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, port: int) -> None:
        base = f"http://127.0.0.1:{port}"
        # A cookie jar of its own, as a browser has: it holds the login's secret.
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        async with self.http.post(
            base + "/login",
            data={"name": self.name},
            headers={"Origin": base},
            allow_redirects=False,
        ) as response:
            if response.status != LOGGED_IN:
                raise RuntimeError(f"{self.name}: login refused: {await response.text()}")
        self.socket = await self.http.ws_connect(
            f"ws://127.0.0.1:{port}/ws?width={COLUMNS}&height={LINES}", origin=base
        )
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._pump()), loop.create_task(self._send())]

    async def _pump(self) -> None:
        assert self.socket is not None
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            async for message in self.socket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.arrived(message.data)
        self.hung_up()

    async def _send(self) -> None:
        """The keys, in the order pressed (one message at a time, as the page sends)."""
        assert self.socket is not None
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            while True:
                await self.socket.send_str(await self._keys.get())

    def press(self, keys: bytes) -> None:
        self._keys.put_nowait(json.dumps(["stdin", keys.decode("utf-8")]))

    async def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(aiohttp.ClientError, ConnectionError):
                await self.socket.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.http is not None:
            await self.http.close()
