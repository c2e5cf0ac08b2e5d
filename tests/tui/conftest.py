"""Running the app in tests: a private data directory, a table from a stacked deck, and
waiting for the app on conditions rather than for a time."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.pilot import Pilot
from textual.widget import Widget

from craits_core import Game
from craits_tui.app import CraitsApp
from craits_tui.launch import Launch
from craits_tui.screens.table import TableScreen
from craits_tui.settings import Settings
from craits_tui.table import Seat


@pytest.fixture
def socket_path() -> Iterator[str]:
    """A path for a stand-in server's socket: short, as a Unix socket's path must be."""
    folder = tempfile.mkdtemp(prefix="craits-")
    yield str(Path(folder) / "s")
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing a test does reaches the real user directories."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def make_app(
    tmp_path: Path, pace: str = "slow", launch: Launch | None = None, **settings: Any
) -> CraitsApp:
    """An app with its own save file and settings, for someone who has started the
    game before: the lessons offered at a first start (tests/tui/test_start.py) are
    not offered again. ``settings``: other settings than the defaults
    (``auto_draw=True``)."""
    return CraitsApp(
        launch or Launch(),
        Settings(pace=pace, **{"lessons_offered": True, **settings}),
        store_path=tmp_path / "games.sqlite3",
        settings_file=tmp_path / "settings.json",
    )


def seat_up(app: CraitsApp, game: Game, bots: Sequence[str | None]) -> TableScreen:
    """Open ``game`` at the app's table: seat 0 a person, the others as given."""
    seats = tuple(Seat(name, bot) for name, bot in zip(game.state.players, bots, strict=True))
    app.play(game, seats)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


WAIT_AT_MOST = float(os.environ.get("CRAITS_TEST_WAIT", "300"))
"""Seconds a test waits for the app before it fails: not a pace the app must keep
(a starved machine runs the bots' whole game twenty times slower), only a hang
turned into a failure that says what it waited for."""


async def until(pilot: Pilot[Any], condition: Callable[[], object], what: str) -> None:
    """Pause until ``condition()`` holds, however slowly a busy machine runs the app."""
    deadline = time.monotonic() + WAIT_AT_MOST
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        await pilot.pause()


def hold_bots(screen: TableScreen) -> None:
    """Keep the bots from moving by themselves, as a watcher's pause does (it holds
    them at a person's table too): what a test checks after a move is not raced by
    the bot whose turn comes next. Called before the table is first shown, the bots
    never start."""
    screen.action_pause()


@asynccontextmanager
async def at_table(
    tmp_path: Path,
    game: Game,
    bots: Sequence[str | None] = (None, "normal"),
    *,
    held: bool = False,
    size: tuple[int, int] = (100, 32),
    **settings: Any,
) -> AsyncIterator[tuple[CraitsApp, Pilot[None], TableScreen]]:
    """An app of ``size`` (made as `make_app` makes it, with ``settings``) showing
    ``game`` at its table: seat 0 a person, the others ``bots``, held (`hold_bots`)
    when ``held``. The app, its pilot and the table, once shown."""
    app = make_app(tmp_path, **settings)
    async with app.run_test(size=size) as pilot:
        screen = seat_up(app, game, bots)
        if held:
            hold_bots(screen)
        await pilot.pause()
        yield app, pilot, screen


def bots_at_rest(screen: TableScreen) -> bool:
    """No bot move is on its way: none is due on a timer or being thought out, and
    the table has shown every event. Bots held (`hold_bots`) stay at rest then: no
    move comes but those the test makes."""
    return (
        screen.bots.timer is None
        and not any(worker.group == "bots" for worker in screen.app.workers)
        and screen.feed.shown == screen.table.event_count()
    )


def showing(app: Any, kind: type) -> bool:
    """Whether the app shows a screen of ``kind``, mounted: its widgets are there to
    be queried (a screen is on top of the stack a moment before they are)."""
    screen = app.screen
    return isinstance(screen, kind) and screen.is_mounted


def drawn_at(app: Any, target: str | type[Widget] | Widget, offset: tuple[int, int]) -> bool:
    """Whether ``target`` (a selector, a widget's class or a widget) is laid out on
    the app's screen and is what a click at ``offset`` from its corner would hit."""
    screen = app.screen
    try:
        widget = target if isinstance(target, Widget) else screen.query_one(target)
        hit, _ = screen.get_widget_at(widget.region.x + offset[0], widget.region.y + offset[1])
    except (NoMatches, NoWidget):
        return False
    return bool(widget.region) and (hit is widget or widget in hit.ancestors)


async def click(
    pilot: Pilot[Any], target: str | type[Widget] | Widget, offset: tuple[int, int] = (0, 0)
) -> None:
    """Click ``target`` at ``offset`` once the screen has laid it out there: the
    pilot aims by the layout of the moment, so straight after a screen or a widget
    changes, on a busy machine, its click could land where the target is not yet."""
    await until(pilot, lambda: drawn_at(pilot.app, target, offset), f"{target} on the screen")
    await pilot.click(target, offset=offset)
