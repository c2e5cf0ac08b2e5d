"""One level against another: A in B's place, and the mirror (B alone among A's)."""

from __future__ import annotations

import functools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from _stats import Estimate, mean_ci, welch_ci

from .config import A, B, Config, make_deal
from .pool import in_order
from .table import RoundResult, play_table


@dataclass(slots=True)
class DealResult:
    seatings: list[RoundResult]
    baseline: RoundResult
    """The deal played by B's alone."""


def play_deal(config: Config, index: int) -> DealResult:
    """Every table of deal ``index`` (the work of one task)."""
    deal = make_deal(config, index)
    seatings = [play_table(config, deal, lone, seat) for lone, seat in config.seatings]
    return DealResult(seatings, play_table(config, deal, None, None))


@dataclass(slots=True)
class RoleFigures:
    """Per-deal averages of one role, and all of its decision times."""

    score: list[float] = field(default_factory=list)
    """Mean round score of the role's seats, per deal (all seatings)."""
    won: list[float] = field(default_factory=list)
    """Share of the role's seats that went out, per deal."""
    lone_score: list[float] = field(default_factory=list)
    lone_won: list[float] = field(default_factory=list)
    choose_ms: list[float] = field(default_factory=list)
    """Every `choose` time, the baseline's included."""
    chosen_ms: list[float] = field(default_factory=list)
    """The same, of the calls with a choice."""


@dataclass(slots=True)
class Figures:
    roles: tuple[RoleFigures, RoleFigures] = field(
        default_factory=lambda: (RoleFigures(), RoleFigures())
    )
    in_place: list[float] = field(default_factory=list)
    """Per deal, the mean over the seats of the lone A's score less the baseline's."""
    baseline_won: list[float] = field(default_factory=list)
    """Per deal, the share of the baseline's seats that went out."""
    blocked: int = 0
    rounds: int = 0
    capped: int = 0
    lone_tables: list[list[RoundResult]] = field(default_factory=list)
    """Per deal, the tables with a lone A (for the games composed of rounds)."""

    def add_deal(self, deal: DealResult) -> None:
        rounds = deal.seatings
        for role, figures in enumerate(self.roles):
            seats = [(r, s) for r in rounds for s, who in enumerate(r.roles) if who == role]
            if seats:
                figures.score.append(statistics.fmean(r.scores[s] for r, s in seats))
                figures.won.append(statistics.fmean(s in r.went_out for r, s in seats))
            alone = [(r, r.lone_seat) for r in rounds if r.lone_role == role]
            if alone:
                figures.lone_score.append(statistics.fmean(r.scores[s] for r, s in alone))
                figures.lone_won.append(statistics.fmean(s in r.went_out for r, s in alone))
            for r in [*rounds, deal.baseline]:
                figures.choose_ms.extend(r.choose_ms[role])
                figures.chosen_ms.extend(r.chosen_ms[role])
        self.capped += sum(r.capped for r in [*rounds, deal.baseline])
        self.lone_tables.append([r for r in rounds if r.lone_role == A])
        base = deal.baseline
        self.in_place.append(in_place(rounds, base))
        self.baseline_won.append(len(base.went_out) / len(base.roles))
        self.blocked += sum(not r.went_out for r in [*rounds, base])
        self.rounds += len(rounds) + 1

    def in_place_difference(self) -> Estimate:
        """Lone A's score less the baseline B's in the same deal and seat."""
        return mean_ci(self.in_place)

    def paired_difference(self) -> Estimate:
        """Lone A's score minus lone B's in the same deal and seat, over the deals."""
        a, b = self.roles[A].lone_score, self.roles[B].lone_score
        return mean_ci([x - y for x, y in zip(a, b, strict=True)])

    def unpaired_difference(self) -> Estimate:
        """The same difference as if the mirror games had been dealt other cards."""
        return welch_ci(self.roles[A].lone_score, self.roles[B].lone_score)

    def games_won_alone(self, schedule: int) -> list[float]:
        """Per composed game (see the module docstring): 1 if the lone A's total over
        its 15 rounds is the lowest, unshared, else 0."""
        games = []
        for first in range(0, len(self.lone_tables) - schedule + 1, schedule):
            block = self.lone_tables[first : first + schedule]
            for k, table in enumerate(block[0]):
                seat = table.lone_seat
                totals = [sum(deal[k].scores[s] for deal in block) for s in range(len(table.roles))]
                mine = totals.pop(seat)
                games.append(1.0 if mine < min(totals) else 0.0)
        return games

    def decision_ms(self, levels: Sequence[str], level: str, chosen: bool = False) -> list[float]:
        """Every `choose` time of ``level``, in whichever role it played (``chosen``:
        only those with a choice)."""
        return [
            ms
            for lv, f in zip(levels, self.roles, strict=True)
            if lv == level
            for ms in (f.chosen_ms if chosen else f.choose_ms)
        ]


def in_place(tables: Sequence[RoundResult], baseline: RoundResult) -> float:
    """The mean over ``tables``' lone A's of its score less the baseline's in its seat."""
    return statistics.fmean(
        r.scores[r.lone_seat] - baseline.scores[r.lone_seat] for r in tables if r.lone_role == A
    )


def collect(config: Config, jobs: int) -> Figures:
    """Every deal of the run played, by ``jobs`` processes."""
    figures = Figures()
    for deal in in_order(functools.partial(play_deal, config), config.deals, jobs):
        figures.add_deal(deal)
    return figures
