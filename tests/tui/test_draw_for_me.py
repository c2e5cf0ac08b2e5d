"""The "Draw for me" option: when drawing is all the player can do, the table draws
for them after a beat, and says so; never when anything else could be done."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.widgets import Checkbox

from craits_core import CallIdiot, Card, Draw, Game, Play, RuleSet
from craits_tui.online.client.app import RemoteApp
from craits_tui.online.protocol import SendCommand
from craits_tui.screens.handover import HandoverScreen
from craits_tui.screens.options import OptionsScreen
from craits_tui.screens.table import TableScreen
from craits_tui.settings import Settings
from craits_tui.widgets.status import StatusLine

from ..decks import stacked_game
from .conftest import at_table, click, make_app, seat_up, showing, until
from .test_remote import TOKEN, FakeServer, connected, create_and_start
from .test_remote import until as until_heard
from .test_table import ann_to_play

DRAWN = "No card to play: a card drawn for you."

# The bots are held at every table here: what follows the draw is the test's to say.


def nothing_to_play(names: list[str] | None = None, rules: RuleSet | None = None) -> Game:
    """Ann to move on the J♥ with clubs alone: drawing is all she can do."""
    return stacked_game(
        ["3C 4C 5C 6C 9C", "7H KS 8C 2D QH"],
        "JH",
        dealer=1,
        names=names or ["Ann", "Bob"],
        rules=rules,
    )


def notice(screen: TableScreen) -> str:
    return screen.query_one(StatusLine).notice


async def test_off_by_default() -> None:
    assert not Settings().auto_draw
    assert not Settings.from_dict({}).auto_draw


async def test_with_nothing_to_play_a_card_is_drawn_for_the_player(tmp_path: Path) -> None:
    game = nothing_to_play()
    async with at_table(tmp_path, game, held=True, auto_draw=True) as (_, pilot, screen):
        await until(pilot, lambda: len(game.state.hands[0]) == 6, "a card drawn for Ann")
        assert game.state.current_player == 1  # her turn is over
        await until(pilot, lambda: notice(screen) == DRAWN, "the notice")


async def test_the_cranks_draw_is_made_too(tmp_path: Path) -> None:
    # Bob's 2♥ starts a crank: Ann holds no ace and no 2.
    game = stacked_game(["3C 4C 5C 6C 9C", "2H KS 8C 2D QH"], "JH", dealer=0, names=["Ann", "Bob"])
    game.handle(Play(1, Card.parse("2H")))
    async with at_table(tmp_path, game, held=True, auto_draw=True) as (_, pilot, screen):
        await until(pilot, lambda: len(game.state.hands[0]) == 7, "two cards drawn for Ann")
        await until(
            pilot,
            lambda: notice(screen) == "No ace or 2 for the crank: 2 cards drawn for you.",
            "the notice",
        )


async def test_nothing_is_drawn_while_a_card_can_be_played(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, held=True, auto_draw=True) as (_, pilot, screen):
        await pilot.pause()
        assert screen.auto_draw.timer is None  # no draw on its way
        await pilot.press("d")  # refused, with the rule's reason: she can play
        await until(pilot, lambda: notice(screen) != "", "the refusal")
        assert len(game.state.hands[0]) == 5 and screen.auto_draw.timer is None


async def test_nothing_is_drawn_while_an_idiot_can_be_called(tmp_path: Path) -> None:
    # Bob plays down to one card and says nothing: Ann may call him, and
    # drawing would close that chance.
    game = stacked_game(["3C 4C", "QH KS"], "JH", dealer=0, names=["Ann", "Bob"])
    game.handle(Play(1, Card.parse("QH")))
    async with at_table(tmp_path, game, held=True, auto_draw=True) as (_, pilot, screen):
        await pilot.pause()
        assert set(game.legal_moves(0)) == {Draw(0), CallIdiot(0, 1)}
        assert screen.auto_draw.timer is None and len(game.state.hands[0]) == 2
        await pilot.press("i")
        await until(pilot, lambda: len(game.state.hands[1]) == 3, "Bob's two for the call")
        # Then drawing is all that is left, and it is made for her.
        await until(pilot, lambda: len(game.state.hands[0]) == 3, "a card drawn for Ann")
        await until(pilot, lambda: notice(screen) == DRAWN, "the notice")


async def test_turned_on_in_the_options_it_draws_once_they_close(tmp_path: Path) -> None:
    game = nothing_to_play()
    async with at_table(tmp_path, game, held=True) as (app, pilot, screen):
        await pilot.pause()
        assert screen.auto_draw.timer is None  # off: Ann draws herself
        await pilot.press("o")
        await until(pilot, lambda: showing(app, OptionsScreen), "the options")
        box = app.screen.query_one("#option-auto_draw", Checkbox)
        assert not box.value
        await click(pilot, box)
        await until(pilot, lambda: box.value, "the option on")
        await pilot.press("escape")
        await until(pilot, lambda: len(game.state.hands[0]) == 6, "a card drawn for Ann")


async def test_a_draw_taken_back_is_not_made_again(tmp_path: Path) -> None:
    game = nothing_to_play()
    async with at_table(tmp_path, game, held=True, auto_draw=True) as (_, pilot, screen):
        await until(pilot, lambda: len(game.state.hands[0]) == 6, "a card drawn for Ann")
        await pilot.press("u")
        await until(pilot, lambda: len(screen.table.game.state.hands[0]) == 5, "taken back")
        await pilot.pause()
        # Back where drawing was all she could do: hers to do, or to go back further.
        assert screen.auto_draw.timer is None
        assert len(screen.table.game.state.hands[0]) == 5


async def test_at_a_shared_terminal_the_draw_waits_for_the_person_to_be_ready(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, auto_draw=True)
    async with app.run_test(size=(100, 32)) as pilot:
        game = nothing_to_play()
        screen = seat_up(app, game, [None, None])  # Ann and Bob, both people
        await until(pilot, lambda: showing(app, HandoverScreen), "the terminal passed to Ann")
        await pilot.pause()
        assert len(game.state.hands[0]) == 5  # nothing made while her hand is hidden
        await pilot.press("enter")
        await until(pilot, lambda: len(game.state.hands[0]) == 6, "a card drawn for Ann")
        # Then the terminal goes to Bob, who has cards to play.
        await until(pilot, lambda: showing(app, HandoverScreen), "the terminal passed to Bob")
        assert screen.seat == 0


# --- Online: the client sends the draw ------------------------------------------------------


@pytest.fixture
async def server(socket_path: str) -> AsyncIterator[FakeServer]:
    async with FakeServer(socket_path, nothing_to_play) as fake:
        yield fake


async def test_online_the_draw_is_sent_for_the_player(server: FakeServer) -> None:
    app = RemoteApp(server.path, Settings(animations=False, auto_draw=True), token=TOKEN)
    app.bye_pause = 0.1
    async with app.run_test(size=(100, 32)) as pilot:
        await connected(pilot)
        screen = await create_and_start(pilot, server)
        await until_heard(pilot, lambda: server.heard(SendCommand))
        (sent,) = server.heard(SendCommand)
        assert sent.command == Draw(0)
        await until_heard(pilot, lambda: notice(screen) == DRAWN)
