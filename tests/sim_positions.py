"""Positions for the simulator's tests: games at random moments, and a bot's guess
at one of their deals."""

from __future__ import annotations

import random

from craits_core import Game, PlayerView, RuleSet, State
from craits_core.bots.knowledge import Knowledge
from craits_core.bots.sampling import Sampler


def random_games(count: int, seed: int = 0) -> list[Game]:
    """Games at random moments of random rounds, every variant drawn at random."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        rules = RuleSet(*(rng.random() < 0.5 for _ in range(5)))
        game = Game.new(
            [f"P{i}" for i in range(rng.randint(2, 5))],
            seed=rng.getrandbits(32),
            rules=rules,
            first_round=rng.randint(1, len(rules.schedule)),
        )
        for _ in range(rng.randrange(40)):
            if game.state.is_over:
                break
            game.handle(rng.choice(game.legal_moves(game.state.current_player)))
        games.append(game)
    return games


def guess(game: Game, seed: int) -> tuple[PlayerView, State, Knowledge]:
    """The view of the seat to act, a deal its bot's sampler guesses, and what the
    seat knows."""
    seat = game.state.current_player
    assert seat is not None
    knowledge = Knowledge()
    for event in game.events_for(seat):
        knowledge.note(event)
    view = game.view(seat)
    return view, Sampler(view, knowledge).sample(random.Random(seed)), knowledge
