"""A move at the table is a repaint: it changes no widget's CSS classes or
pseudo-classes (which would restyle the table) and no widget's size or place
(which would lay it out again), with motion or without, locally and online."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.app import App
from textual.dom import DOMNode
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from craits_core import CallIdiot, Card, Draw, Play
from craits_tui.online.protocol import TurnClock
from craits_tui.screens.table import TableScreen
from craits_tui.widgets.discard import DiscardPile
from craits_tui.widgets.hand import Hand
from craits_tui.widgets.last_card import LastCardButton
from craits_tui.widgets.motion import Motion
from craits_tui.widgets.status import StatusLine

from ..decks import stacked_game
from .conftest import bots_at_rest, hold_bots, make_app, seat_up, until
from .test_rematch import RematchServer, at_the_table, clock_line, clock_words, mid_round, people
from .test_remote import in_lobby

HANDS = [
    "4C 5C 6C 7C 10C",
    "KH QS JS 3S 6S",
    "4D 5D 6D 7D 10D",
    "4S 5S 7S 10S JC",
]
"""Bob (seat 1) plays first, a plain king, and Cy, a bot too, is next."""

Look = tuple[frozenset[str], frozenset[str]]


class Still:
    """Watches a screen for what a move must not do to it: change a widget's
    classes or pseudo-classes, restyle anything (`App.update_styles`), or lay the
    screen out again."""

    def __init__(self, screen: Screen[object], monkeypatch: pytest.MonkeyPatch) -> None:
        self.screen = screen
        self.restyled: list[DOMNode] = []
        self.laid_out: list[object] = []
        update_styles = App.update_styles

        def restyle(app: App[object], node: DOMNode, animate: bool = True) -> None:
            self.restyled.append(node)
            update_styles(app, node, animate)

        monkeypatch.setattr(App, "update_styles", restyle)
        screen.screen_layout_refresh_signal.subscribe(screen, self.laid_out.append)
        self.looks = self._looks()

    def _looks(self) -> dict[Widget, Look]:
        return {
            widget: (frozenset(widget.classes), widget.pseudo_classes)
            for widget in [self.screen, *self.screen.query("*")]
        }

    def check(self, after: str) -> None:
        """Nothing changed, restyled or laid out since the watch began."""
        now = self._looks()
        assert now.keys() == self.looks.keys(), f"after {after}: widgets came or went"
        changed = {
            repr(widget): sorted((old[0] ^ new[0]) | (old[1] ^ new[1]))
            for widget, old in self.looks.items()
            if (new := now[widget]) != old
        }
        assert changed == {}, f"after {after}: classes changed"
        assert self.restyled == [], f"after {after}: restyled"
        assert self.laid_out == [], f"after {after}: laid out"


@pytest.mark.parametrize("motion", [False, True], ids=["still", "moving"])
async def test_a_bots_play_restyles_and_lays_out_nothing(
    motion: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, animations=motion)
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(HANDS, "3H", dealer=0)
        screen = seat_up(app, game, [None, "normal", "normal", "normal"])
        hold_bots(screen)
        await until(pilot, lambda: bots_at_rest(screen), "the table shown")
        await pilot.pause()
        still = Still(screen, monkeypatch)
        flew: list[bool] = []

        game.handle(Play(1, Card.parse("KH")))  # as a bot plays it
        discard = screen.query_one(DiscardPile)
        layer = screen.query_one(Motion)

        def played() -> bool:
            flew.append(layer.busy)
            return discard.top == Card.parse("KH") and not layer.busy

        await until(pilot, played, "the king played")
        await pilot.pause()
        assert any(flew) is motion  # the card flew across the table, or not
        still.check("a bot's play")


async def number_key(pilot: Pilot[object], screen: Screen[object], code: str) -> None:
    """Play ``code`` from the hand by its number key."""
    await pilot.press(str(screen.query_one(Hand).cards.index(Card.parse(code)) + 1))


async def settled(pilot: Pilot[object], screen: TableScreen) -> None:
    """Every event shown and drawn."""
    await until(pilot, lambda: bots_at_rest(screen), "the table caught up")
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("motion", [False, True], ids=["still", "moving"])
async def test_a_persons_turns_and_a_refusal_restyle_and_lay_out_nothing(
    motion: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's turn ends and comes back, a refused key says why on the status line,
    "Last card!" comes and goes, an idiot is called: all drawn, none styled."""
    app = make_app(tmp_path, animations=motion)
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(["QH KH 3S", "3H AC 3C", "3D KS QD"], "JH", dealer=2)
        screen = seat_up(app, game, [None, "normal", "normal"])
        hold_bots(screen)
        await settled(pilot, screen)
        status = screen.query_one(StatusLine)
        button = screen.query_one(LastCardButton)
        assert status.urgent and not button.allowed  # Ann's turn, three cards
        still = Still(screen, monkeypatch)

        await pilot.press("d")  # refused: she has a card to play
        await until(pilot, lambda: status.notice, "the refusal's notice")
        await pilot.pause()
        still.check("a refusal")
        await number_key(pilot, screen, "QH")
        await until(pilot, lambda: game.state.current_player == 1, "Bob's turn")
        await settled(pilot, screen)
        assert not status.urgent and not status.notice
        still.check("her turn's end")
        game.handle(Play(1, Card.parse("3H")))  # as the bots play
        game.handle(Play(2, Card.parse("3D")))
        await settled(pilot, screen)
        assert status.urgent and button.allowed  # two cards: the call can be armed
        still.check("her turn's start")
        await number_key(pilot, screen, "3S")
        await until(pilot, lambda: game.state.current_player == 1, "Bob's turn")
        await settled(pilot, screen)
        assert button.allowed  # she may still say it
        still.check("her last card unsaid")
        game.handle(CallIdiot(1, 0))  # too late: she draws two, and loses her next turn
        await settled(pilot, screen)
        assert not button.allowed
        still.check("an idiot called")
        game.handle(Play(1, Card.parse("3C")))
        game.handle(Draw(2))
        await settled(pilot, screen)
        assert not status.urgent
        still.check("a play and a draw")


