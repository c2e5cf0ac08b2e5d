"""The fold and the redaction: a seat that receives only its own redacted stream
keeps the same view as the engine, and each event is folded in one place."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from craits_core import (
    Card,
    DrawReason,
    Game,
    Play,
    PlayerView,
    RuleSet,
    evolve,
    initial_state,
    project,
    redact,
)
from craits_core.events import (
    EVENT_CLASSES,
    CardsDrawn,
    GameStarted,
    RoundStarted,
    StockReshuffled,
)
from craits_core.fold import _STEPS
from craits_core.view import view
from tests.decks import cards, stacked_game

from .helpers import of_type

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def random_game(seed: int, moves: int = 10_000) -> Game:
    """A short game of 2-5 players and a random mix of the variants, played at random
    (off-turn moves too: announcements and calls) for ``moves`` moves or to its end."""
    rnd = random.Random(seed)
    rules = RuleSet(
        short_game=True,
        colour_matching=rnd.random() < 0.5,
        voluntary_draw=rnd.random() < 0.5,
        seven_skips=rnd.random() < 0.5,
        wild_nine=rnd.random() < 0.5,
    )
    players = 2 + seed % 4
    game = Game.new(NAMES[:players], seed=seed, rules=rules, first_round=1 + seed % 5)
    for _ in range(moves):
        if game.state.is_over:
            break
        seat = game.state.current_player
        assert seat is not None
        choices = game.legal_moves(seat)
        if rnd.random() < 0.2:
            choices = [m for s in range(players) for m in game.legal_moves(s)]
        move = rnd.choice(choices)
        if isinstance(move, Play) and rnd.random() < 0.5:
            move = replace(move, announce=True)
        game.handle(move)
    return game


# --- One fold -----------------------------------------------------------------------


def test_every_event_class_has_its_two_steps_in_the_fold() -> None:
    # Adding an event touches craits_core.events and one table here, both steps at once.
    assert set(_STEPS) == set(EVENT_CLASSES)
    assert len(EVENT_CLASSES) == len(set(EVENT_CLASSES))
    for cls, steps in _STEPS.items():
        assert len(steps) == 2, cls
        assert all(callable(step) for step in steps), cls


@pytest.mark.parametrize("seed", range(8))
def test_folding_each_seats_stream_gives_its_view_at_every_step(seed: int) -> None:
    """Folding ``events_for(seat)`` with `project` is ``view(state, seat)`` after
    every event, for each seat and a spectator; and `evolve` over the full events is
    the state itself."""
    game = random_game(seed)
    players = len(game.state.players)
    seats = [*range(players), None]
    streams = {seat: game.events_for(seat) for seat in seats}
    views: dict[int | None, PlayerView | None] = dict.fromkeys(seats)
    state = initial_state()
    for at, event in enumerate(game.events):
        state = evolve(state, event)
        for seat in seats:
            views[seat] = project(views[seat], streams[seat][at], seat)
            assert views[seat] == view(state, seat), f"seat {seat} after event {at}"
    assert state == game.state
    assert all(views[seat] == game.view(seat) for seat in seats)


def test_the_full_stream_folds_to_the_same_view_as_the_redacted_one() -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=11)
    rng = random.Random(2)
    for _ in range(150):
        game.handle(rng.choice(game.legal_moves(game.state.current_player)))
    full = redacted = None
    for raw, mine in zip(game.events, game.events_for(1), strict=True):
        full = project(full, raw, 1)
        redacted = project(redacted, mine, 1)
    assert full == redacted == game.view(1)


@pytest.mark.parametrize("seed", range(6))
def test_a_seat_knows_its_legal_moves_from_its_view_alone(seed: int) -> None:
    from craits_core import legal_moves_in_view

    rules = RuleSet(voluntary_draw=seed % 2 == 1, wild_nine=seed % 3 == 0)
    game = Game.new([f"P{i}" for i in range(2 + seed % 4)], seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(300):
        if game.state.is_over:
            break
        for seat in range(len(game.state.players)):
            assert legal_moves_in_view(game.view(seat)) == game.legal_moves(seat)
        seat = game.state.current_player
        moves = [m for s in range(len(game.state.players)) for m in game.legal_moves(s)]
        game.handle(rng.choice(moves))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_folding_a_seats_stream_as_it_comes_gives_its_view_at_every_move(players: int) -> None:
    game = Game.new(NAMES[:players], seed=players, rules=RuleSet(short_game=True))
    rng = random.Random(players)
    seats = [*range(players), None]
    views: dict[int | None, PlayerView | None] = dict.fromkeys(seats)
    seen = 0
    steps = 0
    while not game.state.is_over and steps < 400:
        for seat in seats:
            for event in game.events_for(seat, since=seen):
                views[seat] = project(views[seat], event, seat)
            assert views[seat] == game.view(seat), f"seat {seat} after {steps} moves"
        seen = len(game.events)
        game.handle(rng.choice(game.legal_moves(game.state.current_player)))
        steps += 1


def test_a_view_starts_with_the_game_started_event() -> None:
    game = Game.new(NAMES[:2], seed=1)
    with pytest.raises(ValueError):
        project(None, game.events[1], 0)


def test_the_full_state_folds_only_full_events() -> None:
    game = random_game(3)
    state = initial_state()
    for event in game.events:
        hidden = redact(event, 0, len(game.state.players))
        if isinstance(event, RoundStarted | CardsDrawn | StockReshuffled) and hidden != event:
            with pytest.raises(ValueError):
                evolve(state, hidden)
        state = evolve(state, event)


# --- Redaction -----------------------------------------------------------------------


def test_another_seats_draw_is_its_count_and_ones_own_keeps_its_cards() -> None:
    drawn = CardsDrawn(1, tuple(cards("QH 2C")), DrawReason.PENALTY, 2)
    for seat in (0, 2, None):
        assert redact(drawn, seat, 3) == CardsDrawn(1, None, DrawReason.PENALTY, 2)
    assert redact(drawn, 1, 3) == drawn
    passed = CardsDrawn(2, (), DrawReason.TURN, 0)
    assert redact(passed, 0, 3) == CardsDrawn(2, None, DrawReason.TURN, 0)


def test_a_reshuffle_is_its_count_for_everyone() -> None:
    shuffled = StockReshuffled(tuple(cards("5D 5H KC")), 3)
    for seat in (0, 1, None):
        assert redact(shuffled, seat, 2) == StockReshuffled(None, 3)


def test_a_deal_is_the_seats_own_hand_the_starter_and_the_stock_size() -> None:
    # Dealer 0: Bob (seat 1) is dealt first.
    game = stacked_game(["AH 5C 9D", "2D 7D JC", "KH QH 4S"], "KD")
    deal = game.events[2]
    assert isinstance(deal, RoundStarted) and deal.deck is not None
    for seat, hand in enumerate(["AH 5C 9D", "2D 7D JC", "KH QH 4S"]):
        assert redact(deal, seat, 3) == RoundStarted(
            deal.round_number, 3, 0, None, tuple(cards(hand)), Card.parse("KD"), 42
        )
    spectators = redact(deal, None, 3)
    assert spectators.hand is None  # type: ignore[attr-defined]
    assert spectators == RoundStarted(deal.round_number, 3, 0, None, None, Card.parse("KD"), 42)


def test_the_seed_is_left_out_of_every_seats_stream() -> None:
    game = Game.new(NAMES[:3], seed="secret")
    started = game.events[0]
    assert isinstance(started, GameStarted) and started.seed == "secret"
    for seat in (0, 1, 2, None):
        assert redact(started, seat, 3) == replace(started, seed=None)


@pytest.mark.parametrize("seed", range(4))
def test_redacting_twice_is_redacting_once(seed: int) -> None:
    game = random_game(seed)
    players = len(game.state.players)
    assert of_type(game.events, CardsDrawn)
    for event in game.events:
        for seat in [*range(players), None]:
            once = redact(event, seat, players)
            assert redact(once, seat, players) == once
            assert type(once) is type(event)
