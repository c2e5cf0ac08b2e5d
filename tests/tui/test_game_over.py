"""The end of the game, on its own: what next, by key or button."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Button, Static

import craits_tui
from craits_core import Game, PlayerView, RuleSet
from craits_tui.screens.game_over import GameOver

from ..helpers import play_out
from .conftest import click


def finished_view() -> PlayerView:
    """Ann's view of a short game played to its end."""
    game = Game.new(["Ann", "Bob", "Cy"], seed=3, rules=RuleSet(short_game=True))
    play_out(game, seed=3)
    return game.view(0)


class GameOverApp(App[None]):
    """The game-over screen over a bare base screen; its answer kept."""

    CSS_PATH = Path(craits_tui.__file__).parent / "craits.tcss"

    def __init__(self, again: bool = True) -> None:
        super().__init__()
        self.again = again
        self.results: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def on_mount(self) -> None:
        self.push_screen(GameOver(finished_view(), again=self.again), self.results.append)


@pytest.mark.parametrize("again", [True, False])
async def test_m_goes_back_to_the_start_menu(again: bool) -> None:
    app = GameOverApp(again)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
        await pilot.press("m")
        await pilot.pause()
        assert app.results == ["menu"]
        assert not isinstance(app.screen, GameOver)


async def test_the_menu_button_goes_back_to_the_start_menu() -> None:
    app = GameOverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await click(pilot, "#menu")
        await pilot.pause()
        assert app.results == ["menu"]


@pytest.mark.parametrize(("key", "choice"), [("a", "again"), ("n", "new"), ("q", "quit")])
async def test_the_other_choices_are_still_there(key: str, choice: str) -> None:
    app = GameOverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert app.results == [choice]


async def test_every_button_shows_whole_at_80x24() -> None:
    app = GameOverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#game-over").content_region
        buttons = list(app.screen.query(Button))
        assert [b.id for b in buttons] == ["again", "new", "menu", "quit"]
        for button in buttons:
            region = button.region
            assert region.width >= len(str(button.label)), button.id
            assert box.contains_region(region), button.id