@pytest.fixture
async def server(socket_path: str) -> AsyncIterator[RematchServer]:
    async with RematchServer(socket_path) as fake:
        yield fake


async def test_an_ordinary_online_move_restyles_and_lays_out_nothing(
    server: RematchServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Online, with a turn clock starting, hurrying and stopping, and a move the
    rules refuse."""
    server.make_game = mid_round
    async with in_lobby(server) as (_, pilot):
        screen, frozen = await at_the_table(pilot, server, people())
        line = clock_line(screen)
        status = screen.query_one(StatusLine)

        server.send(TurnClock(0, 30.0))
        await until(pilot, lambda: clock_words(line) == "Your move: 30 s", "Ann's clock")
        await pilot.pause()
        still = Still(screen, monkeypatch)
        await number_key(pilot, screen, "KS")  # the rules refuse it, here
        await until(pilot, lambda: status.notice, "the refusal's notice")
        await pilot.pause()
        still.check("a refusal")
        frozen.now += 21
        await until(pilot, lambda: clock_words(line) == "Your move: 9 s", "her last seconds")
        await pilot.pause()
        still.check("her clock in its last seconds")
        # Ann's move stops her clock; Bob's and Cy's start and stop theirs.
        await number_key(pilot, screen, "QH")
        for seat in (1, 2):
            await until(pilot, lambda: clock_words(line) == "", "the clock stopped")
            server.send(TurnClock(seat, 30.0))
            await until(
                pilot, lambda: clock_words(line).endswith("to move: 30 s"), "the next clock"
            )
            assert server.game is not None
            server.game.handle(server.game.legal_moves(seat)[0])
            server.play_bots()
        await until(pilot, lambda: screen.control.my_turn(), "Ann's turn again")
        await pilot.pause()
        await pilot.pause()
        assert status.urgent
        still.check("a round of moves")
