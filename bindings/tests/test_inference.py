"""WAP5 black-box causal path inference: linking on hand-made and synthetic traces,
reconciliation from log columns, the ns-3 study runner against the true causes."""
import math

import pytest

import chronometry

S = 1_000_000_000
MS = 1_000_000


def test_figure6_probabilities():
    # X->B, Y->B, Z->B arrive at 1, 2, 3 s on B's clock; B->C leaves at 4 s: lambda = 1.
    r = chronometry.inference.link_trace(
        senders=[1, 2, 3, 0], receivers=[0, 0, 0, 4],
        send_ts=[S // 2, 3 * S // 2, 5 * S // 2, 4 * S],
        recv_ts=[S, 2 * S, 3 * S, 9 * S // 2], window_ns=10 * S)
    probs = [p for _, p, _ in r["parents"][3]]
    assert [round(p, 2) for p in probs] == [0.64, 0.24, 0.09]
    assert round(r["spontaneous"][3], 2) == 0.03
    assert r["most_likely"][3] == 2
    assert math.isclose(sum(probs) + r["spontaneous"][3], 1.0)
    assert r["mean_delay_ns"][(0, 4)] == S


def test_chain_with_untraced_node_and_score():
    senders, receivers, send_ts, recv_ts, truth = [], [], [], [], []
    for k in range(10):
        t = k * S
        b = len(senders)
        senders += [0, 1, 2, 1]
        receivers += [1, 2, 1, 0]
        send_ts += [t, t + 3 * MS, None, t + 11 * MS]   # node 2 untraced
        recv_ts += [t + MS, None, t + 9 * MS, t + 12 * MS]
        truth += [-1, b, b + 1, b + 2]
    r = chronometry.inference.link_trace(senders, receivers, send_ts, recv_ts, window_ns=100 * MS,
                               true_parent=truth)
    assert r["score"]["precision"] == 1.0 and r["score"]["recall"] == 1.0
    assert r["patterns"][0]["signature"] == "0>1(1>2(2>1(1>0)))"
    assert r["patterns"][0]["instances"] == 10


def test_synthetic_low_and_high_load():
    low = chronometry.inference.synthetic_trace(clients=1, rate=1.0, poisson=False, duration_ns=20 * S,
                                      network_jitter_ns=100_000, seed=3)
    r = chronometry.inference.link_trace(low["senders"], low["receivers"], low["send_ts"], low["recv_ts"],
                               window_ns=200 * MS, spontaneous=40.0, true_parent=low["true_parent"])
    assert r["score"]["precision"] == 1.0 and r["score"]["recall"] == 1.0
    assert r["score"]["map_pattern_recall"] == pytest.approx(1.0)
    for (a, b), off in r["clock_offset_ns"].items():
        truth = low["clock_offsets"][b] - low["clock_offsets"][a]
        assert abs(off - truth) <= 100_000
    high = chronometry.inference.synthetic_trace(clients=4, rate=80.0, duration_ns=2 * S, seed=3)
    h = chronometry.inference.link_trace(high["senders"], high["receivers"], high["send_ts"],
                               high["recv_ts"], window_ns=200 * MS,
                               true_parent=high["true_parent"])
    assert h["score"]["precision"] < 0.95 and h["score"]["recall"] < 0.95


def test_reconcile_columns():
    # Message 7: 0 -> 1; message 8: 1 -> 2 with node 2 untraced; message 9 unseen by traced nodes.
    d = chronometry.inference.reconcile_trace(
        process=[0, 1, 1, 2, 2, 3],
        kind=["send", "receive", "send", "receive", "send", "receive"],
        message_id=[7, 7, 8, 8, 9, 9], peer=[1, 0, 2, 1, 3, 2],
        pt=[100, 250, 300, 420, 500, 650], true_time=[10, 20, 30, 40, 50, 60],
        traced=[True, True, False, False])
    assert d["message_id"] == [7, 8]
    assert d["send_ts"] == [100, 300] and d["recv_ts"] == [250, None]
    assert d["true_send"] == [10, 30] and d["true_recv"] == [20, 40]


def test_bad_parameters_raise_value_error():
    with pytest.raises(ValueError, match="TryBothBand"):  # the analyzer's Attribute declares it
        chronometry.inference.link_trace([0], [1], [0], [1], try_both_band=0.9)
    with pytest.raises(ValueError, match="Window"):
        chronometry.inference.link_trace([0], [1], [0], [1], window_ns=0)
    with pytest.raises(ValueError, match="same length"):
        chronometry.inference.link_trace([0, 1], [1], [0], [1])
    with pytest.raises(ValueError, match="fan_out, backends: .*FanOut = 9"):
        chronometry.inference.run_inference_study(fan_out=9)


def test_study_runner_against_truth():
    low = chronometry.inference.run_inference_study(clients=1, rate=4.0, poisson=False, duration_ns=3 * S,
                                          spontaneous=40.0)
    assert low["link_precision"] == 1.0 and low["link_recall"] == 1.0
    assert low["vc_hb_recall"] == 1.0
    high = chronometry.inference.run_inference_study(clients=4, rate=40.0, duration_ns=S)
    assert high["link_precision"] < low["link_precision"]
    assert high["vc_candidates"] > low["vc_candidates"]
    gossip = chronometry.inference.run_inference_study(workload="gossip", rate=20.0, duration_ns=S)
    assert gossip["true_links"] == 0 and gossip["decision_accuracy"] < 1.0
    with pytest.raises(ValueError, match="^workload: .*multitier, gossip"):
        chronometry.inference.run_inference_study(workload="mesh")
    again = chronometry.inference.run_inference_study(clients=4, rate=40.0, duration_ns=S)
    assert again["csv_row"].split(",")[:-2] == high["csv_row"].split(",")[:-2]  # but wall times


def _synthetic(**kw):
    t = chronometry.inference.synthetic_trace(**kw)
    return t, (t["senders"], t["receivers"], t["send_ts"], t["recv_ts"])


def test_baselines_against_truth():
    t, cols = _synthetic(clients=4, rate=10.0, duration_ns=10 * S, seed=5,
                         network_jitter_ns=100_000)
    truth = t["true_parent"]
    wap = chronometry.inference.link_trace(*cols, window_ns=100 * MS, true_parent=truth)
    latest = chronometry.inference.latest_arrival_links(*cols, window_ns=100 * MS, true_parent=truth)
    rule = chronometry.inference.latest_arrival_links(*cols, window_ns=100 * MS, y=4.0)
    # The paper's model: the most likely parent is the latest arrival within y d.
    assert rule["most_likely"] == wap["most_likely"]
    assert latest["score"]["recall"] >= wap["score"]["recall"]
    # WAP5's probabilities against the baseline's hard choices: better log-loss and Brier
    # (measured 0.38 vs 0.47) even where its most likely choice is no more often right (0.75
    # vs 0.76), and calibrated (ECE 0.03).
    cal = latest["score"]["calibration"]
    assert wap["score"]["calibration"]["log_loss"] < cal["log_loss"]
    assert wap["score"]["calibration"]["brier"] < cal["brier"] - 0.05
    assert wap["score"]["calibration"]["ece"] < 0.1
    # Nesting with the true call/return pairs and the same clocks is strong; guessed
    # pairs come back with the result.
    local = chronometry.inference.nesting_links(*cols, window_ns=100 * MS, timestamps="node-local",
                                      true_parent=truth)
    given = chronometry.inference.nesting_links(*cols, window_ns=100 * MS, timestamps="node-local",
                                      call_of=t["true_call_of"], true_parent=truth)
    assert given["score"]["precision"] >= local["score"]["precision"] > 0.8
    agree = sum(a == b for a, b in zip(local["call_of"], t["true_call_of"]))
    assert agree / len(truth) > 0.9
    with pytest.raises(ValueError, match="timestamps"):
        chronometry.inference.nesting_links(*cols, timestamps="both")
    with pytest.raises(ValueError, match="call_of"):
        chronometry.inference.nesting_links(*cols, call_of=[0])


def test_per_parent_pair_model_on_reply_workload():
    t, cols = _synthetic(clients=4, rate=40.0, duration_ns=4 * S, seed=9,
                         backend_service_ns=20 * MS, backend_reply_service_ns=MS,
                         network_jitter_ns=100_000)
    truth = t["true_parent"]
    model = chronometry.inference.link_trace(*cols, window_ns=100 * MS, delay_model="PerParentPair",
                                   iterations=3, true_parent=truth)
    latest = chronometry.inference.latest_arrival_links(*cols, window_ns=100 * MS, true_parent=truth)
    differ = [i for i, (a, b) in enumerate(zip(model["most_likely"], latest["most_likely"]))
              if a != b]
    assert len(differ) > 0.05 * len(truth)
    model_right = sum(model["most_likely"][i] == truth[i] for i in differ)
    latest_right = sum(latest["most_likely"][i] == truth[i] for i in differ)
    assert model_right > 2 * latest_right
    with pytest.raises(ValueError, match="delay_model"):
        chronometry.inference.link_trace(*cols, delay_model="per-node")


def test_calibration_and_intervals():
    c = chronometry.inference.score_calibration([[0.7, 0.3], [0.2, 0.8]], [0, 0])
    assert math.isclose(c["brier"], 0.73)
    assert math.isclose(c["log_loss"], (-math.log(0.7) - math.log(0.2)) / 2)
    assert math.isclose(c["ece"], 0.55)
    assert sum(b["count"] for b in c["reliability"]) == 4
    with pytest.raises(ValueError, match="truth"):
        chronometry.inference.score_calibration([[1.0]], [1])
    i = chronometry.inference.mean_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    assert math.isclose(i["upper"] - 3.0, 2.7764451 * math.sqrt(0.5), rel_tol=1e-6)
    w = chronometry.inference.wilson_interval(8, 10)
    assert round(w["lower"], 4) == 0.4902 and round(w["upper"], 4) == 0.9433
    with pytest.raises(ValueError, match="level"):
        chronometry.inference.mean_interval([1.0, 2.0], level=1.5)


def test_clock_fit_with_drift():
    t, cols = _synthetic(clients=1, rate=2.0, poisson=False, duration_ns=400 * S,
                         clock_drift_ppm=100.0, network_jitter_ns=100_000, seed=2)
    true_delay = [r - s for s, r in zip(t["true_send"], t["true_recv"])]
    const = chronometry.inference.fit_pair_clocks(*cols, segments=1)
    fit = chronometry.inference.fit_pair_clocks(*cols, segments=20)

    def mean_error(d):
        return sum(abs(a - b) for a, b in zip(d["network_delay_ns"], true_delay)) / len(d["network_delay_ns"])

    assert mean_error(const) > 1 * MS > 100_000 > mean_error(fit)
    drift = t["clock_drift"]
    for (a, b), f in fit["pairs"].items():
        assert abs(f["rate"] - (drift[b] - drift[a]) / (1 + drift[a])) < 1e-6


def test_link_trace_settings_are_the_analyzers_attributes():
    """One declaration: link_trace's keywords, defaults and ranges are MessageLinkingAnalyzer's."""
    import warnings
    for keyword in ("window_ns", "spontaneous", "try_both_band", "max_try_both", "delay_model",
                    "iterations"):
        assert keyword in chronometry.inference.link_trace.__doc__
    with pytest.raises(ValueError, match=r"^iterations: .*Iterations = 101 is invalid; valid range: \[0, 100\]"):
        chronometry.inference.link_trace([0], [1], [0], [1], iterations=101)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = chronometry.inference.link_trace([0], [1], [0], [1], y=4.0, delay_model="per-child-pair")
    assert len(caught) == 2 and all(issubclass(w.category, DeprecationWarning) for w in caught)
    assert old == chronometry.inference.link_trace([0], [1], [0], [1], spontaneous=4.0,
                                         delay_model="PerChildPair")
