"""``craits-tui web``: the game on this machine, in a browser, for one person.

The start menu (the local game, the lessons, the past games) runs as ``craits-tui``
would in a terminal, with the player's own settings and saved games, in a
pseudo-terminal that the web door's game page draws (the same page, the same
files, the same websocket protocol: `session.WebSession`). It listens on
127.0.0.1 alone: nobody else on the network may play it. Another user of the
same machine may reach that port, so the address printed carries a key, which
the first page puts in a cookie (``HttpOnly``, ``SameSite=Strict``) and takes out
of the address; the websocket is taken only with that cookie, from a page of
this server's own origin.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import os
import secrets
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from aiohttp import web

from ..server.app import AppCommand, RunningApp, is_loopback, start_app
from ..server.config import ServerConfig
from ..server.limits import Limits, SessionCounter
from ..server.session import KILL_AFTER, AppSession
from .assets import Asset, load_assets, serve_asset
from .door import Visitor
from .logins import Login
from .pages import play_page, security_headers
from .session import MAX_MESSAGE, TAKEN_OVER, WebSession, page_size

LOOPBACK = "127.0.0.1"
KEY_COOKIE = "craits_local"
LOCAL_IDLE = 24 * 3600.0
"""Seconds a local game waits for a key (a person thinking over a lesson)."""


def local_environment() -> dict[str, str]:
    """The player's own environment (their language, their data directories), less
    what belongs to the terminal ``craits-tui web`` was started in."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("COLUMNS", "LINES") and not k.startswith(("TEXTUAL", "CRAITS_"))
    }
    env.update(TERM="xterm-256color", COLORTERM="truecolor")
    return env


class LocalSession(WebSession):
    """The local game in a browser tab: ``craits-tui``'s start menu, not the lobby."""

    def __init__(self, server: LocalWeb, socket: web.WebSocketResponse) -> None:
        owner = Visitor(LOOPBACK, LOOPBACK, lambda: None)
        super().__init__(server, owner, socket, Login("you", LOOPBACK), {})
        self.server = server

    async def _start(self) -> RunningApp:
        env = {**local_environment(), **self._environment()}
        command = AppCommand(tuple(self.server.app), (), env)
        return await start_app(command, self.server.directory, self.size)


class LocalWeb:
    """The web page of ``craits-tui web``, on 127.0.0.1 (what a session needs of a
    server, with no tables: `SessionHost`)."""

    def __init__(
        self, port: int = 0, host: str = LOOPBACK, app: Sequence[str] = ("craits_tui",)
    ) -> None:
        if not is_loopback(host):
            raise ValueError(
                f"craits-tui web serves this machine alone, not {host}: "
                "to play with others, craits-tui serve --web PORT"
            )
        self.port = port
        self.app = tuple(app)
        self.config = ServerConfig(host=host)
        self.limits = Limits(idle_timeout=LOCAL_IDLE)
        self.sessions = SessionCounter(1, 1)
        self.authority = None
        self.ipc = None
        self.spawner = None
        self.live: set[AppSession] = set()
        self.key = secrets.token_urlsafe(24)
        self.session: LocalSession | None = None
        self._assets: dict[str, Asset] = {}
        self._runner: web.AppRunner | None = None
        self._directory = tempfile.TemporaryDirectory(prefix="craits-web-")

    @property
    def directory(self) -> Path:
        """Where the app runs: an empty directory (nothing to import by accident)."""
        return Path(self._directory.name)

    @property
    def address(self) -> str:
        """What to open in the browser: the page, with its key."""
        return f"http://{self.config.host}:{self.port}/?key={self.key}"

    def web_origin(self, host: str) -> str | None:
        return None

    async def start(self) -> None:
        """Listen on 127.0.0.1 (`StartupError` with no textual-serve; `OSError` if the
        port cannot be had)."""
        self._assets = load_assets()
        app = web.Application(client_max_size=4096)
        app.add_routes(
            [
                web.get("/", self.page),
                web.get("/play", self.page),
                web.get("/ws", self.socket),
                web.get("/static/{name}", self.static),
            ]
        )
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.config.host, self.port, reuse_address=True)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server)
        self.port = int(server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        """End the game (its app hung up), and stop."""
        session = self.session
        if session is not None:
            session.hang_up(b"craits-tui web has stopped.")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(session.finished), 2 * KILL_AFTER)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._directory.cleanup()

    def _keyed(self, request: web.Request) -> bool:
        return hmac.compare_digest(request.cookies.get(KEY_COOKIE, ""), self.key)

    async def page(self, request: web.Request) -> web.StreamResponse:
        if hmac.compare_digest(request.query.get("key", ""), self.key):
            # The key goes into a cookie, and out of the address bar and history.
            response = web.HTTPSeeOther("/play")
            response.set_cookie(KEY_COOKIE, self.key, path="/", httponly=True, samesite="Strict")
            raise response
        if not self._keyed(request):
            raise web.HTTPForbidden(text="Open the address that craits-tui web printed.")
        html = play_page(f"ws://{request.host}/ws", 16, named=False)
        headers = security_headers(f"ws://{request.host}")
        return web.Response(text=html, content_type="text/html", headers=headers)

    async def static(self, request: web.Request) -> web.StreamResponse:
        return serve_asset(self._assets, request)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin", "").strip().lower()
        if origin != f"http://{request.host}".lower() or not self._keyed(request):
            return web.Response(status=403, text="Only this game's own page may open it.")
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE)
        await socket.prepare(request)
        session = LocalSession(self, socket)
        session.resized(page_size(request.query.get("width", ""), request.query.get("height", "")))
        # One game at a time: a newer tab takes it over (a game in progress is
        # saved as it goes, and the start menu offers to go on with it).
        old, self.session = self.session, session
        await session.take_over(old)
        if self.session is not session:
            await session.turn_away(TAKEN_OVER)
            return socket

        def ended() -> None:
            if self.session is session:
                self.session = None

        await session.play(ended)
        return socket


def main(argv: list[str] | None = None) -> int:
    """``craits-tui web``: serve the game to this machine's browser until Ctrl+C; the
    exit status (2: it cannot start, said in one line)."""
    from ..server.cli import STOP_SIGNALS, _port, configure_logging
    from ..server.config import StartupError

    parser = argparse.ArgumentParser(
        prog="craits-tui web",
        description="Play Craits in your browser, on this machine alone (127.0.0.1): "
        "the local game, the lessons, the past games.",
    )
    parser.add_argument("--port", type=_port, default=8080, help="the port (default 8080)")
    parser.add_argument(
        "--host", default=LOOPBACK, help="a loopback address only (default 127.0.0.1)"
    )
    args = parser.parse_args(argv)
    configure_logging(False)
    try:
        server = LocalWeb(args.port, args.host)
    except ValueError as err:
        print(f"craits-tui web: {err}", file=sys.stderr)
        return 2

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in STOP_SIGNALS:
            loop.add_signal_handler(sig, stop.set)
        try:
            await server.start()
            print(f"Craits in your browser: open {server.address}")
            print("Ctrl+C stops it.", flush=True)
            await stop.wait()
        finally:
            await server.close()

    try:
        asyncio.run(serve())
    except StartupError as err:
        print(f"craits-tui web: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        where = f"{args.host} port {args.port}"
        print(f"craits-tui web: cannot listen on {where}: {err.strerror or err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
