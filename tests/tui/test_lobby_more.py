"""The lobby of a server people come back to: ratings, the leaderboard, quick
matches, replays by code, and a table's turn timer and spectator chat.

Against the stand-in server of `test_remote`, taught the new requests here: it
answers `GetLeaderboard` with the board it is given, seats a `QuickMatch` at a
quick-match table that counts down, and sends a real finished game's events in
parts for `GetReplay`. As there, nothing waits a set time: the tests wait for
conditions (`until`).
"""

from __future__ import annotations

import dataclasses
import gettext
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, DataTable, RadioButton

from craits_core import Game, RuleSet
from craits_tui import i18n
from craits_tui.online.client.app import RemoteApp
from craits_tui.online.client.screens.create import CreateTableScreen
from craits_tui.online.client.screens.dialogs import Disconnected, ReplayPrompt
from craits_tui.online.client.screens.leaderboard import LeaderboardScreen
from craits_tui.online.client.screens.lobby import LobbyScreen
from craits_tui.online.client.screens.waiting import WaitingRoom
from craits_tui.online.protocol import (
    CreateTable,
    GetLeaderboard,
    GetReplay,
    Leaderboard,
    ListedSeat,
    Message,
    QuickMatch,
    RefusalCode,
    Refused,
    ReplayData,
    Standing,
    TableChanged,
    TableInfo,
)
from craits_tui.screens.replay import ReplayScreen
from craits_tui.settings import Settings

from ..helpers import play_out
from .conftest import click, showing
from .snapshots import check_snapshot, other_language, stable_screenshot
from .test_remote import (
    SIZE,
    TOKEN,
    FakeServer,
    ann_first,
    in_lobby,
    opened,
    text,
    told,
    until,
)

RATED = Leaderboard(
    top=(Standing(1, "Di", 1310, 40), Standing(2, "Bob", 1188, 22), Standing(7, "Ann", 1043, 12)),
    you=Standing(7, "Ann", 1043, 12),
    rated=31,
)
PLACING = Leaderboard(top=RATED.top[:2], you=Standing(None, "Ann", None, 2))
UNRATED = Leaderboard(top=RATED.top[:2], you=None)
KEYLESS = Leaderboard(top=RATED.top[:2], you=Standing(None, "Ann", None, 7), placement=20)
"""Ann logs in without a key: her rating shows after more games."""
UNLISTED = Leaderboard(
    top=RATED.top[:2], you=Standing(None, "Ann", 1043, 24), placement=20, rated=31
)
"""Ann has a rating, but the board lists only the players who log in with a key."""

LONG_CLOCK = 180
"""The turn timer the server gives a table asked for with none: its long clock."""

QUICK = TableInfo(
    "QK07",
    "Quick match",
    (ListedSeat("Eve", connected=True, player="eve"), ListedSeat(), ListedSeat()),
    RuleSet(),
    quick=True,
    starts_in=40.0,
    turn_time=30,
    spectator_chat=True,
)
"""A quick-match table the lobby lists (the server names it in English)."""


def finished_game() -> Game:
    """A short game of two played to its end."""
    game = Game.new(["Ann", "Bob"], seed=11, rules=RuleSet(short_game=True))
    play_out(game, seed=11)
    return game


