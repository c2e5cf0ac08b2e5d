"""A replay's views: every hand face up, or the game as one seat saw it; the code it
is shared by in its title; a replay that is the whole app."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from craits_core import Game, RuleSet, State, replay
from craits_core.events import CardsDrawn, RoundEnded
from craits_tui.app import CraitsApp
from craits_tui.faces import CardLook
from craits_tui.screens.replay import EventLog, ReplayScreen
from craits_tui.screens.replay.hands import HandsPanel
from craits_tui.settings import Settings
from craits_tui.widgets.footer import Footer
from craits_tui.widgets.title import TitleBar

from .conftest import click, make_app, until
from .test_menus import SIZE, play_on, text_of

PLAYERS = ("Ann", "Bob", "Cy")
LOOK = CardLook()


def played_game() -> Game:
    """Three players' short game from its sixth round (three cards each), played out."""
    game = Game.new(list(PLAYERS), seed=4, rules=RuleSet(short_game=True), first_round=6)
    play_on(game, 2000)
    assert game.state.is_over
    return game


async def open_replay(app: CraitsApp, pilot: Pilot[Any], game: Game, **kwargs: Any) -> ReplayScreen:
    screen = ReplayScreen(game, Settings(ascii=kwargs.pop("ascii", False)), **kwargs)
    await app.push_screen(screen)
    await until(pilot, lambda: app.screen is screen and screen.is_mounted, "the replay")
    return screen


@asynccontextmanager
async def replaying(
    tmp_path: Path, game: Game, size: tuple[int, int] = SIZE, **kwargs: Any
) -> AsyncIterator[tuple[Pilot[Any], ReplayScreen]]:
    """An app of ``size`` showing the replay of ``game`` (``kwargs``: the replay's
    options, and ``ascii``): its pilot, and the replay."""
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        yield pilot, await open_replay(app, pilot, game, **kwargs)


async def go_to(pilot: Pilot[Any], screen: ReplayScreen, index: int) -> None:
    """Step (with the keys) to the event at ``index``."""
    while screen.position != index:
        await pilot.press("right" if screen.position < index else "left")
    await pilot.pause()


def title(screen: ReplayScreen) -> str:
    """The title whole (a narrow window leaves its first part out)."""
    return " · ".join(screen.query_one("#replay-title", TitleBar).parts)


def title_shown(screen: ReplayScreen) -> str:
    """The title as drawn."""
    return str(screen.query_one("#replay-title", TitleBar).render())


def hands(screen: ReplayScreen) -> str:
    return text_of(screen.query_one(HandsPanel).render())


def log(screen: ReplayScreen) -> str:
    """The log's words, its lines joined: where a line wraps is the side column's."""
    return " ".join(text_of(screen.query_one(EventLog).render()).split())


def on_screen(screen: ReplayScreen) -> str:
    """Every card face the replay can show: the hands and the log."""
    return hands(screen) + log(screen)


def first_draw_by(game: Game, seat: int) -> int:
    """The index of the first event in which ``seat`` drew cards."""
    return next(
        i
        for i, e in enumerate(game.events)
        if isinstance(e, CardsDrawn) and e.player == seat and e.cards
    )


def drawn_faces(game: Game, index: int) -> list[str]:
    """The faces of the cards drawn at event ``index``."""
    event = game.events[index]
    assert isinstance(event, CardsDrawn) and event.cards is not None
    return [LOOK.plain(card) for card in event.cards]


def state_at(screen: ReplayScreen, index: int) -> State:
    """The engine's own state after event ``index`` of the replay."""
    return replay(screen.events[: index + 1])


# --- All hands, the default -----------------------------------------------------------


