"""The end of an online game and the turn clock, from the session's side.

A stand-in server (test_remote's `FakeServer`, taught the rematch) seats Ann with
Bob and Cy, people elsewhere who never move here, in the one-card round that
ends a short game: Ann's 4♥ on the J♥ ends it. It then says what the real server
says at game over (the ratings, the replay code, the offer to play again) and
answers Ann's yes or no as the real one does. Of the turn clock, it says what
the tests tell it to: a clock, a turn run out, a seat that dozes.

Countdowns are read on a clock the test holds (`Frozen`): the screens still
redraw them once a second, and the tests wait for the drawing to say so.
"""

from __future__ import annotations

import dataclasses
import gettext
import io
from collections.abc import AsyncIterator
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Static

from craits_core import Card, Game, Play, RuleSet
from craits_tui import i18n
from craits_tui.online.client.app import RemoteApp
from craits_tui.online.client.reached import Reached
from craits_tui.online.client.screens.clock import TurnClockLine
from craits_tui.online.client.screens.dialogs import DozingNote
from craits_tui.online.client.screens.game_over import (
    RemoteGameOver,
    rating_words,
    rematch_words,
)
from craits_tui.online.client.screens.table import RemoteTableScreen
from craits_tui.online.client.screens.waiting import WaitingRoom
from craits_tui.online.client.table import BACK_PATIENCE, RemoteTable
from craits_tui.online.client.words import refusal_text
from craits_tui.online.protocol import (
    Back,
    Door,
    LeaveTable,
    ListedSeat,
    Message,
    Rated,
    RatingNews,
    RefusalCode,
    Refused,
    Rematch,
    RematchState,
    SeatChanged,
    SendCommand,
    TableChanged,
    TableInfo,
    TurnClock,
)
from craits_tui.screens.round_summary import RoundSummary
from craits_tui.settings import Settings
from craits_tui.widgets import celebration as celebration_module
from craits_tui.widgets.celebration import Celebration
from craits_tui.widgets.footer import Footer
from craits_tui.widgets.hand import Hand
from craits_tui.widgets.log import GameLog

from ..decks import stacked_game
from .conftest import click, showing
from .snapshots import SETTINGS, check_snapshot, stable_screenshot
from .test_remote import (
    TOKEN,
    FakeServer,
    Wire,
    connected,
    heard_up_to,
    in_lobby,
    notices,
    opened,
    until,
)

SIZE = (100, 32)
SHORT = RuleSet(short_game=True)
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")
REPLAY = "ABC-DEF"


def people(count: int = 3, code: str = "ANN1") -> TableInfo:
    """Ann's table (she hosts it, at seat 0) with people in every other seat."""
    seats = tuple(ListedSeat(name, connected=True, player=name.lower()) for name in NAMES[:count])
    return TableInfo(code, "Ann's table", seats, SHORT, host="Ann", host_seat=0)


def last_round(names: list[str], rules: RuleSet) -> Game:
    """The one-card round that ends a short game: Ann plays first, and her 4♥ on
    the J♥ ends it."""
    hands = ["4H", "9C", "KD", "10S", "QC"][: len(names)]
    return stacked_game(hands, "JH", dealer=len(names) - 1, names=names, rules=rules)


def mid_round(names: list[str], rules: RuleSet) -> Game:
    """A round of five cards, Ann to play first."""
    hands = ["7H KS 8C 2D QH", "3C 4C 5C 6C 9C", "3D 4D 5D 6D 9D"][: len(names)]
    return stacked_game(hands, "JH", dealer=len(names) - 1, names=names, rules=rules)


def ratings(count: int = 3) -> Rated:
    """Ann and Bob rated already, the others still placing."""
    news = [RatingNews(0, "Ann", 1, 1010, 1032, 12), RatingNews(1, "Bob", 2, 1200, 1190, 30)]
    news += [RatingNews(seat, NAMES[seat], seat + 1, None, None, 3) for seat in range(2, count)]
    return Rated(tuple(news))


