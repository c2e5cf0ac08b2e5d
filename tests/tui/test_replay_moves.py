"""Moving through a replay: by event, by turn, by round, to either end, with the keys
and the mouse; playing it at a choice of speeds; the table it shows at each step,
checked against the engine's own state at that moment."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.timer import Timer
from textual.widgets import Static

from craits_core import Card, Event, Game, GameStore, Rank, RuleSet, State, Suit, replay
from craits_core.events import RoundEnded, RoundStarted, TurnBegan
from craits_tui.faces import CardLook
from craits_tui.screens.replay import ReplayScreen
from craits_tui.screens.replay.controls import Scrubber
from craits_tui.screens.replay.frame import HandRow
from craits_tui.screens.replay.hands import HandsPanel
from craits_tui.screens.replay.speeds import DEFAULT_SPEED, SPEEDS
from craits_tui.widgets.crank import CrankCounter
from craits_tui.widgets.discard import DiscardPile
from craits_tui.widgets.footer import Footer
from craits_tui.widgets.seats import SeatBadge, Seating
from craits_tui.widgets.stock import DrawPile

from .conftest import click, make_app, until
from .test_menus import SIZE, open_history, play_on, select_row, text_of
from .test_replay_timeline import live_game
from .test_replay_views import replaying

LOOK = CardLook()
TURN_MARKS = (TurnBegan, RoundStarted, RoundEnded)


@pytest.fixture(scope="module")
def played() -> tuple[Game, dict[int, State]]:
    return live_game()


@pytest.fixture
def game(played: tuple[Game, dict[int, State]]) -> Game:
    """The module's game, played out (replays only read it)."""
    return played[0]


@pytest.fixture
def seen(played: tuple[Game, dict[int, State]]) -> dict[int, State]:
    """The engine's own state after each move of `game`, by the move's last event."""
    return played[1]


def marks_after(
    events: tuple[Event, ...], index: int, types: tuple[type[Event], ...] | type[Event]
) -> int:
    """The first event after ``index`` of one of ``types``, else the last event."""
    return next(
        (i for i in range(index + 1, len(events)) if isinstance(events[i], types)), len(events) - 1
    )


def hands(screen: ReplayScreen) -> str:
    return text_of(screen.query_one(HandsPanel).render())


def state_text(screen: ReplayScreen) -> str:
    return screen.query_one(Scrubber).state


def shows(screen: ReplayScreen, state: State) -> None:
    """The replay's table is ``state``: piles, crank, seats, hands, the turn."""
    discard = screen.query_one(DiscardPile)
    assert discard.top == state.top_card
    if state.top_card is not None:
        assert state.top_card.rank.label in text_of(discard.render())
    assert screen.query_one(DrawPile).count == len(state.stock)
    assert screen.query_one(CrankCounter).count == state.crank
    badges = screen.query_one(Seating).badges
    infos = [badge.info for badge in badges]
    assert all(info is not None for info in infos)
    assert [info.cards for info in infos if info] == [len(hand) for hand in state.hands]
    assert [info.turn for info in infos if info] == [
        seat == state.current_player for seat in range(len(state.players))
    ]
    assert [info.total for info in infos if info] == list(state.totals)
    shown = hands(screen).splitlines()
    for seat, hand in enumerate(state.hands):
        row = next(line for line in shown if state.players[seat] in line)
        for card in hand:
            assert LOOK.plain(card) in row, (seat, card)


# --- Keys ----------------------------------------------------------------------------------


async def test_keys_step_by_event_turn_and_round_as_the_engine_played(
    game: Game, seen: dict[int, State], tmp_path: Path
) -> None:
    events = game.events
    async with replaying(tmp_path, game) as (pilot, screen):
        start = screen.position
        assert isinstance(events[start], RoundStarted)
        # A turn at a time: each stop a turn's start, the table as the engine had it.
        for _ in range(12):
            expected = marks_after(events, screen.position, TURN_MARKS)
            await pilot.press("down")
            assert screen.position == expected
            assert expected in seen  # a turn starts where a move ended
            shows(screen, seen[expected])
        turn = screen.position
        await pilot.press("right")
        assert screen.position == turn + 1
        await pilot.press("up")  # back to this turn's start
        assert screen.position == turn
        await pilot.press("left", "left")
        assert screen.position == turn - 2
        # A round at a time.
        await pilot.press("pagedown")
        deal = marks_after(events, start, RoundStarted)
        assert screen.position == deal and replay(events[: deal + 1]).round_number == 2
        await pilot.press("pageup")
        assert screen.position == start
        await pilot.press("end")
        assert screen.position == len(events) - 1
        shows(screen, game.state)
        await pilot.press("home")
        assert screen.position == 0


