"""The sweep API: persistence, resume, failures, dead workers, Dask, RngRun convention."""
import os
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pandas as pd
import pytest

import chronometry
import chronometry_sweep as cs

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)  # sweep_probe, for the worker processes too (forked)
PROBE = "sweep_probe:square"
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(cs.__file__)))  # the package's parent
REPLAY_GRID = dict(nodes=[5], skew_bound_ns=[200_000, 400_000], interval_ns=[100_000],
                   delay_ns=[5_000], rate=[80], duration_ns=[40_000_000], run=[1, 2])


def rows(db):
    return sqlite3.connect(db).execute(
        "SELECT technique, key, status, error FROM runs ORDER BY key").fetchall()


def test_points_dict_dataframe_and_replicate():
    assert cs.points(dict(a=[1, 2], b=["x"])) == [dict(a=1, b="x"), dict(a=2, b="x")]
    frame = pd.DataFrame(dict(a=[1, 2], b=[0.5, 0.25]))
    got = cs.points(frame)
    assert got == [dict(a=1, b=0.5), dict(a=2, b=0.25)]
    assert all(type(p["a"]) is int for p in got)  # numpy scalars become plain Python
    assert cs.replicate(dict(a=[7]), 3) == [dict(a=7, run=1), dict(a=7, run=2), dict(a=7, run=3)]
    with pytest.raises(ValueError, match="runs"):
        cs.replicate(dict(a=[7]), 0)
    with pytest.raises(ValueError, match="grid"):
        cs.points(dict(a=5))
    with pytest.raises(ValueError, match="study"):
        cs.sweep("no-such-study", dict(a=[1]), "/tmp/never.sqlite")


def test_sweep_stores_every_point_once_and_resumes(tmp_path):
    db = str(tmp_path / "s.sqlite")
    grid = dict(x=[1, 2, 3, 4, 5], run=[1, 2])
    df = cs.sweep(PROBE, grid, db, workers=2, limit=4, progress=False)
    assert len(df) == 4  # "interrupted" after four points
    first = {r[1] for r in rows(db)}
    df = cs.sweep(PROBE, grid, db, workers=2, progress=False)
    assert len(df) == 10 and len(rows(db)) == 10
    assert first <= {r[1] for r in rows(db)}
    assert (df["y"] == df["x"] ** 2 + df["run"]).all()
    stamps = dict(zip(df["x"].astype(str) + df["run"].astype(str), df["finished"]))
    again = cs.sweep(PROBE, grid, db, workers=2, progress=False)  # nothing left to run
    assert dict(zip(again["x"].astype(str) + again["run"].astype(str), again["finished"])) == stamps
    later = df[~df.apply(lambda r: cs.key_of({"x": r["x"], "run": r["run"]}) in first, axis=1)]
    assert len(later) == 6 and len(set(later["pid"])) <= 2  # two worker processes at most


def test_failed_point_recorded_and_sweep_goes_on(tmp_path):
    db = str(tmp_path / "f.sqlite")
    df = cs.sweep(PROBE, dict(x=[1, 2], fail=[False, True]), db, workers=2, progress=False)
    assert sorted(df["status"]) == ["error", "error", "ok", "ok"]
    errors = df[df["status"] == "error"]["error"]
    assert all(e.startswith("ValueError: fail = True is invalid") for e in errors)


def test_killed_worker_loses_nothing_and_duplicates_nothing(tmp_path):
    db = str(tmp_path / "k.sqlite")
    grid = dict(x=list(range(8)), marker_dir=[str(tmp_path)])
    df = cs.sweep("sweep_probe:die_once", grid, db, workers=2, progress=False)
    assert len(df) == 8 and set(df["status"]) == {"ok"}  # every point died once, then finished
    assert len(rows(db)) == 8 and len({r[1] for r in rows(db)}) == 8
    # A point that kills every worker it runs in is stored as an error; the others finish.
    db2 = str(tmp_path / "k2.sqlite")
    grid = [dict(x=x, marker_dir=str(tmp_path), always=(x == 3)) for x in range(6)]
    df = cs.sweep("sweep_probe:die_once", grid, db2, workers=2, retries=1, progress=False)
    assert len(df) == 6
    dead = df[df["status"] == "error"]
    assert list(dead["x"]) == [3] and dead["error"].iloc[0].startswith("WorkerDied")


