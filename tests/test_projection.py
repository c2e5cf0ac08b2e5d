"""A seat that receives only its own redacted stream keeps the same view as the engine."""

from __future__ import annotations

import random

import pytest

from craits_core import Game, RuleSet
from craits_core.view import project


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