class LobbyServer(FakeServer):
    """The stand-in server, with a leaderboard, quick matches and replays."""

    def __init__(self, path: str) -> None:
        super().__init__(path, ann_first)
        self.lobby.append(QUICK)
        self.board = RATED
        self.replays: dict[str, list[dict[str, Any]]] = {}
        self.parts = 3
        self.quick: TableInfo | None = None

    def answer(self, message: Message) -> None:
        match message:
            case GetLeaderboard():
                self.send(self.board)
            case QuickMatch(short=short):
                self.quick = TableInfo(
                    "QK01",
                    "Quick match",
                    (ListedSeat("Ann", connected=True), ListedSeat(), ListedSeat(), ListedSeat()),
                    RuleSet(short_game=short),
                    quick=True,
                    starts_in=30.0,
                )
                self.seated(self.quick, 0)
            case GetReplay(code=code) if code in self.replays:
                events = self.replays[code]
                size = -(-len(events) // self.parts)
                for part in range(self.parts):
                    chunk = tuple(events[part * size : (part + 1) * size])
                    self.send(ReplayData(code, part, self.parts, chunk))
            case GetReplay():
                self.send(Refused(RefusalCode.NO_SUCH_REPLAY, "No such replay."))
            case CreateTable(turn_time=turn_time, spectator_chat=chat):
                super().answer(message)
                # The table as asked, timer and chat too (the stand-in's own ignores
                # them); as the real server does, no timer asked is its long clock.
                assert self.table is not None
                self.table = dataclasses.replace(
                    self.table, turn_time=turn_time or LONG_CLOCK, spectator_chat=chat
                )
                self.send(TableChanged(self.table))
            case _:
                super().answer(message)


@pytest.fixture
async def lobby_server(socket_path: str) -> AsyncIterator[LobbyServer]:
    async with LobbyServer(socket_path) as fake:
        yield fake


async def rating_shown(pilot: Pilot[Any]) -> str:
    await until(pilot, lambda: text(pilot, "#lobby-rating"))
    return text(pilot, "#lobby-rating")


# --- The rating -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "line"),
    [
        (RATED, "Your rating: 1043 · 12 rated games · place 7 of 31"),
        (PLACING, "Placement: 2 of 5 rated games played."),
        (UNRATED, "Not rated yet: finish a game with other people."),
        (KEYLESS, "Placement: 7 of 20 rated games played."),
        (UNLISTED, "Your rating: 1043 · 24 rated games · log in with a key to be listed"),
    ],
    ids=["rated", "placing", "unrated", "placing-without-key", "rated-unlisted"],
)
async def test_the_lobby_shows_the_players_rating(
    lobby_server: LobbyServer, board: Leaderboard, line: str
) -> None:
    lobby_server.board = board
    async with in_lobby(lobby_server) as (app, pilot):
        assert await rating_shown(pilot) == line
        assert app.connection is not None and app.connection.leaderboard == board


async def test_the_rating_is_asked_again_when_the_lobby_shows_again(
    lobby_server: LobbyServer,
) -> None:
    lobby_server.board = PLACING
    async with in_lobby(lobby_server) as (_, pilot):
        assert (await rating_shown(pilot)).startswith("Placement")
        asked = len(lobby_server.heard(GetLeaderboard))
        # A game was rated meanwhile: back from a dialog, the lobby knows.
        lobby_server.board = RATED
        await opened(pilot, ReplayPrompt, "v")
        await pilot.press("escape")
        await until(pilot, lambda: text(pilot, "#lobby-rating").startswith("Your rating"))
        assert len(lobby_server.heard(GetLeaderboard)) == asked + 1


# --- The leaderboard --------------------------------------------------------------------------


async def test_the_leaderboard_lists_the_best_and_your_place_below(
    lobby_server: LobbyServer,
) -> None:
    top = tuple(Standing(n, f"P{n}", 1500 - 10 * n, 30) for n in range(1, 21))
    # One still placing, as a server might list: not shown.
    lobby_server.board = Leaderboard(
        top=(*top, Standing(None, "New", None, 1)), you=Standing(27, "Ann", 1001, 9)
    )
    async with in_lobby(lobby_server) as (_, pilot):
        board = await opened(pilot, LeaderboardScreen, "b")
        rows = board.query_one(DataTable)
        await until(pilot, lambda: rows.row_count == 22)
        cells = [[str(cell) for cell in rows.get_row_at(i)] for i in range(rows.row_count)]
        assert cells[0] == ["1", "P1", "1490", "30"]
        assert cells[19][:2] == ["20", "P20"]
        assert cells[21] == ["27", "Ann (you)", "1001", "9"]  # after a gap
        assert not any("New" in row[1] for row in cells)
        assert "after 5 rated games" in text(pilot, "#board-note")
        assert text(pilot, "#board-you") == "Your rating: 1001 · 9 rated games · place 27"
        await opened(pilot, LobbyScreen, "escape")


