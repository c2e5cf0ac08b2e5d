"""A browser, as the web door sees one: its cookies, its pages, and its game's
websocket speaking the page's protocol, the terminal's bytes read into a screen
(pyte). And the web door's server, running a stand-in for the app."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pyte

from craits_tui.online.server.ssh import CraitsServer
from craits_tui.online.web.config import WebConfig
from tests.server.conftest import running_script

TIMEOUT = 10.0
SIZE = (100, 32)

WEB_APP = r"""
import asyncio, json, os, signal, sys

path = sys.argv[sys.argv.index("--remote") + 1]
token = os.environ.pop("CRAITS_SESSION")


async def main():
    reader, writer = await asyncio.open_unix_connection(path)

    def send(message):
        writer.write(json.dumps(message).encode() + b"\n")

    send({"op": "hello", "token": token})
    cols, rows = os.get_terminal_size(0)
    env = os.environ
    print(f"size {cols}x{rows} term {env.get('TERM')} colour {env.get('COLORTERM')} "
          f"language {env.get('LANGUAGE')} pid {os.getpid()}", flush=True)
    print(f"door {env.get('CRAITS_DOOR')} web {env.get('CRAITS_WEB_ADDRESS')} "
          f"ssh {env.get('CRAITS_SERVER_ADDRESS')} "
          f"{' '.join(a for a in sys.argv if a.startswith('--replay'))}.", flush=True)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(
        signal.SIGWINCH, lambda: print("resized %dx%d" % os.get_terminal_size(0), flush=True)
    )
    done = asyncio.Event()

    def typed():
        data = os.read(0, 1024)
        if not data or b"quit" in data:
            done.set()
        elif data.startswith(b"create"):
            send({"op": "create", "seats": [None, None]})
        elif data.startswith(b"start"):
            send({"op": "start"})
        elif data.startswith(b"join "):
            send({"op": "join", "code": data[5:].decode().strip()})
        else:
            print("typed", data.hex(), flush=True)

    loop.add_reader(0, typed)

    async def listen():
        while line := await reader.readline():
            said = json.loads(line)
            op = said["op"]
            if op == "welcome":
                print(f"welcome {said['name']} at {said.get('table')} "
                      f"code {said.get('reconnect')}", flush=True)
            elif op == "joined":
                print(f"joined {said['code']} seat {said['seat']}", flush=True)
            elif op == "table" and said["table"].get("started"):
                print(f"started {said['table']['code']}", flush=True)
            elif op == "refused":
                print(f"refused {said['code']}", flush=True)
            elif op == "bye":
                print("bye:", said["message"], flush=True)
                done.set()

    loop.create_task(listen())
    await done.wait()


asyncio.run(main())
"""


@asynccontextmanager
async def web_server(tmp_path: Path, **options: Any) -> AsyncIterator[CraitsServer]:
    """The server with its web door on a free port of 127.0.0.1 (and no SSH door
    unless ``ssh=True``), each session running the stand-in `WEB_APP` as a fresh
    Python (``preload=True``: forked from the preloaded app)."""
    options.setdefault("web", WebConfig(port=0))
    options.setdefault("ssh", False)
    options.setdefault("preload", False)
    async with running_script(tmp_path, WEB_APP, **options) as server:
        yield server


class Page:
    """The game's page in a browser: its websocket, and the screen it draws."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse, size: tuple[int, int]) -> None:
        self.socket = socket
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.texts: list[Any] = []
        self._pump = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(aiohttp.ClientError, ConnectionError):
            async for message in self.socket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.stream.feed(message.data)
                elif message.type == aiohttp.WSMsgType.TEXT:
                    self.texts.append(json.loads(message.data))

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def until(self, test: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Wait until ``test`` passes (or the socket closes)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while not test() and not self._pump.done():
                    await asyncio.sleep(0.02)

    async def shows(self, text: str, timeout: float = TIMEOUT) -> str:
        """Wait until ``text`` is on the screen; the screen's text."""
        await self.until(lambda: text in self.text, timeout)
        assert text in self.text, f"{text!r} is not on the screen:\n{self.text}"
        return self.text

    async def send(self, *message: Any) -> None:
        await self.socket.send_str(json.dumps(list(message)))

    async def type(self, text: str) -> None:
        await self.send("stdin", text)

    async def ended(self, timeout: float = TIMEOUT) -> None:
        """Wait until the server closes the page's socket."""
        async with asyncio.timeout(timeout):
            await self._pump

    async def close(self) -> None:
        await self.socket.close()
        await self._pump


class Browser:
    """One browser: its cookies (kept for the server's address, as a browser
    keeps them for its host) and what it asks of the web door."""

    def __init__(self, server: CraitsServer, origin: str | None = None) -> None:
        assert server.web is not None
        self.base = f"http://127.0.0.1:{server.web.port}"
        self.origin = origin or self.base
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    async def __aenter__(self) -> Browser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.http.close()

    def cookie(self, name: str) -> str | None:
        for cookie in self.http.cookie_jar:
            if cookie.key == name:
                return cookie.value
        return None

    async def get(self, path: str, **options: Any) -> tuple[int, str]:
        async with self.http.get(self.base + path, **options) as response:
            return response.status, await response.text()

    async def log_in(
        self,
        name: str,
        password: str | None = None,
        table: str | None = None,
        replay: str | None = None,
    ) -> tuple[int, str]:
        """Send the login form; the status and page it ends on (the game's page
        once the name is taken)."""
        form = {"name": name}
        if password is not None:
            form["password"] = password
        if table is not None:
            form["table"] = table
        if replay is not None:
            form["replay"] = replay
        headers = {"Origin": self.origin}
        async with self.http.post(self.base + "/login", data=form, headers=headers) as response:
            return response.status, await response.text()

    async def follow(self, link: str, name: str, **hidden: str) -> Page:
        """Open ``link`` with no name given here yet: its login form carries
        ``hidden`` (``table=CODE``, ``replay=CODE``); log in as ``name`` with it;
        the game's page."""
        status, html = await self.get(link)
        assert status == 200, html
        for field, value in hidden.items():
            assert f'name="{field}" value="{value}"' in html, html
        await self.log_in(name, **hidden)
        return await self.open_game()

    async def open_game(self, size: tuple[int, int] = SIZE, **headers: str) -> Page:
        """The game page's websocket, as the page opens it."""
        width, height = size
        url = f"{self.base.replace('http', 'ws', 1)}/ws?width={width}&height={height}"
        socket = await self.http.ws_connect(url, origin=self.origin, headers=headers)
        return Page(socket, size)

    async def play(self, name: str, **options: Any) -> Page:
        """Log in as ``name`` and open the game; its page once the app greets."""
        status, _page = await self.log_in(name)
        assert status == 200, _page
        page = await self.open_game(**options)
        await page.shows("welcome")
        return page
