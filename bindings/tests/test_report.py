"""examples/report.py (the demo's report) on tiny grids: one SQLite file, one CSV per
study in the C++ examples' format, one PNG per figure, REPORT.md embedding every figure
with a line of interpretation; a second run resumes; a registered study without a grid is
reported as not swept rather than breaking the report."""
import os
import re
import sqlite3
import sys

import pandas as pd

import chronometry
import chronometry_sweep as cs

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples"))
import report  # noqa: E402

BUILD = os.path.dirname(os.path.dirname(os.path.abspath(chronometry.__file__)))  # build/python


def test_report_tiny(tmp_path, monkeypatch):
    monkeypatch.setitem(cs.STUDIES, "future", "sweep_probe:square")  # a runner with no grid yet
    out = str(tmp_path)
    sections, _ = report.run(out, jobs=2, size="tiny", build_dir=BUILD, progress=False)
    assert set(sections) == {"replay", "relation", "scheduling", "inference", "rda", "sync"}
    db = sqlite3.connect(os.path.join(out, "report.sqlite"))
    counts = dict(db.execute("SELECT technique, COUNT(*) FROM runs GROUP BY technique"))
    for study, grid in report.GRIDS["tiny"].items():
        assert counts[study] == len(cs.points(grid))
        with open(os.path.join(out, f"report-{study}.csv")) as f:
            lines = f.read().splitlines()
        header = report.csv_header(study)
        assert lines[0] == header and len(lines) > 1
        assert all(len(line.split(",")) == len(header.split(",")) for line in lines[1:]
                   if '"' not in line)
    assert not db.execute("SELECT COUNT(*) FROM runs WHERE status != 'ok'").fetchone()[0]
    text = open(os.path.join(out, "REPORT.md")).read()
    pngs = [p for figs in sections.values() for p, _ in figs]
    assert all(figs for figs in sections.values()) and len(set(pngs)) == len(pngs)
    for png, line in (f for figs in sections.values() for f in figs):
        assert os.path.getsize(png) > 5000
        name = os.path.basename(png)
        assert f"![{name}]({name})\n\n{line}" in text  # each figure with its line
        assert re.search(r"\d", line)  # the line carries numbers from the data
    assert "| future | not swept" in text
    # The sync figure's points: the mean and 95% interval of SYNC_RUNS runs each (summarize).
    runs = report.SYNC_RUNS["tiny"]
    assert runs >= 2 and report.SYNC_RUNS["demo"] >= 5
    assert all(p["run"] in range(1, runs + 1) for p in report.GRIDS["tiny"]["sync"])
    assert {p["run"] for p in report.GRIDS["demo"]["sync"]} == set(range(1, 6))
    summary = pd.read_csv(os.path.join(out, "report-sync-summary.csv"))
    assert len(summary) == len(report.GRIDS["tiny"]["sync"]) // runs
    assert (summary.runs == runs).all() and (summary.skew_p99_ns_n == runs).all()
    assert summary.skew_p99_ns_ci95.notna().all() and (summary.skew_p99_ns_ci95 >= 0).all()
    assert (summary.skew_p99_ns_ci95 > 0).any()  # the runs differ
    sync_line = dict(sections["sync"])[os.path.join(out, "sync-skew.png")]
    assert f"the mean of {runs} runs ± the half-width of its 95% interval" in sync_line
    assert re.search(r"\d ± [\d.]+ ns", sync_line)
    for part in ("Idle star: from", "idle line, transparent clocks:", "at load 0.2:"):
        assert part in sync_line  # every panel has its points
    # The replay-under-sync figure: fractions of hb pairs and of messages, each the mean of
    # RUNS runs with its 95% interval, per condition (PTP, NTP start-up, NTP steady state ...).
    from report_sections import replay_sync
    runs = replay_sync.RUNS["tiny"]
    every = pd.read_csv(os.path.join(out, "replay-sync.csv"))
    assert set(every.condition) == {c for c, _, _ in replay_sync.CONDITIONS}
    assert (every.hb_pairs > 0).all() and (every.delivered_messages > 0).all()
    assert {"ntp_servers", "offset_spread_ns", "sync_warmup_ns"} <= set(every.columns)
    summary = pd.read_csv(os.path.join(out, "replay-sync-summary.csv"))
    assert len(summary) == len(replay_sync.CONDITIONS) * len(replay_sync.BOUNDS["tiny"])
    assert (summary.runs == runs).all()
    startup = summary[summary.condition == "ntp-startup"].set_index("skew_bound_ns")
    low, high = min(replay_sync.BOUNDS["tiny"]), max(replay_sync.BOUNDS["tiny"])
    # NTP in start-up delivers about a millisecond: an assumed 10 us breaks messages, 10 ms none.
    assert startup.loc[low, "sync_skew_p50_ns"] > 10 * low
    assert startup.loc[low, "message_hvc_violation_fraction"] > 0
    assert startup.loc[high, "sync_skew_max_ns"] < high
    assert startup.loc[high, "message_hvc_violation_fraction"] == 0
    assert startup.loc[high, "hvc_violation_fraction"] == 0
    replay_line = dict(sections["replay"])[os.path.join(out, "replay-sync.png")]
    assert f"95% interval of {runs} runs" in replay_line
    assert re.search(r"\d ± [\d.]+ %", replay_line)
    for png, line in (f for figs in sections.values() for f in figs):
        assert "never below" not in line and not re.search(r"from [\d.]+ s, never", line)
    # Resume: a second run re-runs nothing.
    before = dict(db.execute("SELECT technique || key, finished FROM runs"))
    report.run(out, jobs=2, size="tiny", build_dir=BUILD, progress=False)
    assert dict(db.execute("SELECT technique || key, finished FROM runs")) == before
