"""Playing online, from the session's side, against a stand-in server.

The stand-in speaks the typed protocol of `craits_tui.online.protocol` over a real
Unix socket: it lists tables, seats the player and keeps their seat with a code
that changes at each use, runs a real game whose events it sends redacted for the
player's seat, plays its bots at once, and refuses what the rules refuse. So
these tests need nothing of the real server.

Nothing here waits a set time for something to happen, or to show that nothing
did: the tests wait for conditions (`until`), and a request the server must
have heard before a later one (`heard_up_to`) shows that nothing else was sent.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import dataclasses
import io
import itertools
import os
import random
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from rich.cells import cell_len
from textual import on
from textual.message import Message as TextualMessage
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, RadioSet, Select

from craits_core import (
    FULL_DECK,
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Command,
    Draw,
    Event,
    Game,
    IllegalMove,
    Play,
    RuleSet,
    Suit,
    event_to_dict,
    project,
    refusal_in_view,
)
from craits_core.bots import LEVELS, make_bot
from craits_core.events import CardsDrawn, GameStarted, RoundStarted
from craits_tui import feed as feed_module
from craits_tui.feed import Feed
from craits_tui.online.client import table as client_table
from craits_tui.online.client.app import RemoteApp
from craits_tui.online.client.connection import ConnectionProblem, RemoteConnection
from craits_tui.online.client.messages import ShowCreateForm, ShowLobby
from craits_tui.online.client.screens.create import CreateTableScreen
from craits_tui.online.client.screens.dialogs import CodePrompt, ConfirmLeave, Disconnected
from craits_tui.online.client.screens.lobby import LobbyScreen
from craits_tui.online.client.screens.table import RemoteTableScreen
from craits_tui.online.client.screens.waiting import WaitingRoom
from craits_tui.online.client.table import RemoteTable
from craits_tui.online.client.words import BYES, REFUSALS, bye_text, refusal_text
from craits_tui.online.protocol import (
    TO_SERVER,
    BadMessage,
    Bye,
    ByeCode,
    ChatLine,
    CreateTable,
    EventSent,
    FillSeat,
    Hello,
    Joined,
    JoinTable,
    LeaveTable,
    Left,
    ListedSeat,
    ListTables,
    Message,
    Reconnect,
    RefusalCode,
    Refused,
    SeatChanged,
    SendCommand,
    StartTable,
    TableChanged,
    TableInfo,
    TableList,
    Welcome,
    decode,
    encode,
)
from craits_tui.screens.options import OptionsScreen
from craits_tui.settings import Settings
from craits_tui.table import LocalTable, Seat
from craits_tui.widgets.footer import Footer
from craits_tui.widgets.hand import Hand
from craits_tui.widgets.status import StatusLine
from craits_tui.widgets.title import TitleBar

from ..decks import stacked_game
from .conftest import click, showing
from .test_random_input import random_input

TOKEN = "a-session-token"
SIZE = (100, 32)
PATIENCE = 60.0
"""Seconds a test waits for a condition before it fails: long, as a busy machine
may be slow; a test that passes never waits that long."""

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "craits_tui" / "online" / "client"

# Ann (seat 0, the player) plays first: the dealer is Bob (seat 1, a bot).
ANN = "7H KS 8C 2D QH"
BOB = "3C 4C 5C 6C 9C"


def ann_first(names: list[str], rules: RuleSet) -> Game:
    return stacked_game([ANN, BOB], "JH", dealer=1, names=names, rules=rules)


def lobby_table(code: str, name: str, host: str, started: bool = False) -> TableInfo:
    return TableInfo(
        code,
        name,
        (
            ListedSeat(host, connected=True),
            ListedSeat(),
            ListedSeat("Cy", "normal", connected=True, person=False),
        ),
        RuleSet(short_game=True),
        host=host,
        host_seat=0,
        started=started,
        spectators=2 if started else 0,
    )


class FakeServer:
    """The server's side of one session: tables, one game, bots that move at once.

    ``kept``: the table where a seat is kept for the player when they come in (its
    code is the first one `codes` makes)."""

    def __init__(
        self,
        path: str,
        make_game: Callable[[list[str], RuleSet], Game],
        kept: str | None = None,
    ) -> None:
        self.path = path
        self.make_game = make_game
        self.lobby = [
            lobby_table("BOB1", "Bob's table", "Bob"),
            lobby_table("DI22", "Di's", "Di", True),
        ]
        self.received: list[Message] = []
        self.table: TableInfo | None = None
        self.seat: int | None = None
        self.game: Game | None = None
        self.bots: LocalTable | None = None
        self.sent = 0
        self.refuse_next: Refused | None = None
        self.codes = (f"SEAT-{n:04d}" for n in itertools.count(1))
        self.kept = kept
        """The table where the player's seat is (sitting or away)."""
        self.code = next(self.codes) if kept else None
        """That seat's reconnect code."""
        self._writer: asyncio.StreamWriter | None = None
        self._server: asyncio.AbstractServer | None = None

    async def __aenter__(self) -> FakeServer:
        self._server = await asyncio.start_unix_server(self._serve, self.path)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.drop()
        assert self._server is not None
        self._server.close()

    def drop(self) -> None:
        """The connection breaks."""
        if self._writer is not None:
            self._writer.close()

    def heard(self, kind: type[Message]) -> list[Any]:
        """The requests of one kind received so far."""
        return [m for m in self.received if isinstance(m, kind)]

    # --- Talking ---------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writer = writer
        while line := await reader.readline():
            message = decode(line, TO_SERVER)
            self.received.append(message)
            self.answer(message)

    def send(self, message: Message) -> None:
        assert self._writer is not None
        self._writer.write(encode(message))

    def welcome(self) -> None:
        self.send(Welcome("7", "Ann", self.kept, self.code))

    def answer(self, message: Message) -> None:
        match message:
            case Hello(token=token):
                if token != TOKEN:
                    self.send(Refused(RefusalCode.UNKNOWN_SESSION, "Who are you?"))
                else:
                    self.welcome()
            case ListTables():
                self.send(TableList(tuple(self.lobby)))
            case CreateTable() if self.refuse_next is not None:
                self.send(self.refuse_next)
                self.refuse_next = None
            case CreateTable():
                self.create(message)
            case JoinTable():
                self.join(message)
            case Reconnect(code=code):
                self.reconnect(code)
            case FillSeat(seat=seat, bot=bot):
                self.fill(seat, bot)
            case StartTable():
                self.start()
            case SendCommand(command=command):
                self.command(command)
            case LeaveTable():
                if self.game is None:  # before the start the seat is freed
                    self.kept = self.code = None
                    self.welcome()
                self.table = None

    def seated(self, table: TableInfo, seat: int | None, code: str | None = None) -> None:
        """The player sits (or watches): joined, and told their seat's code."""
        self.table, self.seat = table, seat
        self.send(Joined(table.code, seat, table, 0))
        if seat is not None:
            self.kept, self.code = table.code, code or next(self.codes)
            self.welcome()

    def create(self, message: CreateTable) -> None:
        seats = [ListedSeat("Ann", connected=True)]
        for i, level in enumerate(message.seats[1:], start=1):
            seats.append(
                ListedSeat(["Bob", "Cy", "Di", "Ed"][i - 1], level, connected=True, person=False)
                if level
                else ListedSeat()
            )
        table = TableInfo(
            "ANN1", message.name or "", tuple(seats), message.rules, host="Ann", host_seat=0
        )
        self.seated(table, 0)

    def join(self, message: JoinTable) -> None:
        listed = {t.code: t for t in self.lobby}
        if message.code not in listed:
            self.send(Refused(RefusalCode.NO_SUCH_TABLE, "No such table."))
            return
        table = listed[message.code]
        if message.spectate:
            self.seated(table, None)
            return
        seats = list(table.seats)
        seats[1] = ListedSeat("Ann", connected=True)
        # One's own seat taken back keeps its code; a new seat has a new one.
        self.seated(
            dataclasses.replace(table, seats=tuple(seats)),
            1,
            self.code if message.code == self.kept else None,
        )

    def reconnect(self, code: str) -> None:
        if self.kept is None or code != self.code:
            self.send(Refused(RefusalCode.UNKNOWN_CODE, "No seat is kept for that code."))
            return
        listed = {t.code: t for t in self.lobby}
        seats = list(listed[self.kept].seats)
        seats[1] = ListedSeat("Ann", connected=True)
        self.seated(dataclasses.replace(listed[self.kept], seats=tuple(seats)), 1)

    def fill(self, seat: int, bot: str | None) -> None:
        assert self.table is not None
        seats = list(self.table.seats)
        seats[seat] = ListedSeat("Bot", bot, connected=True, person=False) if bot else ListedSeat()
        self.table = dataclasses.replace(self.table, seats=tuple(seats))
        self.send(TableChanged(self.table))

    def start(self) -> None:
        """The host starts: free seats get bots, the game is dealt."""
        assert self.table is not None
        seats = tuple(
            ListedSeat(f"Bot{i}", "random", connected=True, person=False) if seat.free else seat
            for i, seat in enumerate(self.table.seats)
        )
        self.table = dataclasses.replace(self.table, seats=seats, started=True)
        self.send(TableChanged(self.table))
        names = [s.name or "" for s in seats]
        self.game = self.make_game(names, self.table.rules)
        self.bots = LocalTable(
            self.game,
            [Seat(s.name or "", s.bot if i != self.seat else None) for i, s in enumerate(seats)],
        )
        self.play_bots()

    def command(self, command: Command) -> None:
        assert self.game is not None
        if self.refuse_next is not None:
            self.send(self.refuse_next)
            self.refuse_next = None
            return
        try:
            assert command.player == self.seat
            self.game.handle(command)
        except IllegalMove as err:
            self.send(Refused(err.code, str(err), err.params))
            return
        self.play_bots()

    def play_bots(self) -> None:
        assert self.game is not None and self.bots is not None
        for _ in range(200):
            move = self.bots.next_bot_move()
            if move is None:
                break
            self.game.handle(move)
        for event in self.game.events_for(self.seat, self.sent):
            self.send(EventSent(self.sent, event))
            self.sent += 1


