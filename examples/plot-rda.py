#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Plot <outDir>/rda-latency-sweep.csv like the RDA paper's Figure 7: relative error of the
mean and of the standard deviation against the set-difference size for RDA, LDA and
FineComb (equal memory), plus the fraction of packets each method used.

    python3 examples/plot-rda.py results/rda-latency-sweep.csv results/rda-latency.png
"""
import csv
import os
import sys


def main(src, dst):
    with open(src, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit("no rows in " + src)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("matplotlib is not installed (apt-get install python3-matplotlib)")
    floor = 1e-16  # exact estimates are drawn at the floor of the log axis
    methods = [("rda", "RDA"), ("lda", "LDA"), ("fc", "FineComb")]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    d = [float(r["set_difference"]) for r in rows]
    for key, label in methods:
        axes[0].scatter(d, [max(floor, float(r[key + "_mean_rel_err"])) for r in rows], s=10, label=label)
        axes[1].scatter(d, [max(floor, float(r[key + "_std_rel_err"])) for r in rows], s=10, label=label)
        axes[2].scatter(d, [float(r[key + "_useful"]) for r in rows], s=10, label=label)
    for ax, title in zip(axes, ["relative error of the mean", "relative error of the std", "fraction of packets used"]):
        ax.set_xlabel("set difference |S xor R|")
        ax.set_title(title)
        ax.legend()
    axes[0].set_yscale("log")
    axes[1].set_yscale("log")
    fig.tight_layout()
    fig.savefig(dst, dpi=120)
    print("wrote", dst)


def arguments():
    """The command line (--help prints the usage and what is drawn)."""
    import argparse
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv", nargs="?", default="results/rda-latency-sweep.csv", help="rda-latency-sweep's CSV (or chronometry-study --study=rda)")
    parser.add_argument("png", nargs="?", default="results/rda-latency.png", help="the PNG to write")
    args = parser.parse_args()
    if not os.path.exists(args.csv):
        parser.error(f"{args.csv}: no such file (run the example first)")
    return args


if __name__ == "__main__":
    ARGS = arguments()
    main(ARGS.csv, ARGS.png)
