#!/usr/bin/env python3
"""Plot the output of oscillator-adev: measured vs configured Allan deviation per model.

usage: plot-adev.py oscillator-adev.csv oscillator-adev.png

Each model (a preset, or a noise type alone) is one colour: the measured overlapping Allan
deviation as markers with its 95% confidence interval, the configured curve (what the
PowerLawOscillator was set to, NIST SP 1065's formulas) as a line.
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def draw(axis, data, title=None):
    """Measured (markers, 95% interval) beside configured (line) ADEV, one colour per model."""
    for index, (model, rows) in enumerate(data.groupby("model", sort=False)):
        colour = f"C{index}"
        rows = rows.sort_values("tau_s")
        axis.plot(rows["tau_s"], rows["configured_adev"], color=colour, linewidth=1.2,
                  label=f"{model}: configured")
        errors = [rows["adev"] - rows["adev_lo95"], rows["adev_hi95"] - rows["adev"]]
        axis.errorbar(rows["tau_s"], rows["adev"], yerr=errors, fmt="o", markersize=3.5,
                      color=colour, capsize=2, linewidth=0.8,
                      label=f"{model}: measured (95% interval)")
    span_s = data["run_s"].max() if len(data) else 0
    axis.set_xscale("log")
    axis.set_yscale("log")
    axis.set_xlabel("averaging time tau (s)")
    axis.set_ylabel("overlapping Allan deviation sigma_y(tau)")
    axis.set_title(title or "PowerLawOscillator: measured on simulated node clocks vs configured\n"
                   f"(one run of {span_s / 3600:.1f} h per model, sampled every Tau0)",
                   fontsize=10)
    axis.grid(alpha=0.3, which="both")
    axis.legend(fontsize=8)


def main(csv_path, png_path):
    data = pd.read_csv(csv_path)
    fig, axis = plt.subplots(figsize=(8, 6))
    draw(axis, data)
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
    parser.add_argument("csv", nargs="?", default="oscillator-adev.csv",
                        help="oscillator-adev's CSV")
    parser.add_argument("png", nargs="?", default="oscillator-adev.png", help="the plot")
    return parser.parse_args()


if __name__ == "__main__":
    args = arguments()
    main(args.csv, args.png)
