"""The sync study's section: the skew E PTP keeps, offset series, and the oscillators' ADEV."""
import os

from .grids import MS, SERVOS, US, servo_label
from .common import HERE, _g, save


def _interval_bars(ax, x, rows, label, floor):
    """Each point's mean E p99 with its 95% interval (the bar stops at the log axis' floor)."""
    mean = rows.skew_p99_ns_mean.clip(lower=floor)
    half = rows.skew_p99_ns_ci95.fillna(0.0)
    below = mean - (mean - half).clip(lower=floor)
    ax.errorbar(x, mean, yerr=[below, half], marker="o", capsize=3, label=label)


def figures_sync(df, out):
    """E p99 per point: the mean over its runs with the 95% interval of the mean (Student's t,
    chronometry_sweep.summarize), also written as report-sync-summary.csv."""
    import chronometry_sweep as cs
    import matplotlib.pyplot as plt
    s = cs.summarize(df, study="sync")
    tmp = os.path.join(out, "report-sync-summary.csv.tmp")
    s.to_csv(tmp, index=False)
    os.replace(tmp, os.path.join(out, "report-sync-summary.csv"))
    floor = 1.0  # E of 0 ns is drawn at 1 ns on the log axes
    fig, axes = plt.subplots(1, 3, figsize=(13, 4.3))
    loaded = s[(s.topology == "star") & (s.lock_threshold_ns == 100 * US)]  # the load part
    star = s[(s.topology == "star") & (s.lock_threshold_ns != 100 * US)]
    for servo, g in star.groupby("servo"):
        g = g.sort_values("sync_interval_ns")
        _interval_bars(axes[0], g.sync_interval_ns / MS, g, servo_label(servo), floor)
    axes[0].set_xscale("log")
    axes[0].set_xlabel("sync interval (ms)")
    axes[0].set_title("idle star, hardware-8ns stamps, TCs: servo")
    lines = s[(s.topology == "line") & (s.load == 0)].sort_values("switches")
    kinds = {}
    for (tc, bc), g in lines.groupby(["transparent_clocks", "boundary_clocks"]):
        kind = "boundary clocks" if bc else "transparent clocks" if tc else "plain switches"
        kinds[kind] = g
        _interval_bars(axes[1], g.switches, g, kind, floor)
    axes[1].set_xlabel("switches in the line (hops to the farthest host)")
    axes[1].set_title("idle line of switches, PI, hardware-8ns stamps")
    for tc, g in loaded.groupby("transparent_clocks"):
        g = g.sort_values("load")
        _interval_bars(axes[2], g.load, g, "transparent clocks" if tc else "plain switches", floor)
    axes[2].set_xlabel("background load (fraction of a host link)")
    axes[2].set_title("bursty load, PI, hardware-8ns stamps")
    runs = (int(s.runs.min()), int(s.runs.max()))
    counted = f"{runs[0]}" if runs[0] == runs[1] else f"{runs[0]} to {runs[1]}"
    for ax in axes:
        ax.set_yscale("log")
        ax.set_ylabel(f"E p99 after lock (ns, floor {floor:g})")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(f"E = max pairwise |offset| against the truth: mean over {counted} runs per "
                 "point, bars the 95% interval of the mean (Student's t)", fontsize=10)

    def e(row):
        return f"{_g(row.skew_p99_ns_mean)} ± {_g(row.skew_p99_ns_ci95)} ns"

    text = (f"E = max pairwise |offset| from the simulator's truth, each point the mean of "
            f"{counted} runs ± the half-width of its 95% interval. ")
    if len(star):
        best = star.loc[star.skew_p99_ns_mean.idxmin()]
        worst = star.loc[star.skew_p99_ns_mean.idxmax()]
        text += (f"Idle star: from {e(best)} ({servo_label(best.servo)}, "
                 f"{best.sync_interval_ns / MS:g} ms) to {e(worst)} ({servo_label(worst.servo)}, "
                 f"{worst.sync_interval_ns / MS:g} ms); ")
    for kind, g in kinds.items():
        text += (f"idle line, {kind}: {e(g.iloc[0])} at {int(g.switches.iloc[0])} switch(es), "
                 f"{e(g.iloc[-1])} at {int(g.switches.iloc[-1])}; ")
    top = loaded.load.max()
    at_top = loaded[loaded.load == top].set_index("transparent_clocks")
    if True in at_top.index and False in at_top.index:
        text += (f"at load {top:g}: {e(at_top.loc[True])} through transparent clocks, "
                 f"{e(at_top.loc[False])} through plain switches.")
    return [(save(fig, os.path.join(out, "sync-skew.png")), text.rstrip("; ") + ("" if
            text.rstrip().endswith(".") else "."))]


