"""What a newcomer to the online lobby meets first: a quick match whose first
turn is timed, and a table's code typed as the lobby's hint says.

Against the stand-in servers of `test_remote` and `test_lobby_more`. As there,
nothing waits a set time: the tests wait for conditions (`until`), and a request
the server must have heard before a later one (`heard_up_to`) shows that nothing
else was sent.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, DataTable, Input, Label

from craits_core import Card, Play, RuleSet
from craits_tui.online.client.screens.clock import TurnClockLine
from craits_tui.online.client.screens.dialogs import DozingNote
from craits_tui.online.client.screens.leaderboard import LeaderboardScreen
from craits_tui.online.client.screens.lobby import LobbyScreen
from craits_tui.online.client.screens.table import RemoteTableScreen
from craits_tui.online.client.screens.waiting import WaitingRoom
from craits_tui.online.client.table import RemoteTable
from craits_tui.online.client.widgets import code_entry
from craits_tui.online.protocol import (
    Back,
    JoinTable,
    Leaderboard,
    ListedSeat,
    Message,
    QuickMatch,
    SeatChanged,
    Standing,
    TableChanged,
    TableInfo,
    TurnClock,
)
from craits_tui.online.server import seats
from craits_tui.screens.options import OptionsScreen

from .conftest import click, showing
from .test_lobby_more import LobbyServer, lobby_server
from .test_rematch import (
    RematchServer,
    at_the_table,
    game_over,
    log_lines,
    mid_round,
    people,
    server,
)
from .test_remote import (
    PATIENCE,
    SIZE,
    Wire,
    ann_first,
    connected,
    heard_up_to,
    in_lobby,
    lobby_table,
    notices,
    opened,
    remote_app,
    text,
    until,
)

__all__ = ["lobby_server", "server"]  # fixtures

QUICK_CLOCK = 60.0
"""Seconds a move at a quick-match table (the real server's)."""


class FullQuickServer(LobbyServer):
    """The stand-in server, where a quick match finds a table with one seat left:
    the player's seat fills it, and the game starts at once. What the session
    hears then comes in the real server's order: `Joined`, the full table, the
    first turn's `TurnClock` (the game is dealt: its clock starts), the table
    started, and only then the game's first events."""

    def answer(self, message: Message) -> None:
        if not isinstance(message, QuickMatch):
            super().answer(message)
            return
        table = TableInfo(
            "QK02",
            "Quick match",
            (ListedSeat("Ann", connected=True), ListedSeat("Bob", connected=True, player="bob")),
            RuleSet(short_game=message.short),
            quick=True,
            turn_time=int(QUICK_CLOCK),
        )
        self.seated(table, 0)
        self.send(TableChanged(table))
        self.send(TurnClock(0, QUICK_CLOCK))  # Ann plays first (`ann_first`)
        self.start()


@pytest.fixture
async def full_quick(socket_path: str) -> AsyncIterator[FullQuickServer]:
    async with FullQuickServer(socket_path) as fake:
        yield fake


def clock_seconds(pilot: Pilot[Any]) -> int | None:
    """The seconds the table's clock line shows for the player's own move, if shown."""
    line = pilot.app.screen.query_one("#turn-clock", TurnClockLine)
    found = re.fullmatch(r"Your move: (\d+) s", str(line.render()).strip())
    return int(found.group(1)) if line.display and found else None


# --- The first turn's clock ---------------------------------------------------------------


async def test_the_first_turn_of_a_quick_match_shows_its_clock(
    full_quick: FullQuickServer,
) -> None:
    async with in_lobby(full_quick) as (app, pilot):
        await click(pilot, "#lobby-quick-go")
        await until(pilot, lambda: showing(app, RemoteTableScreen))
        screen = app.screen
        assert isinstance(screen, RemoteTableScreen)
        await until(pilot, lambda: screen.view is not None and screen.view.current_player == 0)
        # The clock the server started before the game's events came: Ann's turn,
        # counted down from what is left of it.
        assert screen.online.remote.clock is not None and screen.online.remote.clock.seat == 0
        await until(pilot, lambda: clock_seconds(pilot) is not None)
        first = clock_seconds(pilot)
        assert first is not None and 0 < first <= QUICK_CLOCK
        await until(pilot, lambda: (clock_seconds(pilot) or first) < first)


def test_a_clock_ahead_of_the_first_events_lasts_until_its_turn_is_played() -> None:
    game = ann_first(["Ann", "Bob"], RuleSet())
    info = TableInfo("QK02", "Quick match", (ListedSeat("Ann"), ListedSeat("Bob")), RuleSet())
    table = RemoteTable(Wire(), info, 0)
    table.clock_changed(TurnClock(0, QUICK_CLOCK))  # as the server deals
    for index, event in enumerate(game.events_for(0)):
        table.receive(index, event)
    assert table.clock is not None and table.clock.seat == 0
    # Ann's move ends her turn, and its clock.
    sent = game.event_count
    game.handle(Play(0, Card.parse("QH")))
    for index, event in enumerate(game.events_for(0, sent), sent):
        table.receive(index, event)
    assert table.clock is None


# --- A table's code, typed in the lobby ----------------------------------------------------------


CODES = ("K7QX", "MK07", "QK07")
"""Tables the lobby lists beside the stand-in's own: one whose code begins with
no key of the lobby, and two that begin with one (m: quick match; q: quit)."""


class CodeServer(LobbyServer):
    """The stand-in server, listing tables whose codes begin with a lobby key."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        listed = {info.code for info in self.lobby}
        self.lobby += [
            lobby_table(code, f"{code}'s", "Kim") for code in CODES if code not in listed
        ]


@pytest.fixture
async def code_server(socket_path: str) -> AsyncIterator[CodeServer]:
    async with CodeServer(socket_path) as fake:
        yield fake


def field(pilot: Pilot[Any]) -> Input:
    return pilot.app.screen.query_one("#lobby-code", Input)


def hint(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#lobby-code-hint", Label).render())


async def listed(pilot: Pilot[Any], server: CodeServer) -> LobbyScreen:
    """The lobby, connected, with every table of the server listed."""
    lobby = await connected(pilot)
    rows = lobby.query_one(DataTable)
    await until(pilot, lambda: rows.row_count == len(server.lobby))
    assert rows.has_focus  # the list has the focus, not the code's field
    return lobby


@pytest.mark.parametrize("typed", ["k7qx", "K7QX", "mk07", "MK07", "qk07", "Qk07"])
async def test_a_code_typed_in_the_lobby_joins_its_table(
    code_server: CodeServer, monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    """Whatever its first letter, as the hint says: typed with the list in focus,
    then Enter. A first letter that is a lobby key (m, q) waits a moment for the
    rest; here the moment is long, so that a busy machine's slow keys still make
    a code, and nothing else is sent in the meantime."""
    monkeypatch.setattr(code_entry, "KEY_WAIT", PATIENCE)
    app = remote_app(code_server.path)
    async with app.run_test(size=SIZE) as pilot:
        await listed(pilot, code_server)
        await pilot.press(*typed)
        assert field(pilot).value == typed and field(pilot).has_focus
        assert hint(pilot) == "Enter joins it."
        await heard_up_to(pilot, code_server)
        assert not code_server.heard(QuickMatch) and not code_server.heard(JoinTable)
        await opened(pilot, WaitingRoom, "enter")
        assert code_server.heard(JoinTable) == [JoinTable(typed.upper())]
        assert not code_server.heard(QuickMatch) and app.return_code is None


async def test_m_alone_still_asks_for_a_quick_match(code_server: CodeServer) -> None:
    app = remote_app(code_server.path)
    async with app.run_test(size=SIZE) as pilot:
        await listed(pilot, code_server)
        await pilot.press("m")
        await until(pilot, lambda: code_server.heard(QuickMatch))
        await until(pilot, lambda: showing(app, WaitingRoom))
        assert code_server.heard(QuickMatch) == [QuickMatch(short=False)]
        assert not code_server.heard(JoinTable)


async def test_a_lobby_key_shows_what_it_will_do_and_enter_does_it_at_once(
    code_server: CodeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(code_entry, "KEY_WAIT", PATIENCE)
    app = remote_app(code_server.path)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await listed(pilot, code_server)
        await pilot.press("l")
        assert field(pilot).value == "l"
        assert hint(pilot) == "Length in a moment, or go on typing a code."
        await pilot.press("enter")
        await until(pilot, lambda: "short game" in text(pilot, "#lobby-quick"))
        assert field(pilot).value == "" and lobby.query_one(DataTable).has_focus
        assert hint(pilot) == "Enter joins it."
        # Escape drops a key held back: nothing done, the keys the list's again.
        await pilot.press("m", "escape")
        assert field(pilot).value == "" and lobby.query_one(DataTable).has_focus
        await heard_up_to(pilot, code_server)
        assert not code_server.heard(QuickMatch)


async def test_q_never_ends_the_session_by_itself(
    code_server: CodeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """q may be a code's first letter: it waits for Enter, however long. (Here the
    other keys' moment is none: the server's answer comes long after it.)"""
    monkeypatch.setattr(code_entry, "KEY_WAIT", 0.0)
    app = remote_app(code_server.path)
    async with app.run_test(size=SIZE) as pilot:
        await listed(pilot, code_server)
        await pilot.press("q")
        await heard_up_to(pilot, code_server)
        assert app.return_code is None and field(pilot).value == "q"
        assert hint(pilot) == "Enter: Quit, or go on typing a code."
        await pilot.press("enter")
        await until(pilot, lambda: app.return_code is not None)


def test_the_lobby_knows_the_letters_of_the_servers_codes() -> None:
    assert code_entry.CODE_LETTERS == seats.CODE_LETTERS
    assert code_entry.CODE_LENGTH == seats.TABLE_CODE_LENGTH


# --- The leaderboard while nobody is placed -------------------------------------------------------


async def board_said(pilot: Pilot[Any], server: LobbyServer, board: Leaderboard) -> None:
    """The leaderboard open, with ``board`` as the server's answer."""
    server.board = board
    await connected(pilot)
    await opened(pilot, LeaderboardScreen, "b")
    # The screen first shows the board it last heard (the lobby's): wait for this one.
    screen = pilot.app.screen
    await until(pilot, lambda: screen.connection.leaderboard == board)
    await pilot.pause()  # and for the screen to have taken it in


