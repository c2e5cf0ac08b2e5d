"""The report of a same-deals run: each level's paired figure, each pair's
difference, whether the ladder holds, and the targets it measures."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence

from _stats import Estimate, Proportion, percentile

from .ladder import Ladder
from .pairs_report import hand_sizes, print_elapsed, print_options, print_targets
from .targets import (
    Target,
    decides_in,
    expert_beats_hard,
    expert_in_place_of_normal,
    expert_wins_games,
    hard_in_place_of_normal,
    interval,
)


def times(values: Sequence[float]) -> str:
    """Median, p95 and max of ``values`` (ms), and how many."""
    if not values:
        return f"{'-':>9} {'-':>9} {'-':>9} {0:>7}"
    return (
        f"{statistics.median(values):>9.3f} {percentile(values, 95):>9.3f}"
        f" {max(values):>9.1f} {len(values):>7}"
    )


def verdict(diff: Estimate) -> str:
    return "excludes zero" if diff.excludes_zero else "does NOT exclude zero"


def ladder_targets(ladder: Ladder) -> list[Target]:
    """The targets this run measures."""
    config = ladder.config
    measured, baseline, deals = set(config.measured), config.baseline, config.deals
    found = []
    if not config.whole_games and baseline == "normal" and "hard" in measured:
        found.append(hard_in_place_of_normal(ladder.figure("hard"), deals))
    if not config.whole_games and baseline == "normal" and "expert" in measured:
        found.append(expert_in_place_of_normal(ladder.figure("expert"), deals))
    if not config.whole_games and baseline == "hard" and "expert" in measured:
        found.append(expert_beats_hard(ladder.figure("expert"), deals, "in place of a hard"))
    if not config.whole_games and {"expert", "hard"} <= measured:
        diff = ladder.difference("expert", "hard")
        found.append(expert_beats_hard(diff, deals, "less hard, on the same deals"))
    if config.whole_games and baseline == "normal" and "expert" in measured:
        won = ladder.levels["expert"].went_out
        found.append(expert_wins_games(Proportion.of(round(sum(won)), len(won)), "games"))
    for level in ("hard", "expert"):
        if level in measured and level != baseline:
            chosen = ladder.levels[level].chosen_ms
            found.append(decides_in(level, chosen, ", where it has a choice"))
    if len(ladder.order) > 2:
        found.append(Target(ladder.ladder_holds(), f"the ladder {' < '.join(ladder.order)} holds"))
    return found


def print_levels(ladder: Ladder) -> None:
    config = ladder.config
    unit = "game" if config.whole_games else "round"
    fair = 1 / config.players
    went = "won alone" if config.whole_games else "went out"
    print(
        f"{'level':<8} {'in place, a ' + unit + ' (95% CI)':>30} {went:>9} {'x fair':>7}"
        f"  {'choose ms: median':>17} {'p95':>9} {'max':>9} {'calls':>7}"
        f"  {'with a choice: median':>21} {'p95':>9} {'max':>9} {'calls':>7}"
    )
    for level in ladder.order:
        f = ladder.levels[level]
        share = statistics.fmean(f.went_out)
        figure = "0 (the baseline)" if level == config.baseline else interval(ladder.figure(level))
        print(
            f"{level:<8} {figure:>30} {share:>9.1%} {share / fair:>7.2f}"
            f"  {times(f.choose_ms):>43}  {times(f.chosen_ms):>47}"
        )
    base = statistics.fmean(ladder.baseline_went_out)
    print(
        f"{'baseline':<8} {config.baseline + ' in every seat':>30} {base:>9.1%}"
        f" {base / fair:>7.2f}  {times(ladder.baseline_ms):>43}"
        f"  {times(ladder.baseline_chosen_ms):>47}"
    )
    if config.whole_games:
        for level in ladder.order:
            won = ladder.levels[level].went_out
            share = Proportion.of(round(sum(won)), len(won))
            print(
                f"lone {level} won {share.successes} of {share.n} whole games alone: "
                f"{share.share:.1%} (95% CI {share.low:.1%} .. {share.high:.1%}, Wilson)"
            )
    if "expert" in config.measured or config.baseline == "expert":
        print(f"expert decisions stopped by the time limit: {ladder.capped}")


def print_pairs(ladder: Ladder) -> None:
    pairs = list(ladder.pairs())
    if not pairs:
        return
    print()
    print("on the same deals, the stronger less the weaker (mean, 95% CI over the deals):")
    for stronger, weaker in pairs:
        diff = ladder.difference(stronger, weaker)
        print(f"  {stronger + ' - ' + weaker:<17} {interval(diff):>26}  {verdict(diff)}")
    order = ladder.order
    if len(order) < 2:
        return
    holds = ladder.ladder_holds()
    print(
        f"the ladder {' < '.join(order)}: {'holds' if holds else 'does NOT hold'}"
        " by the paired means"
    )
    for weaker, stronger in itertools.pairwise(order):
        diff = ladder.difference(stronger, weaker)
        sure = "excludes zero" if diff.high < 0 else "does not exclude zero"
        if diff.low > 0:
            sure = "excludes zero, the wrong way"
        print(f"  {weaker} < {stronger}: the interval {sure}")


def print_ladder(ladder: Ladder, jobs: int, elapsed: float) -> None:
    config = ladder.config
    what = (
        f"{config.deals} whole games, each level alone in one seat (the next each game)"
        if config.whole_games
        else f"{config.deals} deals, each level alone in every seat, hand sizes "
        f"{hand_sizes(config)}"
    )
    print(
        f"{', '.join(ladder.order)}, each in the place of a {config.baseline}, on the same "
        f"deals: {config.players} players, {what}; {ladder.tables} tables with the "
        f"baseline's; seed {config.seed}"
    )
    print_options(config)
    print()
    print_levels(ladder)
    print_pairs(ladder)
    print_targets(ladder_targets(ladder))
    print_elapsed(elapsed, jobs)