async def test_the_default_view_is_every_hand_face_up(tmp_path: Path) -> None:
    game = played_game()
    async with replaying(tmp_path, game) as (pilot, screen):
        assert screen.viewer is None
        assert title(screen).startswith("Replay: Ann, Bob, Cy")
        assert "· all hands" in title(screen)
        drawn = first_draw_by(game, 2)
        await go_to(pilot, screen, drawn)
        state = state_at(screen, drawn)
        for seat in range(len(PLAYERS)):
            for card in state.hands[seat]:
                assert LOOK.plain(card) in hands(screen)
        # The log says which cards another player drew, and names every player.
        for face in drawn_faces(game, drawn):
            assert face in log(screen)
        assert "You" not in log(screen)
        assert "Ann played" in log(screen)


# --- Changing the view ----------------------------------------------------------------


async def test_v_goes_through_every_seat_and_back_to_all_hands(tmp_path: Path) -> None:
    game = played_game()
    async with replaying(tmp_path, game) as (pilot, screen):
        keys = {key.description: key for key in screen.query_one(Footer).keys}
        assert keys["View"].enabled and keys["View"].label == "v"
        await go_to(pilot, screen, screen.position + 5)
        place = screen.position
        for viewer, words in ((0, "Ann"), (1, "Bob"), (2, "Cy")):
            await pilot.press("v")
            await until(pilot, lambda v=viewer: screen.viewer == v, f"seat {viewer}'s view")
            assert title(screen).endswith(f"· as {words} saw it")
            assert "all hands" not in title(screen)
            assert screen.position == place  # the replay stays where it was
        await pilot.press("v")
        await until(pilot, lambda: screen.viewer is None, "all hands again")
        assert title(screen).endswith("· all hands")
        assert screen.position == place


async def test_whose_view_stays_in_the_title_past_long_names(tmp_path: Path) -> None:
    names = ["Annabelle-Marie", "Bartholomew-Jo", "Cyrillus-Maxim"]
    game = Game.new(names, seed=4, rules=RuleSet(short_game=True), first_round=6)
    play_on(game, 2000)
    async with replaying(tmp_path, game, size=(80, 24), viewer=1) as (_, screen):
        shown = title_shown(screen)
        # The players are on their seats: the title leaves them out before the view.
        assert shown.endswith("· as Bartholomew-Jo saw it")
        assert "Annabelle" not in shown


async def test_the_view_key_in_the_footer_takes_a_click(tmp_path: Path) -> None:
    game = played_game()
    async with replaying(tmp_path, game, size=(80, 24)) as (pilot, screen):
        place = screen.position
        footer = screen.query_one(Footer)
        text = footer.render().plain
        await click(pilot, Footer, offset=(text.index("View"), 0))
        await until(pilot, lambda: screen.viewer == 0, "Ann's view")
        assert title(screen).endswith("· as Ann saw it")
        await click(pilot, Footer, offset=(text.index("View"), 0))
        await until(pilot, lambda: screen.viewer == 1, "Bob's view")
        assert screen.position == place


# --- A seat's view ----------------------------------------------------------------------


async def test_a_seat_sees_its_own_cards_and_never_another_seats(tmp_path: Path) -> None:
    game = played_game()
    cy_draws = first_draw_by(game, 2)
    cy_drew = drawn_faces(game, cy_draws)
    async with replaying(tmp_path, game, viewer=0) as (pilot, screen):
        assert "· as Ann saw it" in title(screen)
        await go_to(pilot, screen, cy_draws)
        state = state_at(screen, cy_draws)
        assert len(state.hands[2]) >= 2 and len(state.hands[1]) >= 1
        for card in state.hands[0]:
            assert LOOK.plain(card) in hands(screen)
        for seat in (1, 2):
            for card in state.hands[seat]:
                assert LOOK.plain(card) not in on_screen(screen)
        # Cy's hand is face down, a back for each card; how many Cy drew, not which.
        cy_row = next(line for line in hands(screen).splitlines() if "Cy" in line)
        assert cy_row.count("░░") == len(state.hands[2])
        assert "Cy drew 2 cards for the crank." in log(screen)
        for face in cy_drew:
            assert face not in on_screen(screen)
        # The same moment with every hand open shows the cards the seat did not see.
        await pilot.press("v", "v", "v")
        await until(pilot, lambda: screen.viewer is None, "all hands")
        for face in cy_drew:
            assert face in hands(screen) and face in log(screen)


