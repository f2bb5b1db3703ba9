"""Tests of the chronometry Python module against independent numpy computations."""
import math

import numpy as np
import pytest

import chronometry as c


def test_timeline_matches_piecewise_integral():
    rng = np.random.default_rng(1)
    t = c.clock.ClockTimeline()
    starts = np.cumsum(rng.integers(1, 10**9, size=20))
    slopes = rng.uniform(0.9, 1.1, size=20)
    for s, r in zip(starts, slopes):
        t.set_slope(int(s), float(r))
    # Independent integral: value(x) = sum of slope * overlap over the segments.
    bounds = np.concatenate(([0], starts))
    rates = np.concatenate(([1.0], slopes))
    for x in rng.integers(0, int(starts[-1]) * 2, size=200):
        ends = np.append(bounds[1:], np.inf)
        overlap = np.clip(np.minimum(ends, x) - bounds, 0, None)
        assert t.value_at(int(x)) == pytest.approx(float(np.sum(overlap * rates)), abs=1e-3)
    assert t.segment_count == 21


def test_timeline_is_exact_over_long_uptimes():
    """value_at is the exact piecewise integral (fractions.Fraction from the doubles), rounded
    once to the nearest double: equal, not approximately equal, over 60 days at up to 10%."""
    from fractions import Fraction

    rng = np.random.default_rng(11)
    t = c.clock.ClockTimeline(0, 123.25, 1.0)
    segments = [(0, Fraction(123.25), Fraction(1.0))]
    at = 0
    for _ in range(40):
        at += int(rng.integers(1, 130_000_000_000_000))  # up to 1.5 days
        slope = float(1.0 + rng.uniform(-0.1, 0.1))
        start, value, old = segments[-1]
        segments.append((at, value + old * (at - start), Fraction(slope)))
        t.set_slope(at, slope)
    for x in rng.integers(0, at + 10**15, size=300):
        x = int(x)
        start, value, slope = [s for s in segments if s[0] <= x][-1]
        assert t.value_at(x) == float(value + slope * (x - start))


def test_earliest_reaching_is_first_time_step():
    rng = np.random.default_rng(2)
    for _ in range(200):
        t = c.clock.ClockTimeline(0, float(rng.integers(0, 1000)), float(rng.uniform(0.5, 1.5)))
        at = 0
        for k in range(6):
            at += int(rng.integers(1, 10**9))
            if k % 2:
                t.jump(at, float(rng.integers(0, 10**6)))
            t.set_slope(at, float(rng.uniform(0.5, 1.5)))
        start = int(rng.integers(0, at))
        target = t.value_at(start) + float(rng.integers(1, 10**9))
        hit = t.earliest_reaching(start, target)
        assert t.value_at(hit) >= target
        assert hit == start or t.value_at(hit - 1) < target


def test_random_walk_variance_grows_linearly():
    # Var(rho(n * tau)) = spread^2 * n * tau; 5000 walks give ~2% sampling error.
    rng = np.random.default_rng(3)
    spread, tau, walks = 1e-6, 0.1, 5000
    z = rng.standard_normal((walks, 200))
    rho = np.zeros(walks)
    variances = {}
    for step in range(200):
        rho = np.array([c.clock.next_random_walk_drift(r, spread, tau, zz) for r, zz in zip(rho, z[:, step])])
        if step + 1 in (50, 100, 200):
            variances[step + 1] = rho.var()
    for n, v in variances.items():
        assert v == pytest.approx(spread**2 * n * tau, rel=0.1)


def test_random_walk_reflects_at_bound():
    rng = np.random.default_rng(4)
    rho = 0.0
    for zz in rng.standard_normal(20000) * 5:
        rho = c.clock.next_random_walk_drift(rho, 1e-6, 1.0, float(zz), 5e-6)
        assert abs(rho) <= 5e-6 + 1e-18


@pytest.mark.parametrize("form", ["bounded", "thesis"])
def test_bounded_skew_draws(form):
    rng = np.random.default_rng(5)
    prev = 0
    now = 0
    behind = 0
    for _ in range(20000):
        now += int(rng.integers(1, 3000)) * (1 if form == "bounded" else 50)
        r = c.clock.draw_bounded_skew_reading(prev, now, 1000, float(rng.random()), form)
        assert prev <= r <= now + 1000
        if form == "bounded":
            assert r >= now
        behind = max(behind, now - r)
        prev = r
    if form == "thesis":
        assert behind > 1000, "the thesis form falls behind true time by more than E"


def test_tsc_and_conversions():
    assert c.clock.tsc_value(1.0, 2.2e9, 5) == 2_200_000_005
    # 2^-20 s is exact in binary: floor(2.2e9 * 2^-20) = 2098 ticks, wrapping modulo 2^64
    assert c.clock.tsc_value(2.0**-20, 2.2e9, 2**64 - 1000) == 1098
    assert c.clock.ticks_to_duration(2_200_000_000, 2.2e9) == 10**9
    assert c.clock.duration_to_ticks(1000, 2.2e9) == 2200
    assert c.clock.quantize(1999.9, 1000) == 1000


@pytest.mark.parametrize(
    "call, mentions",
    [
        (lambda: c.clock.draw_bounded_skew_reading(0, 0, 0, 0.5), "bound"),
        (lambda: c.clock.draw_bounded_skew_reading(0, 0, 10, 1.5), "valid range"),
        (lambda: c.clock.draw_bounded_skew_reading(0, 0, 10, 0.5, "sloppy"), "form"),
        (lambda: c.clock.quantize(10.0, 0), "resolution"),
        (lambda: c.clock.duration_to_ticks(-1, 2.2e9), "duration"),
        (lambda: c.clock.ticks_to_duration(10, 0.0), "frequency"),
        (lambda: c.clock.next_random_walk_drift(0.0, -1.0, 1.0, 0.0), "spread"),
        (lambda: c.clock.next_random_walk_drift(0.0, 1e-6, 0.0, 0.0), "interval"),
        (lambda: c.clock.ClockTimeline().value_at(-5), "t_ns"),
    ],
)
def test_bad_input_raises_value_error(call, mentions):
    with pytest.raises(ValueError) as info:
        call()
    assert mentions in str(info.value)
    assert "valid" in str(info.value)


def test_times_are_integer_nanoseconds():
    with pytest.raises(TypeError):
        c.clock.quantize(10.0, 1.5)  # a float resolution is refused, not truncated
    assert isinstance(c.clock.ticks_to_duration(2200, 2.2e9), int)
    assert math.isclose(c.clock.PPM, 1e-6)