class Frozen:
    """A clock that stands still until a test moves it on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class RematchServer(FakeServer):
    """The stand-in server, with the game over of the real one: once the game
    ends it sends the ratings, the replay code and the offer to play again, and
    it answers `Rematch` as the real server does (everyone in: a new table)."""

    def __init__(self, path: str) -> None:
        super().__init__(path, last_round)
        self.rated: Rated | None = ratings()
        self.offer: RematchState | None = None
        self.seconds = 60.0
        """What each offer says is left to accept it."""
        self.next_game = mid_round
        """The game of the table a rematch opens."""
        self._over_told = False

    def answer(self, message: Message) -> None:
        if isinstance(message, Rematch):
            self.rematch(self.seat, message.accept)
        else:
            super().answer(message)

    def play_bots(self) -> None:
        super().play_bots()
        assert self.game is not None and self.table is not None
        if self.game.state.is_over and not self._over_told:
            self._over_told = True
            if self.rated is not None:
                self.send(self.rated)
            self.table = dataclasses.replace(self.table, over=True, replay=REPLAY)
            self.send(TableChanged(self.table))
            asked = tuple(i for i, s in enumerate(self.table.seats) if s.bot is None)
            self.offer_rematch((), asked)

    def offer_rematch(
        self,
        accepted: tuple[int, ...],
        waiting: tuple[int, ...],
        outcome: str | None = None,
        declined: tuple[int, ...] = (),
    ) -> None:
        self.offer = RematchState(accepted, waiting, self.seconds, outcome, declined)
        self.send(self.offer)

    def rematch(self, seat: int | None, accept: bool) -> None:
        """The person at ``seat`` says yes or no."""
        offer = self.offer
        if seat is None or offer is None or offer.outcome is not None:
            self.send(Refused(RefusalCode.NO_REMATCH, "No rematch is on offer."))
            return
        if not accept:
            self.offer_rematch(offer.accepted, offer.waiting, "declined", (seat,))
            return
        waiting = tuple(s for s in offer.waiting if s != seat)
        accepted = tuple(sorted({*offer.accepted, seat}))
        self.offer_rematch(accepted, waiting, None if waiting else "started")
        if not waiting:
            self.new_table()

    def new_table(self) -> None:
        """The rematch: the same people at a new table, its game under way at once."""
        assert self.table is not None
        info = dataclasses.replace(self.table, code="ANN2", started=False, over=False, replay=None)
        self.make_game = self.next_game
        self.game, self.sent, self._over_told = None, 0, False
        self.seated(info, 0)
        self.start()


@pytest.fixture
async def server(socket_path: str) -> AsyncIterator[RematchServer]:
    async with RematchServer(socket_path) as fake:
        yield fake


def app_for(
    server: FakeServer, settings: Settings | None = None, reached: Reached | None = None
) -> RemoteApp:
    settings = settings or Settings(pace="slow", animations=False)
    app = RemoteApp(server.path, settings, token=TOKEN, reached=reached)
    app.bye_pause = 0.1
    return app


def log_lines(screen: Screen[Any]) -> list[str]:
    """The lines of the table's game log, oldest first."""
    return [line.plain for line in screen.query_one(GameLog).lines]


def words(pilot: Pilot[Any], selector: str) -> str:
    """What a widget of the screen shows, as plain text (a table's rows too)."""
    widget = pilot.app.screen.query_one(selector)
    shown = widget.content if isinstance(widget, Static) else widget.render()
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(shown)
    return console.export_text().strip()


async def at_the_table(
    pilot: Pilot[Any], server: RematchServer, table: TableInfo, seat: int | None = 0
) -> tuple[RemoteTableScreen, Frozen]:
    """Seated at (or watching) ``table``, its game started: the table's screen, and
    the clock its countdowns are read on."""
    app = pilot.app
    await connected(pilot)
    server.seated(table, seat)
    await until(pilot, lambda: showing(app, WaitingRoom))
    frozen = Frozen()
    remote = app.connection.table  # type: ignore[attr-defined]
    assert isinstance(remote, RemoteTable)
    remote.now = frozen
    server.start()
    await until(pilot, lambda: showing(app, RemoteTableScreen))
    screen = app.screen
    assert isinstance(screen, RemoteTableScreen)
    await until(pilot, lambda: screen.view is not None and screen.view.current_player is not None)
    return screen, frozen


async def play(pilot: Pilot[Any], screen: RemoteTableScreen, code: str) -> None:
    """Ann plays ``code`` by its number key."""
    await pilot.press(str(screen.query_one(Hand).cards.index(Card.parse(code)) + 1))


