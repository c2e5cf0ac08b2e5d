"""A replay's timeline, frames and speeds, without a screen: the table after each
event is the engine's own, the steps by turn and by round stop where a player
expects, and the fastest speed plays a short game in well under a minute."""

from __future__ import annotations

from itertools import pairwise

import pytest
from textual.app import App

from craits_core import Game, RuleSet, State, replay
from craits_core.events import CardPlayed, CardsDrawn, RoundEnded, RoundStarted, TurnBegan
from craits_core.view import view
from craits_tui.faces import CardLook
from craits_tui.screens.replay.frame import frame_at, place_text
from craits_tui.screens.replay.narration import tell
from craits_tui.screens.replay.speeds import DEFAULT_SPEED, SHORTEST_TICK, SPEEDS
from craits_tui.screens.replay.timeline import TURN_MARKS, Timeline
from craits_tui.table import Seat
from craits_tui.widgets.hand import Hand

from .test_menus import play_on

PLAYERS = ("Ann", "Bob", "Cy")


def live_game() -> tuple[Game, dict[int, State]]:
    """A short game of three played out move by move, and the engine's own state
    after each move, by the index of the move's last event."""
    game = Game.new(list(PLAYERS), seed=7, rules=RuleSet(short_game=True))
    seen: dict[int, State] = {game.event_count - 1: game.state.copy()}
    while not game.state.is_over:
        play_on(game, 1)
        seen[game.event_count - 1] = game.state.copy()
    return game, seen


@pytest.fixture(scope="module")
def played() -> tuple[Game, dict[int, State]]:
    return live_game()


# --- The table after each event ---------------------------------------------------------


def test_the_table_after_each_move_is_the_engines_own(played: tuple[Game, dict]) -> None:
    """Every seat's view, and a spectator's, as the engine gave it after each move."""
    game, seen = played
    timeline = Timeline(game)
    assert len(timeline) == game.event_count
    for index, state in seen.items():
        for seat in (None, 0, 1, 2):
            assert timeline.view(index, seat) == view(state, seat), (index, seat)
        assert timeline.hands(index) == state.hands, index