async def test_a_rating_the_board_does_not_list_is_told_below_it(
    lobby_server: LobbyServer,
) -> None:
    lobby_server.board = UNLISTED
    async with in_lobby(lobby_server) as (app, pilot):
        await opened(pilot, LeaderboardScreen, "b")
        await until(pilot, lambda: text(pilot, "#board-you"))
        # The best only: no gap, no row of Ann's, who has no place on the board.
        rows = app.screen.query_one(DataTable)
        assert [str(row[1]) for row in map(rows.get_row_at, range(rows.row_count))] == [
            "Di",
            "Bob",
        ]
        assert text(pilot, "#board-you") == (
            "Your rating: 1043 · 24 rated games · log in with a key to be listed"
        )
        assert "after 20 rated games" in text(pilot, "#board-note")


async def test_the_leaderboard_marks_you_among_the_best(lobby_server: LobbyServer) -> None:
    async with in_lobby(lobby_server) as (app, pilot):
        await opened(pilot, LeaderboardScreen, "b")
        rows = app.screen.query_one(DataTable)
        await until(pilot, lambda: rows.row_count == 3)  # no gap, no second row for you
        assert [str(cell) for cell in rows.get_row_at(2)][:2] == ["7", "Ann (you)"]


# --- A quick match ------------------------------------------------------------------------------


async def test_quick_match_sends_the_length_chosen_and_remembers_it(
    lobby_server: LobbyServer,
) -> None:
    async with in_lobby(lobby_server) as (_, pilot):
        assert "whole game (15 rounds)" in text(pilot, "#lobby-quick")
        # A key that may be a code's first letter acts a moment later.
        await pilot.press("l")
        await until(pilot, lambda: "short game (8 rounds)" in text(pilot, "#lobby-quick"))
        await opened(pilot, WaitingRoom, "m")
        assert lobby_server.heard(QuickMatch) == [QuickMatch(short=True)]
        await opened(pilot, LobbyScreen, "escape")
        # Still the short game, in a lobby shown anew; the button asks for it too.
        await until(pilot, lambda: "short game" in text(pilot, "#lobby-quick"))
        await pilot.press("l")
        await until(pilot, lambda: "whole game" in text(pilot, "#lobby-quick"))
        await click(pilot, "#lobby-quick-go")
        await until(pilot, lambda: len(lobby_server.heard(QuickMatch)) == 2)
        assert lobby_server.heard(QuickMatch)[1] == QuickMatch(short=False)


async def test_the_lobby_names_quick_tables_and_tells_their_timer_and_chat(
    lobby_server: LobbyServer,
) -> None:
    async with in_lobby(lobby_server) as (app, pilot):
        lobby = app.screen
        rows = lobby.query_one(DataTable)
        await until(pilot, lambda: rows.row_count == 3)
        assert [str(cell) for cell in rows.get_row("QK07")][:3] == ["QK07", "Quick match", ""]
        rows.move_cursor(row=2)
        await until(pilot, lambda: "Turn timer" in text(pilot, "#lobby-detail"))
        detail = text(pilot, "#lobby-detail")
        assert "Turn timer: 30 s a move." in detail and "Spectators may chat." in detail
        # A table without them: the short line keeps to its rules and seats.
        rows.move_cursor(row=0)
        await until(pilot, lambda: "Turn timer" not in text(pilot, "#lobby-detail"))
        assert "chat" not in text(pilot, "#lobby-detail")


def seconds_left(pilot: Pilot[Any]) -> int | None:
    found = re.search(r"starts in (\d+) s", text(pilot, "#room-hint"))
    return int(found.group(1)) if found else None