def test_killed_sweep_resumes_without_loss_or_duplicates(tmp_path):
    """SIGKILL the whole sweep (driver and workers) midway, then run it again."""
    db = str(tmp_path / "r.sqlite")
    script = textwrap.dedent(f"""
        import sys
        sys.path[:0] = [{HERE!r}, {PYTHON_DIR!r}]
        import chronometry_sweep as cs
        cs.sweep({PROBE!r}, dict(x=list(range(40)), sleep=[0.05]), {db!r}, workers=2,
                 progress=False)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], start_new_session=True)
    deadline = time.time() + 60
    done = 0
    while time.time() < deadline and done < 6:
        time.sleep(0.05)
        if os.path.exists(db):
            try:
                done = len(rows(db))
            except sqlite3.OperationalError:
                done = 0
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    interrupted = len(rows(db))
    assert 6 <= interrupted < 40
    df = cs.sweep(PROBE, dict(x=list(range(40)), sleep=[0.05]), db, workers=2, progress=False)
    assert len(df) == 40 and len(rows(db)) == 40 and set(df["status"]) == {"ok"}
    assert len(set(r[1] for r in rows(db))) == 40


def test_replay_points_match_direct_runs_and_runs_differ(tmp_path):
    db = str(tmp_path / "replay.sqlite")
    df = cs.sweep("replay", REPLAY_GRID, db, workers=2, progress=False)
    assert len(df) == 4 and set(df["status"]) == {"ok"}
    direct = chronometry.causality.run_replay_study(nodes=5, skew_bound_ns=400_000, interval_ns=100_000,
                                          delay_ns=5_000, rate=80, duration_ns=40_000_000, run=2)
    row = df[(df["skew_bound_ns"] == 400_000) & (df["run"] == 2)].iloc[0]
    assert row["csv_row"].rsplit(",", 1)[0] == direct["csv_row"].rsplit(",", 1)[0]
    # RngRun convention: the same point with another run number is another replication.
    by_run = df[df["skew_bound_ns"] == 400_000].set_index("run")["csv_row"]
    assert by_run[1].rsplit(",", 1)[0] != by_run[2].rsplit(",", 1)[0]
    n = cs.write_csv(db, "replay", str(tmp_path / "replay.csv"), chronometry.causality.REPLAY_STUDY_CSV_HEADER)
    lines = (tmp_path / "replay.csv").read_text().splitlines()
    assert n == 4 and lines[0] == chronometry.causality.REPLAY_STUDY_CSV_HEADER and len(lines) == 5


def test_dask_cluster_gives_the_same_table_as_local(tmp_path):
    distributed = pytest.importorskip("distributed")
    local = cs.sweep("replay", REPLAY_GRID, str(tmp_path / "local.sqlite"), workers=2,
                     progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            remote = cs.sweep("replay", REPLAY_GRID, str(tmp_path / "dask.sqlite"),
                              scheduler=client, progress=False)
            remote_by_address = cs.sweep(PROBE, dict(x=[1, 2, 3]), str(tmp_path / "addr.sqlite"),
                                         scheduler=cluster.scheduler_address, progress=False)
            # The spawned workers import this very build (a sys.path entry added by another
            # test once made them import the 3.37 build beside a 3.48 one).
            builds = client.run(cs._chronometry_build)
    assert set(builds.values()) == {cs._chronometry_build()}
    assert list(remote_by_address["y"]) == [2, 5, 10]
    volatile = ["finished", "worker", "wall_s", "csv_row"]
    assert local.drop(columns=volatile).equals(remote.drop(columns=volatile))
    strip = lambda rows: [r.rsplit(",", 1)[0] for r in rows]  # noqa: E731 (wall time last)
    assert strip(local["csv_row"]) == strip(remote["csv_row"])


def test_dask_worker_with_several_threads_runs_one_point_at_a_time(tmp_path):
    """A Dask worker with 2 threads must not run two simulations at once in its process (the
    runners release the GIL; ns-3's simulator is one per process): same table as local."""
    distributed = pytest.importorskip("distributed")
    local = cs.sweep("replay", REPLAY_GRID, str(tmp_path / "local.sqlite"), workers=1,
                     progress=False)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            remote = cs.sweep("replay", REPLAY_GRID, str(tmp_path / "threads.sqlite"),
                              scheduler=client, progress=False)
    assert set(remote["status"]) == {"ok"}, remote["error"].dropna().tolist()
    volatile = ["finished", "worker", "wall_s", "csv_row"]
    pd.testing.assert_frame_equal(local.drop(columns=volatile), remote.drop(columns=volatile))


def test_dask_workers_on_another_ns3_are_refused():
    """A worker importing a chronometry built on another ns-3 release is refused, naming both."""
    version, path = cs._chronometry_build()
    assert version == chronometry.NS3_VERSION and version >= 337

    class Client:  # what distributed.Client.run returns: {worker address: result}
        def run(self, function):
            return {"tcp://10.0.0.9:1234": (version + 11, "/elsewhere/chronometry.so"),
                    "tcp://10.0.0.8:1234": function()}

    with pytest.raises(ValueError, match=f"ns-3 {version + 11}.*ns-3 {version}"):
        cs._check_workers(Client(), "chronometry.causality:run_replay_study")
    cs._check_workers(Client(), "sweep_probe:square")  # not a chronometry runner: not checked
def test_grid_keys_are_checked_before_anything_runs(tmp_path):
    db = tmp_path / "never.sqlite"
    with pytest.raises(ValueError, match=r"grid key 'skw' is invalid for study 'replay'; "
                                         r"valid: nodes, skew_bound_ns, skew_bound, skew_ns, skew, interval_ns, interval, "):
        cs.sweep("replay", dict(skw=["1ms"], run=[1]), str(db), progress=False)
    assert not db.exists()  # refused before the results file was even opened
    assert {"skew_bound_ns", "skew_bound"} <= set(cs.parameters("replay")) and cs.parameters(PROBE) is None
def test_retry_errors_runs_failed_points_again(tmp_path):
    db = str(tmp_path / "retry.sqlite")
    grid = dict(x=[1, 2, 3], marker_dir=[str(tmp_path)])
    df = cs.sweep("sweep_probe:fail_once", grid, db, workers=2, progress=False)
    assert set(df["status"]) == {"error"}
    df = cs.sweep("sweep_probe:fail_once", grid, db, workers=2, progress=False)
    assert set(df["status"]) == {"error"}  # stored errors are not run again by default
    df = cs.sweep("sweep_probe:fail_once", grid, db, workers=2, progress=False,
                  retry_errors=True)
    assert set(df["status"]) == {"ok"} and sorted(df["y"]) == [1, 2, 3] and len(rows(db)) == 3
def session_processes(sid):
    """Processes of a session (the driver's, started with start_new_session)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == sid and fields[0] != "Z":  # session id; zombies are gone
                found.append(int(entry))
    return found
def start_slow_sweep(db, sleep):
    script = textwrap.dedent(f"""
        import sys
        sys.path[:0] = [{HERE!r}, {PYTHON_DIR!r}]
        import chronometry_sweep as cs
        cs.sweep({PROBE!r}, dict(x=list(range(40)), sleep=[{sleep}]), {db!r}, workers=2,
                 progress=False)
    """)
    return subprocess.Popen([sys.executable, "-c", script], start_new_session=True,
                            stderr=subprocess.PIPE, text=True)
def wait_for_rows(db, n, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        time.sleep(0.05)
        try:
            if os.path.exists(db) and len(rows(db)) >= n:
                return
        except sqlite3.OperationalError:
            pass
    raise AssertionError(f"fewer than {n} rows after {timeout} s")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_at_once_keeps_rows_and_leaves_no_worker(tmp_path):
    """Ctrl-C at a terminal: SIGINT to the driver's whole process group, mid-sweep."""
    db = str(tmp_path / "int.sqlite")
    proc = start_slow_sweep(db, 0.5)
    wait_for_rows(db, 2)
    assert len(session_processes(proc.pid)) == 3  # the driver and its two workers
    time.sleep(0.2)  # both workers in the middle of a point
    before = len(rows(db))
    start = time.time()
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    elapsed = time.time() - start
    assert elapsed < 3, f"took {elapsed:.1f} s to stop"
    assert proc.returncode != 0 and "KeyboardInterrupt" in err
    assert re.search(r"\d+ saved, run again to resume \(\d+ of 40 points not run", err), err
    saved = len(rows(db))
    assert before <= saved < 40  # finished points kept, the rest not run
    time.sleep(0.5)
    assert session_processes(proc.pid) == []  # no worker left behind
    df = cs.sweep(PROBE, dict(x=list(range(40)), sleep=[0.5]), db, workers=2, progress=False,
                  limit=4)  # run again: resumes with the missing points
    assert len(df) == saved + 4 and len(set(r[1] for r in rows(db))) == saved + 4
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_killed_driver_leaves_no_orphan(tmp_path):
    """SIGKILL the driver alone (not its workers) while both workers run a long point."""
    db = str(tmp_path / "orphan.sqlite")
    proc = start_slow_sweep(db, 30.0)
    deadline = time.time() + 30
    while len(session_processes(proc.pid)) < 3 and time.time() < deadline:
        time.sleep(0.05)
    workers = [p for p in session_processes(proc.pid) if p != proc.pid]
    assert len(workers) == 2
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.time() + 5
    while session_processes(proc.pid) and time.time() < deadline:
        time.sleep(0.05)
    left = session_processes(proc.pid)
    for pid in left:  # do not leave them to the next test if this one fails
        os.kill(pid, signal.SIGKILL)
    assert left == [], "workers outlived their driver"
