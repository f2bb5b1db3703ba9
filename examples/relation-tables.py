#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Tables of the relation study from a chronometry-study CSV.

Across mode (default): for every group (the --by parameter columns) and method, the mean of
--value (by default bound_ratio_true_path: mean bound / half the true minimum RTT of the pair's
network path, from the simulator; bound_ratio: against half the smallest probe RTT, CP's own
denominator; mean_abs_error_us, mean_bound_us) across the values of --across, with a 95%
Student-t interval over the runs and, in brackets, the coverage of the cell when it is below
100%; the last columns give the coverage (durations within their bounds / durations measured)
summed over the row. Runs where a method estimated nothing (a refuted multi-round fit) are left
out ("- (refuted)" when every run was).

Summary mode (--summary): one line per group and method with the coverage of the rigorous bound
and of the paper's bound (CP methods; the others have one bound), the actual error (mean and
largest |estimate - true duration|, us), the mean bound (us), and the bound ratio against the
true path (mean and 95% interval over the runs).

  chronometry-study --study=relation --NoiseModel=none,host,route,all --Load=0,0.7 \\
      --Rounds=4 --BusyRounds=4 --BothDirections=1 --Run=1,2,3,4,5 --csv=noise.csv
  python3 examples/relation-tables.py noise.csv --by noise_model,load --across rounds
  python3 examples/relation-tables.py noise.csv --by noise_model,load --summary
"""

import argparse
import collections
import csv
import math
import statistics
import sys

# two-sided 95% Student-t quantiles by degrees of freedom
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
       9: 2.262, 10: 2.228, 15: 2.131, 20: 2.086, 30: 2.042}


def t95(df):
    if df <= 0:
        return math.nan
    keys = [k for k in sorted(T95) if k <= df]
    return T95[keys[-1]] if df <= 30 else 1.96


def interval(values):
    """mean and half width of the 95% interval ("" if one value)"""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", help="chronometry-study --study=relation --csv output")
    ap.add_argument("--by", default="noise_model,load", help="group columns (comma list)")
    ap.add_argument("--across", default="rounds", help="column across the table")
    ap.add_argument("--path", "--duration", dest="duration", default="A->C", help="the path measured: A->C, B->C or B")
    ap.add_argument("--methods", default="CP,CP_MULTI,NTP,ReT",
                    help="methods, in order (comma list)")
    ap.add_argument("--value", default="bound_ratio_true_path",
                    help="the column tabulated across --across (a per-run mean)")
    ap.add_argument("--summary", action="store_true",
                    help="coverage (rigorous and paper), error, bound and ratio per group and "
                         "method instead of the across table")
    args = ap.parse_args(argv)
    by = [c for c in args.by.split(",") if c]
    methods = args.methods.split(",")
    with open(args.csv, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["path"] == args.duration]
    if not rows:
        sys.exit(f"no {args.duration} rows in {args.csv}")
    for c in by + ([] if args.summary else [args.across, args.value]):
        if c not in rows[0]:
            sys.exit(f"no column {c} in {args.csv}; columns: {', '.join(rows[0])}")
    if args.summary:
        return summary(rows, by, methods)
    cells = collections.defaultdict(list)
    groups = []
    for r in rows:
        g = tuple(r[c] for c in by)
        if g not in groups:
            groups.append(g)
        cells[(g, r["method"], float(r[args.across]))].append(r)
    across = sorted({k[2] for k in cells})
    head = ["/".join(by) or "all", "method"] + [f"{args.across} = {a:g}" for a in across]
    print(" | ".join(head + ["coverage", "runs"]))
    for g in groups:
        for m in methods:
            line = [",".join(g), m]
            covered = measured = 0
            runs = 0
            for a in across:
                v = cells.get((g, m, a), [])
                c = sum(int(x["covered"]) for x in v)
                n = sum(int(x["n"]) for x in v)
                covered += c
                measured += n
                ratios = [float(x[args.value]) for x in v if int(x["n"]) > 0]
                runs = max(runs, len(v))
                if not ratios:
                    line.append("- (refuted)" if v else "")
                    continue
                mean, half = interval(ratios)
                cov = "" if c == n else f" [{100.0 * c / n:.0f}%]"
                line.append(f"{mean:.2f}" + ("" if math.isnan(half) else f" +- {half:.2f}") +
                            cov)
            if measured or runs:
                print(" | ".join(line + [f"{covered}/{measured}", str(runs)]))
    return 0


def summary(rows, by, methods):
    """One line per group and method: coverage, paper coverage, error, bound, true-path ratio."""
    cells = collections.defaultdict(list)
    groups = []
    for r in rows:
        g = tuple(r[c] for c in by)
        if g not in groups:
            groups.append(g)
        cells[(g, r["method"])].append(r)
    print(" | ".join(["/".join(by) or "all", "method", "coverage", "paper coverage",
                      "mean |error| (us)", "max |error| (us)", "mean bound (us)",
                      "bound / half true RTT", "runs"]))
    for g in groups:
        for m in methods:
            v = cells.get((g, m), [])
            if not v:
                continue
            n = sum(int(x["n"]) for x in v)
            c = sum(int(x["covered"]) for x in v)
            p = sum(int(x["paper_covered"]) for x in v)
            est = [x for x in v if int(x["n"]) > 0]
            if not est:
                print(" | ".join([",".join(g), m, "- (refuted)", "", "", "", "", "",
                                  str(len(v))]))
                continue

            def pct(k):
                return f"{100.0 * k / n:.1f}% ({k}/{n})"

            err = statistics.fmean(float(x["mean_abs_error_us"]) for x in est)
            worst = max(float(x["max_abs_error_us"]) for x in est)
            bound = statistics.fmean(float(x["mean_bound_us"]) for x in est)
            mean, half = interval([float(x["bound_ratio_true_path"]) for x in est])
            ratio = f"{mean:.2f}" + ("" if math.isnan(half) else f" +- {half:.2f}")
            print(" | ".join([",".join(g), m, pct(c), pct(p), f"{err:.1f}", f"{worst:.1f}",
                              f"{bound:.1f}", ratio, str(len(v))]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
