"""The menus around the table: setting up a game, past games, replays."""

from __future__ import annotations

import io
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Input,
    Label,
    RadioButton,
    Select,
    Static,
)

from craits_core import Draw, Game, GameRecord, GameStore, Play, RuleSet, StoreError, replay
from craits_core.events import GameEnded, RoundEnded, RoundStarted
from craits_tui import i18n
from craits_tui.app import CraitsApp
from craits_tui.faces import CardLook
from craits_tui.last_game import LastGame
from craits_tui.launch import Launch, NewGame
from craits_tui.names import clean_name
from craits_tui.past_games import Outcome, PersonRecord, person_records, records_text
from craits_tui.requests import StartGame
from craits_tui.screens import options
from craits_tui.screens.forms import chosen_rules
from craits_tui.screens.history import HistoryScreen
from craits_tui.screens.history_dialogs import UnfinishedChoice
from craits_tui.screens.options import OptionsScreen
from craits_tui.screens.replay import ReplayScreen
from craits_tui.screens.replay.hands import HandsPanel
from craits_tui.screens.setup import SetupScreen, name_problems, parse_seed
from craits_tui.screens.table import TableScreen
from craits_tui.settings import Settings, load_settings, save_settings
from craits_tui.table import Seat
from craits_tui.widgets.status import StatusLine
from craits_tui.widgets.title import TitleBar

from .conftest import click, until

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing a test does reaches the real user directories."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("USER", "tester")
    monkeypatch.setenv("LOGNAME", "tester")


def make_app(tmp_path: Path, settings: Settings | None = None) -> CraitsApp:
    app = CraitsApp(
        Launch(),
        # Someone who has started the game before: no lessons offered (see
        # test_first_start.py).
        settings or Settings(lessons_offered=True),
        store_path=tmp_path / "games.sqlite3",
        settings_file=tmp_path / "settings.json",
    )
    # Scrolling to a focused field is animated, and the pilot waits for each one.
    app.animation_level = "none"
    return app


def play_on(game: Game, commands: int) -> None:
    """Make ``commands`` moves: the first legal play, else a draw (else the one
    thing there is to do, such as naming the starter's suit)."""
    for _ in range(commands):
        seat = game.state.current_player
        if seat is None:
            return
        moves = game.legal_moves(seat)
        plays = [m for m in moves if isinstance(m, Play)]
        draws = [m for m in moves if isinstance(m, Draw)]
        game.handle((plays or draws or moves)[0])


def finished_game() -> Game:
    """A game of one round (the one-card round of the short game), played out."""
    game = Game.new(["Ann", "Bob", "Cy"], seed=4, rules=RuleSet(short_game=True), first_round=8)
    play_on(game, 500)
    assert game.state.is_over
    return game


def table_of(app: CraitsApp) -> TableScreen:
    """The table screen, under any dialog it opened at once (a starter 8 asks the
    dealer for a suit)."""
    found = [s for s in app.screen_stack if isinstance(s, TableScreen)]
    assert found, f"no table open: {app.screen_stack}"
    return found[0]


