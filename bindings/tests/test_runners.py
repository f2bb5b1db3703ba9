"""Every scenario runner registered in chronometry_sweep.STUDIES: parameter validation
(a bad value raises ValueError naming the Python keyword), results that are plain JSON, a
simulator left clean for the next run, and rows equal to the C++ sweep examples' CSV rows
for the same parameters and RngRun."""
import csv
import importlib
import io
import json
import os
import re
import subprocess

import pytest

import chronometry
import chronometry_sweep as cs

BUILD = os.path.dirname(os.path.dirname(os.path.abspath(chronometry.__file__)))  # build/python
EXAMPLES = os.path.join(BUILD, "..", "examples")
MS = 1_000_000
US = 1_000

# Small, fast points (a second or less each), used by the determinism and C++ equality tests.
SMALL = {
    "replay": dict(nodes=5, skew_bound_ns=200 * US, interval_ns=100 * US, delay_ns=5 * US, rate=80.0,
                   duration_ns=40 * MS, run=2),
    "relation": dict(drift_ppm=20.0, asymmetry_ns=100 * US, load=0.5, rounds=20,
                     workload_ns=2000 * MS, run=1),
    "scheduling": dict(servers=2, operations=15, skew_bound_ns=100 * US, spike_probability=0.02,
                       probe_mode="Periodic", window=8, predictor="Kalman", run=2),
    "inference": dict(clients=2, rate=10.0, duration_ns=1000 * MS, run=1),
    "rda": dict(intervals=2, interval_length_ns=50 * MS, packet_interval_ns=200 * US,
                loss_rate=0.05, reorder_rate=0.01, skew_bound_ns=50 * US, run=1),
    "relation-graph": dict(nodes=8, rounds=2, run=1),
    "sync": dict(nodes=3, duration_ns=2000 * MS, warmup_ns=1000 * MS, sample_period_ns=20 * MS, run=1),
}

# study -> (keyword, bad value); every one must raise ValueError naming the keyword.
BAD = {
    "replay": [("nodes", 1), ("nodes", -3), ("skew_bound_ns", 0), ("interval_ns", 0),
               ("interval_ns", 300 * US), ("delay_ns", -1), ("delay_ns", 2_000 * MS),
               ("jitter_ns", -5), ("rate", 0.0), ("rate", -1.0), ("local_rate", -1.0),
               ("duration_ns", 0), ("clock_model", "atomic"), ("counter_rule", "Sometimes"),
               ("counter_bits", 0), ("counter_bits", 65), ("run", 0), ("run", -1), ("sync", "gps"),
               ("sync", "ptp"), ("min_poll", 3), ("sync_interval_ns", 0)],
    "relation": [("drift_ppm", 600.0), ("drift_ppm", -1.0), ("asymmetry_ns", 10**9),
                 ("asymmetry_ns", -1), ("load", 1.5), ("load", -0.1), ("rounds", 0),
                 ("rounds", -1), ("busy_rounds", 0), ("tuple_interval_ns", 10),
                 ("workload_ns", 1000 * MS), ("ntp_poll_ns", 1), ("ntp_max_skew_ppm", -1.0),
                 ("run", 0)],
    "scheduling": [("servers", 0), ("servers", 65), ("skew_bound_ns", -1), ("drift_ppm", -1.0),
                   ("delay_ns", 2_000 * MS), ("predictor", "Oracle"), ("window", 0),
                   ("probe_mode", "Always"), ("operations", 0), ("spike_probability", 1.5),
                   ("spike_mean_ns", -1), ("service_base_ns", -1),
                   ("service_noise_ns", 2_000 * MS), ("loss_rate", 0.95), ("refuse", -0.1),
                   ("decision_lead_ns", 0), ("send_ahead_ns", 0), ("run", 0)],
    "inference": [("workload", "batch"), ("clients", 0), ("clients", -2), ("backends", 0),
                  ("fan_out", 5), ("fan_out", 0), ("lookup_probability", 2.0), ("rate", 0.0),
                  ("skew_bound_ns", -1), ("drift_ppm", 2000.0), ("delay_ns", -1), ("duration_ns", 0),
                  ("window_ns", 0), ("spontaneous", -1.0), ("max_try_both", 50), ("run", 0),
                  ("delay_model", "per-pair"), ("iterations", 101), ("reply_service_ns", -1),
                  ("reconciliation", "port"), ("segments", 1)],
    "rda": [("loss_rate", 0.95), ("loss_rate", 1.5), ("loss_rate", -0.1), ("reorder_rate", 1.5),
            ("reorder_rate", -0.1), ("duplicate_rate", 0.6), ("control_loss_rate", -0.1),
            ("banks", 0), ("banks", 17), ("banks", -1), ("intervals", 0), ("intervals", -2),
            ("intervals", 100001), ("interval_length_ns", 0), ("interval_length_ns", 7200 * 10**9),
            ("packet_interval_ns", 0), ("packet_size", 8), ("packet_size", 1500),
            ("reorder_delay_max_ns", -1), ("base_delay_ns", -1), ("weibull_shape", 0.0),
            ("weibull_scale_ns", -1), ("clock_offset_ns", 2 * 10**9), ("drift_ppm", 600.0),
            ("skew_bound_ns", -1), ("buckets_per_difference", 0.1), ("signature_size", 8),
            ("garbage_packets", 2000), ("seed", 0), ("seed", -1), ("seed", 2**32), ("run", 0),
            ("run", -1)],
    "relation-graph": [("nodes", 2), ("nodes", 65), ("drift_ppm", 600.0), ("drift_ppm", -1.0),
                       ("rounds", 0), ("rounds", 100001), ("extra_delay_ns", -1),
                       ("extra_delay_ns", 200 * MS), ("edge_probability", 0.01),
                       ("edge_probability", 1.5), ("gap_ns", 0), ("gap_ns", 4000 * 10**9),
                       ("seed", 0), ("run", 0)],
    "sync": [("nodes", 1), ("nodes", 1025), ("topology", "ring"), ("switches", 0), ("sync", "ntp2"),
             ("servo", "pid"), ("sync_interval_ns", 100 * MS), ("delay_mechanism", "P3P"),
             ("timestamp_mode", "Atomic"), ("oscillator", "rubidium"), ("drift_ppm", -1.0),
             ("load", 0.95), ("load", -0.1), ("duration_ns", 0), ("warmup_ns", 60 * 10**9),
             ("sample_period_ns", 10), ("lock_threshold_ns", 20_000_000_000), ("asymmetry_ns", -1),
             ("grandmaster_failure_ns", -1), ("ntp_servers", 0), ("ntp_servers", 17),
             ("liar_ns", -1), ("liar_ns", 11 * 10**9), ("liar_from_ns", -1), ("ntp_server_loss_ns", -1),
             ("min_poll", 3), ("max_poll", 18), ("min_survivors", 0), ("run", 0)],
}


