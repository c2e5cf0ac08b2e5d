"""Past games and the start menu: games with moves taken back, deleting a game, and
which game the start menu offers to resume."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, DataTable, Label, Static

from craits_core import Game, GameStore
from craits_tui.app import CraitsApp
from craits_tui.screens.history import HistoryScreen
from craits_tui.screens.history_dialogs import ConfirmDelete
from craits_tui.screens.start import StartScreen
from craits_tui.table import LocalTable, Seat
from craits_tui.widgets.footer import Footer

from .conftest import click
from .test_menus import SIZE, finished_game, make_app, open_history, play_on, row_of, table_of

PERSON_AND_BOTS = (Seat("Ann"), Seat("Bob", "normal"), Seat("Cy", "easy"))


def meta_of(seats: tuple[Seat, ...]) -> dict[str, object]:
    return {"seats": [seat.to_dict() for seat in seats]}


def bots_reply(table: LocalTable) -> None:
    while (move := table.next_bot_move()) is not None:
        table.submit(move)


def game_with_take_backs(store: GameStore, times: int) -> str:
    """A game of Ann's against two bots, in which she took moves back ``times`` times."""
    game = Game.new([seat.name for seat in PERSON_AND_BOTS], seed=5)
    game_id = store.add(game, meta=meta_of(PERSON_AND_BOTS))
    table = LocalTable(game, PERSON_AND_BOTS, store=store, game_id=game_id)
    bots_reply(table)
    for _ in range(times):
        table.submit(table.legal_moves(0)[0])
        bots_reply(table)
        assert table.take_back(0)
    store.detach(table.game)
    return game_id


def footer_keys(app: CraitsApp) -> dict[str, bool]:
    return {key.description: key.enabled for key in app.screen.query_one(Footer).keys}


def detail_text(screen: HistoryScreen) -> str:
    return str(screen.query_one("#history-detail", Static).render())


async def select(pilot: object, screen: HistoryScreen, game_id: str) -> None:
    table = screen.query_one(DataTable)
    table.move_cursor(row=table.get_row_index(game_id))
    await pilot.pause()  # type: ignore[attr-defined]


# --- Games with moves taken back -----------------------------------------------------------


async def test_a_game_with_moves_taken_back_is_marked(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        backs = game_with_take_backs(store, 2)
        plain = store.add(
            Game.new(["Dee", "Eve"], seed=2), meta=meta_of((Seat("Dee"), Seat("Eve")))
        )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(app, pilot)
        table = screen.query_one(DataTable)
        column = table.get_column_index("backs")
        assert str(table.columns[table.ordered_columns[column].key].label) == "Take-backs"
        assert row_of(screen, backs)[column] == "2"
        assert row_of(screen, plain)[column] == ""
        await select(pilot, screen, backs)
        assert "Moves were taken back 2 times in this game." in detail_text(screen)
        await select(pilot, screen, plain)
        assert "taken back" not in detail_text(screen)


# --- Deleting a game -----------------------------------------------------------------------


async def test_an_unfinished_game_is_deleted_once_confirmed(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        kept = store.add(Game.new(["Dee", "Eve"], seed=2))
        gone = store.add(Game.new(["Fay", "Gus"], seed=3))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(app, pilot)
        await select(pilot, screen, gone)
        assert footer_keys(app)["Delete"]
        await pilot.press("d")
        dialog = app.screen
        assert isinstance(dialog, ConfirmDelete)
        assert "Fay, Gus" in str(dialog.query_one("#delete-players", Label).content)
        assert "cannot be resumed" in str(dialog.query_one("#delete-what", Label).content)
        assert footer_keys(app) == {"Keep it": True, "Delete": True}
        await pilot.press("enter")  # the focus is on keeping it
        assert app.screen is screen
        assert screen.query_one(DataTable).row_count == 2
        await pilot.press("d")
        await pilot.press("escape")
        assert app.screen is screen and screen.query_one(DataTable).row_count == 2
        await pilot.press("d")
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen
        assert list(screen.records) == [kept]
        assert screen.query_one(DataTable).row_count == 1
        assert any("deleted" in n.message for n in app._notifications)
        assert gone not in {r.id for r in app.store.games()}  # type: ignore[union-attr]
        assert "Dee, Eve" in detail_text(screen)  # the detail follows the cursor's new row


async def test_a_finished_game_is_deleted_with_the_mouse_and_leaves_the_records(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        done = store.add(finished_game(), meta=meta_of((Seat("Ann"), Seat("Bob"), Seat("Cy"))))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(app, pilot)
        title = screen.query_one("#history-title", Static)
        assert "won" in str(title.render())
        await click(pilot, "#history-delete")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDelete)
        assert "no longer counts in the records" in str(
            dialog.query_one("#delete-what", Label).content
        )
        await click(pilot, "#delete-yes")
        await pilot.pause()
        assert app.screen is screen
        assert screen.has_class("-empty")
        assert "won" not in str(title.render())
        assert app.store is not None and app.store.games() == []
        assert done not in screen.records
        # Nothing is left to delete, resume or replay.
        assert footer_keys(app) == {"Back": True, "Resume": False, "Replay": False, "Delete": False}
        assert screen.query_one("#history-delete", Button).disabled


async def test_a_game_open_in_another_window_is_not_deleted(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        game_id = store.add(Game.new(["Dee", "Eve"], seed=2))
    app = make_app(tmp_path)
    with GameStore(path) as elsewhere:  # another program plays it
        playing = elsewhere.load(game_id)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_history(app, pilot)
            await pilot.press("d", "y")
            await pilot.pause()
            assert app.screen is screen
            assert any(
                "open in another window" in n.message and n.severity == "error"
                for n in app._notifications
            )
            assert list(screen.records) == [game_id]
            play_on(playing, 3)  # and it is still saved as it is played there
            assert app.store is not None
            assert app.store.record(game_id).event_count == playing.event_count


# --- What the start menu offers to resume ------------------------------------------------


async def test_a_game_of_bots_watched_is_not_offered_to_resume(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    bots = (Seat("Bob", "normal"), Seat("Cy", "hard"))
    with GameStore(path) as store:
        mine = store.add(Game.new(["Ann", "Bob"], seed=1), meta=meta_of((Seat("Ann"), bots[0])))
        watched = Game.new(["Bob", "Cy"], seed=2)
        watched_id = store.add(watched, meta=meta_of(bots))
        play_on(watched, 2)  # the game played last
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        assert start.unfinished is not None and start.unfinished.id == mine
        assert "Ann, Bob" in str(start.query_one("#resume-what", Label).content)
        assert footer_keys(app)["Resume"]
        # The watched game is still there to resume from Past games.
        screen = await open_history(app, pilot)
        await select(pilot, screen, watched_id)
        await pilot.press("r")
        await pilot.pause()
        assert table_of(app).table.game_id == watched_id


async def test_no_resume_when_only_bots_played(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    bots = (Seat("Bob", "normal"), Seat("Cy", "hard"))
    with GameStore(path) as store:
        store.add(Game.new(["Bob", "Cy"], seed=2), meta=meta_of(bots))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        assert start.unfinished is None
        assert not start.query("#resume")
        assert "Resume" not in footer_keys(app)
