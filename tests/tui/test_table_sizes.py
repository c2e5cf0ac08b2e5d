"""Every size filled, nothing cut: the table from the smallest window the game allows
to a big monitor's, in every language it speaks.

The rule for words that have no room (the widgets follow it; `check_fit` holds
them to it): nothing the game says is cut short with "…". A line too long for
its box wraps onto the box's next lines; where the box has no line to spare, a
shorter form says the same (the arrow alone for the direction of play, "an A or
a 2," for the crank's rule, a seat's points without "normal bot"), or, for the
last plays, the heading or the "no plays yet" go whole rather than in part. Only
what players choose, their names, may be cut with "…", where a box is narrower
than the name: the tables here seat short names, so no line at all is cut.

The tables: a person against bots, bots watched, five at the table, seats with
their marks (a last card said, a player out while a crank goes on), a lesson and
a game online.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region, Size
from textual.pilot import Pilot

from craits_core import Draw, Game
from craits_tui import i18n
from craits_tui.online.client.reached import Reached
from craits_tui.online.client.screens.waiting import WaitingRoom
from craits_tui.online.protocol import Door
from craits_tui.screens.table import TableScreen
from craits_tui.widgets.discard import DiscardPile
from craits_tui.widgets.hand import Hand
from craits_tui.widgets.seats import SeatBadge, Seating
from craits_tui.widgets.stock import DrawPile

from ..decks import stacked_game
from .conftest import hold_bots, make_app, seat_up, until
from .snapshots import five_game, mid_round_game, play, screen_lines
from .test_rematch import RematchServer, app_for, at_the_table, people
from .test_remote import connected, remote_app

SIZES = [(80, 24), (100, 32), (140, 45), (160, 48), (200, 60)]
"""The smallest window the game allows, a common one, and three big ones (the
biggest but one roomy for three players only): smallest first."""

LANGUAGES = ["en", "it", "tl", "eo"]


def marks_game() -> Game:
    """Round 14 (two cards) for four: Bob went out with a 2 and the crank goes on
    to Cy; Di said "last card", and so did Ann."""
    game = stacked_game(["QH 5D", "KH 2C", "5S 6D", "KC 6S"], "JH", dealer=3)
    play(game, 0, "QH", announce=True)
    play(game, 1, "KH", announce=True)
    game.handle(Draw(2))
    play(game, 3, "KC", announce=True)
    game.handle(Draw(0))
    play(game, 1, "2C")
    return game


BOTS = ("normal",) * 4

TABLES = {
    # Four bots watched, the table of the report: a crank from the first card.
    "watched": (lambda: Game.new(["Ada", "Bob", "Cy", "Di"], seed="w1"), BOTS),
    # A person and two bots, no crank: the hand of one's own below.
    "person": (lambda: Game.new(["Ann", "Bob", "Cy"], seed=3), (None, *BOTS[:2])),
    # Five at the table, a mark on every other seat.
    "five": (five_game, (None, *BOTS)),
    # The longest marks: out while a crank goes on, a last card said.
    "marks": (marks_game, (None, *BOTS[:3])),
}


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The language a test speaks is not left to the tests after it."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    yield


def apart(one: Region, other: Region) -> bool:
    """Whether at least a cell lies between ``one`` and ``other``, every way."""
    return not one.grow((1, 1, 1, 1)).overlaps(other)


def boxes(screen: TableScreen) -> dict[str, Region]:
    """The boxes on the felt that must not touch: the seats, the piles and the
    gauges beside them (the crank's box, the direction, the last plays)."""
    found = {f"seat {b.info.name if b.info else '?'}": b.region for b in screen.query(SeatBadge)}
    found["stock"] = screen.query_one(DrawPile).region
    found["discard"] = screen.query_one(DiscardPile).region
    found["gauges"] = screen.query_one("#gauges").region
    return found


def check_fit(screen: TableScreen, where: str) -> None:
    """No line of the table cut with "…"; a cell at least between its boxes, and
    between them and the felt's edge where it has one, or the side column."""
    lines = screen_lines(screen.app.export_screenshot())[:-1]  # the footer: Textual's
    cut = [line for line in lines if "…" in line]
    assert not cut, f"lines cut short {where}:\n" + "\n".join(cut)
    found = boxes(screen)
    names = list(found)
    for i, one in enumerate(names):
        assert found[one].area, f"{one} has no room {where}"
        for other in names[i + 1 :]:
            assert apart(found[one], found[other]), f"{one} touches {other} {where}"
    seating = screen.query_one(Seating)
    side = screen.query_one("#side").region
    edged = seating.styles.border_top[0] not in ("", "none", "hidden")
    # Inside the felt, a cell off its border, where it has one.
    felt = seating.region.shrink((2, 2, 2, 2)) if edged else seating.region
    for name, box in found.items():
        assert felt.contains_region(box), f"{name} is on the felt's edge {where}"
        assert box.right < side.x, f"{name} touches the side column {where}"


def sizes_shown(screen: TableScreen) -> dict[str, tuple[int, int]]:
    """The sizes that grow with the window: the hand's cards, the piles' cards, the
    seats' fans (their height: their width is the seat's, less its words) and the
    side column."""
    hand = screen.query_one(Hand)
    stock = screen.query_one(DrawPile)
    fans = {b.fan_region().height for b in screen.query(SeatBadge)}
    assert len(fans) == 1, f"the seats' fans differ: {fans}"
    return {
        "hand": hand.card_size,
        "piles": stock.card_region.size,
        "fans": (fans.pop(), 0),
        "side": (screen.query_one("#side").region.width, 0),
    }


def grown(smaller: tuple[int, int], bigger: tuple[int, int]) -> bool:
    return bigger[0] >= smaller[0] and bigger[1] >= smaller[1]


async def check_sizes(pilot: Pilot[Any], screen: TableScreen, language: str) -> None:
    """Lay ``screen`` out at each of `SIZES`, checking each (`check_fit`) and that
    the sizes that grow with the window grow together: none shrinks from a size to
    the next, and each is bigger on the biggest window than on the smallest."""
    shown: list[dict[str, tuple[int, int]]] = []
    for width, height in SIZES:
        where = f"at {width}x{height} in {language!r}"
        await pilot.resize_terminal(width, height)
        wanted = Size(width, height)
        await until(pilot, lambda wanted=wanted: screen.size == wanted, "the resize")
        await pilot.pause()
        check_fit(screen, where)
        shown.append(sizes_shown(screen))
    for smaller, bigger, (width, height) in zip(shown[:-1], shown[1:], SIZES[1:], strict=True):
        for what, size in bigger.items():
            assert grown(smaller[what], size), f"{what} shrank at {width}x{height}"
    for what, size in shown[-1].items():
        assert size > shown[0][what], f"{what} did not grow: {size}"


@pytest.mark.parametrize("kind", list(TABLES))
@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_size_is_filled_and_nothing_cut(
    language: str, kind: str, tmp_path: Path
) -> None:
    make_game, bots = TABLES[kind]
    i18n.use_language(language)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = seat_up(app, make_game(), bots)
        hold_bots(screen)
        await pilot.pause()
        await check_sizes(pilot, screen, language)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_lesson_fills_every_size_and_cuts_nothing(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOGNAME", "ann")  # the pupil is named after the login
    i18n.use_language(language)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZES[0]) as pilot:
        app.open_lesson("match")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the lesson")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.pause()
        await check_sizes(pilot, screen, language)


@pytest.fixture
async def server(socket_path: str) -> AsyncIterator[RematchServer]:
    async with RematchServer(socket_path) as fake:
        fake.make_game = lambda names, rules: mid_round_game()
        yield fake


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_game_online_fills_every_size_and_cuts_nothing(
    language: str, server: RematchServer
) -> None:
    i18n.use_language(language)
    app = remote_app(server.path)
    async with app.run_test(size=SIZES[0]) as pilot:
        await connected(pilot)
        screen, _clock = await at_the_table(pilot, server, people())
        await pilot.pause()
        await check_sizes(pilot, screen, language)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_waiting_rooms_link_is_read_whole_at_the_smallest_size(
    language: str, server: RematchServer
) -> None:
    """A five-seat table's waiting room, for a player whose server serves the web:
    its link on the screen in full, the seats and the buttons still there."""
    i18n.use_language(language)
    link = "http://203.0.113.250:65535/t/ANN1"
    app = app_for(server, reached=Reached(Door.SSH, "-p 2222 x", "http://203.0.113.250:65535"))
    async with app.run_test(size=SIZES[0]) as pilot:
        await connected(pilot)
        server.seated(people(5), 0)
        await until(pilot, lambda: isinstance(app.screen, WaitingRoom), "the waiting room")
        await pilot.pause()
        text = "\n".join(screen_lines(app.export_screenshot()))
        assert link in text.replace("\n  ", ""), text
        room = app.screen
        for widget in (room.query_one("#room-seat-4"), room.query_one("#room-leave")):
            assert widget.region.bottom <= SIZES[0][1] - 1, text  # above the footer