async def game_over(
    pilot: Pilot[Any], server: RematchServer, table: TableInfo | None = None
) -> tuple[RemoteGameOver, Frozen]:
    """Ann plays the last card of the game; past the round's summary, its end."""
    app = pilot.app
    screen, frozen = await at_the_table(pilot, server, table or people())
    await play(pilot, screen, "4H")
    await until(pilot, lambda: showing(app, RoundSummary))
    over = await opened(pilot, RemoteGameOver, "enter")
    await until(pilot, lambda: over.table.rematch is not None and over.table.replay)
    # The buttons answer once the Enter that closed the summary cannot be a second one.
    await until(pilot, lambda: not over.pressed_too_soon())
    return over, frozen


def again_button(over: RemoteGameOver) -> Button:
    return over.query_one("#again", Button)


def footer_keys(over: RemoteGameOver) -> dict[str, bool]:
    """The footer's keys by their words: whether each may be pressed now."""
    return {key.description: key.enabled for key in over.query_one(Footer).keys}


# --- The game over ----------------------------------------------------------------------------


async def test_the_game_over_shows_ratings_and_the_replay_code(server: RematchServer) -> None:
    async with in_lobby(server) as (_, pilot):
        over, _ = await game_over(pilot, server)
        standings = words(pilot, "#standings")
        assert "Rating" in standings
        assert "1010 → 1032 (+22)" in standings  # Ann
        assert "1200 → 1190 (-10)" in standings  # Bob
        assert "Placement: 3 of 5" in standings  # Cy
        replay = words(pilot, "#replay")
        assert "Replay code ABC-DEF" in replay and "\nssh -t HOST replay ABC-DEF" in replay
        # The offer is on: Play again is the key to press.
        assert "Play again? 60 s left to say yes" in words(pilot, "#rematch")
        assert not again_button(over).disabled and over.focused is again_button(over)
        assert footer_keys(over)["Play again"]
        assert [b.id for b in over.query(Button)] == ["again", "new", "quit"]
        assert "Lobby (n)" in str(over.query_one("#new", Button).label)


async def test_the_game_over_online_shows_the_winners_moment_and_the_rounds(
    server: RematchServer,
) -> None:
    async with in_lobby(server) as (_, pilot):
        over, _ = await game_over(pilot, server)
        celebration = over.query_one(Celebration)
        assert celebration.settled  # animations are off here
        assert "You win!" in celebration.render().plain
        assert "Lowest total: 0, 10 points fewer than Cy." in words(pilot, "#place")
        # The one round played: each one's points and total; of one round, no
        # best and worst to tell apart.
        rows = words(pilot, "#round-totals").splitlines()
        assert rows[1].split() == ["8", "1", "0", "0", "30", "30", "10", "10"]
        assert not over.query("#best-worst")


