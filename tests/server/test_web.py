"""The web door, for real: an aiohttp client as the browser, its game's websocket
speaking the page's protocol, the terminal read by pyte. The sessions run the
stand-in `WEB_APP` (it greets, reports its terminal and what the server says),
so what is tested is the door: pages, login, cookies, origins, caps, links and
reconnection."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import aiohttp
import pytest

from craits_tui.online.server.limits import Limits
from craits_tui.online.web.config import WebConfig
from craits_tui.online.web.door import LOGIN_COOKIE, SEAT_COOKIE
from tests.server.test_ssh import Terminal, connect
from tests.server.test_ssh_forked import parent_of
from tests.server.web_client import TIMEOUT, Browser, Page, web_server

_URL = re.compile(r"""(?:src|href|action)\s*=\s*"([^"]*)"|url\(\s*"?([^")]*)"?\s*\)""")


async def until(test: object, timeout: float = TIMEOUT) -> None:
    async with asyncio.timeout(timeout):
        while not test():  # type: ignore[operator]
            await asyncio.sleep(0.02)


async def seated_at_a_game(page: Page) -> str:
    """Open a table, start its game (a bot in the other seat): its code."""
    await page.type("create")
    await page.shows("joined")
    code = joined_table(page)
    await page.type("start")
    await page.shows(f"started {code}")
    return code


def joined_table(page: Page) -> str:
    """The code of the table the page's app was told it joined (the latest)."""
    found = re.findall(r"joined (\w+) seat", page.text)
    assert found, page.text
    return found[-1]


# --- The pages --------------------------------------------------------------------


async def test_the_pages_fetch_nothing_but_from_this_server(tmp_path: Path) -> None:
    async with web_server(tmp_path) as server, Browser(server) as browser:
        pages = [await browser.get("/"), await browser.get("/t/ABCD")]
        pages.append(await browser.log_in("ann"))  # ends on the game's page
        assert "data-session-websocket-url" in pages[-1][1]
        named: set[str] = set()
        for status, html in pages:
            assert status == 200
            named |= {a or b for a, b in _URL.findall(html)}
            # No address of another host anywhere: fonts and scripts are served here.
            assert not re.search(r"(?:https?:)?//(?!127\.0\.0\.1)", html.replace("ws://127", ""))
        assert {"/static/textual.js", "/static/xterm.css", "/static/RobotoMono.ttf"} <= named
        for url in named:
            assert url.startswith("/"), url
            if url.startswith("/static/"):
                async with browser.http.get(browser.base + url) as response:
                    assert response.status == 200, url
        async with browser.http.get(browser.base + "/") as response:
            policy = response.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "https:" not in policy
        assert (await browser.get("/static/../ssh.py"))[0] == 404


async def test_a_name_is_enough_to_play(tmp_path: Path) -> None:
    async with web_server(tmp_path) as server, Browser(server) as browser:
        async with browser.http.post(
            browser.base + "/login",
            data={"name": "Ann"},
            headers={"Origin": browser.base},
            allow_redirects=False,
        ) as response:
            assert response.status == 303 and response.headers["Location"] == "/play"
            cookie = response.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Secure" not in cookie
        secret = browser.cookie(LOGIN_COOKIE)
        assert secret and len(secret) >= 32
        status, html = await browser.get("/play")
        assert status == 200 and secret not in html  # the secret is in no page, no URL
        page = await browser.open_game((90, 30))
        text = await page.shows("welcome Ann")
        assert "size 90x30 term xterm-256color colour truecolor" in text
        await page.type("héllo")
        await page.shows("typed " + "héllo".encode().hex())
        await page.send("resize", {"width": 100, "height": 32})
        await page.shows("resized 100x32")
        await page.send("ping", "42")
        await page.until(lambda: ["pong", "42"] in page.texts)
        await page.send("nonsense", {"width": "x"})  # ignored, as anything not the page's
        await page.type("quit")
        await page.ended()
        assert server.sessions.running == 0


async def test_the_browsers_language_is_the_apps(tmp_path: Path) -> None:
    async with web_server(tmp_path) as server, Browser(server) as browser:
        await browser.log_in("ann")
        page = await browser.open_game(**{"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
        await page.shows("language it ")
        await page.close()


async def test_a_name_is_checked_as_for_ssh(tmp_path: Path) -> None:
    async with web_server(tmp_path) as server, Browser(server) as browser:
        status, html = await browser.log_in("\u200b\u200b")
        assert status == 400 and 'role="alert"' in html
        assert browser.cookie(LOGIN_COOKIE) is None
        status, html = await browser.get("/play")
        assert "<form" in html  # no login: back to the name


# --- Trust ------------------------------------------------------------------------


async def test_only_a_page_of_this_server_may_open_a_game(tmp_path: Path) -> None:
    async with web_server(tmp_path) as server:
        async with Browser(server, origin="http://evil.example") as browser:
            status, _html = await browser.log_in("ann")
            assert status == 403  # a form posted from another site
            browser.origin = browser.base
            await browser.log_in("ann")
            browser.origin = "http://evil.example"
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await browser.open_game()
            assert refused.value.status == 403
        async with Browser(server) as stranger:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await stranger.open_game()  # no login
            assert refused.value.status == 401
            stranger.http.cookie_jar.update_cookies({LOGIN_COOKIE: "made-up"})
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await stranger.open_game()
            assert refused.value.status == 401
        assert server.sessions.running == 0 and not server.live


async def test_the_password_is_asked_and_tries_slow_down(tmp_path: Path) -> None:
    async with (
        web_server(tmp_path, auth="password", password="sesame", auth_delay=0.05) as server,
        Browser(server) as browser,
    ):
        status, html = await browser.get("/")
        assert 'type="password"' in html
        status, html = await browser.log_in("ann", "guess")
        assert status == 403 and "password" in html
        assert browser.cookie(LOGIN_COOKIE) is None
        # The address's failures count across both doors (the SSH door's back-off).
        assert server.backoff.failures("127.0.0.1") == 1
        status, _html = await browser.log_in("ann", "sesame")
        assert status == 200 and browser.cookie(LOGIN_COOKIE)
        assert server.backoff.failures("127.0.0.1") == 0
        page = await browser.open_game()
        await page.shows("welcome ann")
        await page.close()


async def test_sessions_past_the_address_cap_are_refused_in_a_sentence(tmp_path: Path) -> None:
    async with (
        web_server(tmp_path, limits=Limits(per_address=2)) as server,
        Browser(server) as one,
        Browser(server) as two,
        Browser(server) as three,
    ):
        pages = [await one.play("ann"), await two.play("bob")]
        await three.log_in("cid")
        refused = await three.open_game()
        await refused.shows("Too many sessions from your address")
        await refused.ended()
        assert server.sessions.running == 2
        for page in pages:
            await page.close()
        await until(lambda: server.sessions.running == 0)


async def test_connections_past_the_address_cap_are_refused_in_a_sentence(
    tmp_path: Path,
) -> None:
    limits = Limits(per_address=1, connecting_per_address=2)
    async with web_server(tmp_path, limits=limits) as server:
        assert server.web is not None
        port = server.web.port
        held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(2)]
        await until(lambda: len(server.web.gate.arrivals) == 2)  # type: ignore[union-attr]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        answer = await asyncio.wait_for(reader.read(), TIMEOUT)
        assert answer.startswith(b"HTTP/1.1 503")
        assert answer.endswith(
            b"Too many connections from your address: close some and try again.\n"
        )
        for _reader, held_writer in [*held, (reader, writer)]:
            held_writer.close()
        await until(lambda: len(server.web.gate.arrivals) == 0)  # type: ignore[union-attr]


async def test_a_forwarded_address_is_believed_from_the_proxy_alone(tmp_path: Path) -> None:
    forwarded = {"X-Forwarded-For": "198.51.100.7, 203.0.113.9"}
    web = WebConfig(port=0, trust_proxy=("127.0.0.1",))
    async with web_server(tmp_path, web=web) as server, Browser(server) as browser:
        await browser.log_in("ann")
        page = await browser.open_game(**forwarded)
        await page.shows("welcome ann")
        assert [m.address for m in server.authority.members()] == ["203.0.113.9"]  # type: ignore[union-attr]
        # Behind the proxy, the page's address is the one the browser asked for.
        assert "web http://127.0.0.1:" in page.text
        await page.close()
    async with web_server(tmp_path) as server, Browser(server) as browser:
        await browser.log_in("ann")
        page = await browser.open_game(**forwarded)
        await page.shows("welcome ann")
        assert [m.address for m in server.authority.members()] == ["127.0.0.1"]  # type: ignore[union-attr]
        await page.close()


# --- Tables and seats --------------------------------------------------------------


async def test_a_tables_link_seats_the_player_after_the_name(tmp_path: Path) -> None:
    async with (
        web_server(tmp_path) as server,
        Browser(server) as host,
        Browser(server) as guest,
        Browser(server) as regular,
    ):
        page = await host.play("ann")
        await page.type("create")
        await page.shows("joined")
        code = joined_table(page)
        guest_page = await guest.follow(f"/t/{code.lower()}", "bob", table=code)
        await guest_page.shows(f"joined {code} seat 1")
        # One who has a name here already goes straight to the table.
        await regular.play("cid")
        status, html = await regular.get(f"/t/{code}")
        assert status == 200 and "data-session-websocket-url" in html
        regular_page = await regular.open_game()  # takes over cid's first tab
        await regular_page.shows("refused")  # the table is full: said, in the lobby
        assert (await regular.get("/t/AB"))[0] == 404
        for each in (page, guest_page, regular_page):
            await each.close()


async def test_a_replays_link_shows_that_replay_after_the_name(tmp_path: Path) -> None:
    async with (
        web_server(tmp_path) as server,
        Browser(server) as stranger,
        Browser(server) as regular,
    ):
        page = await stranger.follow("/r/abcdef", "bob", replay="ABC-DEF")
        await page.shows("--replay=ABC-DEF.")  # the session runs that replay alone
        await page.close()
        # One who has a name here already goes straight to it; once only.
        await regular.play("cid")
        status, html = await regular.get("/r/ABC-DEF")
        assert status == 200 and "data-session-websocket-url" in html
        page = await regular.open_game()
        await page.shows("--replay=ABC-DEF.")
        await page.close()
        page = await regular.open_game()
        await page.shows("welcome cid")
        assert "--replay" not in page.text
        await page.close()
        assert (await regular.get("/r/ABC-DE"))[0] == 404


async def test_a_reload_takes_the_seat_back_with_no_code_typed(tmp_path: Path) -> None:
    async with web_server(tmp_path) as server, Browser(server) as browser:
        page = await browser.play("ann")
        code = await seated_at_a_game(page)
        await browser.get("/play")  # the reload: the page again...
        seat = browser.cookie(SEAT_COOKIE)
        assert seat is not None and seat in page.text  # ...with the seat's code in a cookie
        again = await browser.open_game()  # ...and its socket: the older tab gives way
        await page.shows("The game went on in another tab.")
        await page.ended()
        await again.shows(f"joined {code} seat 0")
        await again.close()
        # Closed, then opened again: the seat waits for its grace period, and comes back.
        await browser.get("/play")
        assert browser.cookie(SEAT_COOKIE) not in (None, seat)  # a code works once
        last = await browser.open_game()
        await last.shows(f"joined {code} seat 0")
        await last.close()


async def test_the_seat_cookie_outlives_the_login(tmp_path: Path) -> None:
    async with web_server(tmp_path) as server, Browser(server) as browser:
        page = await browser.play("ann")
        code = await seated_at_a_game(page)
        await page.close()
        await browser.get("/play")
        await until(lambda: not server.live)
        # The server forgot the login (a restart, say): the name again, and the seat.
        browser.http.cookie_jar.update_cookies({LOGIN_COOKIE: "forgotten"})
        await browser.log_in("ann")
        again = await browser.open_game()
        await again.shows(f"joined {code} seat 0")
        await again.close()


def test_the_web_door_needs_a_way_in(tmp_path: Path) -> None:
    from craits_tui.online.server.config import ServerConfig

    with pytest.raises(ValueError, match="--no-ssh"):
        ServerConfig(ssh=False)
    with pytest.raises(ValueError, match="browser has no SSH key"):
        ServerConfig(auth="keys", authorized_keys=tmp_path, web=WebConfig())
    with pytest.raises(ValueError, match="go together"):
        WebConfig(cert=tmp_path)
    with pytest.raises(ValueError, match="not an address"):
        WebConfig(trust_proxy=("proxy.example",))


# --- Doors and processes ---------------------------------------------------------------


async def test_a_browser_player_and_an_ssh_player_share_a_table(tmp_path: Path) -> None:
    async with (
        web_server(tmp_path, ssh=True) as server,
        Browser(server) as browser,
        connect(server, "bob") as conn,
    ):
        page = await browser.play("ann")
        assert server.web is not None
        # Each is told the page's address, for the table's link; the browser, no SSH command.
        web = f"http://127.0.0.1:{server.web.port}"
        await page.shows(f"door web web {web} ssh None")
        await page.type("create")
        await page.shows("joined")
        code = joined_table(page)
        term = await Terminal.showing(conn, "welcome bob")
        local = f"http://localhost:{server.web.port}"  # as the SSH player typed it
        await term.shows(f"door ssh web {local} ssh -p {server.port} localhost")
        term.process.stdin.write(f"join {code}".encode())
        await term.shows(f"joined {code} seat 1")
        term.process.stdin.write(b"quit")
        await term.ended()
        await page.close()


async def test_a_browser_sessions_app_is_forked_from_the_preloaded_app(tmp_path: Path) -> None:
    async with web_server(tmp_path, preload=True) as server, Browser(server) as browser:
        assert server.spawner is not None
        async with asyncio.timeout(60):  # the real app's imports, on a busy machine
            await server.spawner.until_ready()
        page = await browser.play("ann")
        pid = int(page.text.split(" pid ")[1].split()[0])
        assert parent_of(pid) == server.spawner.pid
        await page.close()
        await until(lambda: not server.live)


async def test_a_hundred_tabs_from_one_address_cost_the_cap_and_no_more(tmp_path: Path) -> None:
    limits = Limits(per_address=3, connecting_per_address=6)
    async with web_server(tmp_path, limits=limits) as server, Browser(server) as browser:
        assert server.web is not None
        await browser.log_in("ann")
        opened = await asyncio.gather(
            *(browser.open_game() for _ in range(100)), return_exceptions=True
        )
        pages = [p for p in opened if isinstance(p, Page)]
        # Past the connections' cap, refused with a sentence before any websocket.
        assert all(isinstance(p, Page | aiohttp.ClientError) for p in opened)
        # One login plays in one tab at a time: each newer tab took the game over, and
        # the sessions' cap holds meanwhile.
        await until(lambda: sum(not p.socket.closed for p in pages) == 1)
        assert server.sessions.running <= 1
        await until(lambda: len(server.live) <= 1 and len(server.web.gate.arrivals) == 0)  # type: ignore[union-attr]
        assert len(server.web.logins) == 1
        for page in pages:
            await page.close()
        await until(lambda: not server.live and server.sessions.running == 0)


def self_signed(tmp_path: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1, and its key, in ``tmp_path``."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now)
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


async def test_over_tls_the_cookies_are_secure_and_the_socket_wss(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    async with web_server(tmp_path, web=WebConfig(port=0, cert=cert, key=key)) as server:
        assert server.web is not None
        base = f"https://127.0.0.1:{server.web.port}"
        jar = aiohttp.CookieJar(unsafe=True)
        connector = aiohttp.TCPConnector(ssl=False)  # self-signed: not checked here
        async with aiohttp.ClientSession(cookie_jar=jar, connector=connector) as http:
            async with http.post(
                base + "/login", data={"name": "ann"}, headers={"Origin": base}
            ) as response:
                html = await response.text()
                cookie = response.history[0].headers["Set-Cookie"]
            assert "Secure" in cookie and "HttpOnly" in cookie
            assert f'data-session-websocket-url="wss://127.0.0.1:{server.web.port}/ws"' in html
            socket = await http.ws_connect(base.replace("https", "wss") + "/ws", origin=base)
            page = Page(socket, (80, 24))
            await page.shows("welcome ann")
            await page.close()
