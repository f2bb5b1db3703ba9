#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""PTP as deployed, the grid of issue 43 (doc/sync.rst "Time error by class, switch and hop").

Time stamping class (ideal, hardware-8ns, hardware-subns, software) x switches (transparent
clocks, boundary clocks, plain) x load (0, 0.3) on a line of 4 switches with one slave per
switch (hosts at 1, 2, 3 and 4 hops from the grandmaster), RUNS replications per point. Per
point: E p99 (every host against every other, from the simulator's truth, unfloored); per hop:
max|TE|, cTE, dTE_L (0.1 Hz low-pass MTIE), MTIE at 1, 10 and 100 s against the grandmaster
(te_gm_*: the grandmaster itself free-runs, as one without GNSS does), each the mean over the
runs with a 95% t interval, and the worst G.8273.2 class any run's host met at that hop.

    bench/sync-grid.py --study build/examples/chronometry-study [--runs 5] [--jobs 2]
        [--out DIR] [--classes ideal,hardware-8ns] [--loads 0,0.3]

Idle points run 300 s (Warmup 100 s: the software class's servo waits 37 s before its first
estimate); loaded points cost about 4 s of CPU per simulated second, so they run 20 s (Warmup
8 s) and their MTIE at 100 s is n/a. The software class under load needs the long warm-up too:
it runs only with --software-load. Each point's CSV is kept in --out: a rerun runs only the
missing points. Not a CTest: tens of CPU minutes.
"""

import argparse
import concurrent.futures
import csv
import fcntl
import math
import os
import statistics
import subprocess
import sys

MODES = {
    "tc": ["--TransparentClocks=true", "--BoundaryClocks=false"],
    "bc": ["--BoundaryClocks=true"],
    "plain": ["--TransparentClocks=false", "--BoundaryClocks=false"],
}
METRICS = [
    ("max|TE|", "te_gm_max_ns"),
    ("cTE", "te_gm_cte_ns"),
    ("dTE_L", "te_gm_dte_l_mtie_ns"),
    ("MTIE 1s", "te_gm_mtie_1s_ns"),
    ("MTIE 10s", "te_gm_mtie_10s_ns"),
    ("MTIE 100s", "te_gm_mtie_100s_ns"),
]
CLASS_ORDER = ["D", "C", "B", "A", "none"]
# Student t, 97.5% quantile, by degrees of freedom (a 95% two-sided interval).
T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def point_args(stamp, mode, load, software_load):
    """The chronometry-study options of one point (None: skipped)."""
    args = [
        "--study=sync",
        "--Nodes=5",
        "--Topology=line",
        "--Switches=4",
        "--Timestamping=" + stamp,
        "--Load=%g" % load,
        "--LockThreshold=100us",
    ] + MODES[mode]
    if load == 0:
        args += ["--Duration=300s", "--Warmup=100s"]
    elif stamp == "software":
        if not software_load:
            return None
        args += ["--Duration=120s", "--Warmup=100s"]
    else:
        args += ["--Duration=20s", "--Warmup=8s"]
    return args


def run_point(study, name, args, runs, out):
    """Run one point RUNS times (once: a complete rows file is kept); return its name."""
    rows = os.path.join(out, name + "-rows.csv")
    point = os.path.join(out, name + ".csv")
    if os.path.exists(rows) and os.path.exists(point):
        return name
    for f in (rows + ".part", point + ".part"):
        if os.path.exists(f):
            os.remove(f)
    command = ["nice", "-n", "19", study] + args + [
        "--Runs=%d" % runs,
        "--csv=" + point + ".part",
        "--rowsCsv=" + rows + ".part",
        "--summaryCsv=" + os.path.join(out, name + "-summary.csv"),
    ]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    os.replace(rows + ".part", rows)  # the point counts only once both are whole
    os.replace(point + ".part", point)
    return name


def mean_ci(values):
    """Mean and 95% half-width (t); None for an empty list."""
    values = [v for v in values if v is not None]
    if not values:
        return None
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("nan")
    half = T975.get(len(values) - 1, 1.96) * statistics.stdev(values) / math.sqrt(len(values))
    return m, half


def number(text):
    try:
        v = float(text)
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def fmt(mc):
    if mc is None:
        return "n/a"
    m, h = mc
    return "%.3g +- %.2g" % (m, h) if math.isfinite(h) else "%.3g" % m


def summarize(out, name):
    """Markdown lines of one point: E p99 and the per-hop metrics."""
    with open(os.path.join(out, name + ".csv")) as f:
        points = [r for r in csv.DictReader(f) if r.get("run", "").strip()]
    with open(os.path.join(out, name + "-rows.csv")) as f:
        rows = list(csv.DictReader(f))
    e99 = mean_ci([number(r["skew_p99_ns"]) for r in points])
    locked = sum(1 for r in points if r.get("locked") in ("1", "true", "True"))
    lines = []
    hops = sorted({int(r["hops"]) for r in rows if r["node"] != "0"})
    for h in hops:
        at = [r for r in rows if r["node"] != "0" and int(r["hops"]) == h]
        cells = [fmt(mean_ci([number(r[col]) for r in at])) for _, col in METRICS]
        worst = max((r["te_gm_class"] for r in at), key=CLASS_ORDER.index)
        lines.append(
            "| %s | %d | %s | %d/%d | %s | %s |"
            % (name, h, fmt(e99), locked, len(points), " | ".join(cells), worst)
        )
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--study", required=True, help="chronometry-study")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="sync-grid")
    parser.add_argument("--classes", default="ideal,hardware-8ns,hardware-subns,software")
    parser.add_argument("--modes", default="tc,bc,plain")
    parser.add_argument("--loads", default="0,0.3")
    parser.add_argument("--software-load", action="store_true")
    a = parser.parse_args()
    if a.runs < 2:
        raise SystemExit("--runs: at least 2 (an interval needs two)")
    os.makedirs(a.out, exist_ok=True)
    lock = open(os.path.join(a.out, ".lock"), "w")
    try:  # one grid per folder: a second one would run (and remove) the first one's points
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise SystemExit("--out %s: another sync-grid.py is running there" % a.out)
    todo = []
    for load in [float(x) for x in a.loads.split(",")]:
        for stamp in a.classes.split(","):
            for mode in a.modes.split(","):
                args = point_args(stamp, mode, load, a.software_load)
                if args is not None:
                    todo.append(("%s-%s-load%g" % (stamp, mode, load), args))
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        done = [pool.submit(run_point, a.study, n, args, a.runs, a.out) for n, args in todo]
        for d in concurrent.futures.as_completed(done):
            print("done:", d.result(), file=sys.stderr)
    header = "| point | hops | E p99 (ns) | locked | " + " | ".join(
        m + " (ns)" for m, _ in METRICS
    )
    print(header + " | G.8273.2 |")
    print("|" + "---|" * (len(METRICS) + 5))
    for name, _ in todo:
        for line in summarize(a.out, name):
            print(line)


if __name__ == "__main__":
    main()