async def test_a_key_during_the_online_celebration_acts_at_once(
    server: RematchServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(celebration_module, "FRAMES", 10**6)  # it would run till the key
    app = app_for(server, Settings(pace="slow", animations=True))
    async with app.run_test(size=SIZE) as pilot:
        over, _ = await game_over(pilot, server)
        celebration = over.query_one(Celebration)
        await until(pilot, lambda: celebration.frame > 0)
        assert not celebration.settled
        await pilot.press("a")
        await until(pilot, lambda: server.heard(Rematch))
        assert server.heard(Rematch) == [Rematch(accept=True)]
        assert celebration.settled


async def test_the_offer_is_told_while_the_last_summary_is_read(server: RematchServer) -> None:
    async with in_lobby(server) as (app, pilot):
        screen, _ = await at_the_table(pilot, server, people())
        await play(pilot, screen, "4H")
        await until(pilot, lambda: showing(app, RoundSummary))
        told = "Play again? Say yes on the result screen within 60 s."
        await until(pilot, lambda: told in notices(app))
        assert showing(app, RoundSummary)  # the summary stays until Enter
        # Told once: the offer's later news (Bob says yes) adds no second word.
        server.rematch(1, True)
        await until(
            pilot, lambda: screen.online.remote.rematch and screen.online.remote.rematch.accepted
        )
        assert notices(app).count(told) == 1
        await opened(pilot, RemoteGameOver, "enter")
        assert "Play again?" in words(pilot, "#rematch")
        assert told not in notices(app)  # the game over says it now, counting down


async def test_the_replay_command_is_the_one_the_player_came_in_with(
    server: RematchServer,
) -> None:
    app = app_for(server, reached=Reached(ssh="-p 2222 192.0.2.7"))
    async with app.run_test(size=SIZE) as pilot:
        await game_over(pilot, server)
        assert "this command:\nssh -t -p 2222 192.0.2.7 replay ABC-DEF" in words(pilot, "#replay")


async def test_a_browser_player_is_told_the_replay_the_web_way(server: RematchServer) -> None:
    app = app_for(server, reached=Reached(Door.WEB, web="http://192.0.2.7:8080"))
    async with app.run_test(size=SIZE) as pilot:
        await game_over(pilot, server)
        said = words(pilot, "#replay")
        assert "from the lobby, or at this link:\nhttp://192.0.2.7:8080/r/ABC-DEF" in said
        assert "ssh" not in said


async def test_play_again_says_yes_and_shows_who_is_awaited(server: RematchServer) -> None:
    async with in_lobby(server) as (_, pilot):
        over, frozen = await game_over(pilot, server)
        await pilot.press("a")
        await until(pilot, lambda: server.heard(Rematch))
        assert server.heard(Rematch) == [Rematch(accept=True)]
        await until(pilot, lambda: "Waiting for Bob, Cy · 60 s" in words(pilot, "#rematch"))
        assert again_button(over).disabled and not footer_keys(over)["Play again"]
        # The countdown goes on here, once a second, from what the server said.
        frozen.now += 3
        await until(pilot, lambda: "Waiting for Bob, Cy · 57 s" in words(pilot, "#rematch"))
        # The others' answers as they come, each with the seconds left.
        server.seconds = 56.0
        server.rematch(1, True)
        await until(pilot, lambda: words(pilot, "#rematch").startswith("Bob is in · "))
        assert "Waiting for Cy · 56 s" in words(pilot, "#rematch")
        # A second yes is not sent: the key does nothing now.
        await pilot.press("a")
        await heard_up_to(pilot, server)
        assert server.heard(Rematch) == [Rematch(accept=True)]


async def test_everyone_in_opens_the_new_table(server: RematchServer) -> None:
    async with in_lobby(server) as (app, pilot):
        over, _ = await game_over(pilot, server)
        old = over.table
        await click(pilot, "#again")
        await until(pilot, lambda: "Waiting for Bob, Cy" in words(pilot, "#rematch"))
        server.rematch(1, True)
        server.rematch(2, True)  # the last yes: the server opens the new table
        await until(pilot, lambda: showing(app, RemoteTableScreen))
        screen = app.screen
        assert isinstance(screen, RemoteTableScreen)
        assert screen.online.remote.code == "ANN2" and screen.online.remote is not old
        await until(pilot, lambda: screen.view is not None and screen.view.current_player == 0)
        assert screen.view is not None and screen.view.totals == (0, 0, 0)
        assert len(screen.query_one(Hand).cards) == 5
        # Nothing of the old table is left: no game over, no old table beneath.
        assert not any(isinstance(s, RemoteGameOver | RoundSummary) for s in app.screen_stack)
        tables = [s for s in app.screen_stack if isinstance(s, RemoteTableScreen)]
        assert tables == [screen]
        # And the new game plays.
        await play(pilot, screen, "QH")
        await until(pilot, lambda: Card.parse("QH") not in screen.query_one(Hand).cards)


@pytest.mark.parametrize(
    ("outcome", "said"),
    [("declined", "Bob declined."), ("expired", "The rematch offer ran out.")],
)
async def test_a_declined_or_run_out_offer_disables_play_again(
    server: RematchServer, outcome: str, said: str
) -> None:
    async with in_lobby(server) as (_, pilot):
        over, _ = await game_over(pilot, server)
        if outcome == "declined":
            server.rematch(1, False)
        else:
            server.offer_rematch((), (0, 1, 2), "expired")
        await until(pilot, lambda: words(pilot, "#rematch") == said)
        assert again_button(over).disabled and not footer_keys(over)["Play again"]
        assert over.query_one("#rematch").has_class("-over")
        await pilot.press("a")
        await heard_up_to(pilot, server)
        assert server.heard(Rematch) == []
        # Leaving now declines nothing: no offer is on.
        await pilot.press("n")
        await until(pilot, lambda: server.heard(LeaveTable))
        assert server.heard(Rematch) == []


@pytest.mark.parametrize("key", ["n", "q"])
async def test_leaving_the_game_over_declines_first(server: RematchServer, key: str) -> None:
    async with in_lobby(server) as (app, pilot):
        over, _ = await game_over(pilot, server)
        await pilot.press("a")
        await until(pilot, lambda: server.heard(Rematch))
        await pilot.press(key)
        await until(pilot, lambda: len(server.heard(Rematch)) == 2)
        assert server.heard(Rematch) == [Rematch(accept=True), Rematch(accept=False)]
        if key == "n":
            # Back in the lobby, the table left after the no.
            await until(pilot, lambda: server.heard(LeaveTable))
            kinds = [type(m) for m in server.received]
            last_rematch = max(i for i, kind in enumerate(kinds) if kind is Rematch)
            assert kinds.index(LeaveTable) > last_rematch
            await connected(pilot)
            assert over not in app.screen_stack
        else:
            await until(pilot, lambda: not app.is_running)


async def test_a_refused_yes_says_why_and_offers_play_again_again(
    server: RematchServer,
) -> None:
    async with in_lobby(server) as (app, pilot):
        over, _ = await game_over(pilot, server)
        server.offer = None  # the server knows of no offer: it refuses the yes
        await pilot.press("a")
        said = refusal_text(RefusalCode.NO_REMATCH)
        await until(pilot, lambda: said in notices(app))
        await until(pilot, lambda: not again_button(over).disabled)
        assert "Play again?" in words(pilot, "#rematch")


async def test_a_spectator_sees_the_standings_and_the_code_but_no_play_again(
    server: RematchServer,
) -> None:
    # A bot at seat 0 plays the last card; Cy and Di are the people asked.
    seats = (
        ListedSeat("Max", "normal", connected=True, person=False),
        ListedSeat("Cy", connected=True, player="cy"),
        ListedSeat("Di", connected=True, player="di"),
    )
    info = TableInfo("CY11", "Cy's table", seats, SHORT, host="Cy", host_seat=1)
    server.rated = Rated(
        (RatingNews(1, "Cy", 1, 1100, 1105, 9), RatingNews(2, "Di", 2, 990, 985, 9))
    )
    app = app_for(server)
    async with app.run_test(size=SIZE) as pilot:
        await connected(pilot)
        server.seated(info, None)
        await until(pilot, lambda: showing(app, WaitingRoom))
        server.start()
        await until(pilot, lambda: showing(app, RoundSummary | RemoteGameOver))
        if isinstance(app.screen, RoundSummary):
            # Not Enter: should the summary close by itself first (nobody at this
            # terminal plays), Enter would press the game over's first button.
            await pilot.press("escape")
        await until(pilot, lambda: showing(app, RemoteGameOver))
        over = app.screen
        assert isinstance(over, RemoteGameOver)
        await until(pilot, lambda: over.table.replay and over.table.rematch is not None)
        assert over.table.rematch == RematchState((), (1, 2), 60.0)
        assert "Replay code ABC-DEF" in words(pilot, "#replay")
        assert "1100 → 1105 (+5)" in words(pilot, "#standings")
        assert not over.query("#again") and not over.query_one("#rematch").display
        assert "Play again" not in footer_keys(over)
        await pilot.press("a")
        await heard_up_to(pilot, server)
        assert server.heard(Rematch) == []


async def test_at_80_by_24_five_people_see_everything(server: RematchServer) -> None:
    server.rated = ratings(5)
    async with in_lobby(server, size=(80, 24)) as (_, pilot):
        over, _ = await game_over(pilot, server, people(5))
        await pilot.press("a")
        await until(pilot, lambda: "Waiting for Bob, Cy, Di, Ed" in words(pilot, "#rematch"))
        box = over.query_one("#game-over").content_region
        for selector in ("#standings", "#replay", "#rematch", "#again", "#new", "#quit"):
            region = over.query_one(selector).region
            assert box.contains_region(region), selector
        assert "Placement: 3 of 5" in words(pilot, "#standings")


def test_each_person_is_placed_by_their_own_count() -> None:
    # Cy logs in without a key: more games before his rating shows than the game's own count.
    cy = RatingNews(2, "Cy", 3, None, None, 3, placement=20)
    assert rating_words(cy, 5) == "Placement: 3 of 20"
    di = RatingNews(3, "Di", 4, None, None, 3)  # no count of her own: the game's
    assert rating_words(di, 5) == "Placement: 3 of 5"
    # Never fewer than the games played (a count changed meanwhile).
    assert rating_words(dataclasses.replace(cy, games=22, placement=20), 5) == "Placement: 22 of 22"


def test_the_words_have_no_symbols_under_the_ascii_setting() -> None:
    news = RatingNews(0, "Ann", 1, 1010, 1032, 12)
    assert rating_words(news, 5) == "1010 → 1032 (+22)"
    assert rating_words(news, 5, ascii=True) == "1010 -> 1032 (+22)"
    assert rating_words(RatingNews(0, "Ann", 1, None, 1032, 5), 5) == "1032 (placement done)"

    table = RemoteTable(Wire(), people(), 0)
    table.now = Frozen()
    table.rematch_changed(RematchState((1,), (0, 2), 42.0))
    assert rematch_words(table, accepted=True) == "Bob is in · Waiting for Cy · 42 s"
    assert rematch_words(table, accepted=True, ascii=True) == "Bob is in - Waiting for Cy - 42 s"


# --- The turn clock ---------------------------------------------------------------------------


def clock_line(screen: RemoteTableScreen) -> TurnClockLine:
    return screen.query_one("#turn-clock", TurnClockLine)


def clock_words(line: TurnClockLine) -> str:
    return str(line.render()).strip()


async def test_the_turn_clock_counts_down_and_stops_with_the_move(
    server: RematchServer,
) -> None:
    server.make_game = mid_round
    async with in_lobby(server) as (_, pilot):
        screen, frozen = await at_the_table(pilot, server, people())
        line = clock_line(screen)
        assert not line.display  # no clock yet
        server.send(TurnClock(0, 30.0))
        await until(pilot, lambda: line.display and clock_words(line) == "Your move: 30 s")
        assert line.mine and not line.hurry
        frozen.now += 5
        await until(pilot, lambda: clock_words(line) == "Your move: 25 s")
        # Ann's move arrives: her clock stops; the line keeps its place, empty.
        await play(pilot, screen, "QH")
        await until(pilot, lambda: clock_words(line) == "")
        assert line.display
        assert screen.online.remote.clock is None
        # Bob's turn, timed: his name, and the last seconds stand out.
        server.send(TurnClock(1, 12.0))
        await until(pilot, lambda: clock_words(line) == "Bob to move: 12 s")
        assert not line.hurry and not line.mine
        frozen.now += 3
        await until(pilot, lambda: line.hurry)
        assert clock_words(line) == "Bob to move: 9 s"


async def test_a_turn_that_ran_out_says_a_bot_moved(server: RematchServer) -> None:
    server.make_game = mid_round
    async with in_lobby(server) as (app, pilot):
        screen, _ = await at_the_table(pilot, server, people())
        line = clock_line(screen)
        server.send(TurnClock(0, 20.0))
        await until(pilot, lambda: line.display)
        # Time is up: the server says so, and a bot makes Ann's move for her.
        server.send(TurnClock(0, 0.0, ran_out=True))
        assert server.game is not None
        server.game.handle(Play(0, Card.parse("QH")))
        server.play_bots()
        said = "Time ran out: a bot made that move for you."
        await until(pilot, lambda: said in notices(app))
        await until(pilot, lambda: Card.parse("QH") not in screen.query_one(Hand).cards)
        assert clock_words(line) == ""
        assert screen.seat == 0  # the seat is still hers


def test_a_dozing_seat_is_woken_by_one_back_at_a_time() -> None:
    line = Wire()
    table = RemoteTable(line, people(), 0)
    frozen = Frozen()
    table.now = frozen
    assert not table.wake()  # awake: nothing to send
    table.seat_changed(SeatChanged(1, True, "normal", dozing=True))
    assert table.dozing == {1} and not table.dozes and not table.wake()
    table.seat_changed(SeatChanged(0, True, "normal", dozing=True))
    assert table.dozing == {0, 1} and table.dozes
    assert table.wake() and not table.wake() and line.sent == [Back()]
    # No answer for a while: the next key asks again.
    frozen.now += BACK_PATIENCE
    assert table.wake() and line.sent == [Back(), Back()]
    table.seat_changed(SeatChanged(0, True, None, dozing=False))
    assert table.dozing == {1} and not table.dozes and not table.wake()
    assert table.seats[0].bot is None
    # Dozing again: a new key, a new Back, at once.
    table.seat_changed(SeatChanged(0, True, "normal", dozing=True))
    assert table.wake() and len(line.sent) == 3


def dozing_words(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#dozing-words").render())


@pytest.mark.parametrize("size", [(80, 24), SIZE], ids=["80x24", "100x32"])
async def test_a_dozing_seat_says_so_and_one_key_asks_for_it_back(
    server: RematchServer, size: tuple[int, int]
) -> None:
    server.make_game = mid_round
    async with in_lobby(server, size=size) as (app, pilot):
        screen, _ = await at_the_table(pilot, server, people())
        cards = screen.query_one(Hand).cards
        # Ann's clock ran out twice in a row: a bot plays her seat.
        server.send(SeatChanged(0, True, "normal", dozing=True))
        await until(pilot, lambda: showing(app, DozingNote))
        note = app.screen
        assert "Press any key to play again." in dozing_words(pilot)
        box = note.query_one("#dozing").region
        assert note.region.contains_region(box) and box.height >= 5
        # A card's key: it asks for the seat back, and plays nothing.
        await pilot.press("1")
        await until(pilot, lambda: server.heard(Back))
        await until(pilot, lambda: dozing_words(pilot) == "Taking your seat back…")
        # More keys while the server answers: nothing more is sent.
        await pilot.press("2", "d", "q", "escape")
        await heard_up_to(pilot, server)
        assert server.heard(Back) == [Back()]
        assert server.heard(SendCommand) == [] and server.heard(LeaveTable) == []
        assert app.screen is note and screen.query_one(Hand).cards == cards
        # The seat is hers again: the note goes, and her keys play.
        server.send(SeatChanged(0, True, None, dozing=False))
        await until(pilot, lambda: app.screen is screen)
        assert not screen.online.remote.dozes and screen.online.remote.seats[0].bot is None
        await play(pilot, screen, "QH")
        await until(pilot, lambda: server.heard(SendCommand))


async def test_a_click_wakes_a_seat_that_dozes_again(server: RematchServer) -> None:
    server.make_game = mid_round
    async with in_lobby(server) as (app, pilot):
        screen, _ = await at_the_table(pilot, server, people())
        for times in (1, 2):
            server.send(SeatChanged(0, True, "normal", dozing=True))
            await until(pilot, lambda: showing(app, DozingNote))
            await click(pilot, "#dozing")
            await until(pilot, lambda: len(server.heard(Back)) == times)  # noqa: B023
            server.send(SeatChanged(0, True, None, dozing=False))
            await until(pilot, lambda: app.screen is screen)
        assert server.heard(SendCommand) == []


async def test_another_seat_that_dozes_is_told_and_needs_no_key(server: RematchServer) -> None:
    server.make_game = mid_round
    async with in_lobby(server) as (app, pilot):
        screen, _ = await at_the_table(pilot, server, people())
        server.send(SeatChanged(1, True, "normal", dozing=True))
        said = "Bob does not answer: a bot plays for them for now."
        await until(pilot, lambda: said in log_lines(screen))  # where the table reads it
        assert screen.online.remote.dozing == {1} and not screen.online.remote.dozes
        assert app.screen is screen
        server.send(SeatChanged(1, True, None, dozing=False))
        await until(pilot, lambda: log_lines(screen)[-1] == "Bob is back.")
        await play(pilot, screen, "QH")
        await until(pilot, lambda: server.heard(SendCommand))
        assert server.heard(Back) == []


# --- The picture ---------------------------------------------------------------------------


async def test_the_game_over_with_the_rematch_looks_as_stored(server: RematchServer) -> None:
    saved = i18n._translation
    i18n._translation = gettext.NullTranslations()
    try:
        app = app_for(server, SETTINGS)
        async with app.run_test(size=SIZE) as pilot:
            await game_over(pilot, server)
            await pilot.press("a")
            server.rematch(1, True)
            await until(pilot, lambda: "Waiting for Cy" in words(pilot, "#rematch"))
            svg = await stable_screenshot(app, pilot)  # type: ignore[arg-type]
    finally:
        i18n._translation = saved
    outcome = check_snapshot("online_game_over_rematch", svg)
    if outcome.written:
        pytest.skip(f"{outcome.reason} snapshot written to {outcome.path.name}: look, then commit")


async def test_a_second_enter_after_play_again_does_not_leave_the_table(
    server: RematchServer,
) -> None:
    async with in_lobby(server) as (app, pilot):
        over, _ = await game_over(pilot, server)
        await until(pilot, lambda: not again_button(over).disabled)
        await pilot.press("enter")
        await until(pilot, lambda: server.heard(Rematch))
        await pilot.press("enter")
        await heard_up_to(pilot, server)
        assert server.heard(LeaveTable) == [] and len(server.heard(Rematch)) == 1
        assert app.screen is over
