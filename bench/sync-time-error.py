#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Time-error metrics per host as sync engineers read them (issue 43; doc/sync.rst).

Runs the sync study at its default PTP point (30 s, Warmup 10 s) and at an NTP point
(Sync=ntp; by default 4 h scored from 2 h on a 1 s grid: NTP's discipline takes hours to
settle, doc/sync.rst "How long NTP takes"), RUNS replications each, through chronometry-study --rowsCsv, and prints per host the G.8273.2
class each run met (to true time and to host 0) and the mean, minimum and maximum over the
runs of max|TE|, cTE, dTE_L MTIE, dTE_H, MTIE and TDEV at 1, 10, 100 s (n/a: the scored
window is shorter than the interval, or TDEV's 3 tau).

    bench/sync-time-error.py --study build/examples/chronometry-study [--runs 5]
        [--ptp "--Duration=600s --Warmup=300s"] [--ntp "--Duration=4h ..."] [--out DIR]

Not a CTest: a few seconds to minutes of simulation (NTP needs minutes to converge).
"""

import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile

METRICS = [
    "max_ns",
    "cte_ns",
    "dte_l_mtie_ns",
    "dte_h_pp_ns",
    "mtie_1s_ns",
    "mtie_10s_ns",
    "mtie_100s_ns",
    "tdev_1s_ns",
    "tdev_10s_ns",
    "tdev_100s_ns",
]


def run_point(study, name, extra, args, out):
    """Run one point RUNS times; return its per-node rows."""
    rows = os.path.join(out, name + "-rows.csv")
    if os.path.exists(rows):
        os.remove(rows)
    command = [
        study,
        "--study=sync",
        "--Runs=%d" % args.runs,
        "--csv=" + os.path.join(out, name + ".csv"),
        "--rowsCsv=" + rows,
    ] + extra
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    with open(rows, newline="") as f:
        return list(csv.DictReader(f))


def cell(values):
    """mean [min, max] of the non-empty values, or n/a."""
    v = [float(x) for x in values if x != ""]
    if not v:
        return "n/a"
    if len(v) < len(values):
        return "n/a (%d of %d)" % (len(v), len(values))
    return "%.4g [%.4g, %.4g]" % (statistics.mean(v), min(v), max(v))


def report(name, rows):
    """Print per node: hops, classes over the runs, metrics."""
    print("==", name, "(%d rows)" % len(rows))
    nodes = sorted({int(r["node"]) for r in rows})
    for prefix, what in (("te_", "to true time"), ("te_gm_", "to host 0")):
        print("-- TE", what)
        print("node hops class(runs)      " + "  ".join(METRICS))
        for n in nodes:
            mine = [r for r in rows if int(r["node"]) == n]
            classes = "".join(r[prefix + "class"] or "-" for r in mine)
            if len(set(r[prefix + "class"] for r in mine)) == 1:
                classes = mine[0][prefix + "class"] or "n/a"
            cells = [cell([r[prefix + m] for r in mine]) for m in METRICS]
            print("%4d %4s %-16s %s" % (n, mine[0]["hops"], classes, " | ".join(cells)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--study", required=True, help="the chronometry-study program")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ptp", default="", help="extra arguments of the PTP point")
    parser.add_argument(
        "--ntp",
        default="--Duration=4h --Warmup=2h --SamplePeriod=1s",
        help="extra arguments of the NTP point (Sync=ntp is given)",
    )
    parser.add_argument("--out", default=None, help="folder of the CSVs (default: a temp dir)")
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="sync-time-error-")
    os.makedirs(out, exist_ok=True)
    print("runs", args.runs, "csv in", out)
    ptp = args.ptp.split()
    ntp = ["--Sync=ntp"] + args.ntp.split()
    report("PTP " + (args.ptp or "(default point)"), run_point(args.study, "ptp", ptp, args, out))
    report("NTP " + " ".join(ntp), run_point(args.study, "ntp", ntp, args, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