async def test_the_buttons_move_it_too(game: Game, seen: dict[int, State], tmp_path: Path) -> None:
    events = game.events
    async with replaying(tmp_path, game, size=(80, 24)) as (pilot, screen):
        start = screen.position
        first_turn = marks_after(events, start, TURN_MARKS)
        await click(pilot, "#replay-next-turn")
        await until(pilot, lambda: screen.position == first_turn, "the first turn")
        shows(screen, seen[first_turn])
        await click(pilot, "#replay-next")
        await until(pilot, lambda: screen.position == first_turn + 1, "the event after")
        await click(pilot, "#replay-prev-turn")
        await until(pilot, lambda: screen.position == first_turn, "the turn's start")
        await click(pilot, "#replay-next-round")
        deal = marks_after(events, start, RoundStarted)
        await until(pilot, lambda: screen.position == deal, "the second deal")
        await click(pilot, "#replay-last")
        await until(pilot, lambda: screen.position == len(events) - 1, "the end")
        assert screen.query_one("#replay-next-turn").disabled
        await click(pilot, "#replay-first")
        await until(pilot, lambda: screen.position == 0, "the start")
        assert screen.query_one("#replay-prev").disabled


async def test_a_click_on_the_bar_jumps_to_the_turn_there(
    game: Game, seen: dict[int, State], tmp_path: Path
) -> None:
    events = game.events
    async with replaying(tmp_path, game) as (pilot, screen):
        bar = screen.query_one(Scrubber)
        start, width = bar.bar()
        assert width > 20
        column = width * 2 // 3
        under = bar.index_at(column)
        expected = max(i for i in range(under + 1) if isinstance(events[i], TURN_MARKS))
        await click(pilot, bar, offset=(1 + start + column, 0))  # past its padding
        await until(pilot, lambda: screen.position == expected, "the turn under the click")
        shows(screen, seen[expected])
        assert bar.position == expected


# --- Playing ---------------------------------------------------------------------------------


async def test_speeds_set_the_timers_pace(game: Game, tmp_path: Path) -> None:
    async with replaying(tmp_path, game) as (pilot, screen):
        intervals: list[float] = []
        real = screen.set_interval

        def spy(interval: float, callback: Any, **kwargs: Any) -> Timer:
            intervals.append(interval)
            return real(interval, callback, **kwargs)

        screen.set_interval = spy  # type: ignore[method-assign]
        footer = screen.query_one(Footer)
        assert screen.speed == DEFAULT_SPEED and state_text(screen) == "paused · 1×"
        await pilot.press("plus")  # paused: the speed changes, nothing plays
        assert screen.speed == SPEEDS[2] and intervals == []
        assert state_text(screen) == "paused · 2×"
        keys = {key.action: key for key in screen.query_one(Footer).keys}
        assert keys["play"].description == "Watch" and "pause" not in keys
        await pilot.press("space")
        assert screen.playing and intervals == [SPEEDS[2].interval]
        assert state_text(screen) == "playing · 2×"
        await until(pilot, lambda: "pause" in {k.action for k in footer.keys}, "Pause offered")
        assert "play" not in {key.action for key in footer.keys}
        first = screen._timer
        await pilot.press("minus", "minus")
        assert intervals == [SPEEDS[2].interval, SPEEDS[1].interval, SPEEDS[0].interval]
        assert screen._timer is not first and screen.playing
        await pilot.press("minus")  # no slower speed
        assert len(intervals) == 3 and screen.speed == SPEEDS[0]
        assert screen.query_one("#replay-slower").disabled
        await click(pilot, "#replay-faster")
        await until(pilot, lambda: screen.speed == SPEEDS[1], "a faster speed")
        assert intervals[-1] == SPEEDS[1].interval
        await pilot.press("space")
        assert not screen.playing and state_text(screen) == "paused · 1×"


async def test_playing_runs_to_the_end_and_stops(game: Game, tmp_path: Path) -> None:
    async with replaying(tmp_path, game) as (pilot, screen):
        await pilot.press("end", "pageup")  # the last round, a card each
        last_deal = screen.position
        for _ in SPEEDS:
            await pilot.press("plus")
        assert screen.speed == SPEEDS[-1]
        # As the key does, but looked at before the timer can tick: at this speed
        # the round may be over by the time a key press is handled.
        screen.action_play()
        assert screen.playing and screen.position == last_deal
        await until(pilot, lambda: not screen.playing, "the replay to stop")
        assert screen.position == len(game.events) - 1 > last_deal
        assert state_text(screen) == "paused · 16×"
        shows(screen, game.state)
        assert "wins" in str(screen.query_one("#replay-now").render())
        # Played again from the end: from the first deal (looked at before the
        # timer can tick, as the key's action).
        screen.action_play()
        assert screen.playing and screen.position == screen.timeline.opening
        await pilot.press("space")
        assert not screen.playing


async def test_a_step_pauses_and_a_jump_plays_on(game: Game, tmp_path: Path) -> None:
    async with replaying(tmp_path, game) as (pilot, screen):
        await pilot.press("minus", "space")  # slowly: a second an event
        assert screen.playing
        await pilot.press("down", "pagedown")
        assert screen.playing  # still playing, from further on
        await pilot.press("right")
        assert not screen.playing  # an event at a time is to be looked at


