"""The bench's command line."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from craits_core.bot_levels import LEVELS

from .config import Config
from .ladder import collect_ladder
from .ladder_report import print_ladder
from .pairs import collect
from .pairs_report import print_report
from .players import check_levels
from .pool import busy


def parse_args(description: str, argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "level_a",
        help="the level measured (e.g. normal); with --same-deals, several, comma-separated "
        "(e.g. easy,normal,hard,expert)",
    )
    parser.add_argument("level_b", help="the level it is measured against (e.g. random)")
    parser.add_argument(
        "--rounds", type=int, default=400, help="deals, each played in every seating"
    )
    parser.add_argument(
        "--same-deals",
        action="store_true",
        help="each level of level_a in the place of one level_b bot, all on the same deals",
    )
    parser.add_argument(
        "--games",
        type=int,
        help="play this many whole games (15 rounds) of each level alone against the "
        "others' instead of single deals",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--hand-size", type=int, choices=range(1, 9), help="fixed hand size")
    parser.add_argument("--budget", type=float, help="time budget per decision (s), hard only")
    parser.add_argument("--iterations", type=int, help="iterations per decision, hard only")
    parser.add_argument("--simulations", type=int, help="deals per decision, expert only")
    parser.add_argument("--time-limit", type=float, help="time limit per decision (s), expert only")
    parser.add_argument(
        "--unguided",
        action="store_true",
        help="expert bots guess hidden cards without the holders network (a measure)",
    )
    parser.add_argument(
        "--load", type=int, default=0, help="busy processes to run beside the tables"
    )
    parser.add_argument(
        "--weights", help="expert bots play with the networks of this file (a measure)"
    )
    parser.add_argument(
        "--expert-playouts",
        action="store_true",
        help="expert bots search with play-outs to the round's end (--simulations: play-outs)",
    )
    parser.add_argument(
        "--no-mirror",
        dest="mirror",
        action="store_false",
        help="leave out the seatings with B alone against A's",
    )
    parser.add_argument(
        "--sighted",
        action="store_true",
        help="hard bots search the true hands (a measure, not a fair player)",
    )
    args = parser.parse_args(argv)
    args.measured = tuple(dict.fromkeys(level for level in args.level_a.split(",") if level))
    if not args.measured:
        parser.error("name a level to measure")
    unknown = [level for level in args.measured if level not in LEVELS]
    if unknown:
        parser.error(f"unknown level {unknown[0]!r} (levels: {', '.join(LEVELS)})")
    if len(args.measured) > 1 and not args.same_deals:
        parser.error("several levels play against the baseline with --same-deals")
    if args.games is not None and args.games < 2:
        parser.error("--games must be at least 2 (the intervals need two games)")
    if args.games is None and args.rounds < 2:
        parser.error("--rounds must be at least 2 (the intervals need two deals)")
    if args.games is not None and args.hand_size is not None:
        parser.error("a whole game plays every hand size: --games takes no --hand-size")
    return args


def make_config(args: argparse.Namespace) -> Config:
    hard_options: dict[str, Any] = {}
    if args.budget is not None:
        hard_options["time_budget"] = args.budget
    if args.iterations is not None:
        hard_options["iterations"] = args.iterations
    expert_options: dict[str, Any] = {}
    if args.simulations is not None:
        expert_options["simulations"] = args.simulations
    if args.time_limit is not None:
        expert_options["time_limit"] = args.time_limit
    levels = {*args.measured, args.level_b}
    return Config(
        measured=args.measured,
        baseline=args.level_b,
        deals=args.rounds if args.games is None else args.games,
        players=args.players,
        seed=args.seed,
        hand_size=args.hand_size,
        hard_options=hard_options if "hard" in levels else {},
        mirror=args.mirror,
        sighted=args.sighted,
        expert_options=expert_options if "expert" in levels else {},
        unguided=args.unguided,
        weights=args.weights,
        expert_playouts=args.expert_playouts,
        load=max(0, args.load),
        whole_games=args.games is not None,
    )


def main(description: str, argv: Sequence[str] | None = None) -> int:
    """Run the tournament as the command line asks (``description``: its help's)."""
    args = parse_args(description, argv)
    config = make_config(args)
    problem = check_levels(config)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    hard = config.hard_options
    if "hard" in (*config.measured, config.baseline) and "time_budget" in hard:
        print(
            "note: with --budget, hard bots may stop on time, so a run may not repeat exactly",
            file=sys.stderr,
        )
    jobs = max(1, args.jobs)
    start = time.perf_counter()
    if args.same_deals or config.whole_games:
        with busy(config.load):
            ladder = collect_ladder(config, jobs)
        print_ladder(ladder, jobs, time.perf_counter() - start)
    else:
        with busy(config.load):
            figures = collect(config, jobs)
        print_report(config, figures, jobs, time.perf_counter() - start)
    return 0
