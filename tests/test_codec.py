"""The codec: events and commands as JSON-ready dicts and back, in every form a game
stores or sends (the full log, a seat's stream, a spectator's), and the old forms a
saved game may still hold."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, get_args

import pytest

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Command,
    CorruptLog,
    Draw,
    DrawReason,
    Game,
    Play,
    RuleSet,
    Suit,
    command_from_dict,
    command_to_dict,
    event_from_dict,
    event_to_dict,
    redact,
)
from craits_core.events import (
    EVENT_CLASSES,
    CardPlayed,
    CardsDrawn,
    Event,
    GameStarted,
    RoundStarted,
    StockReshuffled,
)
from tests.decks import cards

from .helpers import of_type

C = Card.parse


def played_game(seed: int = 0) -> Game:
    """A whole short game of random moves, off-turn ones too (announcements, calls):
    it meets every kind of event."""
    rules = RuleSet(short_game=True)
    game = Game.new(["Ann", "Bob"], seed=seed, rules=rules)
    rnd = random.Random(seed)
    while not game.state.is_over:
        state = game.state
        seat = state.current_player
        assert seat is not None
        moves = game.legal_moves(seat)
        if rnd.random() < 0.2:
            moves = [m for s in range(len(state.players)) for m in game.legal_moves(s)]
        move = rnd.choice(moves)
        if isinstance(move, Play) and rnd.random() < 0.3:
            move = replace(move, announce=True)
        game.handle(move)
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return played_game()


def through_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


# --- Events --------------------------------------------------------------------------


def test_the_sample_game_meets_every_kind_of_event(game: Game) -> None:
    assert {type(e) for e in game.events} == set(EVENT_CLASSES)


def test_every_event_round_trips_whole_and_as_each_seat_and_a_spectator_sees_it(
    game: Game,
) -> None:
    players = len(game.state.players)
    for event in game.events:
        for seat in [*range(players), None, "full"]:
            form = event if seat == "full" else redact(event, seat, players)  # type: ignore[arg-type]
            data = event_to_dict(form)
            assert data["type"] == form.type
            assert event_from_dict(through_json(data)) == form, data
            assert event_to_dict(event_from_dict(data)) == data


def test_a_value_hidden_from_a_seat_is_left_out_of_its_dict() -> None:
    assert event_to_dict(CardsDrawn(1, None, DrawReason.SEVEN, 2)) == {
        "type": "cards-drawn",
        "player": 1,
        "reason": "seven",
        "count": 2,
    }
    assert event_to_dict(CardsDrawn(1, tuple(cards("QH 10C")), DrawReason.TURN, 2)) == {
        "type": "cards-drawn",
        "player": 1,
        "cards": ["QH", "10C"],
        "reason": "turn",
        "count": 2,
    }
    assert event_to_dict(StockReshuffled(None, 5)) == {"type": "stock-reshuffled", "count": 5}
    spectators = RoundStarted(3, 6, 1, None, None, C("KD"), 33)
    assert event_to_dict(spectators) == {
        "type": "round-started",
        "round_number": 3,
        "hand_size": 6,
        "dealer": 1,
        "starter": "KD",
        "stock_size": 33,
    }
    assert event_to_dict(CardPlayed(0, C("8H"), Suit.SPADES)) == {
        "type": "card-played",
        "player": 0,
        "card": "8H",
        "suit": "S",
    }


def test_a_seats_deal_reads_back_and_one_without_deck_or_starter_is_refused() -> None:
    seats = RoundStarted(3, 2, 1, None, tuple(cards("QH 2C")), C("KD"), 45)
    data = event_to_dict(seats)
    assert event_from_dict(data) == seats
    for missing in ("starter", "stock_size"):
        broken = {k: v for k, v in data.items() if k != missing}
        with pytest.raises(CorruptLog, match="deck"):
            event_from_dict(broken)


def test_a_game_started_keeps_a_seed_of_either_kind(game: Game) -> None:
    started = game.events[0]
    assert isinstance(started, GameStarted)
    for seed in (0, 2**62, "secret"):
        again = replace(started, seed=seed)
        assert event_from_dict(through_json(event_to_dict(again))) == again


# --- Logs written before draws carried their count -------------------------------------


def test_a_draw_stored_without_its_count_takes_it_from_its_cards() -> None:
    old = {"type": "cards-drawn", "player": 0, "cards": ["QH", "2C"], "reason": "turn"}
    assert event_from_dict(old) == CardsDrawn(0, tuple(cards("QH 2C")), DrawReason.TURN, 2)
    passed = {"type": "cards-drawn", "player": 1, "cards": [], "reason": "turn"}
    assert event_from_dict(passed) == CardsDrawn(1, (), DrawReason.TURN, 0)
    reshuffled = {"type": "stock-reshuffled", "cards": ["5D", "5H", "KC"]}
    assert event_from_dict(reshuffled) == StockReshuffled(tuple(cards("5D 5H KC")), 3)


def test_a_draw_with_neither_cards_nor_count_is_refused() -> None:
    for data in (
        {"type": "cards-drawn", "player": 0, "reason": "turn"},
        {"type": "stock-reshuffled"},
    ):
        with pytest.raises(CorruptLog, match="count"):
            event_from_dict(data)


def test_an_old_saved_game_without_counts_reads_back_whole(game: Game) -> None:
    data = json.loads(game.to_json())
    stripped = 0
    for event in data["events"]:
        if event["type"] in (CardsDrawn.type, StockReshuffled.type):
            del event["count"]
            stripped += 1
    assert stripped > 10 and of_type(game.events, StockReshuffled)
    old = Game.from_json(json.dumps(data))
    assert old.events == game.events
    assert old.state == game.state
    assert old.to_json() == game.to_json()  # saved again, with the counts


# --- Commands ------------------------------------------------------------------------

COMMANDS: list[Command] = [
    Play(1, C("8H"), Suit.SPADES, announce=True),
    Play(0, C("10C")),
    Play(2, C("9D"), Suit.HEARTS),
    Play(3, C("AS"), announce=True),
    Draw(2),
    ChooseSuit(0, Suit.HEARTS),
    Announce(3),
    CallIdiot(1, 2),
]


def test_the_sample_commands_are_of_every_kind() -> None:
    assert {type(c) for c in COMMANDS} == set(get_args(Command))


@pytest.mark.parametrize("command", COMMANDS, ids=repr)
def test_every_command_round_trips_as_plain_data(command: Command) -> None:
    data = command_to_dict(command)
    assert command_from_dict(through_json(data)) == command
    assert command_to_dict(command_from_dict(data)) == data


@pytest.mark.parametrize("seed", range(3))
def test_every_legal_move_of_a_game_round_trips(seed: int) -> None:
    rules = RuleSet(short_game=True, wild_nine=seed == 1, voluntary_draw=seed == 2)
    game = Game.new(["Ann", "Bob", "Cy"], seed=seed, rules=rules, first_round=5)
    rnd = random.Random(seed)
    kinds: set[type] = set()
    while not game.state.is_over:
        everyone = [m for seat in range(3) for m in game.legal_moves(seat)]
        for move in everyone:
            forms = [move, replace(move, announce=True)] if isinstance(move, Play) else [move]
            for form in forms:
                assert command_from_dict(through_json(command_to_dict(form))) == form
            kinds.add(type(move))
        game.handle(rnd.choice(everyone))
    assert kinds >= {Play, Draw, Announce}


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [1],
        "draw",
        {},
        {"type": "draw"},
        {"player": 0},
        {"type": "dance", "player": 0},
        {"type": None, "player": 0},
        {"type": ["draw"], "player": 0},
        {"type": "draw", "player": "0"},
        {"type": "draw", "player": True},
        {"type": "draw", "player": 1.0},
        {"type": "play", "player": 0},
        {"type": "play", "player": 0, "card": "ZZ"},
        {"type": "play", "player": 0, "card": 17},
        {"type": "play", "player": 0, "card": None},
        {"type": "play", "player": 0, "card": ["AS"]},
        {"type": "play", "player": 0, "card": "8H", "suit": "X"},
        {"type": "play", "player": 0, "card": "8H", "suit": ["S"]},
        {"type": "play", "player": 0, "card": "8H", "suit": "S", "announce": "yes"},
        {"type": "play", "player": 0, "card": "8H", "suit": "S", "announce": 1},
        {"type": "choose-suit", "player": 0},
        {"type": "choose-suit", "player": 0, "suit": "Q"},
        {"type": "choose-suit", "player": 0, "suit": None},
        {"type": "call-idiot", "player": 0},
        {"type": "call-idiot", "player": 0, "target": "1"},
    ],
    ids=repr,
)
def test_a_command_that_is_not_one_is_refused_with_a_value_error(bad: Any) -> None:
    with pytest.raises(ValueError) as caught:
        command_from_dict(bad)
    assert str(caught.value)


def test_an_object_that_is_not_a_command_is_not_written() -> None:
    with pytest.raises(ValueError):
        command_to_dict(Event())  # type: ignore[arg-type]
