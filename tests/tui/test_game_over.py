"""The end of the game, on its own: the winner's moment, the results, and what
next, by key or button."""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Button, Static

import craits_tui
from craits_core import Game, PlayerView, RuleSet
from craits_tui.app import CraitsApp
from craits_tui.launch import Launch
from craits_tui.results import Results, game_results, results_of
from craits_tui.screens.game_over import (
    PRESS_GRACE,
    GameOver,
    headline,
    marked_round_words,
    place_words,
)
from craits_tui.settings import Settings
from craits_tui.widgets import celebration
from craits_tui.widgets.celebration import Celebration
from craits_tui.widgets.footer import Footer
from craits_tui.widgets.round_totals import RoundTotals

from ..helpers import play_out
from .conftest import click, until
from .snapshots import bots_play, seat, short_game

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


def finished_view(players: int = 3, full: bool = False, seat: int | None = 0) -> PlayerView:
    """``seat``'s view of a game played to its end: Ann, Bob and Cy's short game,
    or as many players as asked, the whole fifteen rounds if ``full``."""
    game = Game.new(list(NAMES[:players]), seed=3, rules=RuleSet(short_game=not full))
    play_out(game, seed=3)
    return game.view(seat)


@dataclass
class Clock:
    """A clock that moves only when told to: nothing waits on the real one."""

    now: float = 0.0

    def __call__(self) -> float:
        return self.now


