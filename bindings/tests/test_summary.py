"""Replications summarized (issue 40): chronometry_sweep.summarize groups a sweep's DataFrame by
its points (every parameter but run and seed; the rows' keys for a study whose CSV has a line per
row) and gives each numeric result's n, mean, sd and 95% interval half-width (Student's t,
Boost.Math's quantile), NaN left out; sweep(..., replications=k) runs runs 1..k."""
import math
import random

import numpy as np
import pandas as pd
import pytest

import chronometry
import chronometry_sweep as cs
from chronometry_sweep.summary import statistics, t_quantile

US, MS = 1_000, 1_000_000
REPLAY = dict(nodes=[5], skew_bound_ns=[200 * US, 400 * US], interval_ns=[100 * US],
              delay_ns=[5 * US], rate=[80.0], duration_ns=[40 * MS])


@pytest.mark.parametrize("dof,quantile", [(1, 12.706204736174698), (2, 4.302652729749464),
                                          (4, 2.7764451051977934), (9, 2.2621571627982),
                                          (29, 2.045229642132703), (1000, 1.9623390808264078)])
def test_t_quantile_known_values(dof, quantile):
    assert t_quantile(0.975, dof) == pytest.approx(quantile, rel=1e-12)
    assert t_quantile(0.025, dof) == -t_quantile(0.975, dof) and t_quantile(0.5, dof) == 0.0
    with pytest.raises(ValueError, match=r"p = 1 is invalid; valid range: \(0, 1\)"):
        t_quantile(1, dof)
    with pytest.raises(ValueError, match="dof = 0 is invalid"):
        t_quantile(0.975, 0)


@pytest.mark.parametrize("n", [2, 3, 5, 10, 31, 200, 5000])
def test_t_quantile_agrees_with_boost(n):
    """Boost's students_t quantile, through chronometry.inference.mean_interval (C++), to 1e-9."""
    values = [float(i % 7) for i in range(n)]
    interval = chronometry.inference.mean_interval(values, 0.95)
    sd = float(np.std(values, ddof=1))
    boost = (interval["upper"] - interval["lower"]) / 2 / (sd / math.sqrt(n))
    assert t_quantile(0.975, n - 1) == pytest.approx(boost, rel=1e-9)


def test_statistics_against_numpy_with_missing_values_left_out():
    rng = random.Random(7)
    values = [rng.gauss(10, 3) for _ in range(10)]
    n, mean, sd, ci95 = statistics(values + [None, float("nan"), pd.NA])
    assert n == 10 and mean == pytest.approx(np.mean(values), rel=1e-14)
    assert sd == pytest.approx(np.std(values, ddof=1), rel=1e-14)
    assert ci95 == pytest.approx(2.2621571627982 * sd / math.sqrt(10), rel=1e-12)
    assert statistics([5.0])[:2] == (1, 5.0) and all(math.isnan(x) for x in statistics([5.0])[2:])
    assert statistics([None])[0] == 0 and math.isnan(statistics([])[1])
    assert statistics([True, False, True, True])[1] == 0.75  # a share
    with pytest.raises(ValueError, match="value 'x' is invalid; valid: a number, None or NaN"):
        statistics([1.0, "x"])


