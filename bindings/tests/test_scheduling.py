"""OneClock scheduling from Python: predictors by hand, the scenario runner against truth."""
import importlib
import os
import sys

import pytest

import chronometry


def feed(predictor, samples):
    out = []
    for x in samples:
        predictor.update(x)
        out.append(predictor.predict())
    return out


def test_predictors_hand_computed():
    assert chronometry.scheduling.EtePredictor("Baseline").predict() == 0
    assert feed(chronometry.scheduling.EtePredictor("Average", 3), [10, 20, 30, 40, 110]) == [10, 15, 20, 30, 60]
    assert feed(chronometry.scheduling.EtePredictor("FtAverage", 4), [10, 100, 20, 30, 40, 1000]) == \
        [10, 55, 20, 25, 35, 35]
    assert feed(chronometry.scheduling.EtePredictor("FtAverage", 2), [10, 100, 20]) == [10, 55, 60]
    k = chronometry.scheduling.EtePredictor("Kalman", 8)
    feed(k, [10, 20, 30, 40])
    v = 1050 / 27
    gain = 6.25 / (6.25 + v)
    assert k.gain == pytest.approx(gain)
    assert k.process_variance == pytest.approx(6.25)
    assert k.measurement_variance == pytest.approx(v)
    assert k.variance == pytest.approx((1 - gain) * 6.25)
    assert k.predict() == round(15 + gain * 25)
    with pytest.raises(ValueError, match="window"):
        chronometry.scheduling.EtePredictor("Average", 0)
    with pytest.raises(ValueError, match="predictor"):
        chronometry.scheduling.EtePredictor("Median")
    with pytest.raises(TypeError):
        chronometry.scheduling.EtePredictor("Average").update(1.5)  # ns are integers


def test_study_against_truth():
    base = chronometry.scheduling.run_scheduling_study(predictor="Baseline", operations=40, rows=True)
    ft = chronometry.scheduling.run_scheduling_study(predictor="FtAverage", operations=40, rows=True)
    assert base["executed"] == ft["executed"] == 160
    assert ft["mae_us"] < 0.5 * base["mae_us"]
    off = {k: base[f"mae_offline_{k}_us"] for k in ("baseline", "average", "ftaverage", "kalman")}
    assert max(off["average"], off["ftaverage"], off["kalman"]) < 0.3 * off["baseline"]
    assert len(ft["executions"]) == 160  # the rows: one per operation and server
    assert "executions" not in chronometry.scheduling.run_scheduling_study(operations=5)  # details on request
    for row in ft["executions"]:
        assert abs(row["clock_part_ns"]) <= 50_000  # offsets within E/2 (E = 100 us)
    assert ft["mae_clock_us"] > 1.0  # skewed clocks show in the start error
    perfect = chronometry.scheduling.run_scheduling_study(predictor="FtAverage", operations=20, skew_bound_ns=0,
                                               rows=True)
    assert perfect["mae_clock_us"] == 0.0  # perfect clocks: every start exactly at T_s
    assert all(row["true_start_ns"] == row["scheduled_ns"] for row in perfect["executions"])
    assert len(ft["csv_row"].split(",")) == len(chronometry.scheduling.SCHEDULING_STUDY_CSV_HEADER.split(","))
    again = chronometry.scheduling.run_scheduling_study(predictor="FtAverage", operations=40)
    assert again["mae_us"] == ft["mae_us"]  # same run, same streams: reproducible


def test_atomic_commit_and_validation():
    atomic = dict(atomic=True, operations=20, send_ahead_ns=300_000_000,
                  decision_lead_ns=400_000_000, skew_bound_ns=1_000_000)
    # Refusals on a lossless network: every refused commit is cancelled everywhere in time.
    r = chronometry.scheduling.run_scheduling_study(refuse=0.1, **atomic)
    assert r["messages_lost"] == 0
    assert r["commit_partial"] == 0 and r["commit_none"] == r["aborts"] > 0
    # Messages lost by the network (error models on the links, every type, both ways): about
    # 10% of them, SCHEDULEs and ACKs among them, and no partial commit without a lost CANCEL.
    lossy = chronometry.scheduling.run_scheduling_study(loss_rate=0.1, **atomic)
    assert 0.07 < lossy["messages_lost"] / lossy["messages_sent"] < 0.13
    assert lossy["schedules_lost"] > 0 and lossy["acks_lost"] > 0
    assert lossy["aborts"] > 0
    assert lossy["commit_partial"] <= lossy["cancels_lost"]
    with pytest.raises(ValueError, match="servers"):
        chronometry.scheduling.run_scheduling_study(servers=0)
    with pytest.raises(ValueError, match="^probe_mode: .*None, Periodic, Burst"):
        chronometry.scheduling.run_scheduling_study(probe_mode="Sometimes")
    with pytest.raises(ValueError, match="^send_ahead_ns, decision_lead_ns: .*below"):
        chronometry.scheduling.run_scheduling_study(send_ahead_ns=300_000_000)  # after the decision
    with pytest.raises(ValueError, match="^spike_probability: "):
        chronometry.scheduling.run_scheduling_study(spike_probability=1.5)


def test_plot_error_vs_skew(tmp_path):
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples"))
    plot_oneclock = importlib.import_module("plot-oneclock")
    csv = tmp_path / "sweep.csv"
    lines = [chronometry.scheduling.SCHEDULING_STUDY_CSV_HEADER]
    for skew in (10_000, 1_000_000):
        for predictor in ("Baseline", "FtAverage"):
            r = chronometry.scheduling.run_scheduling_study(skew_bound_ns=skew, predictor=predictor, operations=10)
            lines.append(r["csv_row"])
    csv.write_text("\n".join(lines) + "\n")
    png = tmp_path / "sweep.png"
    assert plot_oneclock.plot(str(csv), str(png)) == 4
    assert png.stat().st_size > 10_000
