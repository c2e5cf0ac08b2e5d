"""The targets set for the bots: each stated once, from the figures of any mode."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from _stats import Estimate, Proportion

from .config import SCHEDULE, B, Config
from .pairs import Figures

EXPERT_DEALS = 2000
"""Deals the expert's targets are measured over."""


@dataclass(frozen=True, slots=True)
class Target:
    met: bool
    text: str


def interval(diff: Estimate) -> str:
    return f"{diff.mean:+.2f} ({diff.low:+.2f} .. {diff.high:+.2f})"


def normal_beats_random(normal: float, rand: float) -> Target:
    """From the two levels' mean round scores."""
    lower = 1 - normal / rand if rand else math.nan
    return Target(
        lower >= 0.30,
        f"normal's mean round score at least 30% lower than random's: "
        f"{normal:.2f} vs {rand:.2f}, {lower:.0%} lower",
    )


def hard_in_place_of_normal(diff: Estimate, deals: int) -> Target:
    return Target(
        diff.high < 0 and deals >= 400,
        f"hard scores lower than normal in the same seat, 95% CI excluding zero, over "
        f"at least 400 deals: {interval(diff)} over {deals}",
    )


def expert_in_place_of_normal(diff: Estimate, deals: int) -> Target:
    return Target(
        diff.mean <= -6 and diff.high < -3.8 and deals >= EXPERT_DEALS,
        f"expert in place of a normal: at most -6 a round, the interval's upper end "
        f"below -3.8, over at least {EXPERT_DEALS} deals: {interval(diff)} over {deals}",
    )


def expert_beats_hard(diff: Estimate, deals: int, how: str) -> Target:
    """``how``: how the difference was measured (in a hard's place, or on the same deals)."""
    return Target(
        diff.mean <= -2 and diff.high < 0 and deals >= EXPERT_DEALS,
        f"expert {how}: at most -2 a round, the interval's upper end below zero, "
        f"over at least {EXPERT_DEALS} deals: {interval(diff)} over {deals}",
    )


def expert_wins_games(won: Proportion, how: str) -> Target:
    return Target(
        won.share >= 0.38,
        f"lone expert wins at least 38% of whole games against three normals: "
        f"{won.share:.1%} ({won.low:.1%} .. {won.high:.1%}) of {won.n} {how}",
    )


def decides_in(level: str, times: Sequence[float], where: str = "") -> Target:
    """A searching level's decision times: at most 0.3 s median and 1 s max."""
    times = times or [math.nan]
    median, worst = statistics.median(times), max(times)
    return Target(
        median <= 300 and worst <= 1000,
        f"{level} decides in at most 0.3 s median and 1 s max{where}: "
        f"{median / 1000:.3f} s median, {worst / 1000:.3f} s max",
    )


def normal_speed(times: Sequence[float]) -> Target:
    median = statistics.median(times)
    return Target(median < 2, f"normal decides in under 2 ms median: {median:.3f} ms")


def hard_goes_out(figures: Figures, hard: int, players: int) -> Target:
    fair = 1 / players
    lone_won = figures.roles[hard].lone_won
    won = statistics.fmean(lone_won) if lone_won else math.nan
    won_text = (
        f"{won:.1%} = {won / fair:.2f}x of {fair:.1%}"
        if lone_won
        else "no table had a lone hard (name hard first, or play the mirror)"
    )
    return Target(won >= 1.3 * fair, f"lone hard goes out at least 1.3x its fair share: {won_text}")


def pair_targets(config: Config, figures: Figures) -> list[Target]:
    """The targets that apply to this pair of levels."""
    levels = config.levels
    pair = set(levels)
    diff = figures.in_place_difference()
    found = []
    if pair == {"normal", "random"}:
        normal = statistics.fmean(figures.roles[levels.index("normal")].score)
        rand = statistics.fmean(figures.roles[levels.index("random")].score)
        found.append(normal_beats_random(normal, rand))
    if pair == {"hard", "normal"}:
        hard = levels.index("hard")
        if hard == B:  # A normal in a hard's place, at a table of hards: its loss is hard's gain.
            diff = Estimate(-diff.mean, diff.half_width, diff.n)
        found += [
            hard_in_place_of_normal(diff, config.deals),
            hard_goes_out(figures, hard, config.players),
            decides_in("hard", figures.decision_ms(levels, "hard")),
        ]
    if levels == ("expert", "normal"):
        found.append(expert_in_place_of_normal(diff, config.deals))
        games = figures.games_won_alone(SCHEDULE)
        won = Proportion.of(round(sum(games)), len(games))
        found.append(expert_wins_games(won, "games composed of the rounds"))
    if levels == ("expert", "hard"):
        found.append(expert_beats_hard(diff, config.deals, "in place of a hard"))
    if levels[0] == "expert" and levels[1] in ("normal", "hard"):
        times = figures.decision_ms(levels, "expert", chosen=True)
        found.append(decides_in("expert", times, ", where it has a choice"))
    if "normal" in pair:
        found.append(normal_speed(figures.decision_ms(levels, "normal")))
    return found