def test_summarize_known_data():
    df = pd.DataFrame(dict(study="probe", a=[1, 1, 1, 2, 2], run=[1, 2, 3, 1, 2],
                           y=[1.0, 2.0, 6.0, 4.0, None], z=[10, 20, 30, 40, 50],
                           status=["ok"] * 4 + ["error"]))
    s = cs.summarize(df, by=["a"])
    assert list(s.columns) == ["a", "runs", "y_n", "y_mean", "y_sd", "y_ci95",
                               "z_n", "z_mean", "z_sd", "z_ci95"]
    assert list(s.a) == [1, 2] and list(s.runs) == [3, 1]  # the error line left out
    first = s.iloc[0]
    assert first.y_mean == 3.0 and first.y_sd == pytest.approx(np.std([1, 2, 6], ddof=1))
    assert first.y_ci95 == pytest.approx(t_quantile(0.975, 2) * first.y_sd / math.sqrt(3))
    assert s.iloc[1].y_n == 1 and math.isnan(s.iloc[1].y_sd) and math.isnan(s.iloc[1].y_ci95)
    only = cs.summarize(df, by=["a"], fields=["y"])
    assert list(only.columns) == ["a", "runs", "y_n", "y_mean", "y_sd", "y_ci95"]
    with pytest.raises(ValueError, match="by= is needed for study 'probe'"):
        cs.summarize(df)
    with pytest.raises(ValueError, match="by column 'b' is invalid; valid: one of"):
        cs.summarize(df, by=["b"])
    with pytest.raises(ValueError, match="field 'study' is invalid: its values are not numbers"):
        cs.summarize(df, by=["a"], fields=["study"])
    with pytest.raises(ValueError, match="df of type list is invalid"):
        cs.summarize([1, 2])
    two = pd.concat([df, df.assign(study="other")])
    with pytest.raises(ValueError, match=r"holds the studies \['other', 'probe'\]; give study="):
        cs.summarize(two, by=["a"])


def test_sweep_replications_and_a_real_summary(tmp_path):
    db = str(tmp_path / "r.sqlite")
    df = cs.sweep("replay", REPLAY, db, workers=2, progress=False, replications=3)
    assert len(df) == 6 and sorted(df.run) == [1, 1, 2, 2, 3, 3]
    assert cs.points(cs.replicate(REPLAY, 3), "replay") == cs.points(
        [dict(p, run=r) for p in cs.points(REPLAY) for r in (1, 2, 3)], "replay")
    with pytest.raises(ValueError, match="replications = 2 with a grid that gives run"):
        cs.sweep("replay", dict(REPLAY, run=[1]), db, replications=2)
    s = cs.summarize(df)
    assert len(s) == 2 and list(s.runs) == [3, 3]
    assert "run" not in s and "seed" not in s and "skew_bound_ns" in s and "nodes" in s
    summary = chronometry.study.studies()["replay"]["summary"]
    numeric = [f["name"] for f in summary if f["type"] != "text"]
    assert all(f"{name}_ci95" in s for name in numeric) and "wall_s_mean" in s
    for _, line in s.iterrows():
        runs = df[df.skew_bound_ns == line.skew_bound_ns]
        theta = runs.theta_mean.astype(float)
        assert line.theta_mean_n == 3
        assert line.theta_mean_mean == pytest.approx(theta.mean(), rel=1e-12)
        assert line.theta_mean_sd == pytest.approx(theta.std(ddof=1), rel=1e-12, abs=1e-15)
        assert line.theta_mean_ci95 == pytest.approx(
            t_quantile(0.975, 2) * theta.std(ddof=1) / math.sqrt(3), rel=1e-12, abs=1e-15)
    assert (s.theta_mean_sd > 0).any()  # the runs differ: a real interval


def test_summarize_a_study_with_a_line_per_row(tmp_path):
    grid = dict(intervals=[2], interval_length_ns=[50 * MS], packet_interval_ns=[400 * US],
                loss_rate=[0.05], reorder_rate=[0.01], skew_bound_ns=[50 * US])
    df = cs.sweep("rda", grid, str(tmp_path / "rda.sqlite"), workers=2, progress=False,
                  replications=2)
    rows = chronometry.study.studies()["rda"]["rows"]
    keys = [f["name"] for f in rows["fields"] if f["key"]]
    s = cs.summarize(df)
    assert keys and set(keys) <= set(s.columns)
    per_run = sum(len(x) for x in df.flow_intervals) // 2
    assert len(s) == per_run and (s.runs == 2).all()  # one line per row key, both runs in it
    value = next(f["name"] for f in rows["fields"] if not f["key"] and f["type"] == "real")
    assert f"{value}_ci95" in s
