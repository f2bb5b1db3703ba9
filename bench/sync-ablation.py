#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""PTP's error budget by ablation (issue 43; doc/sync.rst, "Error budget by ablation").

Runs one realistic sync-study configuration (hardware-8ns stamps, TCXO oscillators, a
10 degC temperature step on the slaves, transparent clocks on a line of 3 switches, Load 0.3)
in full, with every source off (Ablate), and with each source off alone, RUNS seeds each
(the same RngRun across the variants: the other sources keep their realization), through
chronometry-study. Prints per source the change it makes when switched off, full minus
ablated, in E p99 (skew_p99_ns) and in cTE (the largest |te_gm_cte_ns| over the slaves: the
mean time error to the grandmaster), each a mean over the seeds with a 95% t-interval; their
sum; the total (full minus all off); and the interaction term (total minus the sum).

    bench/sync-ablation.py --study build/examples/chronometry-study [--runs 5] [--jobs 2]
        [--first-run 1] [--extra "--Duration=30s"] [--out DIR]

The table is made of every ablation-*.csv in DIR: running more seeds (--first-run 4 --runs 2)
into the same DIR adds them to the ones already there (same configuration and extra only).

Not a CTest: each loaded point simulates about 130,000 events per host per second.
"""

import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile

SOURCES = [
    "stamp-noise",
    "quantization",
    "phy-asymmetry",
    "queueing",
    "residence-rate",
    "oscillator-noise",
    "temperature",
]
ALL = "+".join(SOURCES)

# Every parameter the budget relies on, set explicitly (the studies' defaults may move).
CONFIGURATION = [
    "--Sync=ptp",
    "--Nodes=3",
    "--Topology=line",
    "--Switches=3",
    "--TransparentClocks=true",
    "--BoundaryClocks=false",
    "--DelayMechanism=E2E",
    "--Timestamping=hardware-8ns",
    "--Oscillator=TCXO",
    "--Temperature=step",
    "--TemperatureStep=10",
    "--TemperatureStepAt=9s",
    "--ThermalTimeConstant=2s",
    "--Load=0.3",
    "--Asymmetry=0ns",
    "--LinkDelay=1us",
    "--InitialOffset=1ms",
    "--SyncInterval=125ms",
    "--MinDelayReqInterval=125ms",
    "--Duration=14s",
    "--Warmup=8s",
    "--SamplePeriod=10ms",
    "--LockThreshold=100us",
]

# t(0.975, n - 1) for the intervals
T975 = {2: 12.706, 3: 4.303, 4: 3.182, 5: 2.776, 6: 2.571, 7: 2.447, 8: 2.365, 9: 2.306}


def run_points(args, runs, out, tag):
    """One chronometry-study process over every variant for the given runs."""
    summary = os.path.join(out, "ablation-%s.csv" % tag)
    rows = os.path.join(out, "ablation-%s.rows.csv" % tag)
    for path in (summary, rows):
        if os.path.exists(path):
            os.remove(path)
    variants = ",".join(["none", ALL] + SOURCES)
    command = (
        [args.study, "--study=sync"]
        + CONFIGURATION
        + args.extra.split()
        + [
            "--Ablate=" + variants,
            "--Run=" + ",".join(str(r) for r in runs),
            "--csv=" + summary,
            "--rowsCsv=" + rows,
        ]
    )
    return subprocess.Popen(command, stdout=subprocess.DEVNULL), summary, rows


def collect(summaries, rowfiles):
    """{(ablate, run): (E p99, cTE)} from the CSV files."""
    cte = {}
    for path in rowfiles:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if r["te_gm_cte_ns"] == "":
                    continue  # host 0 against itself
                key = (r["ablate"], r["run"])
                cte[key] = max(cte.get(key, 0.0), abs(float(r["te_gm_cte_ns"])))
    out = {}
    for path in summaries:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                key = (r["ablate"], r["run"])
                out[key] = (float(r["skew_p99_ns"]), cte.get(key, float("nan")))
    return out


def interval(values):
    """mean +- 95% half-width (t), or mean alone for one value."""
    m = statistics.mean(values)
    if len(values) < 2:
        return m, float("nan")
    half = T975.get(len(values), 1.96) * statistics.stdev(values) / len(values) ** 0.5
    return m, half


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--study", default="build/examples/chronometry-study")
    parser.add_argument("--runs", type=int, default=5, help="seeds (0: tabulate DIR only)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first-run", type=int, default=1, help="RngRun of the first seed")
    parser.add_argument("--extra", default="", help="more chronometry-study arguments")
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="sync-ablation-")
    os.makedirs(out, exist_ok=True)
    runs = list(range(args.first_run, args.first_run + args.runs))
    jobs = max(1, min(args.jobs, len(runs)))
    # --runs 0: no new seed, the table of the files already in DIR
    chunks = [runs[j::jobs] for j in range(jobs)] if runs else []
    procs = [run_points(args, c, out, "r" + "-".join(map(str, c))) for c in chunks]
    for p, _, _ in procs:
        if p.wait() != 0:
            sys.exit("chronometry-study failed")
    files = sorted(os.listdir(out))
    data = collect(
        [os.path.join(out, f) for f in files if f.startswith("ablation-") and f.endswith(".csv")
         and not f.endswith(".rows.csv")],
        [os.path.join(out, f) for f in files if f.startswith("ablation-") and f.endswith(".rows.csv")],
    )
    names = sorted({run for _, run in data}, key=int)

    def delta(variant, k):
        return [data[("none", r)][k] - data[(variant, r)][k] for r in names]

    print("Error budget by ablation: %d seeds; change = full - source off (ns), " % len(names)
          + "mean +- 95% interval")
    print("configuration: " + " ".join(CONFIGURATION + args.extra.split()))
    for label, k in (("E p99", 0), ("cTE (max |cTE| over slaves)", 1)):
        full = interval([data[("none", r)][k] for r in names])
        off = interval([data[(ALL, r)][k] for r in names])
        print("\n%s: full %.1f +- %.1f, all off %.1f +- %.1f" % (label, *full, *off))
        print("  %-18s %18s" % ("source", "change"))
        sums = [0.0] * len(names)
        for s in SOURCES:
            d = delta(s, k)
            sums = [a + b for a, b in zip(sums, d)]
            print("  %-18s %10.1f +- %5.1f" % (s, *interval(d)))
        total = delta(ALL, k)
        print("  %-18s %10.1f +- %5.1f" % ("sum", *interval(sums)))
        print("  %-18s %10.1f +- %5.1f" % ("total", *interval(total)))
        inter = [t - s for t, s in zip(total, sums)]
        print("  %-18s %10.1f +- %5.1f" % ("interaction", *interval(inter)))
    print("\nCSV files: " + out)


if __name__ == "__main__":
    main()
