#!/usr/bin/env python3
"""Plot the output of clock-skew-demo: per-node offsets and the largest pairwise skew.

usage: plot-clock-skew.py results/clock-skew.csv results/clock-skew.png
"""
import os
import sys

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

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 8), sharex=True)
    drifting = data[data["model"] == "drifting"]
    for node, rows in drifting.groupby("node"):
        top.plot(rows["time_s"], rows["offset_us"], linewidth=0.9, label=f"node {node}")
    top.set_ylabel("local - true time (µs)")
    top.set_title("DriftingClock: offset in [-E/2, E/2], drift in [-50, 50] ppm, random walk")
    top.grid(alpha=0.3)
    top.legend(fontsize=7, ncol=4)

    skew = data.groupby(["model", "time_s"])["offset_us"].agg(lambda s: s.max() - s.min())
    for model, series in skew.groupby(level=0):
        bottom.plot(series.index.get_level_values(1), series.values, label=model, linewidth=0.9)
    if bound_us is not None:
        bottom.axhline(bound_us, color="black", linestyle="--", linewidth=1, label="E")
    bottom.set_yscale("symlog", linthresh=max(bound_us or 1.0, 1.0))
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


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
