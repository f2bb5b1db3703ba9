"""The replay-clock sweep driver: results persisted, resumed, an invalid grid refused, plots."""
import os
import sqlite3
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples"))
import chronometry  # noqa: E402
import replay_sweep  # noqa: E402

BUILD = os.path.dirname(os.path.dirname(os.path.abspath(chronometry.__file__)))  # build/python
GRID = dict(nodes=[6], skew_bound_ns=[200_000, 400_000], interval_ns=[100_000], delay_ns=[5_000],
            rate=[40, 160], duration_ns=[50_000_000], run=[1])


def test_runner_matches_csv_row_and_validates():
    r = chronometry.causality.run_replay_study(nodes=6, duration_ns=50_000_000)
    assert r["events"] > 0 and r["r1_violations"] == 0 and r["r2_thesis_violations"] == 0
    assert len(r["csv_row"].split(",")) == len(chronometry.causality.REPLAY_STUDY_CSV_HEADER.split(","))
    again = chronometry.causality.run_replay_study(nodes=6, duration_ns=50_000_000)
    assert again["csv_row"].rsplit(",", 1)[0] == r["csv_row"].rsplit(",", 1)[0]  # but wall time
    with pytest.raises(ValueError, match="nodes"):
        chronometry.causality.run_replay_study(nodes=1)
    with pytest.raises(ValueError, match="clock_model"):
        chronometry.causality.run_replay_study(clock_model="atomic")


def test_sweep_persists_resumes_and_plots(tmp_path):
    db = str(tmp_path / "sweep.sqlite")
    ran, failed, total = replay_sweep.sweep(GRID, db, jobs=2, build_dir=BUILD, limit=2,
                                            progress=False)
    assert (ran, failed, total) == (2, 0, 2)  # "interrupted" after two points
    ran, failed, total = replay_sweep.sweep(GRID, db, jobs=2, build_dir=BUILD, progress=False)
    assert (ran, total) == (2, 4)  # resumed: only the two missing points ran
    ran, _, total = replay_sweep.sweep(GRID, db, jobs=2, build_dir=BUILD, progress=False)
    assert (ran, total) == (0, 4)
    df = replay_sweep.load(db, BUILD)
    assert set(df["status"]) == {"ok"} and (df["r1_violations"] == 0).all()
    assert replay_sweep.write_csv(db, str(tmp_path / "sweep.csv"), BUILD) == 4
    files = replay_sweep.plot(db, str(tmp_path), budget=2)
    assert all(os.path.getsize(f) > 1000 for f in files) and len(files) == 2


def test_invalid_point_refuses_the_grid_before_anything_runs(tmp_path):
    """An invalid point (n = 1) is refused with the whole grid: nothing runs, nothing is stored
    (before, it was run and stored as an error beside the valid point)."""
    db = tmp_path / "bad.sqlite"
    grid = dict(GRID, nodes=[1, 6], skew_bound_ns=[200_000], rate=[40])
    with pytest.raises(ValueError, match=r"1 of 2 points .*\n  point 0 .*nodes: "
                                         r"ns3::ReplayStudy::Nodes = 1 is invalid"):
        replay_sweep.sweep(grid, str(db), jobs=2, build_dir=BUILD, progress=False)
    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM runs").fetchone() == (0,)


def test_python_runner_matches_cpp_example(tmp_path):
    """The Python runner and the C++ example give the same row for the same point and RngRun."""
    import subprocess
    example = os.path.join(BUILD, "..", "examples", "replay-clock-sweep")
    if not os.path.exists(example):
        pytest.skip("replay-clock-sweep example not built")
    csv_path = tmp_path / "row.csv"
    subprocess.run([example, "--nodes=6", "--skew=400us", "--interval=100us", "--delay=5us",
                    "--rate=80", "--duration=50ms", "--RngRun=4", f"--csv={csv_path}"],
                   check=True, capture_output=True)
    header, row = csv_path.read_text().splitlines()
    assert header == chronometry.causality.REPLAY_STUDY_CSV_HEADER
    r = chronometry.causality.run_replay_study(nodes=6, skew_bound_ns=400_000, interval_ns=100_000, delay_ns=5_000,
                                     rate=80, duration_ns=50_000_000, run=4)
    assert r["csv_row"].rsplit(",", 1)[0] == row.rsplit(",", 1)[0]  # all but the wall time
