"""A seat that receives only its own redacted stream keeps the same view as the engine."""

from __future__ import annotations

import random

import pytest

from craits_core import Game, RuleSet
from craits_core import project


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_folding_a_seats_stream_gives_its_view_at_every_step(players: int) -> None:
    game = Game.new([f"P{i}" for i in range(players)], seed=players, rules=RuleSet(short_game=True))
    rng = random.Random(players)
    seats = [*range(players), None]
    views = dict.fromkeys(seats)
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


def test_commands_travel_as_plain_data() -> None:
    import json

    from craits_core import Card, Suit, command_from_dict, command_to_dict
    from craits_core.commands import Announce, CallIdiot, ChooseSuit, Draw, Play

    for command in (
        Play(1, Card.parse("8H"), Suit.SPADES, announce=True),
        Play(0, Card.parse("10C")),
        Draw(2),
        ChooseSuit(0, Suit.HEARTS),
        Announce(3),
        CallIdiot(1, 2),
    ):
        assert command_from_dict(json.loads(json.dumps(command_to_dict(command)))) == command
    for bad in (
        {},
        {"type": "play", "player": 0},
        {"type": "dance", "player": 0},
        [1],
        {"type": "draw", "player": "0"},
    ):
        with pytest.raises(ValueError):
            command_from_dict(bad)
