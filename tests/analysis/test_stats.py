"""Statistics helpers: Wilson intervals, score test, histogram percentiles, paired moments."""

import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from magie.engine.analysis.stats import Histogram, Moments, rate_test, wilson, z_value


def test_wilson_known_values():
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    lo, hi = wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(29, 100)
    assert (lo, hi) == pytest.approx((0.2101, 0.3854), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_first_player_advantage_test():
    # 29% of 2000 games against 25%: about 4 standard errors
    z, p = rate_test(580, 2000, 0.25)
    assert z == pytest.approx(4.13, abs=0.01) and p < 1e-4
    assert rate_test(500, 2000, 0.25) == (0.0, 1.0)


@given(st.lists(st.integers(min_value=1, max_value=300), min_size=2, max_size=200))
def test_histogram_percentiles_are_exact(values):
    h = Histogram()
    for v in values:
        h.add(v)
    assert h.mean() == pytest.approx(statistics.fmean(values))
    assert h.percentile(50) == pytest.approx(statistics.median(values))
    qs = statistics.quantiles(values, n=20, method="inclusive")
    assert h.percentile(5) == pytest.approx(qs[0])
    assert h.percentile(95) == pytest.approx(qs[-1])
    assert h.sd() == pytest.approx(statistics.stdev(values))
    assert sum(c for _, _, c in h.bins(20)) == len(values)


def test_paired_moments():
    m = Moments()
    for x in (1, 2, 3, 4):
        m.add(x)
    assert m.mean == 2.5 and m.sd == pytest.approx(statistics.stdev([1, 2, 3, 4]))
    lo, hi = m.interval(0.95)
    assert (lo + hi) / 2 == pytest.approx(2.5)
