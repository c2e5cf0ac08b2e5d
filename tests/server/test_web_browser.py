"""The web door in a real browser: headless Chromium (`chromium`) opens the page,
types into its terminal, and reloads it; the real app runs behind it. What the page
shows is read from its websocket's frames, and where its requests went from
Chromium's own log. Skipped, saying why, where Chromium is not installed (`.ci/run`
installs it)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from craits_core import Game, RuleSet
from craits_tui.online.server import house as house_module
from craits_tui.online.web.local import LocalWeb
from tests.decks import stacked_game
from tests.server.chromium import MISSING, Tab, start_chromium
from tests.server.test_ssh import APP_START, REAL_APP, Terminal, connect
from tests.server.web_client import web_server

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

ENTER = "\ue007"  # Selenium's Enter key


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One browser for the module's tests (it takes a second or two to start)."""
    driver = start_chromium()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def tab(chromium: Any) -> Tab:
    """The browser with no cookies and nothing logged from an earlier test."""
    chromium.execute_cdp_cmd("Network.clearBrowserCookies", {})
    chromium.get_log("performance")
    return Tab(chromium)


async def test_the_page_loads_from_this_server_alone_and_a_name_opens_the_lobby(
    tmp_path: Path, tab: Tab
) -> None:
    async with web_server(tmp_path, app=REAL_APP) as server:
        assert server.web is not None
        base = f"http://127.0.0.1:{server.web.port}"
        await tab.open(base + "/")
        await tab.fill("name", "Ann")
        await tab.shows("Quick match", timeout=APP_START)
        # Every request the page made went to this server: the font and scripts too.
        assert all(url.startswith(base + "/") for url in tab.requests), tab.requests
        assert {f"{base}/static/textual.js", f"{base}/static/xterm.css"} <= set(tab.requests)
        assert any(url.startswith(f"{base}/static/RobotoMono") for url in tab.requests)


async def test_a_click_on_the_page_reaches_the_app_as_a_terminal_click_does(
    tmp_path: Path, tab: Tab
) -> None:
    async with web_server(tmp_path, app=REAL_APP, quick_wait=60.0) as server:
        assert server.web is not None
        await tab.open(f"http://127.0.0.1:{server.web.port}/")
        await tab.fill("name", "Ann")
        await tab.shows("Quick match", timeout=APP_START)
        # The lobby's button (not its line about the quick match's length: "Quick
        # match: short"), clicked: no key is typed, the app takes the click.
        await tab.click("Quick match(?!:)")
        await tab.shows("bots take the empty seats")


def bob_then_ann(names: list[str], rules: RuleSet) -> Game:
    """A short game's last round (one card each) at the quick-match table: bob
    (over SSH) plays first and has to draw; Ann (in the browser) is next, and her
    4♥ on the J♥ ends the game. The bots between draw too; the low cards left in
    bob's hand count nothing."""
    count = len(names)
    people = [name.lower() for name in names]
    bob, ann = people.index("bob"), people.index("ann")
    order = [(bob + i) % count for i in range(count)]
    assert order.index(ann) > 0
    hands = ["KD"] * count
    hands[bob], hands[ann] = "9C", "4H"
    for seat, card in zip((s for s in order if s not in (bob, ann)), ("KD", "10S"), strict=False):
        hands[seat] = card
    return stacked_game(
        hands,
        "JH",
        "3C 4C 5C 6C 3S 5S",
        dealer=(bob - 1) % count,
        names=names,
        rules=RuleSet(short_game=True),
    )


async def test_a_browser_player_and_an_ssh_player_play_to_the_end_through_a_reload(
    tmp_path: Path, tab: Tab, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(house_module, "_new_game", bob_then_ann)
    async with (
        web_server(tmp_path, ssh=True, app=REAL_APP, quick_wait=2.0) as server,
        connect(server, "bob") as conn,
    ):
        assert server.web is not None
        base = f"http://127.0.0.1:{server.web.port}"
        await tab.open(base + "/")
        await tab.fill("name", "Ann")
        term = await Terminal.open(conn)
        await term.shows("Quick match", timeout=APP_START)
        await tab.shows("Quick match", timeout=APP_START)
        # Both ask for a quick match: the same table, bots in the seats left.
        term.process.stdin.write(b"m")
        await term.shows("bots take the empty seats")
        await tab.type("m")
        await tab.shows("bots take the empty seats")
        await term.shows("Your turn", timeout=APP_START)
        term.process.stdin.write(b"d")  # nothing to play: bob draws
        await tab.shows("Your turn")
        assert "bob drew" in tab.text
        # A reload mid-game: the page comes back at the seat, with no code typed.
        await tab.run(tab.driver.refresh)
        await tab.shows("Your turn", timeout=APP_START)
        await tab.type("1")  # her one card, the 4♥: out, and the game is over
        for screen in (tab, term):
            await screen.shows("Ann went out")
        # Their one card each was worth nothing: they share the win.
        await tab.type(ENTER)
        await tab.shows("You share the win with bob!")
        term.process.stdin.write(b"\r")
        await term.shows("You share the win with Ann!")
        # The browser player is told the replay's link (once the server has given
        # the game its code), and it shows that game.
        await tab.shows(f"{base}/r/")
        await term.shows("ssh -t")
        found = re.search(rf"{base}/r/[A-Z0-9]{{3}}-[A-Z0-9]{{3}}", tab.text)
        assert found, tab.text
        assert "ssh -t" not in tab.text
        await tab.open(found.group())
        await tab.shows("Replay " + found.group()[-7:], timeout=APP_START)


async def test_craits_tui_web_opens_the_start_menu_in_the_browser(tmp_path: Path, tab: Tab) -> None:
    server = LocalWeb(0)
    await server.start()
    try:
        await tab.open(server.address)
        await tab.shows("Learn to play", timeout=APP_START)
        assert "key=" not in tab.driver.current_url  # the key went into a cookie
        await tab.type("l")  # the lessons
        await tab.shows("Lessons", timeout=APP_START)
    finally:
        await server.close()
