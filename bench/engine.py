"""Engine benchmark: random self-play of full 15-round games.

Every step asks `legal_moves` for the seat to act and plays one of them at random;
the event log is kept, as in a real game. Prints moves and games per second for
2 to 5 players, and the cost of cloning a game (what a search pays per rollout).

    python bench/engine.py [--games N] [--seconds S]
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from craits_core import Game


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per table size")
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>6} {'moves':>8} {'moves/s':>9} {'games/s':>8}")
    for players in range(2, 6):
        games, moves, elapsed = bench_self_play(players, args.seconds)
        print(
            f"{players:>7} {games:>6} {moves:>8} {moves / elapsed:>9,.0f} {games / elapsed:>8.1f}"
        )
    print()
    for name, micros in bench_clone().items():
        print(f"clone by {name:<16} {micros:>10,.1f} µs")


if __name__ == "__main__":
    main()
