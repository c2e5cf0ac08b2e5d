"""Engine benchmark: random self-play of full 15-round games.

Every step asks `legal_moves` for the seat to act and plays one of them at random;
the event log is kept, as in a real game. Prints moves and games per second for
2 to 5 players, the cost of cloning a game, and what the hard bot's search is made
of: deals guessed and rollouts (a round played out in the simulator with the quick
play-out player) per second, at three hand sizes.

Then the simulator (`craits_core.sim`) against the engine: random self-play of
4-player games in both, in turns of a quarter second so that both meet the same
load, and random deals checked move by move against the engine. The last line:

    simulator: X moves/s, engine: Y moves/s, ratio R, agreement D deals N divergences

    python bench/engine.py [--seconds S] [--deals D] [--only-simulator]
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from craits_core import Game
from craits_core.bots.knowledge import Knowledge
from craits_core.bots.sampling import Sampler
from craits_core.sim import from_state, new_game, play_randomly
from craits_core.sim.agreement import check_deals
from craits_core.sim.policy import play_out


def play_random_game(players: int, seed: int, rng: random.Random) -> int:
    """Play one full game with random legal moves; returns the number of moves."""
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    moves = 0
    state = game.state
    while not state.is_over:
        game.handle(rng.choice(game.legal_moves(state.current_player)))
        moves += 1
        state = game.state
    return moves


def bench_self_play(players: int, seconds: float) -> tuple[int, int, float]:
    rng = random.Random(players)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += play_random_game(players, seed=games, rng=rng)
        games += 1
    return games, moves, time.perf_counter() - start


def bench_clone(repeat: int = 2000) -> dict[str, float]:
    """Microseconds to copy a mid-game position, three ways."""
    game = Game.new(["A", "B", "C", "D"], seed=3)
    rng = random.Random(0)
    for _ in range(60):
        game.handle(rng.choice(game.legal_moves(game.state.current_player)))
    costs = {}
    for name, fn, n in (
        ("Game.clone", game.clone, repeat),
        ("copy.deepcopy", lambda: copy.deepcopy(game), repeat // 20),
        ("JSON round trip", lambda: Game.from_json(game.to_json()), repeat // 100),
    ):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        costs[name] = (time.perf_counter() - start) / n * 1e6
    return costs


def bench_rollouts(first_round: int, seconds: float) -> tuple[float, float]:
    """Deals guessed and rollouts played per second, as the hard bot's search makes
    them (the rollouts in the simulator, the deal turned into it included): for the seat to act in a 4-player round (``first_round`` of the schedule)
    after a few random moves (so that there are plays to explain), a new game every
    50 rollouts."""
    rng = random.Random(first_round)
    deals = rollouts = 0
    sampling = playing = 0.0
    seed = 0
    while sampling + playing < seconds:
        game = Game.new(["A", "B", "C", "D"], seed=seed, first_round=first_round)
        seed += 1
        round_number = game.state.round_number
        for _ in range(min(6, 2 * game.state.hand_size)):
            game.handle(rng.choice(game.legal_moves(game.state.current_player)))
        if game.state.round_number != round_number or game.state.is_over:
            continue  # the round is over already
        seat = game.state.current_player
        knowledge = Knowledge()
        for event in game.events_for(seat):
            knowledge.note(event)
        sampler = Sampler(game.view(seat), knowledge)
        for _ in range(50):
            start = time.perf_counter()
            deal = sampler.sample(rng)
            middle = time.perf_counter()
            play_out(from_state(deal), rng)
            end = time.perf_counter()
            sampling += middle - start
            playing += end - middle
            deals += 1
            rollouts += 1
    return deals / sampling, rollouts / playing


def bench_simulator(seconds: float, turn: float = 0.25) -> tuple[float, float]:
    """Moves per second of random self-play of 4-player games in the simulator and
    in the engine, each given ``seconds`` in turns of ``turn`` seconds, one after
    the other, so that both run under the same load."""
    sim_rng, engine_rng = random.Random(4), random.Random(4)
    sim_moves = engine_moves = 0
    sim_time = engine_time = 0.0
    seed = 0
    while sim_time < seconds or engine_time < seconds:
        start = time.perf_counter()
        while time.perf_counter() - start < turn:
            sim_moves += play_randomly(new_game(4, sim_rng), sim_rng)
        middle = time.perf_counter()
        while time.perf_counter() - middle < turn:
            engine_moves += play_random_game(4, seed, engine_rng)
            seed += 1
        end = time.perf_counter()
        sim_time += middle - start
        engine_time += end - middle
    return sim_moves / sim_time, engine_moves / engine_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per table size")
    parser.add_argument(
        "--deals", type=int, default=200, help="random deals to check the simulator on"
    )
    parser.add_argument(
        "--only-simulator", action="store_true", help="only the simulator against the engine"
    )
    args = parser.parse_args()
    if not args.only_simulator:
        bench_engine(args.seconds)
    sim_rate, engine_rate = bench_simulator(args.seconds)
    diverged, report = check_deals(args.deals)
    print()
    for line in report:
        print(line)
    print(
        f"simulator: {sim_rate:.0f} moves/s, engine: {engine_rate:.0f} moves/s, "
        f"ratio {sim_rate / engine_rate:.1f}, agreement {args.deals} deals {diverged} divergences"
    )


def bench_engine(seconds: float) -> None:
    """The engine's own figures: self-play, clones and the hard bot's search."""
    print(f"{'players':>7} {'games':>6} {'moves':>8} {'moves/s':>9} {'games/s':>8}")
    for players in range(2, 6):
        games, moves, elapsed = bench_self_play(players, seconds)
        print(
            f"{players:>7} {games:>6} {moves:>8} {moves / elapsed:>9,.0f} {games / elapsed:>8.1f}"
        )
    print()
    for name, micros in bench_clone().items():
        print(f"clone by {name:<16} {micros:>10,.1f} µs")
    print()
    print(f"{'4 players, cards each':<22} {'deals guessed/s':>16} {'rollouts/s':>11}")
    for first_round in (1, 5, 8):
        hand_size = Game.new(["A", "B"], seed=0, first_round=first_round).state.hand_size
        deals, rollouts = bench_rollouts(first_round, seconds)
        print(f"{hand_size:<22} {deals:>16,.0f} {rollouts:>11,.0f}")


if __name__ == "__main__":
    main()
