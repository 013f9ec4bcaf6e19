"""Small, exact statistics for simulation summaries (standard library only).

Rates get Wilson score intervals (Wilson 1927; better than the normal interval near 0 and 1 and
for small samples); a rate is tested against an expected value with the two-sided score test;
paired differences (common random numbers in `magie compare`) get a normal interval from the
mean and variance of the per-game differences. Game lengths are kept as a histogram
(`Histogram`), so percentiles are exact and memory does not grow with the number of games.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from statistics import NormalDist


def z_value(confidence: float) -> float:
    """The two-sided normal quantile for `confidence` (0.95 -> 1.96). Raises ValueError
    outside (0, 1)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of a rate of `successes` in `n` trials (a shared
    win may count as a fraction). (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    z = z_value(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_test(successes: float, n: int, expected: float) -> tuple[float, float]:
    """Two-sided score test of a rate against `expected`: (z, p-value)."""
    if n <= 0 or not 0.0 < expected < 1.0:
        return 0.0, 1.0
    z = (successes - n * expected) / math.sqrt(n * expected * (1 - expected))
    return z, math.erfc(abs(z) / math.sqrt(2))


@dataclass
class Moments:
    """Running count, sum and sum of squares of a quantity (e.g. a paired difference)."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float) -> None:
        """Add one observation."""
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Moments) -> None:
        """Add another set of observations."""
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        """Sample standard deviation (0 with fewer than two observations)."""
        if self.n < 2:
            return 0.0
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, var))

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """Normal interval of the mean (mean -/+ z sd / sqrt(n))."""
        if self.n == 0:
            return 0.0, 0.0
        half = z_value(confidence) * self.sd / math.sqrt(self.n)
        return self.mean - half, self.mean + half


@dataclass
class Histogram:
    """Counts of integer values (game lengths in rounds): exact mean, median and percentiles
    in memory bounded by the number of distinct values."""

    counts: dict[int, int] = field(default_factory=dict)

    def add(self, x: int, times: int = 1) -> None:
        self.counts[x] = self.counts.get(x, 0) + times

    def merge(self, other: Histogram) -> None:
        for x, c in other.counts.items():
            self.add(x, c)

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def mean(self) -> float:
        n = self.n
        return sum(x * c for x, c in self.counts.items()) / n if n else 0.0

    def sd(self) -> float:
        n = self.n
        if n < 2:
            return 0.0
        m = self.mean()
        return math.sqrt(sum(c * (x - m) ** 2 for x, c in self.counts.items()) / (n - 1))

    def percentile(self, q: float) -> float:
        """The q-th percentile (0-100), linear between order statistics (as numpy's default
        and `statistics.quantiles(method='inclusive')`)."""
        n = self.n
        if n == 0:
            return 0.0
        pos = (n - 1) * q / 100
        lo, frac = int(math.floor(pos)), pos - math.floor(pos)
        a = self._nth(lo)
        b = self._nth(min(n - 1, lo + 1))
        return a + (b - a) * frac

    def _nth(self, k: int) -> int:
        seen = 0
        for x in sorted(self.counts):
            seen += self.counts[x]
            if seen > k:
                return x
        return max(self.counts)

    def bins(self, count: int = 20) -> list[tuple[int, int, int]]:
        """(low, high, games) for `count` equal-width bins over the values seen."""
        if not self.counts:
            return []
        lo, hi = min(self.counts), max(self.counts)
        width = max(1, math.ceil((hi - lo + 1) / count))
        out = []
        for a in range(lo, hi + 1, width):
            b = a + width - 1
            out.append((a, b, sum(c for x, c in self.counts.items() if a <= x <= b)))
        return out


def fmt_interval(low: float, high: float, percent: bool = True) -> str:
    """'[27.1%, 30.9%]' or '[1.2, 3.4]'."""
    if percent:
        return f"[{low:.1%}, {high:.1%}]"
    return f"[{low:.2f}, {high:.2f}]"


def mean_of(values: Iterable[float]) -> float:
    """The mean of `values` (0 for none)."""
    vals = list(values)
    return sum(vals) / len(vals) if vals else 0.0
