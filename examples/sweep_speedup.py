#!/usr/bin/env python3
"""Speed-up of a sweep with 2 worker processes over 1 on this machine (and, with --dask, on a
2-worker Dask LocalCluster), for the same grid into fresh SQLite files; checks the tables agree.

usage: sweep_speedup.py [--study replay|inference] [--runs 1] [--dask]
"""
import argparse
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The default build last: a build the caller put on sys.path first (bench/sweep-bench.py
# --build-dir, e.g. build-348) must win here and in the Dask workers, which inherit sys.path.
sys.path.append(os.path.join(HERE, "..", "build", "python"))
import chronometry_sweep as cs  # noqa: E402

US, MS = 1_000, 1_000_000
GRIDS = {
    # about a second per point, so that process start-up is small beside the work
    "replay": dict(nodes=[32], skew_bound_ns=[1 * MS, 2 * MS, 4 * MS], interval_ns=[100 * US],
                   delay_ns=[1 * US, 8 * US], rate=[80, 160], duration_ns=[400 * MS]),
    "inference": dict(clients=[2], skew_bound_ns=[0, 1 * MS, 100 * MS], delay_ns=[100 * US, 1 * MS],
                      rate=[5.0, 40.0], duration_ns=[1000 * MS]),
}
TIMING = ("wall_s", "link_s", "csv_row", "finished", "worker", "pid")


def timed(study, points, db, **kwargs):
    """Run a sweep into a fresh file: (wall seconds, the table without timing columns, the
    points' own run time summed)."""
    start = time.monotonic()
    df = cs.sweep(study, points, db, progress=False, **kwargs)
    wall = time.monotonic() - start
    assert (df.status == "ok").all(), df.error.dropna().tolist()
    work = float(df.wall_s.sum()) if "wall_s" in df else float("nan")
    return wall, df.drop(columns=[c for c in TIMING if c in df]), work


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--study", choices=sorted(GRIDS), default="replay")
    parser.add_argument("--technique", choices=sorted(GRIDS), dest="former_study",
                        help="deprecated: --study's former name")
    parser.add_argument("--runs", type=int, default=1, help="replications (RngRun 1..runs)")
    parser.add_argument("--dask", action="store_true")
    args = parser.parse_args()
    if args.former_study:
        print("sweep_speedup.py: --technique is deprecated; use --study", file=sys.stderr)
        args.study = args.former_study
    points = cs.replicate(GRIDS[args.study], args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        one, a, _ = timed(args.study, points, os.path.join(tmp, "w1.sqlite"), workers=1)
        two, b, _ = timed(args.study, points, os.path.join(tmp, "w2.sqlite"), workers=2)
        assert a.equals(b), "1 and 2 workers must give the same table"
        print(f"{args.study}: {len(points)} points, {os.cpu_count()} cores: 1 worker "
              f"{one:.1f} s, 2 workers {two:.1f} s, speed-up {one / two:.2f}x")
        if args.dask:
            from distributed import Client, LocalCluster
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                dask, c, _ = timed(args.study, points, os.path.join(tmp, "d.sqlite"),
                                   scheduler=client)
            assert a.equals(c), "the Dask table must equal the local one"
            print(f"  Dask LocalCluster (2 workers): {dask:.1f} s, speed-up {one / dask:.2f}x")


if __name__ == "__main__":
    main()
