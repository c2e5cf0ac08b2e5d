"""The play-out player: legal moves only, the engine's scores for the same moves,
the same play-out from the same seed, in the simulator and on engine states."""

from __future__ import annotations

import random
import subprocess
import sys

from craits_core import State
from craits_core.bots.playout import final_scores as engine_scores
from craits_core.bots.playout import play_out as engine_play_out
from craits_core.decide import apply
from craits_core.legality import check
from craits_core.sim import DRAW, from_state, legal_moves, play, to_command, to_state
from craits_core.sim.agreement import differences
from craits_core.sim.codes import ANNOUNCE_FLAG
from craits_core.sim.policy import PLAYOUT_LIMIT, final_scores, play_out, policy_move

from .sim_positions import guess, random_games


def _guessed_deals(count: int, seed: int) -> list[State]:
    """Deals as the hard level's search guesses them, at random moments of random games."""
    return [
        guess(game, seed + i)[1]
        for i, game in enumerate(random_games(count, seed))
        if not game.state.is_over
    ]


def _play_out_in_both(state: State, rng: random.Random) -> list[int]:
    """Play a guessed deal out with the simulator's player, making each move in the
    engine too (which refuses an illegal one); checks both end alike. The moves."""
    sim = from_state(state)  # shuffling as the engine does from the deal's seed
    moves = []
    while not sim.over and len(moves) < PLAYOUT_LIMIT:
        move = policy_move(sim, rng)
        held = sim.hands[sim.current].bit_count()
        assert move & ~ANNOUNCE_FLAG in legal_moves(sim)
        # A play down to one card is announced with it; no other is.
        assert bool(move & ANNOUNCE_FLAG) == (move < DRAW and held == 2)
        command = to_command(sim, move)
        check(state, command)
        state = apply(state, command)[1]
        play(sim, move)
        moves.append(move)
    assert differences(sim, state) == []
    assert final_scores(sim) == engine_scores(state)
    return moves


def test_a_play_out_makes_legal_moves_and_ends_with_the_engines_scores() -> None:
    deals = _guessed_deals(300, seed=1)
    assert len(deals) > 250
    for i, deal in enumerate(deals):
        _play_out_in_both(deal, random.Random(i))


def test_the_first_move_is_legal_in_any_round_and_variant() -> None:
    # Mid-game states (not the last round), starter suits to choose included.
    for i, game in enumerate(random_games(200, seed=2)):
        state = game.state
        if state.is_over:
            continue
        sim = from_state(state)
        check(state, to_command(sim, policy_move(sim, random.Random(i))))


def test_a_play_out_is_the_same_from_the_same_seed() -> None:
    deals = _guessed_deals(30, seed=3)
    runs = []
    for seed in (5, 5, 6):
        played = []
        for deal in deals:
            sim = from_state(deal)
            made = play_out(sim, random.Random(seed))
            played.append((made, final_scores(sim)))
        runs.append(played)
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]  # the noise varies the play-outs


def test_a_play_out_stops_at_its_limit() -> None:
    sim = from_state(_guessed_deals(1, seed=4)[0])
    assert play_out(sim, random.Random(0), limit=1) == 1
    assert not sim.over
    assert final_scores(sim) == engine_scores(to_state(sim))


def test_the_player_loads_on_its_own() -> None:
    # It reads the bots' threat table, and the bots load it: no circle either way.
    for first in ("craits_core.sim.policy", "craits_core.bots"):
        code = f"import {first}, craits_core.sim.policy, craits_core.bots.hard"
        subprocess.run([sys.executable, "-c", code], check=True)


def test_a_play_out_on_engine_states_makes_the_simulators_moves() -> None:
    for i, deal in enumerate(_guessed_deals(20, seed=6)):
        sim = from_state(deal)
        play_out(sim, random.Random(i))
        end = engine_play_out(deal, random.Random(i))
        assert differences(sim, end) == []