class GameOverApp(App[None]):
    """The game-over screen over a bare base screen; its answer kept."""

    CSS_PATH = Path(craits_tui.__file__).parent / "craits.tcss"

    def __init__(
        self,
        again: bool = True,
        view: PlayerView | None = None,
        animate: bool = True,
        personal: bool = True,
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__()
        # Unless a test sets the time: each look at the clock a moment later than
        # the last, so the buttons answer from the start.
        self.clock = clock or itertools.count(step=PRESS_GRACE).__next__
        self.again = again
        self.view = view or finished_view()
        self.animate = animate
        self.personal = personal
        self.results: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def on_mount(self) -> None:
        over = GameOver(self.view, again=self.again, animate=self.animate, personal=self.personal)
        over.clock = self.clock
        self.push_screen(over, self.results.append)


def text_of(app: App[None], selector: str) -> str:
    """What a widget of the screen shows, as plain text."""
    widget = app.screen.query_one(selector)
    shown = widget.content if isinstance(widget, Static) else widget.render()
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(shown)
    return console.export_text()


def header_names(results: Results) -> list[str]:
    """The round table's names, in seat order, each winner's starred."""
    names: list[str] = []
    for placing in sorted(results.placings, key=lambda p: p.seat):
        names += ["★", placing.name] if placing.seat in results.winners else [placing.name]
    return names


def banner(app: App[None]) -> Celebration:
    return app.screen.query_one(Celebration)


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


# --- The results ---------------------------------------------------------------------------


async def test_the_winner_and_every_round_with_its_running_totals_are_shown() -> None:
    view = finished_view()
    results = results_of(view)
    app = GameOverApp(view=view, animate=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert headline(results, 0) in banner(app).render().plain
        rows = text_of(app, "#round-totals").splitlines()
        assert rows[0].split() == ["Rnd", "Cards", *header_names(results)]
        for line, row in zip(rows[1:], results.rounds, strict=False):
            expected = [str(row.number), str(row.hand_size)]
            for points, total in zip(row.points, row.totals, strict=True):
                expected += [str(points), str(total)]
            assert line.split() == expected
        assert rows[len(results.rounds) + 1].split() == ["Total", *map(str, view.totals)]


async def test_each_players_best_and_worst_round_are_shown() -> None:
    view = finished_view()
    app = GameOverApp(view=view, animate=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        shown = text_of(app, "#best-worst")
        for placing in results_of(view).placings:
            line = next(line for line in shown.splitlines() if line.startswith(placing.name))
            assert marked_round_words(placing.best) in line
            assert marked_round_words(placing.worst) in line
            assert line.index(marked_round_words(placing.best)) < line.index(
                marked_round_words(placing.worst)
            )


def footer_words(app: App[None]) -> list[str]:
    return [key.description for key in app.screen.query_one(Footer).keys]


async def test_at_80x24_five_players_fifteen_rounds_scroll_under_the_buttons() -> None:
    view = finished_view(players=5, full=True)
    app = GameOverApp(view=view, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        box = screen.query_one("#game-over").content_region
        for button in screen.query(Button):
            assert box.contains_region(button.region), button.id
        # The winner and the standings in sight at once; the rounds below them.
        results = screen.query_one("#results")
        for selector in ("#winner", "#place", "#standings"):
            assert results.region.contains_region(screen.query_one(selector).region), selector
        await until(pilot, lambda: "More" in footer_words(app), "the key that scrolls")
        table = screen.query_one(RoundTotals)
        assert table.region.bottom > results.region.bottom
        await pilot.press("end")
        await until(pilot, lambda: table.region.bottom <= results.region.bottom, "the last row")
        # Every column whole at 80 columns: five names, and each round's numbers.
        lines = text_of(app, "#round-totals").splitlines()
        assert lines[0].split()[2:] == header_names(results_of(view))
        assert all(len(line.rstrip()) <= table.size.width for line in lines)
        assert lines[16].split() == ["Total", *map(str, view.totals)]
        assert app.results == []  # the keys scrolled, and chose nothing


async def test_with_everything_in_sight_no_key_offers_to_scroll() -> None:
    app = GameOverApp(view=finished_view(players=5, full=True), animate=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        results = app.screen.query_one("#results")
        await until(pilot, lambda: results.max_scroll_y == 0, "everything laid out in sight")
        await until(pilot, lambda: "More" not in footer_words(app), "no key to scroll")
        # The best and worst rounds beside the standings, not under them.
        standings = app.screen.query_one("#standings").region
        assert app.screen.query_one("#best-worst").region.y < standings.bottom


# --- The winner's moment -------------------------------------------------------------------


async def moving(pilot: Pilot[None], app: App[None]) -> Celebration:
    """The celebration, once it is seen to move."""
    await until(pilot, lambda: app.screen.query(Celebration), "the game over")
    shown = banner(app)
    await until(pilot, lambda: shown.frame > 0, "the suits to fall")
    assert not shown.settled
    return shown


async def test_a_key_during_the_celebration_settles_it_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(celebration, "FRAMES", 10**6)  # it would run till the key
    app = GameOverApp()
    async with app.run_test(size=(100, 32)) as pilot:
        shown = await moving(pilot, app)
        await pilot.press("x")  # a key that does nothing else
        assert shown.settled
        frame = shown.frame
        await pilot.pause()
        assert shown.frame == frame  # and still
        assert app.results == []


@pytest.mark.parametrize(("key", "choice"), [("enter", "again"), ("m", "menu")])
async def test_keys_act_at_once_during_the_celebration(
    monkeypatch: pytest.MonkeyPatch, key: str, choice: str
) -> None:
    monkeypatch.setattr(celebration, "FRAMES", 10**6)
    app = GameOverApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await moving(pilot, app)
        await pilot.press(key)
        await pilot.pause()
        assert app.results == [choice]


async def test_an_enter_carried_over_from_the_last_summary_deals_no_new_game() -> None:
    clock = Clock()
    app = GameOverApp(clock=clock)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.screen.query(Celebration), "the game over")
        clock.now += PRESS_GRACE / 2
        await pilot.press("enter")  # the summary's Enter, pressed twice
        await pilot.click("#again")  # or its button, clicked twice
        await pilot.pause()
        assert app.results == []
        clock.now += PRESS_GRACE
        again = app.screen.query_one("#again")
        # A button pressed a moment ago ignores presses while it shows it.
        await until(pilot, lambda: not again.has_class("-active"), "the click shown")
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == ["again"]


async def test_letter_keys_answer_from_the_first_moment() -> None:
    app = GameOverApp(clock=Clock())
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.screen.query(Celebration), "the game over")
        await pilot.press("a")
        await pilot.pause()
        assert app.results == ["again"]


async def test_the_celebration_settles_by_itself() -> None:
    app = GameOverApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.screen.query(Celebration), "the game over")
        shown = banner(app)
        await until(pilot, lambda: shown.settled, "the banner to settle")
        assert shown.frame == celebration.FRAMES and app.results == []


async def test_with_animations_off_the_banner_is_settled_from_the_first_picture() -> None:
    app = GameOverApp(animate=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.screen.query(Celebration), "the game over")
        shown = banner(app)
        assert shown.settled
        drawn = shown.render().plain
        await pilot.pause()
        assert shown.render().plain == drawn
        top, words, _bottom = drawn.splitlines()
        assert "You win!" in words
        # Settled: a row of suits above the words, in order, every fourth cell.
        assert top.split()[:4] == ["♠", "♥", "♦", "♣"]
        assert [top.index(suit) for suit in "♠♥♦♣"] == [1, 5, 9, 13]


@pytest.mark.parametrize("animations", [True, False])
async def test_the_tables_game_over_follows_the_animations_setting(
    tmp_path: Path, animations: bool
) -> None:
    app = CraitsApp(
        Launch(),
        Settings(pace="slow", animations=animations),
        store_path=tmp_path / "games.sqlite3",
        settings_file=tmp_path / "settings.json",
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        seat(app, bots_play(short_game()))  # opens on the game's end
        await until(pilot, lambda: isinstance(app.screen, GameOver), "the game over")
        assert isinstance(app.screen, GameOver) and app.screen.animate is animations
        await until(pilot, lambda: app.screen.query(Celebration), "the banner")
        assert banner(app).settled is not animations


# --- The words -----------------------------------------------------------------------------


def three(scores: list[tuple[int, ...]], winners: tuple[int, ...]) -> Results:
    return game_results(["Ann", "Bob", "Cy"], RuleSet().schedule, 1, scores, winners)


def test_the_winner_is_told_they_win_and_by_how_much() -> None:
    results = three([(5, 40, 30)], (0,))
    assert headline(results, 0) == "You win!"
    assert place_words(results, 0) == "Lowest total: 5, 25 points fewer than Cy."


def test_a_shared_win_names_the_others_who_share_it() -> None:
    results = three([(5, 5, 30)], (0, 1))
    assert headline(results, 0) == "You share the win with Bob!"
    assert headline(results, 2) == "Ann, Bob share the win!"
    assert place_words(results, 0) == "Lowest total: 5."


def test_who_did_not_win_reads_who_did_their_place_and_how_far_behind() -> None:
    results = three([(5, 40, 6)], (0,))
    assert headline(results, 2) == "Ann wins!"
    assert place_words(results, 2) == (
        "Your place: 2 of 3, with 6. 1 point above the winning total."
    )
    tied = three([(5, 40, 40)], (0,))
    assert place_words(tied, 1) == (
        "Your place: 2 of 3, shared with Cy, with 40. 35 points above the winning total."
    )


def test_a_spectator_or_a_table_of_several_people_reads_names_not_you() -> None:
    results = three([(5, 40, 30)], (0,))
    assert headline(results, None) == "Ann wins!"
    assert place_words(results, None) == "Lowest total: 5, 25 points fewer than Cy."


async def test_at_a_hot_seat_table_the_words_speak_to_nobody_as_you() -> None:
    view = finished_view(seat=0)
    results = results_of(view)
    app = GameOverApp(view=view, animate=False, personal=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        words = banner(app).render().plain + text_of(app, "#place")
        assert "You" not in words and "Your" not in words
        assert results.placing(results.winners[0]).name in words


def test_a_round_is_told_with_its_hand_size() -> None:
    results = three([(5, 40, 30), (0, -50, 20)], (1,))
    bob = results.placing(1)
    assert marked_round_words(bob.best) == "-50 in round 2 (7 cards)"
    assert marked_round_words(bob.worst) == "40 in round 1 (8 cards)"
    assert marked_round_words(None) == "–"  # no round played


async def test_the_layout_follows_the_window_as_it_changes() -> None:
    app = GameOverApp(view=finished_view(players=5, full=True), animate=False)
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        await until(pilot, lambda: screen.has_class("-beside"), "best and worst beside")
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: screen.has_class("-too-small"), "the note to make it bigger")
        assert screen.query_one("#too-small").display
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not screen.has_class("-beside"), "best and worst below")
        box = screen.query_one("#game-over").content_region
        await until(
            pilot,
            lambda: all(box.contains_region(b.region) for b in screen.query(Button)),
            "every button in sight",
        )
        assert screen.focused is screen.query_one("#again")  # the keys came back
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == ["again"]
