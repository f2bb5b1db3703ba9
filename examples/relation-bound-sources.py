#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Where MinRTT's drift-wander term and NTP's phi come from, scored against the truth (the
table of doc/relation.rst, "Bound inputs: class, measured, misspecified, oracle").

C's TSC steps once per run by a size uniform in [1, 8] ppm of random sign at a time uniform in
the 600 s workload (drawn from the run's streams); TCXO clocks (drift uniform in +-2 ppm). Per
BoundSource (and the affine bound without any term, the baseline the term must beat) and per
condition (no load and no asymmetry; load 0.7 over every probe window and 100 us ingress
asymmetry), over RUNS runs:

  runs ok     runs in which every A->C duration was covered, with a 95% Wilson interval
  covered     A->C durations covered over all runs (a run's durations are not independent:
              the interval is the runs')
  bound, err  mean bound and mean |error| (us)
  ratio       mean bound / half the path's true minimum RTT (the simulator's; no method sees it)
  J           mean J of the A-C pair's term (ppm) beside the mean abs(step) drawn

    PYTHONPATH=build/python python3 examples/relation-bound-sources.py [--runs 6] [--rst]

About 6 runs x 6 sources x 20 s with load: 12 minutes on one core.
"""
import argparse
import math
import statistics

SOURCES = ["none", "class", "measured", "half", "double", "oracle-bound"]
CONDITIONS = [("no load", {"load": 0.0, "asymmetry": "0us"}),
              ("load 0.7 + 100 us asymmetry", {"load": 0.7, "asymmetry": "100us"})]
METHODS = ["CP", "CP_MULTI", "NTP"]


def wilson(k, n, z=1.96):
    """95% Wilson score interval of k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def run_point(chronometry, source, extra, run):
    return chronometry.study.run_study(
        "relation", tsc_model="step", drift_ppm=2.0, oscillator_class="TCXO",
        drift_step_min_ppm=1.0, drift_step_ppm=8.0, workload="600s", tuple_interval="1s",
        wander_term=source != "none", bound_source="class" if source == "none" else source,
        run=run, **extra)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("--rst", action="store_true", help="print an RST list-table")
    args = ap.parse_args()
    import chronometry
    lines = []
    for cond, extra in CONDITIONS:
        for source in SOURCES:
            per = {m: [] for m in METHODS}
            js, steps = [], []
            for run in range(1, args.runs + 1):
                r = run_point(chronometry, source, extra, run)
                js.append(r["wander_j_ac_ppm"])
                steps.append(abs(r["step_drawn_ppm"]))
                for row in r["methods"]:
                    if row["path"] == "A->C" and row["method"] in per:
                        per[row["method"]].append(row)
            for m in METHODS:
                rows = per[m]
                ok = sum(1 for x in rows if x["covered"] == x["n"])
                lo, hi = wilson(ok, len(rows))
                cov = sum(x["covered"] for x in rows) / max(1, sum(x["n"] for x in rows))
                label = "oracle (bound)" if source == "oracle-bound" else source
                lines.append((cond, label, m, f"{ok}/{len(rows)} [{lo:.2f}, {hi:.2f}]",
                              f"{cov:.1%}",
                              f"{statistics.mean(x['mean_bound_us'] for x in rows):.0f}",
                              f"{statistics.mean(x['mean_abs_error_us'] for x in rows):.0f}",
                              f"{statistics.mean(x['bound_ratio_true_path'] for x in rows):.2f}",
                              f"{statistics.mean(js):.2f} / {statistics.mean(steps):.2f}"
                              if m != "NTP" else f"phi {r['phi_ppm']:g}"))
    head = ("condition", "source", "method", "runs ok [95%]", "covered", "bound us", "err us",
            "ratio", "J / abs(step) ppm")
    if args.rst:
        print(".. list-table::\n   :header-rows: 1\n")
        for row in [head] + lines:
            print("   * - " + "\n     - ".join(row))
    else:
        print(" | ".join(head))
        for row in lines:
            print(" | ".join(row))


if __name__ == "__main__":
    main()
