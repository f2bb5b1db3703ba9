#!/usr/bin/env python3
"""Plot the output of oneclock-sweep: mean absolute error of the true completion time
against T_d vs the clock skew E, one line per predictor, one panel per load and probing mode.

usage: plot-oneclock.py results/oneclock-sweep.csv results/oneclock-sweep.png
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def plot(csv_path, png_path):
    data = pd.read_csv(csv_path)
    loads = sorted(data["spike_probability"].unique())
    modes = sorted(data["probe_mode"].unique())
    fig, axes = plt.subplots(len(modes), len(loads), figsize=(4.5 * len(loads), 3.8 * len(modes)),
                             squeeze=False, sharex=True)
    for i, mode in enumerate(modes):
        for j, load in enumerate(loads):
            axis = axes[i][j]
            panel = data[(data["probe_mode"] == mode) & (data["spike_probability"] == load)]
            for predictor, rows in panel.groupby("predictor"):
                rows = rows.sort_values("skew_bound_ns")
                axis.plot(rows["skew_bound_ns"] / 1e3, rows["mae_us"], marker="o", label=predictor)
            if not panel.empty:
                skew = sorted(panel["skew_bound_ns"].unique())
                axis.plot([s / 1e3 for s in skew], [s / 4e3 for s in skew], "k--", linewidth=0.8,
                          label="E/4 (clock floor)")
            axis.set_xscale("log")
            axis.set_yscale("log")
            axis.set_title(f"{mode} probing, spike probability {load}")
            axis.set_xlabel("clock skew E (us)")
            axis.set_ylabel("mean |true completion - T_d| (us)")
            axis.grid(True, which="both", alpha=0.3)
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    tmp = png_path + ".tmp.png"
    fig.savefig(tmp, dpi=110)
    import os
    os.replace(tmp, png_path)
    return len(data)


def arguments():
    """The command line (--help prints the usage and what is drawn)."""
    import argparse
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv", nargs="?", default="results/oneclock-sweep.csv", help="oneclock-sweep's CSV")
    parser.add_argument("png", nargs="?", default="results/oneclock-sweep.png", help="the PNG to write")
    args = parser.parse_args()
    if not os.path.exists(args.csv):
        parser.error(f"{args.csv}: no such file (run the example first)")
    return args


if __name__ == "__main__":
    ARGS = arguments()
    print(f"plotted {plot(ARGS.csv, ARGS.png)} rows into {ARGS.png}")