async def test_an_empty_board_says_nobody_is_placed_and_how_far_you_are(
    lobby_server: LobbyServer,
) -> None:
    """Not "nobody has a rating" beside the lobby's "1 of 5 played": placement
    games count, and the board fills once they are played."""
    app = remote_app(lobby_server.path)
    async with app.run_test(size=SIZE) as pilot:
        await board_said(
            pilot, lobby_server, Leaderboard(top=(), you=Standing(None, "Ann", None, 1))
        )
        assert app.screen.has_class("-empty")
        assert text(pilot, "#board-empty") == (
            "Nobody has played all their placement games yet: the board fills as players do."
        )
        assert text(pilot, "#board-you") == (
            "Placement: 1 of 5 rated games played; then you are on the board."
        )
        assert "after 5 rated games" in text(pilot, "#board-note")


@pytest.mark.parametrize(
    ("listed", "line"),
    [
        (True, "Placement: 3 of 20 rated games played; then you are on the board."),
        (False, "Placement: 3 of 20 rated games played; log in with a key to be listed."),
    ],
    ids=["board-of-all", "board-of-keys"],
)
async def test_a_board_says_whether_you_join_it_once_placed(
    lobby_server: LobbyServer, listed: bool, line: str
) -> None:
    board = Leaderboard(
        top=(Standing(1, "Di", 1310, 40),),
        you=Standing(None, "Ann", None, 3),
        placement=20,
        rated=1,
        listed=listed,
    )
    app = remote_app(lobby_server.path)
    async with app.run_test(size=SIZE) as pilot:
        await board_said(pilot, lobby_server, board)
        assert not app.screen.has_class("-empty")
        assert text(pilot, "#board-you") == line
        # The lobby's own line is short: the count alone.
        await opened(pilot, LobbyScreen, "escape")
        await until(pilot, lambda: text(pilot, "#lobby-rating").startswith("Placement: 3 of 20"))