async def test_a_quick_match_counts_down_and_nobody_hosts_it(lobby_server: LobbyServer) -> None:
    async with in_lobby(lobby_server) as (_, pilot):
        room = await opened(pilot, WaitingRoom, "m")
        assert "bots take the empty seats" in text(pilot, "#room-hint")
        assert seconds_left(pilot) == 30
        await until(pilot, lambda: (seconds_left(pilot) or 30) < 30)  # the timer ticks
        # Nobody hosts it: no start, no seats to fill, though Ann sits at seat 0.
        assert not room.is_host
        assert not room.query_one("#room-start").display
        assert not any(room.query_one(f"#room-fill-{i}").display for i in range(4))
        assert room.check_action("start", ()) is False
        assert "Quick match · code QK01" in text(pilot, "#room-title")
        # Someone joins: the count starts again.
        assert lobby_server.quick is not None
        seats = (ListedSeat("Ann", connected=True), ListedSeat("Eve", connected=True))
        lobby_server.send(
            TableChanged(
                dataclasses.replace(
                    lobby_server.quick, seats=seats + lobby_server.quick.seats[2:], starts_in=45.0
                )
            )
        )
        await until(pilot, lambda: (seconds_left(pilot) or 0) > 40)


# --- Replays by code ----------------------------------------------------------------------------


async def test_a_replay_is_fetched_by_its_code_in_parts(lobby_server: LobbyServer) -> None:
    game = finished_game()
    lobby_server.replays["RP42"] = game.events
    async with in_lobby(lobby_server) as (_, pilot):
        await opened(pilot, ReplayPrompt, "v")
        replay = await opened(pilot, ReplayScreen, *"RP42", "enter")
        assert lobby_server.heard(GetReplay) == [GetReplay("RP42")]
        assert replay.game.events == game.events  # every part, in order
        assert replay.game.state.players == ("Ann", "Bob")
        assert replay.code == "RP42" and not replay.exits
        assert "Ann, Bob" in text(pilot, "#replay-title")
        await opened(pilot, LobbyScreen, "escape")


async def test_an_unknown_replay_code_says_so(lobby_server: LobbyServer) -> None:
    async with in_lobby(lobby_server) as (app, pilot):
        await opened(pilot, ReplayPrompt, "v")
        assert await told(pilot, *"NOPE", "enter") == [
            "There is no replay with that code: check the code you were given."
        ]
        assert isinstance(app.screen, LobbyScreen)


async def test_a_replay_that_does_not_add_up_is_told_not_shown(
    lobby_server: LobbyServer,
) -> None:
    events = finished_game().events
    lobby_server.replays["BAD1"] = events[:3] + events[5:]  # events missing
    async with in_lobby(lobby_server) as (app, pilot):
        await opened(pilot, ReplayPrompt, "v")
        assert await told(pilot, *"BAD1", "enter") == [
            "The replay BAD1 cannot be shown: its game does not add up."
        ]
        assert isinstance(app.screen, LobbyScreen)
        assert app.is_running


async def test_a_part_of_a_replay_out_of_order_is_nonsense(lobby_server: LobbyServer) -> None:
    async with in_lobby(lobby_server) as (app, pilot):
        lobby_server.send(ReplayData("RP42", 1, 2, ()))  # no first part
        await until(pilot, lambda: showing(app, Disconnected))
        assert "does not understand" in text(pilot, "#gone-reason")


def replay_app(path: str, code: str) -> RemoteApp:
    """A session started with ``--replay CODE``."""
    app = RemoteApp(path, Settings(pace="slow", animations=False), token=TOKEN, replay=code)
    app.bye_pause = 0.1
    return app


async def test_a_session_started_for_a_replay_shows_it_alone(lobby_server: LobbyServer) -> None:
    lobby_server.replays["RP42"] = finished_game().events
    app = replay_app(lobby_server.path, "RP42")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: showing(app, ReplayScreen))
        assert not any(isinstance(screen, LobbyScreen) for screen in app.screen_stack)
        assert lobby_server.heard(GetReplay) == [GetReplay("RP42")]
        assert "Ann, Bob" in text(pilot, "#replay-title")
        await pilot.press("escape")  # Back ends the session
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0


