"""The report of one level against another."""

from __future__ import annotations

import math
import statistics

from _stats import Estimate, Proportion, mean_ci

from .config import SCHEDULE, A, B, Config
from .pairs import Figures
from .targets import Target, pair_targets


def ci(estimate: Estimate, digits: int = 2) -> str:
    return f"{estimate.mean:6.{digits}f} ± {estimate.half_width:.{digits}f}"


def print_difference(diff: Estimate) -> None:
    verdict = "excludes zero" if diff.excludes_zero else "does NOT exclude zero"
    print(
        f"  {diff.mean:+.2f} points per round, 95% CI {diff.low:+.2f} .. {diff.high:+.2f}"
        f" (± {diff.half_width:.2f}): {verdict}"
    )


def print_options(config: Config) -> None:
    """The bots' options and the machine's load, where the run sets them."""
    if config.hard_options or config.sighted:
        options = [f"{k}={v}" for k, v in config.hard_options.items()]
        if config.sighted:
            options.append("sighted (it searches the true hands)")
        print("hard options: " + ", ".join(options))
    if config.expert_options or config.unguided or config.weights:
        options = [f"{k}={v}" for k, v in config.expert_options.items()]
        if config.unguided:
            options.append("unguided (no holders network)")
        if config.weights:
            options.append(f"weights {config.weights}")
        print("expert options: " + ", ".join(options))
    if config.load:
        print(f"with {config.load} busy processes beside the tables")


def print_targets(found: list[Target]) -> None:
    if found:
        print()
        print("targets")
        for target in found:
            print(f"  {'met    ' if target.met else 'NOT met'}  {target.text}")


def print_elapsed(elapsed: float, jobs: int) -> None:
    print()
    print(f"elapsed {elapsed:.1f} s with {jobs} job{'s' if jobs != 1 else ''}")


def hand_sizes(config: Config) -> str:
    return "8..1..8" if config.hand_size is None else str(config.hand_size)


def print_report(config: Config, figures: Figures, jobs: int, elapsed: float) -> None:
    levels = config.levels
    fair = 1 / config.players
    print(
        f"{levels[A]} vs {levels[B]}: {config.players} players, {config.deals} deals x "
        f"({len(config.seatings)} seatings + the baseline) = {figures.rounds} rounds, "
        f"hand sizes {hand_sizes(config)}, seed {config.seed}"
    )
    print_options(config)
    print()
    print(
        f"{'':2} {'level':<8} {'score, all seats':>17} {'went out':>9}"
        f" {'score, lone seat':>17} {'went out':>9} {'x fair':>7}"
    )
    for role, f in enumerate(figures.roles):
        if not f.lone_score:
            continue
        lone_won = statistics.fmean(f.lone_won)
        print(
            f"{'AB'[role]:2} {levels[role]:<8} {ci(mean_ci(f.score)):>17}"
            f" {statistics.fmean(f.won):>9.1%} {ci(mean_ci(f.lone_score)):>17}"
            f" {lone_won:>9.1%} {lone_won / fair:>7.2f}"
        )
    print(f"   baseline, {levels[B]} only {'':>17} {statistics.fmean(figures.baseline_won):>9.1%}")
    print(
        "(round score: mean ± 95% CI over the deals; fair share of rounds won: "
        f"{fair:.1%}; blocked rounds: {figures.blocked / figures.rounds:.1%})"
    )
    print()
    print(
        f"{'':2} {'level':<8} {'choose: median':>15} {'max':>10} {'calls':>9}"
        f" {'with a choice: median':>22} {'calls':>9}"
    )
    for role, f in enumerate(figures.roles):
        chosen = statistics.median(f.chosen_ms) if f.chosen_ms else math.nan
        print(
            f"{'AB'[role]:2} {levels[role]:<8} {statistics.median(f.choose_ms):>12.3f} ms"
            f" {max(f.choose_ms):>7.1f} ms {len(f.choose_ms):>9}"
            f" {chosen:>19.3f} ms {len(f.chosen_ms):>9}"
        )
    if "expert" in levels:
        print(f"expert decisions stopped by the time limit: {figures.capped}")
    print()
    print(f"{levels[A]} in the place of a {levels[B]} (the baseline's score in the same seat):")
    print_difference(figures.in_place_difference())
    if config.mirror:
        print(f"lone {levels[A]} against lone {levels[B]} in the same seat of the mirror game:")
        print_difference(figures.paired_difference())
        unpaired = figures.unpaired_difference()
        print(f"  unpaired (Welch) over the same deals: ± {unpaired.half_width:.2f}")
    games = figures.games_won_alone(SCHEDULE) if config.hand_size is None else []
    if games:
        share = Proportion.of(round(sum(games)), len(games))
        print(
            f"lone {levels[A]} won {share.share:.1%} of {len(games)} whole games alone"
            f" (95% CI {share.low:.1%} .. {share.high:.1%}), composed of the rounds above"
        )
    won = mean_ci(figures.roles[A].lone_won)
    print(
        f"lone {levels[A]} went out in {won.mean:.1%} of its rounds"
        f" (95% CI {won.low:.1%} .. {won.high:.1%}):"
        f" {won.mean / fair:.2f}x its fair share of {fair:.1%}"
        f" ({won.low / fair:.2f}x .. {won.high / fair:.2f}x)"
    )
    print_targets(pair_targets(config, figures))
    print_elapsed(elapsed, jobs)