def runner(study):
    module, function = cs.STUDIES[study].split(":")
    assert module == chronometry.study.runner_of(study).split(":")[0]
    return getattr(importlib.import_module(module), function)


def test_every_study_is_registered_and_tested():
    assert {"replay", "relation", "scheduling", "inference", "rda",
            "relation-graph"} <= set(cs.STUDIES)
    assert set(SMALL) == set(BAD) == set(cs.STUDIES)  # a new study needs its rows here


@pytest.mark.parametrize("study,keyword,value",
                         [(t, k, v) for t, rows in BAD.items() for k, v in rows])
def test_bad_parameter_raises_value_error_naming_it(study, keyword, value):
    with pytest.raises(ValueError) as info:
        runner(study)(**{keyword: value})
    message = str(info.value)
    assert re.search(r"(^|\W)" + re.escape(keyword) + r"\b", message), message
    assert re.search(r"valid|one of", message), message  # and it says what is valid


@pytest.mark.parametrize("study", sorted(SMALL))
def test_runner_result_is_json_and_reproducible(study):
    first = runner(study)(**SMALL[study])
    again = json.loads(json.dumps(runner(study)(**SMALL[study])))  # plain JSON
    # The simulator was torn down: the same point in the same process gives the same numbers.
    for name in set(first) - {"wall_s", "link_s", "csv_row"}:
        assert again[name] == first[name], name


def rows_of(text, drop=("wall_s", "link_s")):
    table = list(csv.DictReader(io.StringIO(text)))
    return [{k: v for k, v in row.items() if k not in drop} for row in table]


def example(name, args, tmp_path):
    path = os.path.join(EXAMPLES, name)
    if not os.path.exists(path):
        pytest.skip(f"{name} example not built")
    subprocess.run([path] + args, check=True, cwd=tmp_path, capture_output=True, timeout=300)


def test_replay_equals_cpp_example(tmp_path):
    p = SMALL["replay"]
    out = tmp_path / "replay.csv"
    example("replay-clock-sweep",
            [f"--nodes={p['nodes']}", f"--skew={p['skew_bound_ns']}ns",
             f"--interval={p['interval_ns']}ns", f"--delay={p['delay_ns']}ns",
             f"--rate={p['rate']}", f"--duration={p['duration_ns']}ns", f"--RngRun={p['run']}",
             f"--csv={out}"], tmp_path)
    py = runner("replay")(**p)
    cpp = rows_of(out.read_text())
    assert cpp == rows_of(chronometry.causality.REPLAY_STUDY_CSV_HEADER + "\n" + py["csv_row"])