def test_the_table_is_the_same_whichever_event_is_asked_first(played: tuple[Game, dict]) -> None:
    game, seen = played
    middle = sorted(seen)[len(seen) // 2]
    timeline = Timeline(game)
    assert timeline.view(middle, 1) == view(seen[middle], 1)
    assert timeline.view(timeline.last, 1) == game.view(1)
    first = min(seen)
    assert timeline.view(first, 1) == view(seen[first], 1)


def test_a_game_in_play_stops_at_its_last_finished_round() -> None:
    game = Game.new(list(PLAYERS), seed=7, rules=RuleSet(short_game=True))
    while game.state.round_number < 2:
        play_on(game, 1)
    play_on(game, 3)
    timeline = Timeline(game)
    assert timeline.in_play
    assert isinstance(timeline.events[-1], RoundEnded)
    shown = range(timeline.opening, len(timeline))
    assert all(timeline.view(index, None).round_number == 1 for index in shown)


# --- Steps -----------------------------------------------------------------------------------


def test_a_turn_is_one_players_move_and_what_it_does(played: tuple[Game, dict]) -> None:
    game, _seen = played
    timeline = Timeline(game)
    events = timeline.events
    index = timeline.opening
    stops = [index]
    while index < timeline.last:
        index = timeline.next_turn(index)
        stops.append(index)
    assert stops[-1] == timeline.last
    for start, end in pairwise(stops):
        mark = events[start]
        assert isinstance(mark, TURN_MARKS), start
        between = events[start + 1 : end]
        # No other turn begins inside a turn, and the cards played are its player's.
        assert not any(isinstance(e, TurnBegan) for e in between)
        if isinstance(mark, TurnBegan):
            assert all(e.player == mark.player for e in between if isinstance(e, CardPlayed))
    # Every turn of the game is a stop.
    assert {i for i, e in enumerate(events) if isinstance(e, TurnBegan)} <= set(stops)


def test_back_a_turn_goes_to_its_start_then_the_one_before(played: tuple[Game, dict]) -> None:
    game, _seen = played
    timeline = Timeline(game)
    events = timeline.events
    turns = [i for i, e in enumerate(events) if isinstance(e, TurnBegan)]
    second, third = turns[1], turns[2]
    assert third - second > 1  # a turn of more than its start
    assert timeline.previous_turn(third - 1) == second
    assert timeline.previous_turn(second) == turns[0]
    assert timeline.previous_turn(0) == 0


def test_rounds_step_from_deal_to_deal(played: tuple[Game, dict]) -> None:
    game, _seen = played
    timeline = Timeline(game)
    deals = [i for i, e in enumerate(timeline.events) if isinstance(e, RoundStarted)]
    assert len(deals) == 8
    assert timeline.opening == deals[0]
    assert [timeline.next_round(d) for d in deals] == [*deals[1:], timeline.last]
    assert timeline.previous_round(deals[3] + 5) == deals[3]
    assert timeline.previous_round(deals[3]) == deals[2]
    assert timeline.previous_round(deals[0]) == 0


def test_the_place_counts_turns_within_the_round(played: tuple[Game, dict]) -> None:
    game, _seen = played
    timeline = Timeline(game)
    events = timeline.events
    deal = timeline.round_starts[1]
    next_deal = timeline.round_starts[2]
    turns = [i for i in range(deal, next_deal) if isinstance(events[i], TurnBegan)]
    place = timeline.place(deal)
    assert (place.round, place.rounds, place.turn, place.turns) == (2, 8, 0, len(turns))
    assert place_text(place) == f"the deal · event {deal + 1} of {len(events)}"
    for number, index in enumerate(turns, start=1):
        assert timeline.place(index).turn == number
        assert place_text(timeline.place(index)).startswith(f"turn {number} of {len(turns)} · ")
    assert place_text(timeline.place(0)) == f"event 1 of {len(events)}"


def test_the_last_plays_are_the_rounds(played: tuple[Game, dict]) -> None:
    game, _seen = played
    timeline = Timeline(game)
    deal = timeline.round_starts[1]
    assert timeline.plays(deal, 6) == ()
    plays = [
        (e.player, e.card) for e in timeline.events[deal : deal + 30] if isinstance(e, CardPlayed)
    ]
    assert timeline.plays(deal + 29, 6) == tuple(plays[-6:])


# --- Frames -------------------------------------------------------------------------------------


def test_a_frame_shows_what_the_view_may_see(played: tuple[Game, dict]) -> None:
    game, _seen = played
    timeline = Timeline(game)
    look = CardLook()
    index, event = next(
        (i, e)
        for i, e in enumerate(timeline.events)
        if isinstance(e, CardsDrawn) and e.player == 2 and e.cards and len(e.cards) > 1
    )
    state = replay(timeline.events[: index + 1])
    drawn = set(event.cards or ())
    every = frame_at(timeline, index, None, tell(timeline.events, PLAYERS, None, look))
    assert all(row.face_up and set(row.cards) == set(state.hands[row.seat]) for row in every.hands)
    assert every.hands[2].fresh == drawn
    assert every.top == state.top_card and every.stock == len(state.stock)
    assert [seat.cards for seat in every.seats] == [len(hand) for hand in state.hands]
    bobs = frame_at(timeline, index, 1, tell(timeline.events, PLAYERS, 1, look))
    assert [row.face_up for row in bobs.hands] == [False, True, False]
    assert bobs.hands[0].cards == () and bobs.hands[0].count == len(state.hands[0])
    assert bobs.hands[2].fresh_count == len(drawn) and not bobs.hands[2].fresh
    assert bobs.title[-1] == "as Bob saw it"


def test_seats_say_who_played_them_only_where_known(played: tuple[Game, dict]) -> None:
    game, _seen = played
    timeline = Timeline(game)
    lines = tell(timeline.events, PLAYERS, None, CardLook())
    seats = (Seat("Ann"), Seat("Bob", "hard"), Seat("Cy", "easy"))
    known = frame_at(timeline, timeline.opening, None, lines, seats=seats).seats
    assert [(s.known, s.bot) for s in known] == [(True, None), (True, "hard"), (True, "easy")]
    unknown = frame_at(timeline, timeline.opening, None, lines).seats
    assert not any(s.known for s in unknown)


# --- Speeds -----------------------------------------------------------------------------------


def test_each_speed_is_faster_than_the_one_before() -> None:
    rates = [speed.per_tick / speed.interval for speed in SPEEDS]
    assert rates == sorted(rates) and len(set(rates)) == len(rates)
    assert all(speed.interval >= SHORTEST_TICK for speed in SPEEDS)
    assert SPEEDS[0].interval == 1.0  # the old pace, for those who want it
    assert DEFAULT_SPEED in SPEEDS and DEFAULT_SPEED.label() == "1×"
    assert [speed.label() for speed in SPEEDS] == ["½×", "1×", "2×", "4×", "8×", "16×"]
    assert SPEEDS[0].label(ascii=True) == "0.5x"


def test_the_fastest_speed_plays_a_short_game_in_well_under_a_minute() -> None:
    fastest = SPEEDS[-1]
    seconds = 955 / fastest.per_tick * fastest.interval
    assert seconds < 40


async def test_a_hand_shows_in_the_same_order_in_a_replay_as_at_the_table(
    played: tuple[Game, dict],
) -> None:
    """One order everywhere: the same cards do not move about between the table and
    the replay of the game, in every view, as dealt, drawn to, or shown at a
    round's end."""
    game, _seen = played
    timeline = Timeline(game)
    events = timeline.events
    end = next(i for i, e in enumerate(events) if isinstance(e, RoundEnded))
    drew = next(i for i, e in enumerate(events) if isinstance(e, CardsDrawn) and e.count)
    app = App[None]()
    async with app.run_test():
        hand = Hand(CardLook())
        await app.mount(hand)
        for viewer in (None, 0, 1, 2):
            lines = tell(events, PLAYERS, viewer, CardLook())
            for index in (timeline.opening, drew, end):
                state = replay(events[: index + 1])
                for row in frame_at(timeline, index, viewer, lines).hands:
                    if row.face_up:
                        hand.cards = state.hands[row.seat]  # as the engine holds it
                        assert row.cards == hand.cards, (viewer, index, row.seat)