# --- People and bots apart, in the lobby ----------------------------------------------------------


async def test_the_lobby_counts_people_and_bots_apart(lobby_server: LobbyServer) -> None:
    under_way = TableInfo(
        "GO42",
        "Under way",
        (
            ListedSeat("Eve", connected=True, player="eve"),
            ListedSeat("Max", "normal", connected=False, player="max"),  # away: his seat still
            ListedSeat("Bo", "hard", connected=True, person=False),
            ListedSeat("Cy", "normal", connected=True, person=False),
        ),
        RuleSet(),
        host="Eve",
        host_seat=0,
        started=True,
    )
    lobby_server.lobby.append(under_way)
    async with in_lobby(lobby_server, size=(80, 24)) as (app, pilot):
        lobby = app.screen
        rows = lobby.query_one(DataTable)
        await until(pilot, lambda: rows.row_count == len(lobby_server.lobby))
        assert str(rows.get_row("GO42")[3]) == "2 + 2 bots / 4"  # Max is away: still a person
        assert str(rows.get_row("QK07")[3]) == "1 / 3"  # bots come at the start
        assert str(rows.get_row("BOB1")[3]) == "1 + 1 bot / 3"
        # Short: the list fits 80 columns, nothing to scroll sideways.
        await pilot.pause()
        assert rows.virtual_size.width <= rows.scrollable_content_region.width