def test_relation_equals_cpp_example(tmp_path):
    p = SMALL["relation"]
    example("minrtt-relation-sweep",
            [f"--drifts={p['drift_ppm']}", f"--asymmetries={p['asymmetry_ns'] / US:g}",
             f"--loads={p['load']}", f"--rounds={p['rounds']}", "--runs=1",
             f"--workload={p['workload_ns'] / 1e9:g}", f"--outDir={tmp_path}"], tmp_path)
    py = runner("relation")(**p)
    cpp = rows_of((tmp_path / "minrtt-relation-sweep.csv").read_text())
    assert len(cpp) == len(py["methods"]) > 0
    assert cpp == rows_of(chronometry.relation.RELATION_STUDY_CSV_HEADER + "\n" + py["csv_rows"])


def test_scheduling_equals_cpp_example(tmp_path):
    p = SMALL["scheduling"]
    example("oneclock-sweep",
            [f"--servers={p['servers']}", f"--operations={p['operations']}",
             f"--skews={p['skew_bound_ns']}ns", f"--loads={p['spike_probability']}",
             f"--modes={p['probe_mode']}", f"--RngRun={p['run']}", f"--outDir={tmp_path}"],
            tmp_path)
    cpp = rows_of((tmp_path / "oneclock-sweep.csv").read_text())
    assert [r["predictor"] for r in cpp] == ["Baseline", "Average", "FtAverage", "Kalman"]
    for row in cpp:  # the example sweeps every predictor: compare each
        py = runner("scheduling")(**dict(p, predictor=row["predictor"]))
        assert [row] == rows_of(chronometry.scheduling.SCHEDULING_STUDY_CSV_HEADER + "\n" + py["csv_row"])


def test_inference_equals_cpp_example(tmp_path):
    p = SMALL["inference"]
    example("wap5-inference-sweep",
            [f"--clients={p['clients']}", f"--rates={p['rate']}", "--parallelism=none",
             "--skews=none", "--drifts=none", "--delays=none", "--runs=1", "--top=1",
             f"--duration={p['duration_ns']}ns", f"--outDir={tmp_path}"], tmp_path)
    cpp = rows_of((tmp_path / "wap5-sweep.csv").read_text(), drop=("wall_s", "link_s", "factor"))
    py = runner("inference")(**p)
    assert cpp == rows_of(chronometry.inference.INFERENCE_STUDY_CSV_HEADER + "\n" + py["csv_row"])


def test_relation_graph_equals_cpp_study(tmp_path):
    p = SMALL["relation-graph"]
    out = tmp_path / "relation-graph.csv"
    example("chronometry-study", ["--study=relation-graph", f"--Nodes={p['nodes']}",
                                  f"--Rounds={p['rounds']}", f"--Run={p['run']}",
                                  f"--csv={out}"], tmp_path)
    py = runner("relation-graph")(**p)
    assert rows_of(out.read_text()) == rows_of(chronometry.relation.RELATION_GRAPH_STUDY_CSV_HEADER + "\n" +
                                                py["csv_row"])


def test_inference_baselines_beside_wap5():
    """The study scores both baselines on the same trace: under the paper's model WAP5's most
    likely choice is the rule's (latest arrival within y*d); with slow calls, fast reply steps
    and the per-parent-pair model it is not; endpoints reconcile as the message id does."""
    point = dict(clients=4, rate=40.0, duration_ns=1000 * MS, run=1)
    r = runner("inference")(**point)
    assert r["messages"] > 200 and r["rule_disagreement"] == 0
    assert r["latest_link_recall"] >= r["link_recall"]
    assert r["log_loss"] < r["uniform_log_loss"] and r["brier"] < r["uniform_brier"]
    assert 0 <= r["nesting_link_precision"] <= 1
    assert runner("inference")(reconciliation="id", **point)["link_recall"] == r["link_recall"]
    m = runner("inference")(backend_service_ns=20 * MS, reply_service_ns=1 * MS,
                            delay_model="PerParentPair", iterations=3, **point)
    assert m["rule_disagreement"] > 0.01


def test_replay_counter_bits_sets_the_encoding_width():
    """A parameter added by one declaration reaches Python: wider counters, larger stamps."""
    point = dict(nodes=8, rate=160.0, duration_ns=200_000_000)
    bits = [runner("replay")(counter_bits=b, **point)["repcl_bits_mean"] for b in (2, 4, 16)]
    assert bits[0] < bits[1] < bits[2]
    assert runner("replay")(**point)["repcl_bits_mean"] == bits[1]  # the default is 4


