#!/usr/bin/env python3
"""Plot the table of bench/replay-scale (--csv): CPU time per event and peak resident memory
against the number of nodes n, one line per LAN topology (switched, csma), with the simulation
alone (no checker) dashed beside the whole run.  A flat line is linear time in events.

usage: plot-replay-scale.py replay-scale.csv replay-scale.png
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def plot(csv_path, png_path):
    data = pd.read_csv(csv_path)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for topology, rows in data.groupby("topology"):
        rows = rows.sort_values("nodes")
        line = left.plot(rows["nodes"], rows["cpu_us_per_event"], marker="o",
                         label=f"{topology}: whole run")[0]
        left.plot(rows["nodes"], rows["sim_cpu_s"] / rows["events"] * 1e6, marker="x",
                  linestyle="--", color=line.get_color(), label=f"{topology}: simulation alone")
        right.plot(rows["nodes"], rows["peak_rss_bytes"] / 1e6, marker="o", label=topology)
    for axis in (left, right):
        axis.set_xscale("log", base=2)
        axis.set_xlabel("nodes n (alpha = 160/s per node, 2 s simulated)")
        axis.grid(True, alpha=0.3)
        axis.legend(fontsize=8)
    left.set_ylabel("CPU time per event (us)")
    left.set_title("Time per event (flat = linear in events)")
    right.set_yscale("log")
    right.set_ylabel("peak resident memory (MB)")
    right.set_title("Peak memory (target: <= 8 GB at n = 4096)")
    right.axhline(8000, color="red", linestyle=":", linewidth=1)
    fig.tight_layout()
    tmp = png_path + ".tmp.png"
    fig.savefig(tmp, dpi=110)
    os.replace(tmp, png_path)


def main():
    parser = argparse.ArgumentParser(
        description="Plot bench/replay-scale's table (--csv): CPU time per event and peak "
                    "memory against n, per LAN topology.")
    parser.add_argument("csv", help="the table replay-scale wrote with --csv")
    parser.add_argument("png", help="the image to write")
    args = parser.parse_args()
    if not os.path.isfile(args.csv):
        print(f"plot-replay-scale.py: {args.csv}: no such file (run "
              f"build/bench/replay-scale --csv={args.csv} first)", file=sys.stderr)
        return 2
    plot(args.csv, args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
