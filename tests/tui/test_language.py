"""The language chosen in the options is spoken at once: by the options, the screen
under them and every footer, with no restart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Button, Static

from craits_core import Game
from craits_tui import i18n
from craits_tui.app import CraitsApp
from craits_tui.launch import Launch
from craits_tui.screens.lesson import LessonPolicy
from craits_tui.screens.options import OptionsScreen
from craits_tui.screens.start import StartScreen
from craits_tui.screens.table import TableScreen
from craits_tui.settings import load_settings
from craits_tui.widgets.coach_panel import CoachPanel
from craits_tui.widgets.footer import Footer
from craits_tui.widgets.log import GameLog

from .conftest import click, hold_bots, make_app, seat_up, showing, until


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The language a test switches to is not left to the tests after it."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    i18n.use_language("en")
    yield


def footer_words(screen: Screen[object]) -> list[str]:
    return [key.description for key in screen.query_one(Footer).keys]


def label_of(screen: Screen[object], selector: str) -> str:
    return str(screen.query_one(selector, Button).label)


async def choose_language(pilot, app: CraitsApp, code: str) -> OptionsScreen:  # type: ignore[no-untyped-def]
    """Open the options (unless open), and choose the language ``code``."""
    if not showing(app, OptionsScreen):
        await pilot.press("o")
        await until(pilot, lambda: showing(app, OptionsScreen), "the options")
    await click(pilot, f"#language-{code}")
    await until(pilot, lambda: app.settings.language == code, f"the language {code}")
    options = app.screen
    assert isinstance(options, OptionsScreen)
    return options


async def test_the_menu_and_every_footer_speak_the_new_language_at_once(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: showing(app, StartScreen), "the start menu")
        menu = app.screen
        await choose_language(pilot, app, "it")
        # The options themselves, and their footer.
        await until(
            pilot,
            lambda: str(app.screen.query_one("#options-title", Static).render()) == "Opzioni",
            "the options in Italian",
        )
        assert footer_words(app.screen) == ["Fatto"]
        # The start menu under them: its buttons and its footer.
        await until(pilot, lambda: label_of(menu, "#new") == "Nuova partita (n)", "the menu")
        assert "Nuova partita" in footer_words(menu)
        assert "Impara a giocare" in footer_words(menu)
        # Kept for the next start.
        assert load_settings(tmp_path / "settings.json").language == "it"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is menu, "the menu again")
        assert app.focused is not None and app.focused in menu.query(Button)
        # And back to English, as promptly.
        await choose_language(pilot, app, "en")
        await until(pilot, lambda: label_of(menu, "#new") == "New game (n)", "English")
        assert "New game" in footer_words(menu)
        await until(pilot, lambda: footer_words(app.screen) == ["Done"], "Done")


async def test_the_table_under_the_options_speaks_the_new_language(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: showing(app, StartScreen), "the start menu")
        game = Game.new(["Ann", "Bob"], seed=3)
        table = seat_up(app, game, [None, "normal"])
        hold_bots(table)
        await until(pilot, lambda: showing(app, TableScreen), "the table")
        hand = app.focused
        assert "Draw" in footer_words(table)
        await choose_language(pilot, app, "it")
        await until(pilot, lambda: "Pesca" in footer_words(table), "the table's keys in Italian")
        assert "Nuova partita" in log_text(table)  # the log told again
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table, "the table again")
        # The same game goes on, the hand has the keyboard.
        assert table.table.game is game and app.focused is hand
        await choose_language(pilot, app, "en")
        await until(pilot, lambda: "Draw" in footer_words(table), "the table's keys in English")
        assert "A new game" in log_text(table)


def log_text(table: TableScreen) -> str:
    return "\n".join(line.plain for line in table.query_one(GameLog).lines)


async def test_a_lessons_coach_speaks_the_new_language(tmp_path: Path) -> None:
    app = make_app(tmp_path, launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.screen.__class__.__name__ == "LessonList", "the lessons")
        await pilot.press("enter")
        await until(
            pilot,
            lambda: showing(app, TableScreen) and isinstance(app.screen.policy, LessonPolicy),
            "the first lesson",
        )
        lesson = app.screen
        panel = lesson.query_one(CoachPanel)
        assert panel.text.startswith("Lesson 1 of 7")
        await choose_language(pilot, app, "it")
        await until(pilot, lambda: panel.text.startswith("Lezione 1 di 7"), "the coach in Italian")