def _series_text(series, servo, threshold_ns=1000.0):
    """When the worst host's |offset to host 0| last left the threshold, and its p99 after; or
    that it never came below, or never went above."""
    worst = series.groupby("time_ns").to_master_ns.apply(lambda v: v.abs().max())
    above = worst[worst > threshold_ns]
    limit = f"{threshold_ns / 1000:g} us"
    if above.empty:
        return (f"{servo} below {limit} throughout ({worst.index.min() / 1e9:.2f} to "
                f"{worst.index.max() / 1e9:.2f} s), p99 {_g(worst.quantile(0.99))} ns")
    after = worst[worst.index > above.index.max()]
    if after.empty:
        return (f"{servo} still above {limit} at the end ({worst.index.max() / 1e9:.2f} s: "
                f"{_g(worst.iloc[-1])} ns)")
    return (f"{servo} below {limit} from {after.index.min() / 1e9:.2f} s on, then p99 "
            f"{_g(after.quantile(0.99))} ns")


def figures_sync_series(chronometry, out, size):
    """Offset over time per servo from the study's SeriesFile: the truth beside the estimate."""
    import matplotlib.pyplot as plt
    import pandas as pd
    duration = "20s" if size == "demo" else "4s"
    fig, axes = plt.subplots(1, len(SERVOS), figsize=(13, 4), sharey=True)
    texts = []
    for axis, servo in zip(axes, SERVOS):
        path = os.path.join(out, f"sync-series-{servo_label(servo)}.csv")
        chronometry.sync.run_sync_study(nodes=4, servo=servo, duration=duration, warmup="1s",
                                        series_file=path)
        series = pd.read_csv(path)
        for node, g in series[series.node > 0].groupby("node"):
            axis.plot(g.time_ns / 1e9, g.to_master_ns, linewidth=0.9, label=f"host {node}: truth")
        first = series[series.node == 1].dropna(subset=["estimate_ns"])
        axis.plot(first.time_ns / 1e9, first.estimate_ns, "k--", linewidth=0.7,
                  label="host 1: PTP's own estimate")
        axis.set_yscale("symlog", linthresh=10)
        axis.set_xlabel("true time (s)")
        axis.set_title(f"servo {servo_label(servo)}, 4 hosts, hardware-8ns stamps, TC")
        axis.grid(alpha=0.3)
        texts.append(_series_text(series, servo_label(servo)))
    axes[0].set_ylabel("clock - host 0's clock (ns, symlog)")
    axes[0].legend(fontsize=7)
    text = ("Offset over time from the study's SeriesFile (the simulator's truth; the dashed line "
            "is the protocol's own offsetFromMaster): " + "; ".join(texts) + ".")
    return [(save(fig, os.path.join(out, "sync-offset-series.png")), text)]


def figures_adev(out, build_dir):
    """The oscillators' ADEV, measured on simulated clocks beside the configured curves."""
    import importlib.util
    import subprocess

    import matplotlib.pyplot as plt
    import numpy as np
    import pandas as pd
    tool = os.path.join(build_dir, "..", "examples", "oscillator-adev")
    if not os.access(tool, os.X_OK):
        return []  # an installed module without the examples: no ADEV figure
    spec = importlib.util.spec_from_file_location("plot_adev", os.path.join(HERE, "plot-adev.py"))
    plot_adev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plot_adev)
    presets = os.path.join(out, "adev-presets.csv")
    types = os.path.join(out, "adev-types.csv")
    subprocess.run([tool, f"--csv={presets}"], check=True, capture_output=True)
    subprocess.run([tool, "--presets=none", "--types=WPM,FPM,WFM,FFM,RWFM", f"--csv={types}"],
                   check=True, capture_output=True)
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    p, t = pd.read_csv(presets), pd.read_csv(types)
    plot_adev.draw(axes[0], p, "presets XO, TCXO, OCXO: measured vs configured")
    plot_adev.draw(axes[1], t, "each noise type alone: measured vs configured")
    ratios = []
    for model, g in p.groupby("model", sort=False):
        at = g.iloc[(g.tau_s - 1.0).abs().argmin()]
        ratios.append(f"{model} {at.adev / at.configured_adev:.2f}")
    slopes = []
    for model, g in t.groupby("model", sort=False):
        g = g[(g.tau_s >= 1) & (g.tau_s <= 100)]
        slope = np.polyfit(np.log10(g.tau_s), np.log10(g.adev), 1)[0] if len(g) > 1 else float("nan")
        slopes.append(f"{model} {slope:+.2f}")
    text = ("Overlapping ADEV computed from the simulated clocks (independently of the generator): "
            f"measured / configured at 1 s: {', '.join(ratios)}; log-log slopes over 1-100 s "
            f"(expected -1, -1, -0.5, 0, +0.5): {', '.join(slopes)}.")
    return [(save(fig, os.path.join(out, "sync-adev.png")), text)]


def sync_extras(chronometry, out, size, build_dir):
    """The sync study's own runs: offset over time per servo, and the oscillators' ADEV."""
    return figures_sync_series(chronometry, out, size) + figures_adev(out, build_dir)
