#!/usr/bin/env python3
"""Sweep driver for the replay-clock study (thesis Table 5.1 and beyond).

Runs a grid of (n, E, I, delta, alpha) points in parallel worker processes through
chronometry.causality.run_replay_study (the same scenario and CSV row as the replay-clock-sweep
example), keeps every finished point in an SQLite file as soon as it finishes, skips points
already there when run again (so an interrupted sweep resumes), refuses a grid with an
invalid point before running any (chronometry_sweep checks every point first), records a point
that fails while running with its error without stopping the sweep, shows progress, and writes
the CSV and the plots:
theta vs E for varying alpha, delta and I (thesis Figures 6.3-6.14) and the feasibility
region for a theta budget (Figure 6.15).

usage: replay_sweep.py [--grid thesis|small] [--jobs N] [--scheduler tcp://host:8786]
                       [--out results] [--budget 2]
(default: the thesis grid; the README demo runs --grid small)
"""
import argparse
import itertools
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BUILD = os.path.join(HERE, "..", "build", "python")

US = 1_000
MS = 1_000_000

GRIDS = {
    # The README demo: a few seconds per point on 2 cores.
    "small": dict(nodes=[32], skew_bound_ns=[1 * MS, 2 * MS, 4 * MS], interval_ns=[100 * US, 200 * US],
                  delay_ns=[1 * US, 8 * US, 6 * MS], rate=[20, 80, 160],
                  duration_ns=[400 * MS], run=[1]),
    # The thesis' Table 5.1 grid (plus delta beyond E).
    "thesis": dict(nodes=[32, 64], skew_bound_ns=[1 * MS, 2 * MS, 3 * MS, 4 * MS, 5 * MS, 6 * MS],
                   interval_ns=[100 * US, 200 * US, 500 * US, 1000 * US],
                   delay_ns=[1 * US, 2 * US, 4 * US, 8 * US, 2 * MS, 10 * MS],
                   rate=[10, 20, 40, 80, 160], duration_ns=[1000 * MS], run=[1]),
}


def points(grid):
    """All parameter combinations of a grid (dict of lists), skipping E not a multiple of I."""
    keys = sorted(grid)
    for values in itertools.product(*(grid[k] for k in keys)):
        p = dict(zip(keys, values))
        if p["skew_bound_ns"] % p["interval_ns"] == 0 and p["interval_ns"] <= p["skew_bound_ns"]:
            yield p


def _sweep_module(build_dir):
    # A module already imported (by the caller, from its own build) is the one to use: putting
    # another build ahead on sys.path would not change it here, but worker processes started
    # later (Dask's spawned workers) would import that other build instead.
    if "chronometry_sweep" not in sys.modules and build_dir not in sys.path:
        sys.path.insert(0, build_dir)
    import chronometry_sweep
    return chronometry_sweep


def sweep(grid, db_path, jobs=2, build_dir=DEFAULT_BUILD, limit=None, progress=True,
          scheduler=None):
    """Run the missing points of a grid (chronometry_sweep, study "replay");
    returns (points run now, failures now, total stored)."""
    cs = _sweep_module(build_dir)
    before = cs.load(db_path, "replay")
    df = cs.sweep("replay", list(points(grid)), db_path, workers=jobs, scheduler=scheduler,
                  progress=progress, limit=limit)
    failed_before = 0 if before.empty else int((before["status"] == "error").sum())
    return (len(df) - len(before), int((df["status"] == "error").sum()) - failed_before, len(df))


def load(db_path, build_dir=DEFAULT_BUILD):
    """Stored replay points as a pandas DataFrame (params and results as columns)."""
    return _sweep_module(build_dir).load(db_path, "replay")


def write_csv(db_path, csv_path, build_dir=DEFAULT_BUILD):
    """The ok rows in the replay-clock-sweep CSV format, written atomically."""
    cs = _sweep_module(build_dir)
    import chronometry
    return cs.write_csv(db_path, "replay", csv_path, chronometry.causality.REPLAY_STUDY_CSV_HEADER)


