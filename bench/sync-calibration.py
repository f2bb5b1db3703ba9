#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The calibration's residual against its reference's error (issue 43; doc/sync.rst
"Asymmetry and its calibration").

Runs the sync study (8 hosts, star, transparent clocks, hardware-8ns stamps, constant-drift
oscillators, fiber mismatch within +-CABLE m, calibration from 10 s over 8 s, scored from 24 s
to 30 s) RUNS replications per point: no correction, the reference with bias sigma in BIASES
(noise 2 ns per reading), and the oracle bound. Prints per point the mean and [min, max] over
the runs of the residual rms over the slaves, the prediction 2 sqrt(bias^2 + noise^2 / 8),
E p99 and the worst max|TE| to host 0.

    bench/sync-calibration.py --study build/examples/chronometry-study [--runs 5] [--cable 20]

Not a CTest: about a second per run.
"""

import argparse
import csv
import math
import os
import subprocess
import tempfile

COMMON = [
    "--Nodes=8",
    "--Timestamping=hardware-8ns",
    "--Oscillator=constant",
    "--CalibrationStart=10s",
    "--CalibrationWindow=8s",
    "--Warmup=24s",
    "--Duration=30s",
    "--CalibrationNoise=2ns",
]


def run_point(args, out, name, extra):
    """Run one point RUNS times; return (summary lines, per-node rows)."""
    paths = [os.path.join(out, name + s) for s in (".csv", "-rows.csv")]
    for p in paths:
        if os.path.exists(p):
            os.remove(p)
    command = [
        args.study,
        "--study=sync",
        "--Runs=%d" % args.runs,
        "--CableMismatch=%g" % args.cable,
        "--csv=" + paths[0],
        "--rowsCsv=" + paths[1],
    ]
    subprocess.run(
        command + COMMON + extra, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    with open(paths[0], newline="") as f:
        summary = list(csv.DictReader(f))
    with open(paths[1], newline="") as f:
        rows = list(csv.DictReader(f))
    return summary, rows


def cell(values, digits=1):
    """mean [min, max], or n/a."""
    v = [float(x) for x in values if x not in ("", "n/a")]
    if not v:
        return "n/a"
    fmt = "%%.%df" % digits
    return (fmt + " [" + fmt + ", " + fmt + "]") % (sum(v) / len(v), min(v), max(v))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--study", default="build/examples/chronometry-study")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cable", type=float, default=20.0)
    parser.add_argument("--biases", default="0,2,5,20,50")
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="sync-calibration-")
    points = [("none", "-", ["--Calibration=none"])]
    for b in args.biases.split(","):
        points.append(
            ("reference", b, ["--Calibration=reference", "--CalibrationBias=%sns" % b])
        )
    points.append(("oracle-bound", "-", ["--Calibration=oracle-bound"]))
    print(
        "CableMismatch +-%g m, %d runs each (mean [min, max]); noise 2 ns per reading, 8 readings"
        % (args.cable, args.runs)
    )
    print(
        "%-13s %5s %20s %10s %20s %20s %20s"
        % ("calibration", "bias", "residual rms ns", "predicted", "true a rms ns", "E p99 ns",
           "worst max|TE| gm ns")
    )
    for i, (name, bias, extra) in enumerate(points):
        summary, rows = run_point(args, out, "p%d" % i, extra)
        worst = {}
        for r in rows:
            if r["node"] != "0":
                key = r["run"] if "run" in r else r.get("RngRun", "")
                worst[key] = max(worst.get(key, 0.0), float(r["te_gm_max_ns"]))
        predicted = (
            "%.1f" % (2 * math.hypot(float(bias), 2 / math.sqrt(8))) if bias != "-" else "-"
        )
        print(
            "%-13s %5s %20s %10s %20s %20s %20s"
            % (
                name,
                bias,
                cell(s["calibration_residual_rms_ns"] for s in summary),
                predicted,
                cell(s["asymmetry_true_rms_ns"] for s in summary),
                cell((s["skew_p99_ns"] for s in summary), 0),
                cell(worst.values(), 0),
            )
        )


if __name__ == "__main__":
    main()
