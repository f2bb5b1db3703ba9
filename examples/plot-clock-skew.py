#!/usr/bin/env python3
"""Plot the output of clock-skew-demo: per-node offsets and the largest pairwise skew.

usage: plot-clock-skew.py results/clock-skew.csv results/clock-skew.png
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def main(csv_path, png_path):
    data = pd.read_csv(csv_path)
    summary_path = os.path.join(os.path.dirname(csv_path), "clock-skew-summary.csv")
    bound_us = None
    if os.path.exists(summary_path):
        bound_us = float(pd.read_csv(summary_path)["skew_bound_us"].iloc[0])

    fig, (top, middle, bottom) = plt.subplots(3, 1, figsize=(9, 11), sharex=True)
    for axis, model, title in (
        (top, "drifting", "DriftingClock, free running: offset in [-E/2, E/2], "
                          "drift in [-50, 50] ppm, random walk"),
        (middle, "synced", "The same clocks, slewed to true time every 4 s of local time"),
    ):
        for node, rows in data[data["model"] == model].groupby("node"):
            axis.plot(rows["time_s"], rows["offset_us"], linewidth=0.9, label=f"node {node}")
        axis.set_ylabel("local - true time (µs)")
        axis.set_title(title, fontsize=10)
        axis.grid(alpha=0.3)
    top.legend(fontsize=7, ncol=4)

    skew = data.groupby(["model", "time_s"])["offset_us"].agg(lambda s: s.max() - s.min())
    for model, series in skew.groupby(level=0):
        values = series.clip(lower=0.01).values  # log axis: a zero skew shows at 0.01 µs
        bottom.plot(series.index.get_level_values(1), values, label=model, linewidth=0.9)
    if bound_us is not None:
        bottom.axhline(bound_us, color="black", linestyle="--", linewidth=1, label="E")
    bottom.set_yscale("log")
    bottom.set_xlabel("true time (s)")
    bottom.set_ylabel("max pairwise skew (µs)")
    bottom.set_title("Largest pairwise skew at each sample")
    bottom.grid(alpha=0.3)
    bottom.legend(fontsize=8)

    fig.tight_layout()
    tmp = png_path + ".tmp.png"
    fig.savefig(tmp, dpi=110)
    os.replace(tmp, png_path)  # atomic: a reader never sees a half-written plot
    print(f"plot: wrote {png_path}")


def arguments():
    """The command line (--help prints the usage and what is drawn)."""
    import argparse
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv", nargs="?", default="results/clock-skew.csv", help="clock-skew-demo's CSV")
    parser.add_argument("png", nargs="?", default="results/clock-skew.png", help="the PNG to write")
    args = parser.parse_args()
    if not os.path.exists(args.csv):
        parser.error(f"{args.csv}: no such file (run the example first)")
    return args


if __name__ == "__main__":
    ARGS = arguments()
    main(ARGS.csv, ARGS.png)
