#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Summarise an RDA study CSV into the headline table of doc/latency.rst.

Every row of the CSV is one flow's send interval, scored by the study against the truth over
every delivered packet.  For each (loss, reorder, exchange) cell this prints, over the runs,
the mean and a 95 % interval (Student t) of the per-run average |relative error| of the mean
and of the std, for RDA, RDA + boundary matching, LDA and FineComb; the interval-matching
bias; and the wire bytes beside the raw-log and sketch bytes.

    build/examples/chronometry-study --study=rda --Intervals=5 --PacketInterval=10us \\
        --LossRate=0.01,0.1 --ReorderRate=0.002,0.02 --Exchange=Auto,Sketch \\
        --Run=1,2,3,4,5 --csv=rda-headline.csv
    python3 examples/rda-headline.py rda-headline.csv
"""
import argparse
import csv
import math
import statistics
import sys
from collections import defaultdict

T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
METHODS = [("rda", "RDA"), ("rdab", "RDA+boundary"), ("lda", "LDA"), ("fc", "FineComb")]


def interval(values):
    """mean and 95 % half-width over runs"""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("nan")
    return m, T95.get(len(values) - 1, 1.96) * statistics.stdev(values) / math.sqrt(len(values))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", help="CSV of chronometry-study --study=rda")
    a = ap.parse_args()
    try:
        rows = list(csv.DictReader(open(a.csv)))
    except OSError as e:
        sys.exit(f"rda-headline: cannot read {a.csv}: {e.strerror}")
    if not rows:
        sys.exit(f"rda-headline: {a.csv} has no rows")
    last = max(int(r["interval"]) for r in rows)
    # the CSV has no run column: a run's rows follow each other, (flow 0, interval 0) first
    cells = defaultdict(lambda: defaultdict(list))  # cell -> run -> rows
    seen = defaultdict(int)
    for r in rows:
        cell = (float(r["loss_rate"]), float(r["reorder_rate"]), r.get("exchange", "Auto"))
        if r["flow"] == "0" and r["interval"] == "0":
            seen[cell] += 1
        cells[cell][seen[cell]].append(r)
    print("| loss | reorder | exchange | runs | matching bias | " +
          " | ".join(f"{n} mean err (std err)" for _, n in METHODS) +
          " | RDA+boundary w/o last | decoded | wire B | raw-log B | sketch B |")
    print("|" + "---|" * (10 + len(METHODS)))
    for (loss, reorder, exch), runs in sorted(cells.items()):
        per = defaultdict(list)
        for rr in runs.values():
            n = len(rr)
            per["bias"].append(sum(float(r["matching_bias"]) for r in rr) / n)
            for p, _ in METHODS:
                per[p].append(sum(float(r[f"{p}_mean_rel_err"]) for r in rr) / n)
                per[p + "s"].append(sum(float(r[f"{p}_std_rel_err"]) for r in rr) / n)
            inner = [r for r in rr if int(r["interval"]) < last]
            if inner:
                per["inner"].append(sum(float(r["rdab_mean_rel_err"]) for r in inner) / len(inner))
            per["decoded"].append(sum(int(r["decoded"]) for r in rr) / n)
            for k in ("wire_bytes", "raw_log_bytes", "sketch_bytes"):
                per[k].append(sum(float(r[k]) for r in rr) / n)

        def f(k, digits=3):
            m, h = interval(per[k])
            return f"{m:.{digits}f} ± {h:.{digits}f}"
        cols = [f"{loss:g}", f"{reorder:g}", exch, str(len(runs)), f("bias")]
        cols += [f"{f(p)} ({f(p + 's')})" for p, _ in METHODS]
        cols += [f("inner") if per["inner"] else "-", f"{statistics.fmean(per['decoded']):.2f}"]
        cols += [f"{statistics.fmean(per[k]):.0f}" for k in ("wire_bytes", "raw_log_bytes", "sketch_bytes")]
        print("| " + " | ".join(cols) + " |")


if __name__ == "__main__":
    main()
