#!/usr/bin/env python3
"""Plot the table of bench/stamp-bits (--csv): mean encoded stamp bits per event against the
number of processes n, RepCl (published rule) under each encoding (Bitmap: the thesis' form;
Sparse; Adaptive) beside HVC (Adaptive), HLC and the vector clock; the issue 33 target (four
64-bit words) dotted.  The thesis' figure of RepCl size against n, extended to n = 4,096.

usage: plot-stamp-bits.py stamp-bits.csv stamp-bits.png
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

LINES = [
    ("RepCl_published", "Bitmap", "RepCl, Bitmap (thesis)", "o", "-"),
    ("RepCl_published", "Sparse", "RepCl, Sparse", "x", "--"),
    ("RepCl_published", "Adaptive", "RepCl, Adaptive", "s", "-"),
    ("HVC", "Adaptive", "HVC, Adaptive", "^", "-"),
    ("HLC", "-", "HLC", "v", "-"),
    ("vector", "-", "vector clock", "d", "-"),
]


def plot(csv_path, png_path):
    data = pd.read_csv(csv_path)
    fig, axis = plt.subplots(figsize=(7, 4.5))
    for clock, encoding, label, marker, style in LINES:
        rows = data[(data["clock"] == clock) & (data["encoding"] == encoding)]
        if rows.empty:
            continue
        rows = rows.sort_values("n")
        axis.plot(rows["n"], rows["mean_bits"], marker=marker, linestyle=style, label=label)
    axis.axhline(256, color="red", linestyle=":", linewidth=1, label="4 x 64-bit words")
    axis.set_xscale("log", base=2)
    axis.set_yscale("log")
    axis.set_xlabel("processes n (E = 1 ms, I = 100 us, 200 actions/s per process)")
    axis.set_ylabel("mean encoded stamp (bits)")
    axis.set_title("Stamp size against n")
    axis.grid(True, alpha=0.3)
    axis.legend(fontsize=8)
    fig.tight_layout()
    tmp = png_path + ".tmp.png"
    fig.savefig(tmp, dpi=110)
    os.replace(tmp, png_path)


def main():
    parser = argparse.ArgumentParser(
        description="Plot bench/stamp-bits' table (--csv): mean stamp bits against n per clock "
                    "and encoding.")
    parser.add_argument("csv", help="the table stamp-bits wrote with --csv")
    parser.add_argument("png", help="the image to write")
    args = parser.parse_args()
    if not os.path.isfile(args.csv):
        print(f"plot-stamp-bits.py: {args.csv}: no such file (run "
              f"build/bench/stamp-bits --csv={args.csv} first)", file=sys.stderr)
        return 2
    plot(args.csv, args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
