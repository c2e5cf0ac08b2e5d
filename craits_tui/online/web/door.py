"""The web door: the pages, the login, and the websocket that carries a game.

- ``GET /``: the login page; ``GET /t/CODE``: the same, for the table a link
  names (a player already logged in goes straight to it).
- ``POST /login``: a name, checked as a keyless SSH login's is (and the
  server's password, tried under the same back-off per address as over SSH):
  a login (`logins`), its secret in an ``HttpOnly``, ``SameSite=Strict`` cookie
  (``Secure`` over TLS), then the game's page.
- ``GET /play``: the game's page; ``GET /ws``: its websocket, taken only from a
  page of this server's own origin and with a login's cookie: one session
  (`session.WebSession`) under the sessions' caps. A newer socket of the same
  login (a reload, another tab) takes the game over, and the seat with it.
- ``GET /static/NAME``: the page's files (`assets`).

A reload takes the seat back with no code typed: the seat's reconnect code
travels in a cookie of its own (``HttpOnly`` too), refreshed with every page,
and the new session asks for that seat as it arrives. Nothing the player types
reaches a command line: the name and the secrets go to the app's environment
or stay in this process.
"""

from __future__ import annotations

import asyncio
import hmac
import re
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from aiohttp import web

from ..protocol import DOOR_VARIABLE, WEB_ADDRESS_VARIABLE, Door, JoinTable, Reconnect
from ..server.app import replay_code, shown_host
from ..server.auth import Backoff, LoginTries
from ..server.authority import SessionRefused
from ..server.config import StartupError
from ..server.hosts import SessionHost
from ..server.limits import Paces, client_key
from ..server.seats import TABLE_CODE_LENGTH, normal_code
from .assets import Asset, load_assets, serve_asset
from .config import WebConfig, origin
from .gate import Gate
from .logins import Login, Logins
from .pages import login_page, play_page, security_headers
from .session import MAX_MESSAGE, TAKEN_OVER, WebSession, browser_language, page_size

LOGIN_COOKIE = "craits_login"
SEAT_COOKIE = "craits_seat"
_TABLE = re.compile(rf"[A-Za-z0-9]{{{TABLE_CODE_LENGTH}}}")
_SEAT = re.compile(r"[A-Za-z0-9-]{4,24}")
_ORIGIN = re.compile(
    r"https?://[a-z0-9.-]{1,253}(?::[0-9]{1,5})?|https?://\[[0-9a-f:.]{2,45}\](?::[0-9]{1,5})?"
)
"""An origin fit to be shown as a table's link (the request's ``Host`` is the browser's to say)."""
LOGIN_PACE = (0.5, 6.0)
"""Logins from one address: one every two seconds, after six in a row."""
KEEPALIVE = 5.0
"""Seconds an idle HTTP connection stays open (a game's websocket is not idle)."""
MAX_FORM = 4096
"""The largest request body (the login form) read."""


class DoorHost(SessionHost, Protocol):
    """What the web door needs of the server: what a session needs, and the
    password back-off that the SSH door shares."""

    backoff: Backoff


@dataclass(eq=False)
class Visitor:
    """The door's side of one browser session (`session.SessionOwner`)."""

    address: str
    client: str
    playing: Callable[[], None]
    key: str | None = None

    def session_started(self) -> None:
        self.playing()

    def session_ended(self) -> None:
        """The session closes its socket itself, once its last words are sent."""


