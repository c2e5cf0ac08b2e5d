"""Random keys and clicks, as a cat on the keyboard would make them: the app never
crashes, whatever screen they lead to."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.errors import NoWidget
from textual.pilot import OutOfBounds, Pilot

from craits_tui.app import CraitsApp
from craits_tui.launch import Launch, NewGame
from craits_tui.settings import Settings
from craits_tui.table import Seat

KEYS = (
    *"123456789dlishopcnrv",
    *("enter", "escape", "space", "tab", "shift+tab", "question_mark", "backspace"),
    *("left", "right", "up", "down", "home", "end", "pageup", "pagedown", "ctrl+s"),
)
"""Every key the game's screens answer, and some they do not (q is left out: it
would end the session early)."""


def hot_seat() -> Launch:
    """Two people at one terminal and a bot: every turn of theirs hands the table over."""
    return Launch(NewGame((Seat("Ann"), Seat("Ben"), Seat("Cy", "normal")), seed=7))


async def random_input(pilot: Pilot[Any], size: tuple[int, int], seed: int, steps: int) -> None:
    """``steps`` random keys and clicks, a click one time in four."""
    rng = random.Random(seed)
    for _ in range(steps):
        if rng.random() < 0.25:
            # Nothing there to click: off the screen, or a screen just pushed and
            # not yet laid out, where the pilot's own look-up finds no widget before
            # any event reaches the app (a terminal's click there is dropped).
            with contextlib.suppress(OutOfBounds, NoWidget):
                await pilot.click(offset=(rng.randrange(size[0]), rng.randrange(size[1])))
        else:
            type_key(pilot.app, rng.choice(KEYS))
        # Each input taken in before the next, rather than a fixed time between
        # them: on a busy machine the keys do not pile up ahead of the app. Cards in
        # flight are not waited for (`pilot.press` would wait for them and for the
        # process to idle, some 0.1 s a key): a cat does not wait either.
        await pilot.pause(0)
        await pilot.pause(0)


def type_key(app: App[Any], key: str) -> None:
    """``key`` as the terminal sends it, with its character, straight to the app."""
    character = _KEY_CHARACTERS.get(key, key if len(key) == 1 else None)
    app.post_message(events.Key(key, character))


_KEY_CHARACTERS = {
    "enter": "\r",
    "escape": "\x1b",
    "space": " ",
    "tab": "\t",
    "question_mark": "?",
    "backspace": "\x7f",
    "ctrl+s": "\x13",
}
"""The characters of the named keys in KEYS that have one."""


def watching() -> Launch:
    """Bots only, watched: the keys pause them, move them on, change their pace."""
    seats = (Seat("Ada", "normal"), Seat("Bob", "easy"), Seat("Cy", "random"))
    return Launch(NewGame(seats, seed=3))


@pytest.mark.parametrize(
    ("launch", "size", "seed", "steps"),
    [(Launch(), (100, 32), 1, 100), (hot_seat(), (80, 24), 2, 150), (watching(), (80, 24), 3, 100)],
    ids=["menus", "hot-seat", "watching"],
)
async def test_random_keys_and_clicks_never_crash(
    launch: Launch, size: tuple[int, int], seed: int, steps: int, tmp_path: Path
) -> None:
    # Bots at the instant pace keep cards flying, and the pilot waits for every
    # motion to end before each key: watching, with nobody's cards in motion to
    # click through, is run without motion (the others run with it).
    watching_only = (
        not any(seat.bot is None for seat in launch.new_game.seats) if launch.new_game else False
    )
    app = CraitsApp(
        launch,
        Settings(pace="instant", animations=not watching_only),
        store_path=tmp_path / "games.sqlite3",
        settings_file=tmp_path / "settings.json",
    )
    # A click on a Quit button (the start menu is an Esc away) would end the run
    # early: the cat stays at the keyboard for every step.
    app.exit = lambda *args, **kwargs: None  # type: ignore[method-assign]
    async with app.run_test(size=size) as pilot:
        await random_input(pilot, size, seed, steps)
        assert app.is_running
