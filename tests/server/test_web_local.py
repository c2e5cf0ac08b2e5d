"""``craits-tui web``: the local game in this machine's browser, for real (aiohttp
as the browser, the page's websocket protocol, the terminal read by pyte), with a
stand-in for the app that reports its terminal and environment."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest

from craits_tui.online.web.local import KEY_COOKIE, LocalWeb
from craits_tui.online.web.local import main as web_main
from tests.server.web_client import Page

LOCAL_APP = r"""
import os, sys
cols, rows = os.get_terminal_size(0)
print(f"start menu {cols}x{rows} {os.environ.get('TERM')} args {sys.argv[1:]}", flush=True)
while True:
    data = os.read(0, 1024)
    if not data or b"quit" in data:
        break
    print("typed", data.decode(), flush=True)
"""


@asynccontextmanager
async def local_web(tmp_path: Path) -> AsyncIterator[tuple[LocalWeb, aiohttp.ClientSession]]:
    """``craits-tui web`` on a free port, each game the stand-in; a browser's session."""
    app = tmp_path / "local_app.py"
    app.write_text(LOCAL_APP, encoding="utf-8")
    server = LocalWeb(0, app=(str(app),))
    await server.start()
    jar = aiohttp.CookieJar(unsafe=True)
    try:
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            yield server, http
    finally:
        await server.close()


async def open_game(server: LocalWeb, http: aiohttp.ClientSession, origin: str = "") -> Page:
    base = f"http://127.0.0.1:{server.port}"
    socket = await http.ws_connect(
        f"ws://127.0.0.1:{server.port}/ws?width=90&height=30", origin=origin or base
    )
    return Page(socket, (90, 30))


async def test_the_printed_address_opens_the_start_menu(tmp_path: Path) -> None:
    async with local_web(tmp_path) as (server, http):
        base = f"http://127.0.0.1:{server.port}"
        assert server.address.startswith(base + "/?key=")
        async with http.get(base + "/") as response:
            assert response.status == 403  # no key: another user of the machine, say
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await open_game(server, http)
        async with http.get(server.address) as response:
            # The key moved into a cookie, out of the address bar.
            assert response.status == 200 and str(response.url) == base + "/play"
            html = await response.text()
        assert "/static/textual.js" in html and server.key not in html
        assert [c.key for c in http.cookie_jar] == [KEY_COOKIE]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_game(server, http, origin="http://evil.example")
        assert refused.value.status == 403
        page = await open_game(server, http)
        await page.shows("start menu 90x30 xterm-256color args []")
        await page.type("hello")
        await page.shows("typed hello")
        # One game at a time: a second tab takes it over.
        second = await open_game(server, http)
        await page.shows("The game went on in another tab.")
        await page.ended()
        await second.shows("start menu")
        await second.type("quit")
        await second.ended()
        assert server.sessions.running == 0 and not server.live


def test_it_listens_on_this_machine_alone(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="this machine alone"):
        LocalWeb(0, "0.0.0.0")
    assert web_main(["--host", "192.0.2.7", "--port", "0"]) == 2
    assert "this machine alone" in capsys.readouterr().err