# --- Running the app against it ---------------------------------------------------------------


@pytest.fixture
async def server(socket_path: str) -> AsyncIterator[FakeServer]:
    async with FakeServer(socket_path, ann_first) as fake:
        yield fake


@pytest.fixture
async def kept_server(socket_path: str) -> AsyncIterator[FakeServer]:
    """A server that keeps the player's seat at Di's table (DI22), code SEAT-0001."""
    async with FakeServer(socket_path, ann_first, kept="DI22") as fake:
        yield fake


def remote_app(path: str, token: str = TOKEN, cls: type[RemoteApp] = RemoteApp) -> RemoteApp:
    app = cls(path, Settings(pace="slow", animations=False), token=token)
    app.bye_pause = 0.1
    return app


async def until(pilot: Pilot[Any], check: Callable[[], object]) -> None:
    """Let the app and the server talk until ``check()`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not check():
        if loop.time() > deadline:
            raise AssertionError(f"waited in vain (on {pilot.app.screen})")
        await pilot.pause(0.01)


async def heard_up_to(pilot: Pilot[Any], server: FakeServer) -> None:
    """Wait until the server has heard everything the app sent so far: a request
    sent now arrives after them all."""
    connection = pilot.app.connection  # type: ignore[attr-defined]
    assert isinstance(connection, RemoteConnection)
    count = len(server.received)
    connection.send(ListTables())
    await until(pilot, lambda: any(isinstance(m, ListTables) for m in server.received[count:]))


def text(pilot: Pilot[Any], selector: str) -> str:
    return str(pilot.app.screen.query_one(selector).render())


S = TypeVar("S", bound=Screen[Any])


async def opened(pilot: Pilot[Any], kind: type[S], *keys: str) -> S:
    """Press ``keys`` and wait until the app shows a screen of ``kind``: that screen."""
    await pilot.press(*keys)
    await until(pilot, lambda: showing(pilot.app, kind))
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


async def connected(pilot: Pilot[Any]) -> LobbyScreen:
    app = pilot.app
    await until(pilot, lambda: showing(app, LobbyScreen) and app.screen.connection)
    await until(pilot, lambda: app.screen.query_one(DataTable).row_count)
    assert isinstance(app.screen, LobbyScreen)
    return app.screen


@contextlib.asynccontextmanager
async def in_lobby(
    server: FakeServer, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[RemoteApp, Pilot[Any]]]:
    """A session against ``server``, once its lobby lists the tables."""
    app = remote_app(server.path)
    async with app.run_test(size=size) as pilot:
        await connected(pilot)
        yield app, pilot


async def create_table(pilot: Pilot[Any]) -> WaitingRoom:
    """From the lobby: a two-seat table, its waiting room."""
    app = pilot.app
    await opened(pilot, CreateTableScreen, "n")
    app.screen.query_one("#create-count", RadioSet).query_one("#create-count-2").toggle()
    await pilot.pause()
    await click(pilot, "#create-go")
    await until(pilot, lambda: showing(app, WaitingRoom))
    room = app.screen
    assert isinstance(room, WaitingRoom)
    return room


async def create_and_start(pilot: Pilot[Any], server: FakeServer) -> RemoteTableScreen:
    """From the lobby: a two-seat table, the second seat a bot, started."""
    room = await create_table(pilot)
    # The host puts a bot on the free seat: its list, one down (after "free"), chosen.
    room.query_one("#room-fill-1", Select).focus()
    await pilot.press("enter", "down", "enter")
    await until(pilot, lambda: server.heard(FillSeat) and room.table.info.seats[1].bot)
    screen = await opened(pilot, RemoteTableScreen, "ctrl+s")
    await until(pilot, lambda: screen.view is not None and screen.view.current_player == 0)
    return screen


def hand(screen: RemoteTableScreen) -> tuple[Card, ...]:
    return screen.query_one(Hand).cards


def strings(data: object) -> Iterator[str]:
    """Every text inside ``data`` (lists and dicts within lists and dicts)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from strings(item)


