"""How many play-outs the hard (or expert) level's search makes in a decision, and
how long its decisions take.

The same positions every run: 4-player rounds of every hand size, a few random
moves in, where the seat to act has a choice to search. The hard bot decides each
one with its own budget (1,200 play-outs, capped at 1 s), a time budget
(--budget) or a number of play-outs (--iterations); the expert with its own budget (160 deals, each played
out for each of its few candidates). The line gives play-outs per searched decision
and the decision's wall time, median and worst.

    python bench/playouts.py [--positions N] [--budget S | --iterations N]
    python bench/playouts.py --level expert
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator

from craits_core.threads import limit_threads

limit_threads()  # before the bots load numpy

from craits_core import Game  # noqa: E402
from craits_core.bots import make_bot  # noqa: E402
from craits_core.commands import Announce, CallIdiot  # noqa: E402


def positions(count: int) -> Iterator[tuple[Game, int]]:
    """``count`` games at a moment where the seat to act has a choice, with that seat."""
    rng = random.Random(0)
    found = seed = 0
    while found < count:
        game = Game.new(["A", "B", "C", "D"], seed=seed, first_round=1 + seed % 15)
        seed += 1
        round_number = game.state.round_number
        for _ in range(rng.randrange(8)):
            game.handle(rng.choice(game.legal_moves(game.state.current_player)))
        state = game.state
        if state.is_over or state.round_number != round_number:
            continue
        seat = state.current_player
        choices = [m for m in game.legal_moves(seat) if not isinstance(m, Announce | CallIdiot)]
        if len(choices) > 1 and len(state.hands[seat]) > 1:
            found += 1
            yield game, seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=("hard", "expert"), default="hard")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--budget", type=float, default=None, help="seconds per decision")
    parser.add_argument("--iterations", type=int, default=None, help="play-outs per decision")
    args = parser.parse_args()
    runs: list[int] = []
    times: list[float] = []
    for i, (game, seat) in enumerate(positions(args.positions)):
        if args.level == "hard":
            options = {"time_budget": args.budget, "iterations": args.iterations}
            bot = make_bot("hard", i, **{k: v for k, v in options.items() if v is not None})
        else:
            bot = make_bot("expert", i)
        for event in game.events_for(seat):
            bot.observe(event)
        start = time.perf_counter()
        bot.choose(game.view(seat), game.legal_moves(seat))
        elapsed = time.perf_counter() - start
        searched = bot.last_search  # type: ignore[attr-defined]
        if searched:
            runs.append(sum(c.runs for c in searched))
            times.append(elapsed)
    what = f"{args.iterations} play-outs" if args.iterations else f"{args.budget} s"
    if args.level == "expert" or not (args.iterations or args.budget):
        what = "its own budget"
    print(
        f"{args.level}, {what} a decision, {len(runs)} searched decisions: play-outs per decision "
        f"median {statistics.median(runs):.0f}, mean {statistics.fmean(runs):.0f}, "
        f"min {min(runs)}, max {max(runs)}; decision time median "
        f"{statistics.median(times):.3f} s, max {max(times):.3f} s"
    )


if __name__ == "__main__":
    main()