def save(fig, path):
    """Write a figure atomically (a reader never sees half a PNG) and close it."""
    import matplotlib.pyplot as plt
    fig.tight_layout()
    tmp = path + ".tmp.png"
    fig.savefig(tmp, dpi=100)
    os.replace(tmp, path)
    plt.close(fig)
    return path


def plot(db_path, out_dir, budget=2.0):
    """theta vs E by alpha, delta and I; feasibility region for a theta budget. Returns files."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    df = load(db_path)
    df = df[df["status"] == "ok"]
    if df.empty:
        return []
    df = df.assign(E_ms=df["skew_bound_ns"] / MS, I_us=df["interval_ns"] / US,
                   delta_us=df["delay_ns"] / US)
    files = []

    def mode(column):
        return df[column].mode().iloc[0]

    base = dict(nodes=mode("nodes"), interval_ns=mode("interval_ns"), delay_ns=mode("delay_ns"),
                rate=mode("rate"))
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for ax, vary, label in ((axes[0], "rate", "alpha (msgs/s)"),
                            (axes[1], "delay_ns", "delta"),
                            (axes[2], "interval_ns", "I")):
        fixed = {k: v for k, v in base.items() if k != vary}
        sub = df
        for k, v in fixed.items():
            sub = sub[sub[k] == v]
        for value, rows in sub.groupby(vary):
            rows = rows.sort_values("E_ms")
            shown = f"{value / US:g} us" if vary != "rate" else f"{value:g}"
            ax.plot(rows["E_ms"], rows["theta_mean"], marker="o", label=f"{label} = {shown}")
        ax.set_xlabel("E (ms)")
        ax.set_ylabel("theta: stored offsets per event (mean)")
        ax.set_title(f"theta vs E, varying {label}")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    files.append(save(fig, os.path.join(out_dir, "replay-theta-vs-E.png")))

    # Feasibility (Figure 6.15): (E, alpha) points whose p99 theta fits the budget.
    sub = df[(df["nodes"] == base["nodes"]) & (df["interval_ns"] == base["interval_ns"]) &
             (df["delay_ns"] == base["delay_ns"])]
    fig, ax = plt.subplots(figsize=(6, 4.5))
    ok = sub[sub["theta_p99"] <= budget]
    bad = sub[sub["theta_p99"] > budget]
    ax.scatter(ok["E_ms"], ok["rate"], marker="o", color="tab:green", label=f"p99 theta <= {budget:g}")
    ax.scatter(bad["E_ms"], bad["rate"], marker="x", color="tab:red", label=f"p99 theta > {budget:g}")
    ax.set_xlabel("E (ms)")
    ax.set_ylabel("alpha (msgs/s)")
    ax.set_title(f"Feasibility region, n = {base['nodes']}, I = {base['interval_ns'] / US:g} us")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    files.append(save(fig, os.path.join(out_dir, "replay-feasibility.png")))
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grid", choices=sorted(GRIDS), default="thesis")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--out", default="results")
    parser.add_argument("--budget", type=float, default=2.0, help="theta budget (p99)")
    parser.add_argument("--build-dir", default=DEFAULT_BUILD)
    parser.add_argument("--scheduler", default=None,
                        help="Dask scheduler address: run the points on that cluster")
    args = parser.parse_args()
    if args.jobs < 1:
        raise ValueError(f"--jobs = {args.jobs} is invalid; valid range: >= 1")
    if args.budget <= 0:
        raise ValueError(f"--budget = {args.budget} is invalid; valid range: > 0")
    os.makedirs(args.out, exist_ok=True)
    db_path = os.path.join(args.out, "replay-sweep.sqlite")
    start = time.time()
    ran, failed, total = sweep(GRIDS[args.grid], db_path, args.jobs, args.build_dir,
                                scheduler=args.scheduler)
    rows = write_csv(db_path, os.path.join(args.out, "replay-sweep.csv"), args.build_dir)
    files = plot(db_path, args.out, args.budget)
    print(f"replay sweep ({args.grid} grid): ran {ran} points now ({failed} failed), "
          f"{total} in {db_path}, {rows} CSV rows, {time.time() - start:.1f} s wall; "
          f"plots: {', '.join(files)}")


if __name__ == "__main__":
    main()
