"""Playing online, from the session's side, against a stand-in server.

The stand-in speaks the protocol of `craits_tui.online.protocol` over a real Unix
socket: it lists tables, seats the player, runs a real game whose events it sends
redacted for the player's seat, plays its bots at once, and refuses what the rules
refuse. So these tests need nothing of the real server.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, RadioSet, Select

from craits_core import (
    FULL_DECK,
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Command,
    Draw,
    Game,
    IllegalMove,
    Play,
    RuleSet,
    Suit,
    command_from_dict,
)
from craits_core.bots import LEVELS, make_bot
from craits_tui.online.protocol import decode_object as decode
from craits_tui.online.protocol import encode_fields as encode
from craits_tui.remote import (
    ConnectionProblem,
    RemoteConnection,
    RemoteTable,
    TableInfo,
    normal_form,
    why_illegal,
)
from craits_tui.screens.lobby import (
    CodePrompt,
    ConfirmLeave,
    CreateTableScreen,
    Disconnected,
    LobbyScreen,
    RemoteApp,
    RemoteTableScreen,
    WaitingRoom,
)
from craits_tui.screens.options import OptionsScreen
from craits_tui.settings import Settings
from craits_tui.table import LocalTable, Seat
from craits_tui.widgets.footer import Footer
from craits_tui.widgets.hand import Hand

from ..decks import stacked_game
from .test_random_input import random_input

TOKEN = "a-session-token"
SIZE = (100, 32)

# Ann (seat 0, the player) plays first: the dealer is Bob (seat 1, a bot).
ANN = "7H KS 8C 2D QH"
BOB = "3C 4C 5C 6C 9C"


def ann_first(names: list[str], rules: RuleSet) -> Game:
    return stacked_game([ANN, BOB], "JH", dealer=1, names=names, rules=rules)


def lobby_table(code: str, name: str, host: str, started: bool = False) -> dict[str, Any]:
    return {
        "code": code,
        "name": name,
        "host": host,
        "rules": RuleSet(short_game=True).to_dict(),
        "started": started,
        "seats": [
            {"name": host, "bot": None, "connected": True, "person": True},
            {"name": None, "bot": None, "connected": False, "person": True},
            {"name": "Cy", "bot": "normal", "connected": True, "person": False},
        ],
        "spectators": 2 if started else 0,
    }


class FakeServer:
    """The server's side of one session: tables, one game, bots that move at once."""

    def __init__(self, path: str, make_game: Callable[[list[str], RuleSet], Game]) -> None:
        self.path = path
        self.make_game = make_game
        self.lobby = [
            lobby_table("BOB1", "Bob's table", "Bob"),
            lobby_table("DI22", "Di's", "Di", True),
        ]
        self.received: list[dict[str, Any]] = []
        self.table: dict[str, Any] | None = None
        self.seat: int | None = None
        self.game: Game | None = None
        self.bots: LocalTable | None = None
        self.sent = 0
        self.refuse_next: str | None = None
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

    def ops(self) -> list[str]:
        return [m["op"] for m in self.received]

    # --- Talking ---------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writer = writer
        while line := await reader.readline():
            message = decode(line)
            self.received.append(message)
            getattr(self, "on_" + message["op"])(message)

    def send(self, op: str, **fields: Any) -> None:
        assert self._writer is not None
        self._writer.write(encode(op, **fields))

    def on_hello(self, message: dict[str, Any]) -> None:
        if message.get("token") != TOKEN:
            self.send("refused", code="bad-message", message="Who are you?", params={})
            return
        self.send("welcome", player=7, name="Ann", reconnect="RC-4242")

    def on_tables(self, message: dict[str, Any]) -> None:
        self.send("tables", tables=self.lobby)

    def on_create(self, message: dict[str, Any]) -> None:
        seats = [{"name": "Ann", "bot": None, "connected": True, "person": True}]
        for i, level in enumerate(message["seats"][1:], start=1):
            seats.append(
                {"name": ["Bob", "Cy", "Di", "Ed"][i - 1], "bot": level, "person": False}
                if level
                else {"name": None, "bot": None, "connected": False, "person": True}
            )
        self.table = {
            "code": "ANN1",
            "name": message["name"],
            "host": "Ann",
            "rules": message["rules"],
            "started": False,
            "seats": seats,
            "spectators": 0,
        }
        self.seat = 0
        self.send("joined", code="ANN1", seat=0, table=self.table, events=0)

    def on_join(self, message: dict[str, Any]) -> None:
        listed = {t["code"]: t for t in self.lobby}
        if message["code"] not in listed:
            self.send("refused", code="no-such-table", message="No such table.", params={})
            return
        self.table = dict(listed[message["code"]])
        self.seat = None if message.get("spectate") else 1
        if self.seat is not None:
            self.table["seats"][1] = {"name": "Ann", "bot": None, "connected": True}
        self.send("joined", code=self.table["code"], seat=self.seat, table=self.table, events=0)

    def on_fill(self, message: dict[str, Any]) -> None:
        assert self.table is not None
        bot = message["bot"]
        self.table["seats"][message["seat"]] = (
            {"name": "Bot", "bot": bot, "person": False}
            if bot
            else {"name": None, "bot": None, "person": True}
        )
        self.send("table", table=self.table)

    def on_start(self, message: dict[str, Any] | None = None) -> None:
        """The host starts: free seats get bots, the game is dealt."""
        assert self.table is not None
        seats = []
        for i, seat in enumerate(self.table["seats"]):
            if seat["name"] is None:
                seat = {"name": f"Bot{i}", "bot": "random", "person": False}
            seats.append(seat)
        self.table = {**self.table, "seats": seats, "started": True}
        self.send("table", table=self.table)
        names = [s["name"] for s in seats]
        self.game = self.make_game(names, RuleSet.from_dict(self.table["rules"]))
        self.bots = LocalTable(
            self.game,
            [
                Seat(s["name"], s.get("bot") if i != self.seat else None)
                for i, s in enumerate(seats)
            ],
        )
        self._play_bots()

    def on_command(self, message: dict[str, Any]) -> None:
        assert self.game is not None
        if self.refuse_next is not None:
            code, self.refuse_next = self.refuse_next, None
            self.send("refused", code=code, message="Refused.", params={})
            return
        try:
            command = command_from_dict(message["command"])
            assert command.player == self.seat
            self.game.handle(command)
        except IllegalMove as err:
            self.send("refused", code=err.code, message=str(err), params=err.params)
            return
        self._play_bots()

    def on_leave(self, message: dict[str, Any]) -> None:
        self.table = None

    def _play_bots(self) -> None:
        assert self.game is not None and self.bots is not None
        for _ in range(200):
            move = self.bots.next_bot_move()
            if move is None:
                break
            self.game.handle(move)
        for event in self.game.events_for(self.seat, self.sent):
            self.send("event", index=self.sent, event=event)
            self.sent += 1