def notices(app: RemoteApp) -> list[str]:
    return [n.message for n in app._notifications]


async def told(pilot: Pilot[Any], *keys: str) -> list[str]:
    """Press ``keys`` and wait for a notice: the notices shown."""
    app = pilot.app
    assert isinstance(app, RemoteApp)
    await pilot.press(*keys)
    await until(pilot, lambda: notices(app))
    return notices(app)


# --- The lobby ------------------------------------------------------------------------------------


async def test_the_lobby_lists_the_open_tables(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        lobby = app.screen
        assert [type(m) for m in server.received[:2]] == [Hello, ListTables]
        assert "Ann" in text(pilot, "#lobby-who")
        assert lobby.check_action("join", ()) is True
        # No seat is kept: the line says how a code is used instead.
        assert "Reconnect takes it back" in text(pilot, "#lobby-kept")
        assert not lobby.query_one("#lobby-kept").has_class("-kept")
        rows = lobby.query_one(DataTable)
        assert rows.row_count == 2
        assert [str(c) for c in rows.get_row("BOB1")] == [
            "BOB1",
            "Bob's table",
            "Bob",
            "1 + 1 bot / 3",  # Bob, and Cy a bot, of three seats
            "waiting",
            "",
        ]
        assert [str(c) for c in rows.get_row("DI22")][4:] == ["playing", "2"]
        detail = text(pilot, "#lobby-detail")
        assert "short game" in detail and "Cy (Bot: normal)" in detail


async def test_a_kept_seat_shows_its_table_and_code_and_enter_takes_it_back(
    kept_server: FakeServer,
) -> None:
    async with in_lobby(kept_server) as (app, pilot):
        lobby = app.screen
        await until(pilot, lambda: "Di's" in text(pilot, "#lobby-kept"))
        kept = text(pilot, "#lobby-kept")
        assert "Di's (DI22)" in kept and "SEAT-0001" in kept
        assert lobby.query_one("#lobby-kept").has_class("-kept")
        # The kept seat's table is selected (the second row), and says so.
        rows = lobby.query_one(DataTable)
        assert rows.cursor_row == 1
        assert text(pilot, "#lobby-detail").startswith("Your seat here is kept for you.")
        await opened(pilot, WaitingRoom, "enter")
        assert kept_server.heard(JoinTable) == [JoinTable("DI22")]
        # Taken back by joining: the same code, shown in the waiting room.
        await until(pilot, lambda: "SEAT-0001" in text(pilot, "#room-code"))


async def test_a_table_is_joined_by_its_typed_code(server: FakeServer) -> None:
    async with in_lobby(server) as (_, pilot):
        # c, the old way to the code's field, then the code (any case: the listed
        # code is sent). A code typed without c: `test_newcomer_online`.
        room = await opened(pilot, WaitingRoom, "c", *"bob1", "enter")
        assert server.heard(JoinTable) == [JoinTable("BOB1")]
        assert not room.is_host and not room.query_one("#room-start").display
        assert "Waiting for Bob" in text(pilot, "#room-hint")


async def test_an_unknown_code_is_refused_with_a_notice(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        assert await told(pilot, "c", *"zz99", "enter") == ["There is no table with that code."]
        assert isinstance(app.screen, LobbyScreen)


async def test_a_reconnect_code_works_once_and_the_new_one_is_shown(
    kept_server: FakeServer,
) -> None:
    async with in_lobby(kept_server) as (_, pilot):
        # A wrong code: refused, in words that say a code works once.
        await opened(pilot, CodePrompt, "r")
        assert await told(pilot, *"SEAT-9", "enter") == [
            "No seat is kept for that code. A reconnect code works once: "
            "type the last one you were shown."
        ]
        # The right one takes the seat back; the seat has a new code at once.
        await opened(pilot, CodePrompt, "r")
        await opened(pilot, WaitingRoom, *"SEAT-0001", "enter")
        assert kept_server.heard(Reconnect) == [Reconnect("SEAT-9"), Reconnect("SEAT-0001")]
        await until(pilot, lambda: "SEAT-0002" in text(pilot, "#room-code"))


async def form_refused(pilot: Pilot[Any], server: FakeServer, refusal: Refused) -> list[str]:
    """From the lobby: the form for a new table sent, and refused with ``refusal``.
    The notices it brought, once the form may be sent again."""
    app = pilot.app
    assert isinstance(app, RemoteApp)
    server.refuse_next = refusal
    await opened(pilot, CreateTableScreen, "n")
    await click(pilot, "#create-go")
    await until(pilot, lambda: notices(app))
    said = notices(app)
    button = app.screen.query_one("#create-go")
    await until(pilot, lambda: not button.disabled)
    return said


async def test_too_many_tables_of_ones_own_is_said_with_the_limit(server: FakeServer) -> None:
    async with in_lobby(server) as (_, pilot):
        said = await form_refused(
            pilot, server, Refused(RefusalCode.YOUR_TABLES, "Too many tables.", {"limit": 3})
        )
        assert said == ["You have 3 tables open already: close one or join another table."]
        # Refused: the form may be sent again, and this time the table comes.
        await opened(pilot, WaitingRoom, "ctrl+s")
        assert len(server.heard(CreateTable)) == 2


async def test_opening_tables_too_fast_says_when_to_try_again(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        said = await form_refused(
            pilot, server, Refused(RefusalCode.TRY_LATER, "Too fast.", {"wait": 7})
        )
        assert said == ["Not so fast: try again in 7 seconds."]
        # The form stays, to be sent again once the wait is over.
        assert showing(app, CreateTableScreen)


def test_every_refusal_and_goodbye_has_its_sentence() -> None:
    assert set(REFUSALS) == set(RefusalCode)
    assert set(BYES) == set(ByeCode)
    assert refusal_text("your-tables", "", {"limit": 1}) == (
        "You have 1 table open already: close it or join another table."
    )
    assert refusal_text("address-tables", "", {"limit": 5}) == (
        "Your address has 5 tables open already: close one or join another table."
    )
    # Asked too often: how long to wait, rounded up, or a moment when not said.
    assert refusal_text("try-later", "", {"wait": 1}) == "Not so fast: try again in 1 second."
    assert refusal_text("try-later", "", {"wait": 29.2}) == "Not so fast: try again in 30 seconds."
    for wait in (None, "soon", -3, 10**9):
        assert refusal_text("try-later", "Later.", {"wait": wait}) == (
            "Not so fast: try again in a little while."
        )
    assert refusal_text("too-many-mutes", "", {"limit": 50}) == (
        "You have muted 50 players: hear one of them again first."
    )
    assert refusal_text("too-many-mutes", "", {"limit": 1}) == (
        "You have muted 1 player: hear them again first."
    )
    assert refusal_text("too-many-mutes", "Too many.", {}).startswith("You have muted as many")
    # A value missing, or a code this side does not know: the server's own words.
    assert refusal_text("your-tables", "Too many.", {}) == "Too many."
    assert refusal_text("new-code", "Something new.") == "Something new."
    assert bye_text(Bye("taken-back", "")).startswith("Your seat was taken back")
    assert bye_text(Bye("new-code", "Off you go.")) == "The server ended the session: Off you go."


# --- A game ------------------------------------------------------------------------------------------


async def test_create_wait_start_and_play_a_card_by_key(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        screen = await create_and_start(pilot, server)
        game = server.game
        assert game is not None
        (create,) = server.heard(CreateTable)
        assert create.seats == (None, None)  # seat 0 the host, seat 1 for a person
        assert create.name == "Ann's table"
        assert server.heard(FillSeat) == [FillSeat(1, LEVELS[0])]
        assert set(hand(screen)) == set(Card.parse(c) for c in ANN.split())
        # The QH is played with its number key; the server's game moves.
        await pilot.press(str(hand(screen).index(Card.parse("QH")) + 1))
        await until(pilot, lambda: Card.parse("QH") in game.state.pile)
        await until(pilot, lambda: app.screen is screen and screen.view == game.view(0))
        assert Card.parse("QH") not in hand(screen)
        # What the client holds is its own seat's, and nothing of the others' cards.
        table = screen.table
        assert isinstance(table, RemoteTable)
        assert table.view == game.view(0)
        hidden = {str(c) for c in game.state.hands[1]} | {str(c) for c in game.state.stock}
        for event in table.events_for(0):
            match event:
                case GameStarted(seed=seed):
                    assert seed is None
                case RoundStarted(deck=deck):
                    assert deck is None
                case CardsDrawn(player=player, cards=cards) if player != 0:
                    assert cards is None
        assert not hidden & set(strings([event_to_dict(e) for e in table.events_for(0)]))
        with pytest.raises(ValueError):
            table.events_for(1)


async def test_random_keys_and_clicks_at_a_table_never_crash(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        await create_and_start(pilot, server)
        await random_input(pilot, SIZE, seed=3, steps=100)
        assert app.is_running


async def test_refusals_here_and_from_the_server_show_a_notice(server: FakeServer) -> None:
    async with in_lobby(server) as (_, pilot):
        screen = await create_and_start(pilot, server)
        game = server.game
        assert game is not None
        notice = screen.query_one(StatusLine)
        # The rules refuse the KS: refused here, in the player's words, nothing sent.
        await pilot.press(str(hand(screen).index(Card.parse("KS")) + 1))
        await until(pilot, lambda: notice.notice)
        assert notice.notice == "You must follow hearts or play a J or an 8."
        await heard_up_to(pilot, server)
        assert server.heard(SendCommand) == []
        # The server refuses a move the rules allow (too fast): its notice shows.
        server.refuse_next = Refused(RefusalCode.TOO_FAST, "Refused.")
        await pilot.press(str(hand(screen).index(Card.parse("QH")) + 1))
        await until(pilot, lambda: notice.notice == "Not so fast: wait a moment and try again.")
        assert game.state.pile[-1] == Card.parse("JH")
        # The answer came: the move may be tried again at once.
        await pilot.press(str(hand(screen).index(Card.parse("QH")) + 1))
        await until(pilot, lambda: game.state.pile[-1] == Card.parse("QH"))
        # The move was made: the notices about the moves refused have gone.
        await until(pilot, lambda: not notice.notice)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)], ids=["80x24", "100x32"])
async def test_the_seats_code_shows_in_the_waiting_room_and_at_the_table(
    server: FakeServer, size: tuple[int, int]
) -> None:
    async with in_lobby(server, size=size) as (_, pilot):
        room = await create_table(pilot)
        await until(pilot, lambda: "SEAT-0001" in text(pilot, "#room-code"))
        assert room.query_one("#room-code").region.bottom < room.query_one("#room-seats").region.y
        screen = await opened(pilot, RemoteTableScreen, "ctrl+s")
        await until(pilot, lambda: screen.view is not None)
        # Atop the side column, in line with the title: whole, even at 80x24.
        line = screen.query_one("#seat-code")
        shown = text(pilot, "#seat-code")
        assert shown == "reconnect code SEAT-0001"
        assert line.display and cell_len(shown) <= line.content_size.width
        assert line.region.y == screen.query_one(TitleBar).region.y
        # A new code from the server shows at once.
        server.code = "SEAT-0042"
        server.welcome()
        await until(pilot, lambda: "SEAT-0042" in text(pilot, "#seat-code"))


async def test_leaving_before_the_start_keeps_no_seat(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        await create_table(pilot)
        await until(pilot, lambda: "SEAT-0001" in text(pilot, "#room-code"))
        await opened(pilot, LobbyScreen, "escape")
        # Not offered back, before or after the server's new welcome.
        assert not app.screen.query_one("#lobby-kept").has_class("-kept")
        await heard_up_to(pilot, server)
        assert server.heard(LeaveTable) and server.kept is None
        await until(pilot, lambda: app.connection.welcome.table is None)  # type: ignore[union-attr]
        assert "Reconnect takes it back" in text(pilot, "#lobby-kept")


async def test_at_80_by_24_from_the_lobby_to_the_table_and_back(server: FakeServer) -> None:
    """Every screen of the way fits the smallest window; leaving a game under way
    asks first, saying the seat's code, then goes back to the lobby, where the
    seat is kept."""
    async with in_lobby(server, size=(80, 24)) as (app, pilot):
        lobby = app.screen
        assert lobby.query_one("#lobby-quit").region.bottom <= 23
        screen = await create_and_start(pilot, server)
        assert not screen.has_class("-too-small")
        await pilot.press("escape")  # the lobby is the menu online: Esc asks too
        await until(pilot, lambda: showing(app, ConfirmLeave))
        await pilot.press("escape")  # not sure after all
        await until(pilot, lambda: app.screen is screen)
        await opened(pilot, ConfirmLeave, "q")
        assert "SEAT-0001" in text(pilot, "#leave-back")
        await pilot.press("y")  # sure
        await until(pilot, lambda: showing(app, LobbyScreen))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen) and not lobby.has_class("-too-small")
        assert server.heard(LeaveTable)
        kept = text(pilot, "#lobby-kept")
        assert "ANN1" in kept and "SEAT-0001" in kept
        assert lobby.query_one("#lobby-quit").region.bottom <= 23


async def test_a_dropped_connection_says_so_and_how_to_come_back(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        await create_and_start(pilot, server)
        server.drop()
        await until(pilot, lambda: showing(app, Disconnected))
        assert "The server closed the connection." in text(pilot, "#gone-reason")
        kept = text(pilot, "#gone-kept")
        assert "ANN1" in kept and "SEAT-0001" in kept
        await pilot.press("enter")
        await until(pilot, lambda: app.return_value is not None)
    assert app.return_value == "The server closed the connection."


async def test_the_server_saying_goodbye_ends_the_session_by_itself(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        server.send(Bye(ByeCode.SHUTDOWN, "The server is shutting down."))
        # The goodbye's screen shows for a tenth of a second here, too short to be
        # sure of catching it on a busy machine: it ends the app with its reason
        # when it closes, and no key is pressed.
        await until(pilot, lambda: app.return_value is not None)
    assert app.return_value == "The server is shutting down."


async def test_a_seat_taken_back_elsewhere_shows_no_old_code(server: FakeServer) -> None:
    app = remote_app(server.path)
    app.bye_pause = PATIENCE  # the goodbye stays on the screen while it is read
    async with app.run_test(size=SIZE) as pilot:
        await connected(pilot)
        await create_table(pilot)
        await until(pilot, lambda: "SEAT-0001" in text(pilot, "#room-code"))
        server.send(Bye(ByeCode.TAKEN_BACK, "Taken back."))
        await until(pilot, lambda: showing(app, Disconnected))
        assert "taken back in another session" in text(pilot, "#gone-reason")
        assert not app.screen.query("#gone-kept")  # the old code is no use


async def test_a_line_the_protocol_does_not_have_ends_the_session(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        assert server._writer is not None
        server._writer.write(b'{"op": "tables", "tables": [{"code": 1}]}\n')
        await until(pilot, lambda: showing(app, Disconnected))
        assert "does not understand" in text(pilot, "#gone-reason")


async def test_a_closed_table_sends_the_player_back_to_the_lobby(server: FakeServer) -> None:
    async with in_lobby(server) as (app, pilot):
        await pilot.press("j")  # the selected table, Bob's
        await until(pilot, lambda: showing(app, WaitingRoom))
        server.send(Left("BOB1", "The table closed."))
        await until(pilot, lambda: showing(app, LobbyScreen) and notices(app))
        assert notices(app) == ["The table closed."]


async def test_watching_a_game_shows_no_hand(socket_path: str) -> None:
    def three(names: list[str], rules: RuleSet) -> Game:
        return Game.new(names, seed=3, rules=rules)

    async with FakeServer(socket_path, three) as server, in_lobby(server) as (app, pilot):
        await opened(pilot, WaitingRoom, "w")
        assert "watching" in text(pilot, "#room-hint")
        assert not app.screen.query_one("#room-code").display  # no seat, no code
        server.start()  # Bob, the host, starts
        await until(pilot, lambda: showing(app, RemoteTableScreen))
        screen = app.screen
        assert isinstance(screen, RemoteTableScreen) and server.game is not None
        await until(pilot, lambda: screen.view == server.game.view(None))  # type: ignore[union-attr]
        assert screen.seat is None and screen.table.humans == []
        assert hand(screen) == () and not screen.has_class("-open-hand")
        assert not screen.query_one("#seat-code").display  # no seat, no code
        # The server's bots keep the server's pace: no key for it here.
        keys = {key.description for key in screen.query_one(Footer).keys}
        assert "Options" in keys and not {"Pace", "Pause", "Show hand", "Hide hand"} & keys
        await opened(pilot, OptionsScreen, "o")
        assert not app.screen.query_one("#option-pace-row").display
        await pilot.press("escape")
        with pytest.raises(IllegalMove):
            screen.table.submit(Draw(0))


async def test_no_server_at_the_socket_is_a_message_not_a_traceback(socket_path: str) -> None:
    app = remote_app(socket_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: showing(app, Disconnected))
        # The lobby below never had a connection: its ways to a table stay dimmed.
        (lobby,) = [s for s in app.screen_stack if isinstance(s, LobbyScreen)]
        assert lobby.check_action("join", ()) is None and lobby.check_action("help", ())
        assert text(pilot, "#gone-reason").startswith("Could not reach the Craits server")


async def test_a_wrong_token_is_turned_away(server: FakeServer) -> None:
    with pytest.raises(ConnectionProblem, match="turned this session away"):
        await RemoteConnection.open(server.path, "not-the-token")
    with pytest.raises(ConnectionProblem, match="no token"):
        await RemoteConnection.open(server.path, "")


# --- Screens ask, the app decides ----------------------------------------------------------------


async def test_the_screens_post_messages_and_the_app_moves_on(server: FakeServer) -> None:
    posted: list[type[TextualMessage]] = []

    def hook(message: TextualMessage) -> None:
        if isinstance(message, ShowCreateForm | ShowLobby):
            posted.append(type(message))

    app = remote_app(server.path)
    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        await connected(pilot)
        await opened(pilot, CreateTableScreen, "n")
        assert posted and set(posted) == {ShowCreateForm}
        await opened(pilot, LobbyScreen, "escape")
        assert set(posted) == {ShowCreateForm, ShowLobby}


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports, wherever in it (absolute names)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def test_no_screen_knows_the_app_and_no_module_imports_in_a_circle() -> None:
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for path in CLIENT.rglob("*.py")
    }
    graph = {name: _imports(path) & set(modules) for name, path in modules.items()}
    for name, path in modules.items():
        if ".screens." in name:
            assert not {"craits_tui.app", "craits_tui.online.client.app"} & _imports(path), name
            assert "cast(" not in path.read_text(encoding="utf-8"), name

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for step in graph[start]:
            if step == goal or (step not in seen and reaches(step, goal, seen | {step})):
                return True
        return False

    # A package's __init__ is imported along with its modules: only real edges count.
    circles = [name for name in modules if reaches(name, name, {name})]
    assert circles == []
    assert all(len(path.read_text().splitlines()) <= 400 for path in modules.values())


# --- A crash ----------------------------------------------------------------------------------------


class CrashingApp(RemoteApp):
    """A RemoteApp with a bug in a handler: the new table's form fails."""

    @on(ShowCreateForm)
    def _bug(self) -> None:
        raise RuntimeError("a bug in a handler")


async def test_a_crash_goes_to_the_log_not_to_the_terminal(
    server: FakeServer, capfd: pytest.CaptureFixture[str]
) -> None:
    log = io.StringIO()
    with contextlib.redirect_stderr(log):  # the launcher's pipe to the server's log
        app = remote_app(server.path, cls=CrashingApp)
    with pytest.raises(RuntimeError, match="a bug in a handler"):
        async with app.run_test(size=SIZE) as pilot:
            await connected(pilot)
            await pilot.press("n")
            await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 1
    assert "a bug in a handler" in log.getvalue() and "Traceback" in log.getvalue()
    terminal = capfd.readouterr()
    assert "Traceback" not in terminal.out + terminal.err
    assert "a bug in a handler" not in terminal.out + terminal.err


CRASHING_SESSION = """
import sys
sys.stderr = open(sys.argv[2], "w", buffering=1)  # as the launcher: the server's log
from textual import on
from craits_tui.online.client import app
from craits_tui.online.client.messages import ServerSaid
from craits_tui.online.protocol import TableList

class Crashing(app.RemoteApp):
    @on(ServerSaid)
    def _bug(self, said):
        if isinstance(said.message, TableList):
            raise RuntimeError("a bug in a handler")

app.RemoteApp = Crashing
app.run_remote(sys.argv[1])
"""


async def test_a_crashed_session_ends_nonzero_with_its_traceback_in_the_log(
    server: FakeServer, tmp_path: Path
) -> None:
    """The real thing: the app in a terminal of its own, its sys.stderr a file."""
    import fcntl
    import struct
    import termios

    log = tmp_path / "server.log"
    script = tmp_path / "session.py"  # a file: Textual finds a screen's styles beside it
    script.write_text(CRASHING_SESSION, encoding="utf-8")
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "CRAITS_SESSION": TOKEN, "TERM": "xterm-256color"}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(script),
        server.path,
        str(log),
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    drawn = bytearray()
    loop = asyncio.get_running_loop()

    def read() -> None:
        try:
            data = os.read(master, 65536)
        except OSError:  # the app's end is closed
            data = b""
        if data:
            drawn.extend(data)
        else:
            loop.remove_reader(master)

    loop.add_reader(master, read)
    try:
        status = await asyncio.wait_for(process.wait(), PATIENCE)
    finally:
        with contextlib.suppress(ValueError, OSError):
            loop.remove_reader(master)
        os.close(master)
    assert status == 1
    assert b"Traceback" not in drawn and b"a bug in a handler" not in drawn
    logged = log.read_text()
    assert "Traceback" in logged and "a bug in a handler" in logged


# --- Refusing here what the server refuses ------------------------------------------------------------


def test_the_reason_given_here_is_the_servers() -> None:
    """What the table checks a move against before sending it (`refusal_in_view`
    on the seat's view) refuses just what the engine refuses on the full state,
    with the same code, values and words; a move it lets through, the engine takes
    (a play with "last card" riding on it among them)."""
    checked = 0
    for number in range(6):
        rng = random.Random(number)
        count = rng.randint(2, 5)
        variants = ("colour_matching", "voluntary_draw", "seven_skips", "wild_nine")
        rules = RuleSet(**{v: rng.random() < 0.5 for v in variants})
        game = Game.new([f"P{i}" for i in range(count)], seed=number, rules=rules)
        bot = make_bot("random", seed=number)
        for _ in range(120):
            if game.state.is_over:
                break
            seat = rng.randrange(count)
            view = game.view(seat)
            tries: list[Command] = [Draw(seat), Announce(seat)]
            tries += [CallIdiot(seat, t) for t in range(count)]
            tries += [ChooseSuit(seat, s) for s in Suit]
            for card in [*rng.sample(FULL_DECK, 3), *view.hand]:
                tries += [Play(seat, card), Play(seat, card, rng.choice(list(Suit)), True)]
            for command in tries:
                here = refusal_in_view(view, command)
                try:
                    game.clone().handle(command)
                except IllegalMove as refused:
                    assert here is not None
                    assert (here.code, here.params, str(here)) == (
                        refused.code,
                        refused.params,
                        str(refused),
                    )
                    checked += 1
                else:
                    assert here is None, command
            current = game.state.current_player
            if current is not None:
                game.handle(bot.choose(game.view(current), game.legal_moves(current)))
    assert checked > 1000


# --- One stream, folded once ----------------------------------------------------------------------


class Wire:
    """A line to a server that takes everything, and keeps it: what a table sends."""

    closed = False

    def __init__(self) -> None:
        self.sent: list[Message] = []

    def send(self, message: Message) -> bool:
        self.sent.append(message)
        return True


def played(moves: int) -> Game:
    """Ann's game with its first ``moves`` moves made (each seat's first legal move)."""
    game = ann_first(["Ann", "Bob"], RuleSet())
    for _ in range(moves):
        seat = game.state.current_player
        assert seat is not None
        game.handle(game.legal_moves(seat)[0])
    return game


TWO = TableInfo(
    "T1", "t", (ListedSeat("Ann", connected=True), ListedSeat("Bob", connected=True)), started=True
)


def test_the_seats_stream_is_folded_once_and_the_feed_shows_the_tables_views(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = played(6)
    stream = game.events_for(0)
    folds = 0

    def counted(*args: Any) -> Any:
        nonlocal folds
        folds += 1
        return project(*args)

    monkeypatch.setattr(client_table, "project", counted)
    monkeypatch.setattr(feed_module, "project", counted)
    table = RemoteTable(Wire(), TWO, 0, len(stream))
    feed = Feed(table, 0)
    heard: list[int] = []

    def hear(index: int, event: Event) -> None:
        heard.append(index)
        feed.arrive(index, event)

    table.subscribe(hear)
    for index, event in enumerate(stream):
        table.receive(index, event)
    table.receive(2, stream[2])  # heard already: nothing happens
    with pytest.raises(BadMessage):
        table.receive(len(stream) + 1, stream[0])  # one is missing
    shown = []
    while (event := feed.next()) is not None:
        shown.append(event)
    # Each event told once, with the index the server gave it; folded once.
    assert heard == list(range(len(stream))) and shown == stream
    assert folds == len(stream)
    assert feed.view is table.view and table.view == game.view(0)
    # A feed that starts late takes the table's view too, without folding again.
    late = Feed(table, 0)
    late.show_seat(0)
    assert late.view is table.view and folds == len(stream)


class Writer:
    """The writing end of a connection whose lines go nowhere."""

    def __init__(self) -> None:
        self.closing = False

    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        self.closing = True

    def is_closing(self) -> bool:
        return self.closing

    async def wait_closed(self) -> None:
        pass


async def test_what_the_table_takes_in_its_listeners_hear_and_the_connections_do_not() -> None:
    game = played(4)
    stream = game.events_for(0)
    reader = asyncio.StreamReader()
    said: list[Message] = [
        Joined("T1", 0, TWO, len(stream)),
        *(EventSent(index, event) for index, event in enumerate(stream)),
        EventSent(1, stream[1]),  # again: heard already
        SeatChanged(1, connected=False, grace=30.0),
        ChatLine("bob", "Bob", 1, "hi"),
        TableList(()),
    ]
    for message in said:
        reader.feed_data(encode(message))
    reader.feed_eof()
    connection = RemoteConnection(reader, Writer(), Welcome("1", "Ann"))  # type: ignore[arg-type]
    told: list[Message] = []
    heard: list[tuple[int, Event]] = []

    def tell(message: Message) -> None:
        told.append(message)
        if isinstance(message, Joined):
            assert connection.table is not None
            connection.table.subscribe(lambda index, event: heard.append((index, event)))

    connection.subscribe(tell)
    await connection.run()
    assert [type(message) for message in told] == [Joined, TableList]
    assert heard == list(enumerate(stream))