def test_rda_runner_refuses_unknown_keywords_and_wrong_types():
    with pytest.raises(ValueError, match=r"bogus.*valid"):
        runner("rda")(bogus=1)
    with pytest.raises(ValueError, match="skew_bound_ns = 1.5 is invalid.*whole number"):
        runner("rda")(skew_bound_ns=1.5)  # times are whole ns: refused, not truncated
    with pytest.raises(TypeError, match="skew_bound_ns"):
        runner("rda")(skew_bound_ns=[1])
    with pytest.raises(TypeError):
        runner("rda")(1)  # keyword parameters only


def test_rda_equals_cpp_example(tmp_path):
    p = SMALL["rda"]
    example("rda-latency-sweep",
            [f"--losses={p['loss_rate']}", f"--reorders={p['reorder_rate']}",
             f"--skews={p['skew_bound_ns'] / US:g}", f"--intervals={p['intervals']}",
             f"--intervalMs={p['interval_length_ns'] / MS:g}",
             f"--packetUs={p['packet_interval_ns'] / US:g}", "--runs=1", f"--outDir={tmp_path}"],
            tmp_path)
    cpp = rows_of((tmp_path / "rda-latency-sweep.csv").read_text())
    py = runner("rda")(**p)
    rows = rows_of(chronometry.latency.RDA_STUDY_CSV_HEADER + "\n" + py["csv_rows"])
    assert len(cpp) == len(rows) == sum(i["reported"] for i in py["flow_intervals"]) > 0
    shared = set(cpp[0]) & set(rows[0])
    assert {"loss_rate", "skew_bound_ns", "rda_mean_ns", "lda_mean_ns", "fc_mean_ns"} <= shared
    assert [{k: r[k] for k in shared} for r in cpp] == [{k: r[k] for k in shared} for r in rows]
    # and the dict agrees with its own CSV rows
    for i, row in zip([i for i in py["flow_intervals"] if i["reported"]], rows):
        assert float(row["rda_mean_ns"]) == pytest.approx(i["rda_mean_ns"], rel=1e-9)
        assert float(row["true_std_ns"]) == pytest.approx(i["true_std_ns"], rel=1e-9)


def test_sync_from_a_protocol():
    # Issue 31: the replay study's clocks disciplined by PTP on its own LAN report the E PTP
    # delivered; the sync study's SNTP follows a server lying by 100 ms.
    replay = runner("replay")(nodes=4, clock_model="drifting", sync="ptp", duration_ns=3000 * MS,
                              skew_bound_ns=1000 * US, run=1)
    assert 0 < replay["sync_skew_p50_ns"] < 10 * US  # converging in 3 s: 2 us
    assert replay["sync_skew_p99_ns"] < 1000 * US  # below the SkewBound the stampers assume
    assert replay["hlc_violations"] == 0 and replay["hvc_violations"] == 0
    sntp = runner("sync")(nodes=3, sync="sntp", ntp_servers=1, liar_ns=100 * MS,
                          duration_ns=120 * 10**9, warmup_ns=60 * 10**9, sample_period_ns=1000 * MS,
                          run=1)
    assert 95e6 < sntp["skew_p50_ns"] < 110e6


def test_renamed_sync_choice_still_works_and_warns():
    # Issue 42: one name for the clock source in every study (Sync); the sync study's former
    # Protocol is a deprecated alias, and the servo's former short names still run.
    settings = dict(nodes=3, duration_ns=3000 * MS, warmup_ns=1000 * MS, run=1)
    with pytest.warns(DeprecationWarning, match="protocol is deprecated; use sync"):
        old = runner("sync")(protocol="none", **settings)
    new = runner("sync")(sync="none", **settings)
    assert old["sync"] == new["sync"] == "none"
    assert old["skew_max_ns"] == new["skew_max_ns"] > 0
    alias = runner("sync")(servo="settime", **settings)
    typeid = runner("sync")(servo="ns3::SetTimeServo", **settings)
    assert alias["skew_p99_ns"] == typeid["skew_p99_ns"]
    with pytest.raises(ValueError, match="ns3::LinRegServo, ns3::PiServo, ns3::SetTimeServo"):
        runner("sync")(servo="pid", **settings)
    # every study's Sync has the same choices: SNTP steers the replay study's clocks too
    replay = runner("replay")(nodes=4, clock_model="drifting", sync="sntp", duration_ns=3000 * MS,
                              skew_bound_ns=1000 * US, run=1)
    assert replay["sync"] == "sntp" and replay["sync_skew_max_ns"] > 0