async def test_a_session_started_for_an_unknown_replay_says_so_and_ends(
    lobby_server: LobbyServer,
) -> None:
    app = replay_app(lobby_server.path, "NOPE")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: showing(app, Disconnected))
        sentence = "There is no replay with that code: check the code you were given."
        assert text(pilot, "#gone-reason") == sentence
        assert "Replay NOPE" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("enter")
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_value == sentence


def test_the_replay_option_is_hidden_and_reaches_the_session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from craits_tui import cli
    from craits_tui.online.client import app as client_app

    started: list[tuple[str, str | None]] = []
    monkeypatch.setattr(
        client_app,
        "run_remote",
        lambda socket, settings, replay=None: started.append((socket, replay)),
    )
    cli.main(["--remote", "SOCK", "--replay", "RP42"])
    assert started == [("SOCK", "RP42")]
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "--replay" not in capsys.readouterr().out


# --- The form for a new table -------------------------------------------------------------------


async def test_the_form_sends_the_turn_timer_and_spectator_chat(
    lobby_server: LobbyServer,
) -> None:
    async with in_lobby(lobby_server) as (app, pilot):
        form = await opened(pilot, CreateTableScreen, "n")
        assert form.turn_time() is None and not form.spectator_chat()
        form.query_one("#create-clock-60", RadioButton).toggle()
        form.query_one("#create-spectator-chat", Checkbox).toggle()
        await pilot.pause()
        await click(pilot, "#create-go")
        await until(pilot, lambda: showing(app, WaitingRoom))
        [asked] = lobby_server.heard(CreateTable)
        assert asked.turn_time == 60 and asked.spectator_chat is True
        await until(pilot, lambda: "Turn timer: 60 s a move." in text(pilot, "#room-rules"))
        assert "Spectators may chat." in text(pilot, "#room-rules")


async def test_the_form_asks_for_the_long_clock_by_default(lobby_server: LobbyServer) -> None:
    async with in_lobby(lobby_server) as (app, pilot):
        await opened(pilot, CreateTableScreen, "n")
        # Every table has a clock: the choice that asks for none is the server's long one.
        long = app.screen.query_one("#create-clock-long", RadioButton)
        assert str(long.label) == "Long" and long.value
        labels = [str(b.label) for b in app.screen.query_one("#create-clock").query(RadioButton)]
        assert labels == ["30 s", "60 s", "2 min", "Long"]
        await opened(pilot, WaitingRoom, "ctrl+s")
        [asked] = lobby_server.heard(CreateTable)
        assert asked.turn_time is None and asked.spectator_chat is False
        # The waiting room says how long the server's clock is.
        await until(pilot, lambda: "Turn timer: 3 min a move." in text(pilot, "#room-rules"))


@pytest.mark.parametrize("language", ["en", "it", "tl", "eo"])
async def test_every_lobby_button_is_in_sight_at_80_columns(
    language: str, lobby_server: LobbyServer
) -> None:
    saved = i18n._translation
    i18n.use_language(language)
    try:
        async with in_lobby(lobby_server, size=(80, 24)) as (app, pilot):
            await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 3)
            buttons = list(app.screen.query("#lobby .menu-buttons Button"))
            assert len(buttons) == 6
            for button in buttons:
                assert button.region.right <= 80, (button.id, button.region)
    finally:
        i18n._translation = saved


# --- The picture --------------------------------------------------------------------------------


async def test_the_lobby_with_ratings_looks_as_stored(lobby_server: LobbyServer) -> None:
    language = other_language()
    if language is not None:
        pytest.skip(f"snapshots are in English; the environment selects {language}")
    saved = i18n._translation
    i18n._translation = gettext.NullTranslations()  # the snapshots are in English
    try:
        async with in_lobby(lobby_server) as (app, pilot):
            await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 3)
            await rating_shown(pilot)
            svg = await stable_screenshot(app, pilot)
    finally:
        i18n._translation = saved
    outcome = check_snapshot("online_lobby_ratings", svg)
    if outcome.written:
        pytest.skip(f"{outcome.reason} snapshot written to {outcome.path.name}: look, then commit")