def text_of(renderable: object, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


# --- Names --------------------------------------------------------------------------


def test_names_are_cleaned_and_checked() -> None:
    # The whole escape sequence goes, not just its ESC.
    assert clean_name("  Ann\x07\x1b[31m  Lee\u202e ") == "Ann Lee"
    problems = name_problems(["Ann", "", "ann", "A" * 17, "Bob"])
    assert set(problems) == {1, 2, 3}
    assert "name" in problems[1].lower()
    assert "1" in problems[2]  # the seat that has the name already
    assert "16" in problems[3]
    assert name_problems(["Ann", "Bob"]) == {}


def test_seeds() -> None:
    assert parse_seed("") is None
    assert parse_seed(" 42 ") == 42
    assert parse_seed("lucky day") == "lucky day"


# --- Setting up a game ----------------------------------------------------------------


async def new_game_form(pilot: Pilot[None]) -> SetupScreen:
    """From the start menu, its key: the form for a new game."""
    await pilot.press("n")
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def test_set_up_a_game_by_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game_form(pilot)
        assert app.focused is screen.query_one("#name-0", Input)
        assert screen.query_one("#name-0", Input).value == "Tester"
        # Three players: back to the count, one step left, enter.
        await pilot.press("shift+tab", "left", "enter", "tab")
        assert screen.players == 3
        assert not screen.query_one("#seat-3").display
        # The first seat's name (focusing selects it: typing replaces it).
        await pilot.press(*"Zoe", "tab", "tab")
        assert app.focused is screen.query_one("#name-1", Input)
        await pilot.press("ctrl+u", *"Max", "tab")
        # The second seat: a random bot instead of a normal one.
        await pilot.press("enter", "up", "up", "enter")
        assert screen.query_one("#kind-1", Select).value == "random"
        # ctrl+s starts the game from anywhere on the screen.
        await pilot.press("ctrl+s")
        await pilot.pause()
        table_screen = table_of(app)
        assert table_screen.table.seats == (
            Seat("Zoe"),
            Seat("Max", "random"),
            Seat("Bob", "normal"),
        )
        assert table_screen.table.game.state.rules == RuleSet()


async def test_set_up_a_game_by_mouse(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await click(pilot, "#new")
        assert isinstance(app.screen, SetupScreen)
        await click(pilot, "#players-count-3")
        await click(pilot, "#setup-short")
        await click(pilot, "#setup-wild_nine")
        await click(pilot, "#setup-seven_skips")
        await click(pilot, "#pace-fast")
        await click(pilot, "#setup-seed")
        await pilot.press(*"42")
        # The third seat becomes a person: open its list, click the first choice.
        await click(pilot, "#kind-2")
        await click(pilot, "#kind-2 SelectOverlay", offset=(2, 1))  # inside its edge
        await pilot.pause()
        assert app.screen.query_one("#kind-2", Select).value == "person"
        await click(pilot, "#setup-start")
        await pilot.pause()
        table_screen = table_of(app)
        assert table_screen.table.seats == (Seat("Tester"), Seat("Ada", "normal"), Seat("Bob"))
        assert table_screen.table.game.state.rules == RuleSet(
            short_game=True, seven_skips=True, wild_nine=True
        )
        assert table_screen.table.game.state.seed == 42
        # The pace is kept for next time.
        assert app.settings.pace == "fast"
        assert load_settings(tmp_path / "settings.json").pace == "fast"


async def test_a_new_game_opens_as_the_last_one_started(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await click(pilot, "#new")
        await click(pilot, "#players-count-3")
        await click(pilot, "#setup-short")
        await click(pilot, "#setup-colour_matching")
        app.screen.query_one("#kind-1", Select).value = "hard"
        await click(pilot, "#setup-start")
        await until(
            pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "a table"
        )
        app.show_menu()
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", "the menu")
        await pilot.press("n")
        assert_form_as_started(app.screen)
    last = load_settings(tmp_path / "settings.json").last_game
    assert last == LastGame(
        3,
        (Seat("Tester"), Seat("Ada", "hard"), Seat("Bob", "normal")),
        RuleSet(short_game=True, colour_matching=True),
    )
    # And at the next start.
    again = make_app(tmp_path, load_settings(tmp_path / "settings.json"))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert_form_as_started(again.screen)


def assert_form_as_started(form: object) -> None:
    """The form shows the game started in `test_a_new_game_opens_as_the_last_one_started`."""
    assert isinstance(form, SetupScreen)
    assert form.players == 3 and form.query_one("#players-count-3", RadioButton).value
    assert form.query_one("#seat-3").has_class("-unused")
    assert chosen_rules(form, "setup") == RuleSet(short_game=True, colour_matching=True)
    assert form.query_one("#name-0", Input).value == "Tester"
    assert form.query_one("#kind-1", Select).value == "hard"
    # The seats beyond the count: bots with names not taken, should the count go up.
    assert [form.query_one(f"#name-{i}", Input).value for i in (3, 4)] == ["Cy", "Di"]


@pytest.mark.parametrize(
    ("saved", "last"),
    [
        ([1, 2], LastGame()),
        ({"players": "many", "seats": {}, "rules": []}, LastGame()),
        ({"players": True}, LastGame()),  # true is not a number of players
        ({"players": 9}, LastGame()),
        # The rules' good parts are kept; unknown variants and odd values left out.
        (
            {"players": 2, "rules": {"short_game": "yes", "wild_nine": True, "laser": True}},
            LastGame(2, (), RuleSet(wild_nine=True)),
        ),
        # A bad seat, or two alike: the form's own seating, the count kept.
        ({"players": 2, "seats": [{"name": "Ann"}, {"name": 5}]}, LastGame(2)),
        ({"players": 2, "seats": [{"name": "Ann"}, {"name": "Ed", "bot": "god"}]}, LastGame(2)),
        ({"players": 2, "seats": [{"name": "Ann"}, {"name": "ANN", "bot": None}]}, LastGame(2)),
        ({"players": 2, "seats": [{"name": "Ann\x1b[2J"}, {"name": "Bo"}]}, LastGame(2)),
        ({"players": 3, "seats": [{"name": "Ann"}, {"name": "Bo"}]}, LastGame(3)),
        (
            {"players": 2, "seats": [{"name": "Ann"}, {"name": "Bo", "bot": "easy"}]},
            LastGame(2, (Seat("Ann"), Seat("Bo", "easy"))),
        ),
    ],
)
def test_a_damaged_last_game_is_read_part_by_part(saved: object, last: LastGame) -> None:
    settings = Settings.from_dict({"pace": "fast", "last_game": saved})
    assert settings.last_game == last
    assert settings.pace == "fast"  # the other settings are read all the same


def test_settings_of_the_wrong_kind_are_left_at_their_defaults() -> None:
    # A language that is not text would stop the game at its start.
    saved = {"language": 5, "save_file": ["x"], "lessons_offered": "yes", "theme": "light"}
    assert Settings.from_dict(saved) == Settings(theme="light")


def test_the_last_game_is_saved_and_read_back(tmp_path: Path) -> None:
    last = LastGame(
        5, tuple(Seat(n, "easy" if n != "Zoe" else None) for n in ["Zoe", "Ada", "Bob", "Cy", "Di"])
    )
    settings = Settings(last_game=last, lessons_offered=True)
    save_settings(settings, tmp_path / "settings.json")
    assert load_settings(tmp_path / "settings.json") == settings


async def test_a_damaged_last_game_opens_the_form_for_a_new_table(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    saved = {"lessons_offered": True, "last_game": {"players": "x", "seats": 7, "rules": 3}}
    path.write_text(json.dumps(saved), encoding="utf-8")
    app = make_app(tmp_path, load_settings(path))
    async with app.run_test(size=SIZE) as pilot:
        form = await new_game_form(pilot)
        assert form.players == 4 and chosen_rules(form, "setup") == RuleSet()
        assert form.query_one("#name-0", Input).value == "Tester"


async def test_a_second_start_asked_before_the_table_opened_starts_nothing(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        setup = await new_game_form(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        table_screen = table_of(app)
        # Start pressed again, read while the set-up was still up: the app answers it
        # no more, as it comes from a screen gone since.
        app.post_message(StartGame(setup, NewGame(table_screen.table.seats)))
        await pilot.pause()
        assert table_of(app) is table_screen
        assert app.store is not None and len(app.store.games()) == 1


async def test_bad_names_are_refused_with_a_reason(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game_form(pilot)
        screen.query_one("#name-1", Input).value = ""
        screen.query_one("#name-2", Input).value = "TESTER"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # not started
        problem = screen.query_one("#problem-1", Label)
        assert "name" in str(problem.content).lower()
        assert "Seat 1" in str(screen.query_one("#problem-2", Label).content)
        assert screen.query_one("#setup-problems", Static).has_class("-shown")
        assert app.focused is screen.query_one("#name-1", Input)
        # Control characters never get into a name.
        screen.query_one("#name-1", Input).value = "Li\x1bnus"
        await pilot.pause()
        assert screen.query_one("#name-1", Input).value == "Linus"
        # Fixed as the player types; then the game starts.
        await pilot.press("tab", "tab", "ctrl+u", *"Rex")
        await pilot.pause()
        assert str(screen.query_one("#problem-2", Label).content) == ""
        await pilot.press("enter")  # in a name field, enter starts the game too
        await pilot.pause()
        assert [s.name for s in table_of(app).table.seats] == ["Tester", "Linus", "Rex", "Cy"]


async def test_set_up_fits_a_small_window(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_form(pilot)
        start = screen.query_one("#setup-start", Button)
        assert start.region.bottom <= 23 and start.region.right <= 80
        # The seed is below the fold: tabbing there scrolls it into view.
        screen.query_one("#setup-seed", Input).focus()
        await pilot.pause()
        seed = screen.query_one("#setup-seed", Input)
        assert screen.query_one("#setup-form").region.contains_region(seed.region)
        # Escape goes back to the menu, and nothing was saved.
        await pilot.press("escape")
        assert type(app.screen).__name__ == "StartScreen"
        assert app.store is not None and app.store.games() == []


# --- Options --------------------------------------------------------------------------


async def test_options_change_at_once_and_are_kept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        done = screen.query_one("#options-done", Button)
        assert done.region.bottom <= 23  # the whole dialog fits a small window
        await click(pilot, "#theme-light")
        await click(pilot, "#option-auto_announce")
        await pilot.pause()
        assert app.theme == "textual-light"  # under the dialog, while it is open
        kept = load_settings(tmp_path / "settings.json")
        assert kept.theme == "light" and kept.auto_announce
        assert kept.pace == "normal" and not kept.ascii  # the rest as it was
        await pilot.press("escape")
        assert type(app.screen).__name__ == "StartScreen"
        await pilot.press("o")  # open again: as they were left
        assert app.screen.query_one("#theme-light", RadioButton).value
        assert app.screen.query_one("#option-auto_announce", Checkbox).value


async def test_options_choose_the_language_and_keep_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(options, "languages", lambda: {"en": "English", "xx": "Xxish"})
    monkeypatch.setattr(i18n, "_translation", i18n._translation)  # as it was, afterwards
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        assert app.screen.query_one("#option-language-row").display
        await click(pilot, "#theme-light")  # another change: the language still follows the system
        await pilot.pause()
        assert load_settings(tmp_path / "settings.json").language is None
        await click(pilot, "#language-xx")
        await pilot.pause()
        assert load_settings(tmp_path / "settings.json").language == "xx"


# --- Past games -------------------------------------------------------------------------


def fill_store(path: Path) -> dict[str, str]:
    """A finished game, an unfinished one and a damaged one; their ids by name."""
    with GameStore(path) as store:
        done = finished_game()
        ids = {
            "done": store.add(
                done, meta={"seats": [{"name": n, "bot": None} for n in done.state.players]}
            )
        }
        open_game = Game.new(["Dee", "Eve"], seed=2)
        ids["open"] = store.add(
            open_game,
            meta={"seats": [{"name": "Dee", "bot": None}, {"name": "Eve", "bot": "random"}]},
        )
        play_on(open_game, 6)
        broken = Game.new(["Fay", "Gus"], seed=3)
        ids["broken"] = store.add(broken)
        play_on(broken, 4)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE events SET data = ? WHERE game_id = ? AND seq = 1",
            ('{"type": "card-played", "player": 0, "card": "ZZ", "suit": "H"}', ids["broken"]),
        )
    return ids


async def open_history(app: CraitsApp, pilot: object) -> HistoryScreen:
    await pilot.press("p")  # type: ignore[attr-defined]
    screen = app.screen
    assert isinstance(screen, HistoryScreen)
    await app.workers.wait_for_complete()
    await pilot.pause()  # type: ignore[attr-defined]
    return screen


def row_of(screen: HistoryScreen, game_id: str) -> list[str]:
    table = screen.query_one(DataTable)
    return [str(cell) for cell in table.get_row(game_id)]


async def test_history_lists_every_game(tmp_path: Path) -> None:
    ids = fill_store(tmp_path / "games.sqlite3")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(app, pilot)
        assert screen.query_one(DataTable).row_count == 3
        done = row_of(screen, ids["done"])
        assert "Ann, Bob, Cy" in done
        assert "Finished" in done and "8/8" in done
        winners = finished_game().state
        assert done[-1] == ", ".join(winners.players[s] for s in winners.winners)
        open_row = row_of(screen, ids["open"])
        assert "Unfinished" in open_row and "1/15" in open_row
        assert "Damaged" in row_of(screen, ids["broken"])
        # Each person's record, over the finished games (one here, all three people).
        title = str(screen.query_one("#history-title", Static).render())
        best = min(winners.totals)
        assert f"{winners.players[winners.winners[0]]} won 1 of 1 game (best {best})" in title
        await pilot.press("escape")
        assert type(app.screen).__name__ == "StartScreen"


def test_a_persons_record_counts_finished_games_and_leaves_bots_out() -> None:
    def record(game_id: str, finished: bool, bots: list[str | None]) -> GameRecord:
        seats = [{"name": n, "bot": b} for n, b in zip(["Ann", "Bob", "Cy"], bots, strict=True)]
        now = datetime.now(UTC)
        status = "finished" if finished else "playing"
        return GameRecord(
            game_id, ("Ann", "Bob", "Cy"), RuleSet(), now, now, status, 99, 3, {"seats": seats}
        )

    records = [
        record("won", True, [None, "normal", None]),
        record("lost", True, [None, "normal", None]),
        record("open", False, [None, "normal", None]),
        record("damaged", True, [None, "normal", None]),
    ]
    outcomes: dict[str, Outcome | StoreError] = {
        "won": Outcome(("Ann", "Bob", "Cy"), (80, 120, 95), 15, (0,)),
        "lost": Outcome(("Ann", "Bob", "Cy"), (200, 90, 150), 15, (1,)),
        "open": Outcome(("Ann", "Bob", "Cy"), (10, 0, 20), 2, ()),
        "damaged": StoreError("unreadable"),
    }
    people = person_records(records, outcomes)
    assert people == [PersonRecord("Ann", 2, 1, 80), PersonRecord("Cy", 2, 0, 95)]
    assert records_text(people[:1]) == "Ann won 1 of 2 games (best 80)"


async def test_history_when_empty(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(app, pilot)
        assert screen.has_class("-empty")
        assert screen.query_one("#history-empty", Label).display
        assert "No games yet" in str(screen.query_one("#history-empty", Label).content)


async def select_row(pilot: object, screen: HistoryScreen, game_id: str) -> None:
    table = screen.query_one(DataTable)
    table.move_cursor(row=table.get_row_index(game_id))
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_open_games_from_history(tmp_path: Path) -> None:
    ids = fill_store(tmp_path / "games.sqlite3")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(app, pilot)
        # A damaged game: a notice, and the list stays.
        await select_row(pilot, screen, ids["broken"])
        if isinstance(app.screen, UnfinishedChoice):
            await pilot.press("r")
            await pilot.pause()
        assert app.screen is screen
        assert any("damaged" in n.message for n in app._notifications)
        # A game not finished: resume it, or not.
        await select_row(pilot, screen, ids["open"])
        assert isinstance(app.screen, UnfinishedChoice)
        await pilot.press("escape")
        assert app.screen is screen
        await click(pilot, "#history-resume")
        await pilot.pause()
        assert table_of(app).table.game_id == ids["open"]
        assert table_of(app).table.seats == (Seat("Dee"), Seat("Eve", "random"))


# --- Replays ----------------------------------------------------------------------------


def hands_text(screen: ReplayScreen) -> str:
    return text_of(screen.query_one(HandsPanel).render())


async def test_replay_steps_through_a_game_with_every_hand_open(tmp_path: Path) -> None:
    ids = fill_store(tmp_path / "games.sqlite3")
    app = make_app(tmp_path)
    look = CardLook()
    async with app.run_test(size=SIZE) as pilot:
        history = await open_history(app, pilot)
        await select_row(pilot, history, ids["done"])
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        game = screen.game
        assert isinstance(screen.events[screen.position], RoundStarted)

        def shows_state() -> None:
            state = replay(screen.events[: screen.position + 1])
            text = hands_text(screen)
            for seat, name in enumerate(state.players):
                assert name in text
                for card in state.hands[seat]:
                    assert look.plain(card) in text

        shows_state()
        start = screen.position
        await pilot.press("right", "right", "n")
        assert screen.position == start + 3
        shows_state()
        await pilot.press("left", "p")
        assert screen.position == start + 1
        shows_state()
        await pilot.press("end")
        assert screen.position == len(game.events) - 1
        assert isinstance(screen.events[-1], GameEnded)
        log = screen.query_one("#replay-log")
        assert "Game over" in text_of(log.render())
        assert "Game over" in str(screen.query_one("#replay-now", StatusLine).render())
        await pilot.press("home")
        assert screen.position == 0
        await pilot.press("pagedown")
        assert isinstance(screen.events[screen.position], RoundStarted)
        # The mouse has buttons for the same.
        await click(pilot, "#replay-next")
        assert screen.position == start + 1
        await click(pilot, "#replay-prev")
        assert screen.position == start
        await pilot.press("escape")
        assert app.screen is history


async def test_replay_moves_by_rounds(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bob"], seed=1, rules=RuleSet(short_game=True), first_round=7)
    play_on(game, 2000)
    assert game.state.is_over
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(game, Settings())
        await app.push_screen(screen)
        await pilot.pause()
        first, second = screen.timeline.round_starts
        assert screen.position == first
        await pilot.press("right_square_bracket")
        assert screen.position == second
        assert "round 8 of 8" in str(screen.query_one("#replay-title", TitleBar).render())
        await pilot.press("right", "right", "pageup")
        assert screen.position == second
        await pilot.press("pageup")
        assert screen.position == first


async def test_a_game_in_play_is_replayed_to_its_last_finished_round(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bob"], seed=1, rules=RuleSet(short_game=True), first_round=7)
    while game.state.round_number < 8:
        play_on(game, 1)
    play_on(game, 1)  # a move into the round in play: its hands are still hidden
    assert not game.state.is_over
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(game, Settings())
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("end")
        assert isinstance(screen.events[screen.position], RoundEnded)
        assert len(screen.timeline.round_starts) == 1  # round 7's: round 8 is not shown
        title = str(screen.query_one("#replay-title", TitleBar).render())
        assert title.endswith("· the round in play is not shown")


async def test_nothing_to_replay_while_the_first_round_is_played(tmp_path: Path) -> None:
    ids = fill_store(tmp_path / "games.sqlite3")  # "open" is six moves into round 1
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(app, pilot)
        await select_row(pilot, screen, ids["open"])
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is screen
        assert any("Nothing to replay yet" in n.message for n in app._notifications)
