"""RDA sketch experiments from Python: Figure 7 transition, equal-memory layouts, Figure 6
cost, and the MinHash difference bound used for sizing."""
import random

import pytest

import chronometry


def test_figure7_transition_is_sharp():
    below = chronometry.latency.rda_transition(difference=500, trials=6, common_packets=5000)
    above = chronometry.latency.rda_transition(difference=3500, trials=6, common_packets=5000)
    assert below["decoded_fraction"] >= 0.8
    assert above["decoded_fraction"] == 0.0
    assert above["rda_mean_rel_err"] > max(1e-6, 20 * below["rda_mean_rel_err"])
    assert above["rda_mean_rel_err"] < above["lda_mean_rel_err"]


def test_layout_and_bad_input():
    r = chronometry.latency.rda_layout(3, True, 96.0, 200, trials=20)
    assert r["exact"] == 20 and r["undetected"] == 0
    assert r["buckets_per_bank"] == 200  # 96 B x 200 / (3 x 32 B)
    with pytest.raises(ValueError):
        chronometry.latency.rda_layout(0, True, 96.0, 200)
    with pytest.raises(ValueError):
        chronometry.latency.rda_transition(banks=2, lost_fraction=1.5)


def test_decode_cost_brute_force_explodes_with_the_stash():
    small = chronometry.latency.decode_cost(100, 10)
    large = chronometry.latency.decode_cost(100, 20)
    assert small["rda_decoded"] and large["rda_decoded"]
    assert large["brute_subsets"] > 100 * small["brute_subsets"]


def test_difference_bound_covers_the_truth():
    rng = random.Random(3)
    covered = 0
    for trial in range(40):
        a, b = chronometry.latency.LatencyIntervalCache(), chronometry.latency.LatencyIntervalCache()
        d = 0
        for i in range(5000):
            pid = rng.getrandbits(63) | 1
            r = rng.random()
            if r < 0.02:
                a.add(pid, 0)
                d += 1
            elif r < 0.03:
                b.add(pid, 0)
                d += 1
            else:
                a.add(pid, 0)
                b.add(pid, 0)
        e = chronometry.latency.estimate_difference_with_error(
            a.signature(1024, 9), len(a), b.signature(1024, 9), len(b), 1024, 2.0)
        assert e["upper"] >= e["d_hat"] > 0
        covered += e["upper"] >= d
    # a one-sided 2-sigma bound: about 97.7 % coverage expected
    assert covered >= 35
    assert chronometry.latency.buckets_for_target(100.0) == 92  # ceil(0.6 x 100) + 32
    assert chronometry.latency.buckets_for_target(0.0, std_rel_error=0.05) == 400
