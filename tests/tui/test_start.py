"""The start: the lessons offered to a newcomer once, and the start menu with a game
to resume."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest
from textual.widgets import Button

from craits_core import Game, GameStore
from craits_tui.app import CraitsApp
from craits_tui.launch import Launch, NewGame
from craits_tui.learn.lessons import LESSONS
from craits_tui.screens.first_start import LessonsOffer
from craits_tui.screens.learn import LessonList
from craits_tui.screens.lesson import LessonPolicy
from craits_tui.screens.start import StartScreen
from craits_tui.screens.table import TableScreen
from craits_tui.settings import load_settings
from craits_tui.table import Seat

from .conftest import click, showing, until


def newcomer_app(tmp_path: Path, launch: Launch | None = None) -> CraitsApp:
    """The app as the command line starts it: the settings as saved (none, the
    first time), its own save file and lessons' progress."""
    settings_file = tmp_path / "settings.json"
    return CraitsApp(
        launch or Launch(),
        load_settings(settings_file),
        store_path=tmp_path / "games.sqlite3",
        settings_file=settings_file,
    )


async def first_screen(pilot, app: CraitsApp) -> object:  # type: ignore[no-untyped-def]
    """The screen on top once the app has opened what it opens first."""
    await until(
        pilot,
        lambda: any(showing(app, kind) for kind in (StartScreen, LessonsOffer, TableScreen)),
        "the first screen",
    )
    return app.screen


# --- The lessons offered at a first start ----------------------------------------------


async def test_a_first_start_offers_the_lessons_once_and_not_after_not_now(
    tmp_path: Path,
) -> None:
    app = newcomer_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await first_screen(pilot, app)
        assert isinstance(offer, LessonsOffer)
        assert isinstance(app.screen_stack[-2], StartScreen)  # over the start menu
        title = str(offer.query_one("#offer-title").render())
        assert "Learn to play in 5 minutes" in title
        await pilot.press("escape")  # not now
        await until(pilot, lambda: showing(app, StartScreen), "the start menu")
    assert load_settings(tmp_path / "settings.json").lessons_offered
    # The next start: straight to the menu.
    again = newcomer_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        assert isinstance(await first_screen(pilot, again), StartScreen)
        await pilot.pause()
        assert not any(isinstance(s, LessonsOffer) for s in again.screen_stack)


async def test_learn_now_opens_the_first_lesson(tmp_path: Path) -> None:
    app = newcomer_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(await first_screen(pilot, app), LessonsOffer)
        await click(pilot, "#offer-learn")
        await until(
            pilot,
            lambda: showing(app, TableScreen) and isinstance(app.screen.policy, LessonPolicy),
            "the first lesson",
        )
        lesson = app.screen
        assert isinstance(lesson, TableScreen) and isinstance(lesson.policy, LessonPolicy)
        assert lesson.policy.lesson is LESSONS[0]
    assert load_settings(tmp_path / "settings.json").lessons_offered


async def test_quitting_at_the_offer_counts_as_offered(tmp_path: Path) -> None:
    app = newcomer_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(await first_screen(pilot, app), LessonsOffer)
    assert load_settings(tmp_path / "settings.json").lessons_offered


def a_saved_game(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        store.add(Game.new(["Ann", "Bob"], seed=1), meta={"seats": []})


def a_lesson_done(tmp_path: Path) -> None:
    progress = {"version": 1, "done": [LESSONS[0].id], "started": {}}
    (tmp_path / "lessons.json").write_text(json.dumps(progress), encoding="utf-8")


def a_lesson_begun(tmp_path: Path) -> None:
    progress = {"version": 1, "done": [], "started": {LESSONS[1].id: 2}}
    (tmp_path / "lessons.json").write_text(json.dumps(progress), encoding="utf-8")


@pytest.mark.parametrize("been_here", [a_saved_game, a_lesson_done, a_lesson_begun])
async def test_no_offer_to_someone_who_has_played_or_learned(
    been_here,
    tmp_path: Path,  # type: ignore[no-untyped-def]
) -> None:
    been_here(tmp_path)
    app = newcomer_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(await first_screen(pilot, app), StartScreen)
        await pilot.pause()
        assert not any(isinstance(s, LessonsOffer) for s in app.screen_stack)


@pytest.mark.parametrize(
    "launch",
    [Launch(new_game=NewGame((Seat("Ann"), Seat("Bob", "normal")), seed=1)), Launch(learn=True)],
    ids=["a game", "the lessons"],
)
async def test_no_offer_when_the_command_line_asks_for_something(
    launch: Launch, tmp_path: Path
) -> None:
    app = newcomer_app(tmp_path, launch)
    async with app.run_test(size=(100, 32)) as pilot:
        kind = TableScreen if launch.new_game else LessonList
        # (A dialog may open over the table at once: a starter 8 asks for a suit.)
        await until(pilot, lambda: any(isinstance(s, kind) for s in app.screen_stack), str(kind))
        await pilot.pause()
        assert not any(isinstance(s, LessonsOffer) for s in app.screen_stack)


# --- The start menu with a game to resume -----------------------------------------------


@pytest.mark.parametrize(
    "size", [(80, 24), (100, 30), (100, 32)], ids=["80x24", "100x30", "100x32"]
)
async def test_learn_to_play_stays_on_the_menu_with_a_game_to_resume(
    size: tuple[int, int], tmp_path: Path
) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        store.add(
            Game.new(["Ann", "Bob"], seed=1),
            meta={"seats": [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": "normal"}]},
        )
    app = newcomer_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        menu = await first_screen(pilot, app)
        assert isinstance(menu, StartScreen) and menu.unfinished is not None
        buttons = list(menu.query(Button))
        assert [b.id for b in buttons][:3] == ["resume", "new", "learn"]
        assert app.focused is buttons[0]  # Resume comes first
        width, height = size
        footer_row = height - 1
        for button in buttons:  # each whole on the screen, above the footer
            region = button.region
            assert region.height >= 1 and region.bottom <= footer_row, button.id
            assert region.x >= 0 and region.right <= width, button.id
        for one, other in pairwise(buttons):
            assert not one.region.overlaps(other.region), (one.id, other.id)
        await click(pilot, "#learn")
        await until(pilot, lambda: showing(app, LessonList), "the lessons")
