"""Several levels on the same deals, each in the place of one baseline bot.

Every deal is played once by the baseline's bots alone and, for each measured
level, with that level in each seat in turn among the baseline's (a whole game:
in one seat, the next seat each game). The deals come from the run's seed alone
(`config.make_deal`) and each seat's bot seed from the deal and the seat, so every
level meets the same cards and the same baseline. A level's *paired figure* is its
score less the baseline's in the same seat, averaged over its seats within the
deal; two levels' difference is the difference of their paired figures, deal by
deal, so the baseline's score cancels out and the interval is over the deals.
"""

from __future__ import annotations

import functools
import itertools
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from _stats import Estimate, mean_ci

from craits_core import Card
from craits_core.bot_levels import LEVELS

from .config import A, Config, make_deal
from .pool import in_order
from .table import RoundResult, play_table


@dataclass(slots=True)
class LadderDeal:
    """One deal at every table of the run."""

    index: int
    baseline: RoundResult
    tables: dict[str, list[RoundResult]]
    """Per measured level, its tables (one per seat it sat in alone)."""


def lone_seats(config: Config, index: int) -> Sequence[int]:
    """The seats a measured level sits in alone at deal ``index``."""
    return [index % config.players] if config.whole_games else range(config.players)


def play_ladder_deal(config: Config, index: int) -> LadderDeal:
    """Every table of deal ``index`` (the work of one task)."""
    whole_game = config.whole_games
    deal = make_deal(config, index, whole_game)
    baseline = play_table(config, deal, None, None, whole_game)
    tables = {}
    for level in config.measured:
        if level == config.baseline:
            # Its bots and seeds are the baseline's: the same table, move for move.
            tables[level] = [
                replace(baseline, lone_role=A, lone_seat=s) for s in lone_seats(config, index)
            ]
            continue
        pair = config.pair(level)
        tables[level] = [
            play_table(pair, deal, A, seat, whole_game) for seat in lone_seats(config, index)
        ]
    return LadderDeal(index, baseline, tables)


@dataclass(slots=True)
class LevelFigures:
    """One measured level's figures, per deal, and its decision times."""

    in_place: list[float] = field(default_factory=list)
    """Per deal, its score less the baseline's in the same seat, over its seats."""
    went_out: list[float] = field(default_factory=list)
    """Per deal, the share of its seats that went out (of a whole game: won alone)."""
    dealt: list[tuple[tuple[Card, ...], ...]] = field(default_factory=list)
    """Per deal, the first deck dealt at each of its tables."""
    choose_ms: list[float] = field(default_factory=list)
    chosen_ms: list[float] = field(default_factory=list)
    """The `choose` times where it had a choice."""

    def add(
        self, tables: Sequence[RoundResult], baseline: RoundResult, own: bool, whole_game: bool
    ) -> None:
        """``own``: the tables are its own (not the baseline's, reused)."""
        self.in_place.append(
            statistics.fmean(r.scores[r.lone_seat] - baseline.scores[r.lone_seat] for r in tables)
        )
        self.went_out.append(statistics.fmean(won(r, whole_game) for r in tables))
        self.dealt.append(tuple(r.dealt for r in tables))
        role = A if own else 1 - A
        for r in tables if own else [baseline]:
            self.choose_ms.extend(r.choose_ms[role])
            self.chosen_ms.extend(r.chosen_ms[role])


def won(table: RoundResult, whole_game: bool) -> bool:
    """Whether the lone seat went out (of a whole game: won it alone)."""
    if whole_game:
        return table.went_out == (table.lone_seat,)
    return table.lone_seat in table.went_out


@dataclass(slots=True)
class Ladder:
    """The figures of a same-deals run."""

    config: Config
    levels: dict[str, LevelFigures] = field(default_factory=dict)
    baseline_dealt: list[tuple[Card, ...]] = field(default_factory=list)
    baseline_went_out: list[float] = field(default_factory=list)
    baseline_ms: list[float] = field(default_factory=list)
    baseline_chosen_ms: list[float] = field(default_factory=list)
    tables: int = 0
    capped: int = 0

    def __post_init__(self) -> None:
        self.levels = {level: LevelFigures() for level in self.config.measured}

    def add(self, deal: LadderDeal) -> None:
        base = deal.baseline
        self.baseline_dealt.append(base.dealt)
        alone = len(base.went_out) == 1 or not self.config.whole_games  # a shared win is no win
        self.baseline_went_out.append(alone * len(base.went_out) / len(base.roles))
        self.baseline_ms.extend(base.choose_ms[1 - A])
        self.baseline_chosen_ms.extend(base.chosen_ms[1 - A])
        self.tables += 1
        self.capped += base.capped
        for level, tables in deal.tables.items():
            own = level != self.config.baseline
            self.levels[level].add(tables, base, own, self.config.whole_games)
            if own:
                self.tables += len(tables)
                self.capped += sum(r.capped for r in tables)
                for r in tables:
                    self.baseline_ms.extend(r.choose_ms[1 - A])
                    self.baseline_chosen_ms.extend(r.chosen_ms[1 - A])

    def figure(self, level: str) -> Estimate:
        """``level``'s paired figure: in the baseline's place, over the deals."""
        return mean_ci(self.levels[level].in_place)

    def per_deal_difference(self, level: str, other: str) -> list[float]:
        """Per deal, ``level``'s paired figure less ``other``'s."""
        a, b = self.levels[level].in_place, self.levels[other].in_place
        return [x - y for x, y in zip(a, b, strict=True)]

    def difference(self, level: str, other: str) -> Estimate:
        """``level`` less ``other`` on the same deals, over the deals."""
        return mean_ci(self.per_deal_difference(level, other))

    @property
    def order(self) -> list[str]:
        """The measured levels, weakest first (as the game lists them)."""
        return sorted(self.config.measured, key=LEVELS.index)

    def pairs(self) -> Iterable[tuple[str, str]]:
        """Every pair of measured levels as (stronger, weaker)."""
        order = self.order
        for i, weaker in enumerate(order):
            for stronger in order[i + 1 :]:
                yield stronger, weaker

    def ladder_holds(self) -> bool:
        """Whether each level's paired mean is lower (better) than the weaker's below it."""
        means = [self.figure(level).mean for level in self.order]
        return all(b < a for a, b in itertools.pairwise(means))


def collect_ladder(config: Config, jobs: int) -> Ladder:
    """Every deal of the run played, by ``jobs`` processes."""
    ladder = Ladder(config)
    for deal in in_order(functools.partial(play_ladder_deal, config), config.deals, jobs):
        ladder.add(deal)
    return ladder
