"""The replay clocks' section: RepCl's size and feasibility, and the clocks under a
protocol's E (replay_sync: violation fractions with intervals, issue 44)."""
import os

from .grids import MS, US
from .common import _g, save
from .replay_sync import figures_replay_sync  # noqa: F401 (report.py imports it from here)


def figures_replay(df, out):
    import matplotlib.pyplot as plt
    import numpy as np
    df = df.assign(E_ms=df.skew_bound_ns / MS, delta_us=df.delay_ns / US)
    small_delta, large_delta = df.delta_us.min(), df.delta_us.max()
    lo_rate, hi_rate = df.rate.min(), df.rate.max()
    result = []

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, delta in zip(axes, (small_delta, large_delta)):
        for rate, rows in df[df.delta_us == delta].groupby("rate"):
            m = rows.groupby("E_ms").theta_mean.mean()
            ax.plot(m.index, m.values, marker="o", label=f"alpha = {rate:g}/s")
        ax.set_xlabel("E (ms)")
        ax.set_ylabel("theta: stored offsets per event (mean)")
        ax.set_title(f"RepCl size vs E, delta = {delta:g} us")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    near = df[df.delta_us == small_delta]
    by = near.groupby(["rate", "E_ms"]).theta_mean.mean()
    e0, e1 = near.E_ms.min(), near.E_ms.max()
    far = df[df.delta_us == large_delta].theta_mean.mean()
    result.append((save(fig, os.path.join(out, "replay-theta-vs-E.png")),
                   f"With delta = {small_delta:g} us, mean theta goes from {_g(by[hi_rate, e0])} "
                   f"(E = {e0:g} ms) to {_g(by[hi_rate, e1])} (E = {e1:g} ms) at alpha = "
                   f"{hi_rate:g}/s and from {_g(by[lo_rate, e0])} to {_g(by[lo_rate, e1])} at "
                   f"alpha = {lo_rate:g}/s; with delta = {large_delta:g} us it averages "
                   f"{_g(far)}."))

    budget = 4  # p99 theta within four offsets (the thesis: "less than four integers")
    df = df.assign(feasible=df.theta_p99 <= budget,
                   overflow=df.repcl_bits_p99 > df.vector_bits_mean)
    table = df.groupby(["delta_us", "rate", "E_ms"])[["feasible", "overflow"]].mean()
    deltas = sorted(df.delta_us.unique())
    fig, axes = plt.subplots(2, len(deltas), figsize=(4 * len(deltas), 6.5), squeeze=False)
    for col, delta in enumerate(deltas):
        for row, (what, title) in enumerate((("feasible", f"feasible: p99 theta <= {budget}"),
                                             ("overflow", "overflow: RepCl > vector clock"))):
            grid = table.loc[delta][what].unstack("E_ms")  # rows alpha, columns E
            ax = axes[row][col]
            ax.imshow(grid.values, origin="lower", cmap="RdYlGn" if what == "feasible"
                      else "RdYlGn_r", vmin=0, vmax=1, aspect="auto")
            for (i, j), v in np.ndenumerate(grid.values):
                ax.text(j, i, f"{v:.0%}", ha="center", va="center", fontsize=8)
            ax.set_xticks(range(len(grid.columns)), [f"{e:g}" for e in grid.columns])
            ax.set_yticks(range(len(grid.index)), [f"{a:g}" for a in grid.index])
            ax.set_xlabel("E (ms)")
            ax.set_ylabel("alpha (msgs/s)")
            ax.set_title(f"{title}\ndelta = {delta:g} us", fontsize=9)
    near_table = table.loc[small_delta]
    largest = []
    for rate in sorted(df.rate.unique()):
        ok = near_table.loc[rate]
        ok = ok[ok.feasible == 1].index
        largest.append(f"{max(ok):g} ms at alpha = {rate:g}" if len(ok) else
                       f"none at alpha = {rate:g}")
    result.append((save(fig, os.path.join(out, "replay-feasibility.png")),
                   f"{df.feasible.mean():.0%} of runs keep p99 theta within {budget}; with delta "
                   f"= {small_delta:g} us the largest feasible E is " + ", ".join(largest) +
                   f"; RepCl's p99 size exceeds the vector clock's in {df.overflow.mean():.0%} "
                   f"of runs; causality violations (requirements 1, 2): "
                   f"{int(df.r1_violations.sum() + df.r2_thesis_violations.sum())}."))
    return result