async def test_no_other_hand_shows_at_any_moment_of_a_round(tmp_path: Path) -> None:
    game = played_game()
    async with replaying(tmp_path, game, viewer=1) as (pilot, screen):
        end = next(i for i, e in enumerate(screen.events) if isinstance(e, RoundEnded))
        while screen.position < end:
            state = state_at(screen, screen.position)
            shown = hands(screen)
            for seat, hand in enumerate(state.hands):
                for card in hand:
                    assert (LOOK.plain(card) in shown) == (seat == 1), (screen.position, card)
            await pilot.press("right")
        # The round's scoring showed every hand to every player: so does the replay.
        assert screen.position == end
        state = state_at(screen, end)
        assert any(state.hands[seat] for seat in (0, 2))
        for hand in state.hands:
            for card in hand:
                assert LOOK.plain(card) in hands(screen)


async def test_a_seat_hears_the_log_as_you(tmp_path: Path) -> None:
    game = played_game()
    ann_draws = first_draw_by(game, 0)
    ann_drew = drawn_faces(game, ann_draws)
    async with replaying(tmp_path, game, viewer=0) as (pilot, screen):
        await go_to(pilot, screen, ann_draws)
        text = log(screen)
        assert "Your turn." in text
        assert "You played" in text
        assert "Ann played" not in text and "Ann's turn" not in text
        assert f"You drew {' '.join(ann_drew)}" in text
        for face in ann_drew:
            assert face in hands(screen)
        # Bob heard of the same draw as a count, in his own words.
        await pilot.press("v")
        await until(pilot, lambda: screen.viewer == 1, "Bob's view")
        text = log(screen)
        assert ("Ann drew a card." if len(ann_drew) == 1 else "Ann drew") in text
        assert "You drew" in text and "Bob drew" not in text
        for face in ann_drew:
            assert face not in on_screen(screen)


async def test_hidden_hands_have_plain_backs_in_ascii(tmp_path: Path) -> None:
    game = played_game()
    async with replaying(tmp_path, game, size=(80, 24), viewer=2, ascii=True) as (_, screen):
        state = state_at(screen, screen.position)
        rows = hands(screen).splitlines()
        bob = next(line for line in rows if "Bob" in line)
        assert bob.count("##") == len(state.hands[1]) > 0
        assert "░" not in hands(screen)


@pytest.mark.parametrize("seat", [-1, len(PLAYERS)])
def test_there_is_no_view_from_a_seat_not_at_the_table(seat: int) -> None:
    with pytest.raises(ValueError, match="no seat"):
        ReplayScreen(played_game(), Settings(), viewer=seat)


# --- The code and the way out ------------------------------------------------------------


async def test_the_code_starts_the_title(tmp_path: Path) -> None:
    game = played_game()
    async with replaying(tmp_path, game, size=(80, 24), code="ABC-DEF", viewer=1) as (
        _pilot,
        screen,
    ):
        assert title(screen).startswith("Replay ABC-DEF: Ann, Bob, Cy · round 6 of 8 · ")
        assert title(screen).endswith("· as Bob saw it")


async def test_back_leaves_the_app_when_the_replay_is_all_it_shows(tmp_path: Path) -> None:
    game = played_game()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_replay(app, pilot, game, exits=True)
        await pilot.press("escape")
        await until(pilot, lambda: app._exit, "the app to end")
    assert app.return_code == 0


async def test_back_goes_back_otherwise(tmp_path: Path) -> None:
    game = played_game()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        under = app.screen
        screen = await open_replay(app, pilot, game)
        # The mouse has the footer's key.
        text = screen.query_one(Footer).render().plain
        await click(pilot, Footer, offset=(text.index("Back"), 0))
        await until(pilot, lambda: app.screen is under, "the screen below")
        assert not app._exit
