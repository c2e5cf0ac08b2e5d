"""Small statistics for the benchmarks: means with Student-t confidence intervals,
shares with Wilson score intervals, and percentiles of a sample's spread.

Only the standard library: the t quantile comes from the Cornish-Fisher expansion
of the normal one (Abramowitz & Stegun 26.7.5), within 0.1% of the exact value from
4 degrees of freedom up.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean and the half width of its confidence interval (``nan`` when unknown)."""

    mean: float
    half_width: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly on one side of zero."""
        return self.low > 0 or self.high < 0


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom."""
    z = statistics.NormalDist().inv_cdf(p)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / df**power for power, term in enumerate(terms, start=1))


def mean_ci(values: Sequence[float], confidence: float = 0.95) -> Estimate:
    """The mean of independent ``values`` with a t confidence interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, 0)
    mean = statistics.fmean(values)
    if n < 2:
        return Estimate(mean, math.nan, n)
    sem = statistics.stdev(values) / math.sqrt(n)
    return Estimate(mean, t_quantile((1 + confidence) / 2, n - 1) * sem, n)


def welch_ci(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> Estimate:
    """Mean of ``a`` minus mean of ``b`` for two independent samples (Welch's t)."""
    if len(a) < 2 or len(b) < 2:
        return Estimate(math.nan, math.nan, min(len(a), len(b)))
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    diff = statistics.fmean(a) - statistics.fmean(b)
    if va + vb == 0:
        return Estimate(diff, 0.0, min(len(a), len(b)))
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    half = t_quantile((1 + confidence) / 2, df) * math.sqrt(va + vb)
    return Estimate(diff, half, min(len(a), len(b)))


@dataclass(frozen=True, slots=True)
class Proportion:
    """A share of successes with its Wilson score interval (``nan`` when ``n`` is 0)."""

    successes: int
    n: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.successes / self.n if self.n else math.nan

    @classmethod
    def of(cls, successes: int, n: int, confidence: float = 0.95) -> Proportion:
        """``successes`` of ``n`` independent trials. Wilson's interval, unlike the
        normal one, stays within 0..1 and is not empty when the share is 0 or 1."""
        if n == 0:
            return cls(successes, n, math.nan, math.nan)
        z = statistics.NormalDist().inv_cdf((1 + confidence) / 2)
        p = successes / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        return cls(successes, n, max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0 to 100) of ``values``: of the sorted values, the one
    at ``p`` percent of the way from the first to the last, rounded to the nearest
    (``nan`` when there are none)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass(frozen=True, slots=True)
class Spread:
    """How a sample of timings or sizes is spread (``nan`` where there are none)."""

    n: int
    mean: float
    min: float
    p50: float
    p90: float
    p99: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of ``values``."""
        if not values:
            return cls(0, *[math.nan] * 6)
        ordered = sorted(values)
        return cls(
            len(ordered),
            statistics.fmean(ordered),
            ordered[0],
            percentile(ordered, 50),
            percentile(ordered, 90),
            percentile(ordered, 99),
            ordered[-1],
        )