class WebDoor:
    """The web server of ``craits-tui serve --web``, on the server's event loop."""

    def __init__(self, host: DoorHost, config: WebConfig) -> None:
        self.host = host
        self.config = config
        self.gate = Gate(host.limits, config.proxies)
        self.logins = Logins()
        self.login_pace = Paces(*LOGIN_PACE)
        self._tries: dict[str, tuple[LoginTries, int]] = {}
        self._assets: dict[str, Asset] = {}
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None

    # --- Starting and stopping ----------------------------------------------------

    async def start(self) -> None:
        """Listen on the server's host at the door's port; `StartupError` for what the
        host can fix (no textual-serve, a certificate that cannot be read)."""
        self._assets = load_assets()
        context = self._tls()
        app = web.Application(client_max_size=MAX_FORM)
        app.on_response_prepare.append(_server_header)
        app.add_routes(
            [
                web.get("/", self.index),
                web.get("/t/{code}", self.table_link),
                web.get("/r/{code}", self.replay_link),
                web.post("/login", self.login),
                web.get("/play", self.play),
                web.get("/ws", self.socket),
                web.get("/static/{name}", self.static),
            ]
        )
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, keepalive_timeout=KEEPALIVE
        )
        await self._runner.setup()
        server = self._runner.server
        assert server is not None
        limits = self.host.limits
        self._listener = await asyncio.get_running_loop().create_server(
            self.gate.guarded(server),
            self.host.config.host,
            self.config.port,
            ssl=context,
            ssl_handshake_timeout=limits.login_timeout if context else None,
            reuse_address=True,
        )

    def _tls(self) -> ssl.SSLContext | None:
        config = self.config
        if config.cert is None or config.key is None:
            return None
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            context.load_cert_chain(config.cert, config.key)
        except (OSError, ssl.SSLError) as err:
            raise StartupError(f"--web-cert/--web-key cannot be used: {err}") from None
        return context

    @property
    def port(self) -> int:
        """The port listened on (useful with port 0)."""
        assert self._listener is not None
        return int(self._listener.sockets[0].getsockname()[1])

    def stop_listening(self) -> None:
        """Take no more connections (the sessions end by themselves meanwhile)."""
        if self._listener is not None:
            self._listener.close()

    async def close(self) -> None:
        """Close every connection left, and stop."""
        self.stop_listening()
        self.gate.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._listener is not None:
            await self._listener.wait_closed()
            self._listener = None

    # --- Who and where --------------------------------------------------------------

    def _scheme(self, request: web.Request) -> str:
        if self.config.tls:
            return "https"
        said = request.headers.get("X-Forwarded-Proto", "") if self.gate.forwarded(request) else ""
        return "https" if said.strip().lower() == "https" else "http"

    def _origin(self, request: web.Request) -> str:
        """This server's origin, as the page that ``request`` comes from sees it."""
        return f"{self._scheme(request)}://{request.host}".lower()

    def origin_for(self, host: str) -> str | None:
        """The page's origin for a player who reached this machine at ``host`` by
        another door (SSH); None behind a proxy, whose address is not known here."""
        if self.config.proxies:
            return None
        return origin(self.config.scheme, shown_host(host), self.port)

    def _reached(self, request: web.Request) -> dict[str, str]:
        """How the browser reached the server, for the app (its table links)."""
        env = {DOOR_VARIABLE: Door.WEB.value}
        page = self._origin(request)
        if _ORIGIN.fullmatch(page):
            env[WEB_ADDRESS_VARIABLE] = page
        return env

    def _same_origin(self, request: web.Request, *, required: bool) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:
            return not required
        return origin.strip().lower() == self._origin(request)

    def _login(self, request: web.Request) -> Login | None:
        return self.logins.get(request.cookies.get(LOGIN_COOKIE))

    def _set_cookie(
        self, request: web.Request, response: web.StreamResponse, name: str, value: str
    ) -> None:
        response.set_cookie(
            name,
            value,
            path="/",
            httponly=True,
            samesite="Strict",
            secure=self._scheme(request) == "https",
        )

    def _page(self, request: web.Request, html: str, status: int = 200) -> web.Response:
        socket = "wss" if self._scheme(request) == "https" else "ws"
        headers = security_headers(f"{socket}://{request.host}")
        return web.Response(text=html, status=status, content_type="text/html", headers=headers)

    # --- The pages ----------------------------------------------------------------------

    async def index(self, request: web.Request) -> web.Response:
        login = self._login(request)
        return self._page(request, self._form(name=login.name if login else ""))

    async def table_link(self, request: web.Request) -> web.StreamResponse:
        code = request.match_info["code"]
        if not _TABLE.fullmatch(code):
            raise web.HTTPNotFound(text="There is no such table: a table's code is four letters.")
        code = normal_code(code)
        login = self._login(request)
        if login is None:
            return self._page(request, self._form(table=code))
        login.table, login.replay = code, None
        raise web.HTTPSeeOther("/play")

    async def replay_link(self, request: web.Request) -> web.StreamResponse:
        code = replay_code(request.match_info["code"])
        if code is None:
            raise web.HTTPNotFound(text="There is no such replay: its code is like ABC-DEF.")
        login = self._login(request)
        if login is None:
            return self._page(request, self._form(replay=code))
        login.table, login.replay = None, code
        raise web.HTTPSeeOther("/play")

    def _form(
        self,
        *,
        name: str = "",
        table: str | None = None,
        replay: str | None = None,
        problem: str = "",
    ) -> str:
        password = self.host.config.auth == "password"
        return login_page(name=name, password=password, table=table, replay=replay, problem=problem)

    async def login(self, request: web.Request) -> web.StreamResponse:
        if not self._same_origin(request, required=False):
            raise web.HTTPForbidden(text="Log in from this server's own page.")
        form = await request.post()
        name, password, table, replay = (
            str(form.get(k, "")) for k in ("name", "password", "table", "replay")
        )
        table_code = normal_code(table) if _TABLE.fullmatch(table) else None
        replay_wanted = replay_code(replay)

        def again(problem: str, status: int) -> web.Response:
            page = self._form(
                name=name[:64], table=table_code, replay=replay_wanted, problem=problem
            )
            return self._page(request, page, status)

        address = self.gate.address(request)
        client = client_key(address)
        wait = self.login_pace.take(client)
        if wait > 0:
            return again(f"Too many logins from your address: try again in {int(wait) + 1} s.", 429)
        if self.host.config.auth == "password" and not await self._judge(
            address, client, name, password
        ):
            return again("That is not this server's password.", 403)
        authority = self.host.authority
        assert authority is not None
        try:
            cleaned = authority.check_name(name)
        except SessionRefused as err:
            return again(str(err), 400)
        secret, login = self.logins.add(cleaned, client, table_code)
        login.replay = replay_wanted
        response = web.Response(status=303, headers={"Location": "/play"})
        self._set_cookie(request, response, LOGIN_COOKIE, secret)
        return response

    async def _judge(self, address: str, client: str, name: str, password: str) -> bool:
        """Whether ``password`` is the server's: judged one at a time per address,
        after the address's back-off, shared with the SSH door."""
        tries, waiting = self._tries.get(client) or (
            LoginTries(self.host.backoff, client, address, self.host.limits.auth_tries, _nothing),
            0,
        )
        self._tries[client] = (tries, waiting + 1)
        expected = (self.host.config.password or "").encode()
        try:
            return await tries.judge(name, "password (web)", lambda: _same(password, expected))
        finally:
            tries, waiting = self._tries[client]
            if waiting > 1:
                self._tries[client] = (tries, waiting - 1)
            else:
                del self._tries[client]

    async def play(self, request: web.Request) -> web.StreamResponse:
        login = self._login(request)
        if login is None:
            raise web.HTTPSeeOther("/")
        try:
            font = min(max(int(request.query.get("fontsize", "16")), 8), 32)
        except ValueError:
            font = 16
        socket = "wss" if self._scheme(request) == "https" else "ws"
        response = self._page(request, play_page(f"{socket}://{request.host}/ws", font))
        kept = login.session.kept_seat() if login.session is not None else login.seat
        if kept is not None:
            self._set_cookie(request, response, SEAT_COOKIE, kept)
        elif login.played:
            response.del_cookie(SEAT_COOKIE, path="/")  # no seat is kept any more
        return response

    async def static(self, request: web.Request) -> web.StreamResponse:
        return serve_asset(self._assets, request)

    # --- The game -----------------------------------------------------------------------

    async def socket(self, request: web.Request) -> web.StreamResponse:
        if not self._same_origin(request, required=True):
            return web.Response(status=403, text="Only this server's own page may open a game.")
        login = self._login(request)
        if login is None:
            return web.Response(status=401, text="Give your name first: open the page again.")
        socket = web.WebSocketResponse(
            heartbeat=self.host.config.keepalive, max_msg_size=MAX_MESSAGE
        )
        await socket.prepare(request)
        address = self.gate.address(request)
        visitor = Visitor(address, client_key(address), lambda: self.gate.playing(request))
        language = browser_language(request.headers.get("Accept-Language", ""))
        environment = {**language, **self._reached(request)}
        session = WebSession(self.host, visitor, socket, login, environment)
        session.resized(page_size(request.query.get("width", ""), request.query.get("height", "")))
        old, login.session, login.played = login.session, session, True
        await session.take_over(old)
        if login.session is not session:
            await session.turn_away(TAKEN_OVER)  # a newer tab still came meanwhile
            return socket
        if login.replay is not None:  # that replay alone, as ssh HOST replay CODE shows it
            session.replay, login.replay = login.replay, None
        else:
            session.arrival = self._arrival(request, login, old)

        def ended() -> None:
            if login.session is session:
                login.session = None
                login.seat = session.kept_seat()

        await session.play(ended)
        return socket

    def _arrival(
        self, request: web.Request, login: Login, old: WebSession | None
    ) -> JoinTable | Reconnect | None:
        """What a new session of ``login`` asks as it comes: the table its link
        named, or the seat it held (in the session it took over, or as the seat's
        cookie says)."""
        if login.table is not None:
            table, login.table = login.table, None
            return JoinTable(table)
        code = old.kept_seat() if old is not None else None
        code = code or request.cookies.get(SEAT_COOKIE, "")
        return Reconnect(code) if _SEAT.fullmatch(code or "") else None


def _same(password: str, expected: bytes) -> bool:
    return hmac.compare_digest(password.encode(), expected)


async def _server_header(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = "Craits"  # not the libraries' names and versions


def _nothing() -> None:
    """A web login's tries end no connection: each is a request of its own."""