# --- Running the app against it ---------------------------------------------------------------


@pytest.fixture
def socket_path() -> Iterator[str]:
    # A short path of its own: a Unix socket's path has a small length limit.
    folder = tempfile.mkdtemp(prefix="craits-")
    yield str(Path(folder) / "s")
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def server(socket_path: str) -> AsyncIterator[FakeServer]:
    async with FakeServer(socket_path, ann_first) as fake:
        yield fake


def remote_app(path: str, token: str = TOKEN) -> RemoteApp:
    app = RemoteApp(path, Settings(pace="slow", animations=False), token=token)
    app.bye_pause = 0.1
    return app


async def until(pilot: Pilot[Any], check: Callable[[], object], seconds: float = 3.0) -> None:
    """Let the app and the server talk until ``check()`` holds."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await pilot.pause(0.02)
    raise AssertionError("waited in vain")


async def connected(pilot: Pilot[Any]) -> LobbyScreen:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.connection)
    await until(pilot, lambda: app.screen.query_one(DataTable).row_count)
    assert isinstance(app.screen, LobbyScreen)
    return app.screen


async def create_and_start(pilot: Pilot[Any], server: FakeServer) -> RemoteTableScreen:
    """From the lobby: a two-seat table, the second seat a bot, started."""
    app = pilot.app
    await connected(pilot)
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, CreateTableScreen))
    app.screen.query_one("#create-count", RadioSet).query_one("#create-count-2").toggle()
    await pilot.pause()
    await pilot.click("#create-go")
    await until(pilot, lambda: isinstance(app.screen, WaitingRoom))
    room = app.screen
    assert isinstance(room, WaitingRoom)
    # The host puts a bot on the free seat: its list, one down (after "free"), chosen.
    room.query_one("#room-fill-1", Select).focus()
    await pilot.press("enter", "down", "enter")
    await until(pilot, lambda: "fill" in server.ops() and room.table.info.seats[1].bot)
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
    screen = app.screen
    assert isinstance(screen, RemoteTableScreen)
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


# --- The lobby ------------------------------------------------------------------------------------


async def test_the_lobby_lists_the_open_tables(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await connected(pilot)
        assert server.ops()[:2] == ["hello", "tables"]
        who = str(lobby.query_one("#lobby-who").render())
        code = str(lobby.query_one("#lobby-reconnect").render())
        assert "Ann" in who and "RC-4242" in code
        rows = lobby.query_one(DataTable)
        assert rows.row_count == 2
        assert [str(c) for c in rows.get_row("BOB1")] == [
            "BOB1",
            "Bob's table",
            "Bob",
            "2/3",
            "waiting",
            "",
        ]
        assert [str(c) for c in rows.get_row("DI22")][4:] == ["playing", "2"]
        detail = str(lobby.query_one("#lobby-detail").render())
        assert "short game" in detail and "Cy (Bot: normal)" in detail


async def test_a_table_is_joined_by_its_typed_code(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        await connected(pilot)
        await pilot.press("c", *"bob1", "enter")  # any case: the listed code is sent
        await until(pilot, lambda: isinstance(app.screen, WaitingRoom))
        assert server.received[-1] == {
            "op": "join",
            "code": "BOB1",
            "seat": None,
            "spectate": False,
        }
        room = app.screen
        assert isinstance(room, WaitingRoom)
        assert not room.is_host and not room.query_one("#room-start").display
        assert "Waiting for Bob" in str(room.query_one("#room-hint").render())


async def test_an_unknown_code_is_refused_with_a_notice(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        await connected(pilot)
        await pilot.press("c", *"zz99", "enter")
        await until(pilot, lambda: notices(app))
        assert notices(app) == ["There is no table with that code."]
        assert isinstance(app.screen, LobbyScreen)


async def test_reconnect_asks_for_the_code_and_sends_it(server: FakeServer) -> None:
    app = remote_app(server.path)
    server.on_reconnect = lambda message: None  # type: ignore[attr-defined]
    async with app.run_test(size=SIZE) as pilot:
        await connected(pilot)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, CodePrompt))
        await pilot.press(*"RC-9", "enter")
        await until(pilot, lambda: server.ops()[-1] == "reconnect")
        assert server.received[-1]["code"] == "RC-9"


# --- A game ------------------------------------------------------------------------------------------


async def test_create_wait_start_and_play_a_card_by_key(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await create_and_start(pilot, server)
        game = server.game
        assert game is not None
        create = next(m for m in server.received if m["op"] == "create")
        assert create["seats"] == [None, None]  # seat 0 the host, seat 1 for a person
        fills = [m for m in server.received if m["op"] == "fill"]
        assert fills == [{"op": "fill", "seat": 1, "bot": LEVELS[0]}]
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
            assert event.get("deck") is None and "seed" not in event
            if event["type"] == "cards-drawn" and event["player"] != 0:
                assert event["cards"] is None
        assert not hidden & set(strings(table.events_for(0)))
        with pytest.raises(ValueError):
            table.events_for(1)


async def test_random_keys_and_clicks_at_a_table_never_crash(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        await create_and_start(pilot, server)
        await random_input(pilot, SIZE, seed=3, steps=100)
        assert app.is_running


async def test_refusals_here_and_from_the_server_show_a_notice(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await create_and_start(pilot, server)
        game = server.game
        assert game is not None
        # The rules refuse the KS: refused here, in the player's words, nothing sent.
        sent = len(server.received)
        await pilot.press(str(hand(screen).index(Card.parse("KS")) + 1))
        await until(pilot, lambda: notices(app))
        assert notices(app) == ["You must follow hearts or play a J or an 8."]
        assert len(server.received) == sent
        # The server refuses a move the rules allow (too fast): its notice shows.
        app.clear_notifications()
        server.refuse_next = "too-fast"
        await pilot.press(str(hand(screen).index(Card.parse("QH")) + 1))
        await until(pilot, lambda: notices(app))
        assert notices(app) == ["Not so fast: wait a moment and try again."]
        assert game.state.pile[-1] == Card.parse("JH")
        # The answer came: the move may be tried again at once.
        await pilot.press(str(hand(screen).index(Card.parse("QH")) + 1))
        await until(pilot, lambda: game.state.pile[-1] == Card.parse("QH"))


async def test_at_80_by_24_from_the_lobby_to_the_table_and_back(server: FakeServer) -> None:
    """Every screen of the way fits the smallest window; leaving a game under way
    asks first, then goes back to the lobby."""
    app = remote_app(server.path)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await connected(pilot)
        assert lobby.query_one("#lobby-quit").region.bottom <= 23
        screen = await create_and_start(pilot, server)
        assert not screen.has_class("-too-small")
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("y")  # sure
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert not app.screen.has_class("-too-small")
        assert "leave" in server.ops()


async def test_a_dropped_connection_says_so_and_ends_the_session(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        await create_and_start(pilot, server)
        server.drop()
        await until(pilot, lambda: isinstance(app.screen, Disconnected))
        assert "The server closed the connection." in str(
            app.screen.query_one("#gone-reason").render()
        )
        await pilot.press("enter")
        await until(pilot, lambda: app.return_value is not None)
    assert app.return_value == "The server closed the connection."


async def test_the_server_saying_goodbye_ends_the_session_by_itself(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        await connected(pilot)
        server.send("bye", code="shutdown", message="The server is shutting down.")
        await until(pilot, lambda: isinstance(app.screen, Disconnected))
        assert "shutting down" in str(app.screen.query_one("#gone-reason").render())
        await until(pilot, lambda: app.return_value is not None)  # no key needed


async def test_a_closed_table_sends_the_player_back_to_the_lobby(server: FakeServer) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=SIZE) as pilot:
        await connected(pilot)
        await pilot.press("j")  # the selected table, Bob's
        await until(pilot, lambda: isinstance(app.screen, WaitingRoom))
        server.send("left", code="BOB1", message="The table closed.")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and notices(app))
        assert notices(app) == ["The table closed."]


async def test_watching_a_game_shows_no_hand(socket_path: str) -> None:
    def three(names: list[str], rules: RuleSet) -> Game:
        return Game.new(names, seed=3, rules=rules)

    async with FakeServer(socket_path, three) as server:
        app = remote_app(server.path)
        async with app.run_test(size=SIZE) as pilot:
            await connected(pilot)
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, WaitingRoom))
            assert "watching" in str(app.screen.query_one("#room-hint").render())
            server.on_start()  # Bob, the host, starts
            await until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
            screen = app.screen
            assert isinstance(screen, RemoteTableScreen) and server.game is not None
            await until(pilot, lambda: screen.view == server.game.view(None))  # type: ignore[union-attr]
            assert screen.seat is None and screen.table.humans == []
            assert hand(screen) == () and not screen.has_class("-open-hand")
            # The server's bots keep the server's pace: no key for it here.
            keys = {key.description for key in screen.query_one(Footer).keys}
            assert "Options" in keys and not {"Pace", "Pause", "Show hand", "Hide hand"} & keys
            await pilot.press("o")
            assert isinstance(app.screen, OptionsScreen)
            assert not app.screen.query_one("#option-pace-row").display
            await pilot.press("escape")
            with pytest.raises(IllegalMove):
                screen.table.submit(Draw(0))


async def test_no_server_at_the_socket_is_a_message_not_a_traceback(socket_path: str) -> None:
    app = remote_app(socket_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Disconnected))
        reason = str(app.screen.query_one("#gone-reason").render())
        assert reason.startswith("Could not reach the Craits server")


async def test_a_wrong_token_is_turned_away(server: FakeServer) -> None:
    with pytest.raises(ConnectionProblem, match="turned this session away"):
        await RemoteConnection.open(server.path, "not-the-token")
    with pytest.raises(ConnectionProblem, match="no token"):
        await RemoteConnection.open(server.path, "")


# --- Refusing here what the server refuses ------------------------------------------------------------


def test_the_reason_given_here_is_the_servers() -> None:
    """For commands the rules refuse, `why_illegal` on the seat's view gives the
    engine's own refusal on the full state: same code, values and words."""
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
            legal = game.legal_moves(seat)
            tries: list[Command] = [Draw(seat), Announce(seat)]
            tries += [CallIdiot(seat, t) for t in range(count)]
            tries += [ChooseSuit(seat, s) for s in Suit]
            for card in [*rng.sample(FULL_DECK, 3), *view.hand]:
                tries += [Play(seat, card), Play(seat, card, rng.choice(list(Suit)), True)]
            for command in tries:
                if normal_form(command) in legal:
                    continue
                with pytest.raises(IllegalMove) as refused:
                    game.clone().handle(command)
                here = why_illegal(view, command)
                assert (here.code, here.params, str(here)) == (
                    refused.value.code,
                    refused.value.params,
                    str(refused.value),
                )
                checked += 1
            current = game.state.current_player
            if current is not None:
                game.handle(bot.choose(game.view(current), game.legal_moves(current)))
    assert checked > 1000


def test_a_play_with_last_card_riding_on_it_is_a_legal_play() -> None:
    assert normal_form(Play(0, Card.parse("7H"), None, True)) == Play(0, Card.parse("7H"))
    assert normal_form(Play(0, Card.parse("9H"), Suit("H"))) == Play(0, Card.parse("9H"))
    assert normal_form(Play(0, Card.parse("9H"), Suit("D"))) == Play(0, Card.parse("9H"), Suit("D"))


def test_table_info_reads_what_the_server_lists() -> None:
    info = TableInfo.from_dict(lobby_table("X", "Xs", "Ann"))
    assert (info.taken, info.free, info.spectators, info.rules.short_game) == (2, 1, 0, True)
    assert (
        TableInfo.from_dict({**lobby_table("X", "Xs", "Ann"), "spectators": ["a"]}).spectators == 1
    )