# --- Who comes and goes, in the table's log --------------------------------------------------------


async def test_the_log_tells_who_drops_leaves_dozes_gives_up_and_is_back_once_each(
    server: RematchServer,
) -> None:
    server.make_game = mid_round
    async with in_lobby(server) as (app, pilot):
        screen, _frozen = await at_the_table(pilot, server, people(3))
        told = len(log_lines(screen))

        async def said(*changes: SeatChanged) -> str:
            """The one line the log says for ``changes``, the same state told again
            but the last: a line for one of those would come first."""
            before = len(log_lines(screen))
            for change in changes:
                server.send(change)
            await until(pilot, lambda: len(log_lines(screen)) > before)
            await pilot.pause()
            [line] = log_lines(screen)[before:]
            return line

        dropped = SeatChanged(1, False, None, grace=59.6)
        assert await said(dropped) == (
            "Bob's connection dropped: the game waits up to 60 s for them."
        )
        stand_in = SeatChanged(1, False, "normal")
        assert await said(dropped, stand_in) == "A bot plays for Bob for now."
        assert await said(SeatChanged(1, True, None)) == "Bob is back."
        assert await said(SeatChanged(2, False, "normal", left=True)) == (
            "Cy left the table: a bot plays for them until they come back."
        )
        given_up = SeatChanged(2, False, "normal", person=False)
        assert await said(given_up) == "Cy gave up their seat: a bot plays it to the end."
        # Ann's own seat dozes: the note over the table says so, and the log keeps it.
        assert await said(given_up, SeatChanged(0, True, "normal", dozing=True)) == (
            "You did not answer: a bot plays for you until you press a key."
        )
        await until(pilot, lambda: showing(app, DozingNote))
        await pilot.press("x")
        await until(pilot, lambda: server.heard(Back))
        assert await said(SeatChanged(0, True, None)) == "You play your seat again."
        await until(pilot, lambda: app.screen is screen)
        lines = log_lines(screen)[told:]
        # The log told again (new card faces) keeps them, after the same events.
        await opened(pilot, OptionsScreen, "o")
        app.screen.query_one("#option-four_colour", Checkbox).toggle()
        await click(pilot, "#options-done")
        await until(pilot, lambda: app.screen is screen)
        assert log_lines(screen)[told:] == lines


async def test_who_comes_and_goes_is_a_word_over_a_dialog_too(server: RematchServer) -> None:
    server.make_game = mid_round
    async with in_lobby(server) as (app, pilot):
        screen, _frozen = await at_the_table(pilot, server, people(3))
        await pilot.press("o")  # a dialog over the table: its log is hidden
        await until(pilot, lambda: showing(app, OptionsScreen))
        server.send(SeatChanged(1, False, None))
        line = "Bob's connection dropped: the game waits for them."
        await until(pilot, lambda: line in notices(app))
        assert log_lines(screen)[-1] == line
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        # In view, the log alone says it.
        server.send(SeatChanged(1, True, None))
        await until(pilot, lambda: log_lines(screen)[-1] == "Bob is back.")
        assert "Bob is back." not in notices(app)


async def test_who_leaves_after_the_game_is_not_told_a_bot_plays_for_them(
    server: RematchServer,
) -> None:
    async with in_lobby(server) as (app, pilot):
        over, _frozen = await game_over(pilot, server)
        (table,) = [s for s in app.screen_stack if isinstance(s, RemoteTableScreen)]
        lines = log_lines(table)
        server.send(SeatChanged(1, False, "normal", left=True))
        server.rematch(1, False)  # Bob's no comes after: by then his leave is in
        await until(pilot, lambda: over.table.rematch is not None and over.table.rematch.outcome)
        await pilot.pause()
        assert log_lines(table) == lines
        assert not [n for n in notices(app) if "Bob" in n and "bot" in n]