# --- What the seats say ---------------------------------------------------------------------


async def test_a_saved_games_seats_say_who_played_them(game: Game, tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        seats = [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": "hard"}]
        seats.append({"name": "Cy", "bot": "easy"})
        game_id = store.add(Game.from_events(game.events), meta={"seats": seats})
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        history = await open_history(app, pilot)
        await select_row(pilot, history, game_id)
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.pause()
        seating = screen.query_one(Seating)
        badges = [text_of(seating.badge_of(seat).render()) for seat in range(3)]
        assert "person" in badges[0] and "hard" in badges[1] and "easy" in badges[2]


async def test_a_replay_by_code_says_only_the_points(game: Game, tmp_path: Path) -> None:
    async with replaying(tmp_path, game, code="ABC-DEF") as (_, screen):
        for badge in screen.query(SeatBadge):
            text = text_of(badge.render())
            assert "0 pts" in text and "person" not in text and "bot" not in text


# --- Room ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 5])
@pytest.mark.parametrize("size", [(80, 24), (100, 32), (140, 45)])
async def test_everything_fits(players: int, size: tuple[int, int], tmp_path: Path) -> None:
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:players]
    game = Game.new(names, seed=3, rules=RuleSet(short_game=True), first_round=7)
    play_on(game, 2000)
    assert game.state.is_over
    async with replaying(tmp_path, game, size=size) as (pilot, screen):
        await pilot.pause()
        width, height = size
        parts = [
            "#replay-title",
            "#seating",
            "#replay-now",
            "#replay-log",
            "#replay-hands",
            "#replay-where",
            "#replay-last",
            "#replay-faster",
            Footer,
        ]
        for part in parts:
            region = screen.query_one(part).region
            assert region.width and region.height, part
            assert region.right <= width and region.bottom <= height, part
        for badge in screen.query(SeatBadge):
            region = badge.region
            seating = screen.query_one("#seating").region
            # A name, a fan three lines high and a line below it, at least.
            assert region.height >= 5 and seating.contains_region(region), badge
        # No part of the table overlaps the hands below it.
        assert screen.query_one("#seating").region.bottom <= screen.query_one(HandsPanel).region.y


async def test_a_big_window_draws_the_hands_as_cards(
    game: Game, seen: dict[int, State], tmp_path: Path
) -> None:
    async with replaying(tmp_path, game, size=(140, 45)) as (pilot, screen):
        panel = screen.query_one(HandsPanel)
        assert panel.big
        await pilot.press("down")
        state = seen[screen.position]
        lines = hands(screen).splitlines()
        assert len(lines) == 3 * len(state.players)
        for seat, hand in enumerate(state.hands):
            name, count, bottom = lines[3 * seat : 3 * seat + 3]
            assert state.players[seat] in name and f"{len(hand)} cards" in count
            assert name.count("╭───╮") == len(hand) == bottom.count("╰───╯")
            for card in hand:
                assert f"{card.rank.label:>2}{LOOK.glyph(card.suit)}" in count
        # A hand too long for a row of cards (after a long crank) is written out
        # on its three lines.
        await pilot.resize_terminal(125, 40)
        await pilot.pause()
        assert panel.big
        deck = [Card(rank, suit) for suit in Suit for rank in Rank]
        panel.rows = (
            HandRow(seat=0, name="Ann", cards=tuple(deck[:30]), count=30, face_up=True),
            HandRow(seat=1, name="Bob", cards=tuple(deck[30:33]), count=3, face_up=True),
        )
        await pilot.pause()
        lines = hands(screen).splitlines()
        assert len(lines) == 6 and "╭" not in "".join(lines[:3])
        assert all(LOOK.plain(card) in "".join(lines[:3]) for card in deck[:30])
        assert lines[3].count("╭───╮") == 3
        # Smaller, the hands go back to a line each, a long one going on below.
        await pilot.resize_terminal(100, 32)
        await until(pilot, lambda: not panel.big, "the hands on a line each")
        lines = hands(screen).splitlines()
        assert len(lines) == 3 and "Bob" in lines[2] and "Ann" in lines[0]
        assert all(LOOK.plain(card) in "".join(lines[:2]) for card in deck[:30])
        assert lines[1].startswith(" " * len("  Ann 30 "))


async def test_a_window_too_small_says_so(game: Game, tmp_path: Path) -> None:
    async with replaying(tmp_path, game, size=(70, 20)) as (pilot, screen):
        await pilot.pause()
        assert screen.has_class("-too-small")
        assert "make the window bigger" in str(screen.query_one("#too-small", Static).render())
        await pilot.press("down")  # the keys still work, and break nothing
        await pilot.resize_terminal(100, 32)
        await until(pilot, lambda: not screen.has_class("-too-small"), "room")
        shows(screen, replay(screen.events[: screen.position + 1]))
