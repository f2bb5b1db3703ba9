#!/usr/bin/env python3
"""Plot the output of minrtt-relation-sweep: reported bound vs true error per method.

usage: plot-minrtt.py results/minrtt-relation-sweep.csv results/minrtt-relation.png

Left: mean bound (bar) and largest |error| (marker) of each method for the A->C
latency, one group per load; every marker must sit below its bar (coverage).
Right: every (method, duration, run) point as max |error| against max bound;
all points must lie under the diagonal.
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

METHODS = ["CP", "CP_MULTI", "CP_BUSY", "NTP", "ReT"]


def main(csv_path, png_path):
    data = pd.read_csv(csv_path)
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.5))
    ac = data[data["path"] == "A->C"]
    loads = sorted(ac["load"].unique())
    width = 0.8 / len(METHODS)
    for k, method in enumerate(METHODS):
        rows = ac[ac["method"] == method].groupby("load")
        bounds = [rows.get_group(l)["mean_bound_us"].mean() if l in rows.groups else 0 for l in loads]
        errors = [rows.get_group(l)["max_abs_error_us"].max() if l in rows.groups else 0 for l in loads]
        xs = [i + (k - len(METHODS) / 2 + 0.5) * width for i in range(len(loads))]
        left.bar(xs, bounds, width, label=f"{method} mean bound")
        left.plot(xs, errors, "k_", markersize=12)
    left.set_xticks(range(len(loads)))
    left.set_xticklabels([f"load {l:g}" for l in loads])
    left.set_yscale("log")
    left.set_ylabel("A->C latency: mean bound (bars), max |error| (black) [us]")
    left.legend(fontsize=8)
    for method, rows in data.groupby("method"):
        right.scatter(rows["max_bound_us"], rows["max_abs_error_us"], s=14, label=method)
    hi = max(data["max_bound_us"].max(), 1.0)
    right.plot([1e-3, hi], [1e-3, hi], "k--", linewidth=0.8, label="|error| = bound")
    right.set_xscale("log")
    right.set_yscale("symlog", linthresh=0.1)
    right.set_ylim(bottom=0)
    right.set_xlabel("largest reported bound [us]")
    right.set_ylabel("largest |error| [us]")
    covered = (data["covered"] == data["n"]).all()
    right.set_title(f"coverage {data['covered'].sum()}/{data['n'].sum()}"
                    + (" (100%)" if covered else " (BOUND FAILED)"))
    right.legend(fontsize=8)
    fig.tight_layout()
    tmp = png_path + ".tmp.png"
    fig.savefig(tmp, dpi=120)
    import os

    os.replace(tmp, png_path)
    print(f"wrote {png_path}")


def arguments():
    """The command line (--help prints the usage and what is drawn)."""
    import argparse
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv", nargs="?", default="results/minrtt-relation-sweep.csv", help="minrtt-relation-sweep's CSV")
    parser.add_argument("png", nargs="?", default="results/minrtt-relation.png", help="the PNG to write")
    args = parser.parse_args()
    if not os.path.exists(args.csv):
        parser.error(f"{args.csv}: no such file (run the example first)")
    return args


if __name__ == "__main__":
    ARGS = arguments()
    main(ARGS.csv, ARGS.png)
