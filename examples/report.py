#!/usr/bin/env python3
"""The demo's report: a small sweep of every registered technique over E, delta and alpha.

Runs one small grid per technique in chronometry_sweep.TECHNIQUES (the parameters each runner
calls E, delta and alpha: skew, delay and rate; the MinRTT relation has no skew or rate of its
own, so its axes are the TSC drift and the background load), all into one SQLite file (a second
run resumes and re-runs nothing), and writes to --out:

  report.sqlite              every point of every technique (chronometry_sweep's table)
  report-<technique>.csv     one CSV per technique, in the C++ sweep examples' row format
  <technique>-*.png          one PNG per figure
  REPORT.md                  the figures, each with one line of interpretation computed from
                             the data (no claim is written in advance)

usage: report.py [--out results] [--jobs N] [--scheduler tcp://host:8786] [--size demo|tiny]
A technique without a grid here (a runner added to TECHNIQUES later) is listed in the report
as not swept; give it a GRIDS entry and a FIGURES function to include it.
"""
import argparse
import datetime
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BUILD = os.path.join(HERE, "..", "build", "python")
US = 1_000
MS = 1_000_000

# One grid per technique and size. "demo": the README's make demo (130 points, under a minute
# on 2 cores); "tiny": the test's (seconds).
GRIDS = {
    "demo": {
        "replay": dict(nodes=[32], skew_ns=[1 * MS, 2 * MS, 4 * MS], interval_ns=[100 * US],
                       delay_ns=[1 * US, 8 * US, 6 * MS], rate=[20, 80, 160],
                       duration_ns=[400 * MS], run=[1, 2]),
        "relation": dict(drift_ppm=[20.0, 100.0], load=[0.0, 0.35, 0.7],
                         asymmetry_ns=[0, 100 * US], run=[1]),
        "scheduling": dict(servers=[4], operations=[100],
                           skew_ns=[10 * US, 100 * US, 1 * MS, 10 * MS],
                           delay_ns=[100 * US, 2 * MS],
                           predictor=["Baseline", "Average", "FtAverage", "Kalman"], run=[1]),
        "inference": dict(clients=[4], skew_ns=[0, 1 * MS, 10 * MS, 100 * MS],
                          delay_ns=[100 * US, 1 * MS], rate=[5.0, 20.0, 80.0],
                          duration_ns=[2000 * MS], run=[1]),
        "rda": dict(loss_rate=[0.01, 0.1], reorder_rate=[0.0, 0.002, 0.02, 0.1],
                    packet_interval_ns=[100 * US], intervals=[3], run=[1]),
    },
    "tiny": {
        "replay": dict(nodes=[5], skew_ns=[200 * US, 400 * US], interval_ns=[100 * US],
                       delay_ns=[5 * US, 1 * MS], rate=[40, 160], duration_ns=[40 * MS],
                       run=[1]),
        "relation": dict(drift_ppm=[20.0], load=[0.3, 0.7], asymmetry_ns=[100 * US],
                         rounds=[10], busy_rounds=[5], workload_ns=[2000 * MS], run=[1]),
        "scheduling": dict(servers=[2], operations=[10], skew_ns=[10 * US, 10 * MS],
                           delay_ns=[100 * US], predictor=["Baseline", "Kalman"], run=[1]),
        "inference": dict(clients=[1], skew_ns=[0, 100 * MS], delay_ns=[100 * US],
                          rate=[5.0, 20.0], duration_ns=[500 * MS], run=[1]),
        "rda": dict(loss_rate=[0.01, 0.1], reorder_rate=[0.0, 0.02],
                    packet_interval_ns=[400 * US], intervals=[2], interval_length_ns=[50 * MS],
                    run=[1]),
    },
}

CSV_HEADERS = {  # module attribute with each runner's CSV header
    "replay": "REPLAY_STUDY_CSV_HEADER",
    "relation": "RELATION_STUDY_CSV_HEADER",
    "scheduling": "SCHEDULING_STUDY_CSV_HEADER",
    "inference": "INFERENCE_STUDY_CSV_HEADER",
    "rda": "RDA_STUDY_CSV_HEADER",
}


def _modules(build_dir):
    # A module already imported (by the caller, from its own build) is the one to use: putting
    # another build ahead on sys.path would not change it here, but worker processes started
    # later (Dask's spawned workers) would import that other build instead.
    if not {"chronometry", "chronometry_sweep"} <= set(sys.modules) and build_dir not in sys.path:
        sys.path.insert(0, build_dir)
    import chronometry
    import chronometry_sweep
    return chronometry, chronometry_sweep


def save(fig, path):
    """Write a figure atomically and close it."""
    import matplotlib.pyplot as plt
    fig.tight_layout()
    tmp = path + ".tmp.png"
    fig.savefig(tmp, dpi=100)
    os.replace(tmp, path)
    plt.close(fig)
    return path


def _g(x):
    return f"{x:.0f}" if abs(x) >= 1000 else f"{x:.3g}"


# Each figure function takes (ok rows of its technique, out dir) and returns
# [(png path, one line of interpretation computed from the rows)].

def figures_replay(df, out):
    import matplotlib.pyplot as plt
    import numpy as np
    df = df.assign(E_ms=df.skew_ns / MS, delta_us=df.delay_ns / US)
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


def _methods(df):
    import pandas as pd
    rows = df.explode("methods").reset_index(drop=True)
    flat = pd.json_normalize(rows["methods"])
    rows = pd.concat([rows.drop(columns=["methods"]), flat], axis=1)
    return rows.assign(coverage=rows.covered / rows.n)


def figures_relation(df, out):
    import matplotlib.pyplot as plt
    m = _methods(df)
    ac = m[m.duration == "A->C"]
    result = []
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for (method, drift), rows in ac.groupby(["method", "drift_ppm"]):
        rows = rows.sort_values("load")
        ax.plot(rows.load, rows.mean_bound_us, marker="o",
                linestyle="-" if drift == ac.drift_ppm.min() else "--",
                label=f"{method}, drift {drift:g} ppm")
    ax.set_yscale("log")
    ax.set_xlabel("background load (alpha)")
    ax.set_ylabel("mean bound on the A->C latency (us, log)")
    ax.set_title("MinRTT (CP*) vs NTP vs return trip (ReT)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=6, ncol=2)
    mean = ac.groupby("method").mean_bound_us.mean().sort_values()
    result.append((save(fig, os.path.join(out, "relation-bounds.png")),
                   "Mean A->C bound over the grid: " +
                   ", ".join(f"{k} {v:.1f} us" for k, v in mean.items()) +
                   f"; the tightest is {mean.index[0]}."))

    fig, ax = plt.subplots(figsize=(6, 4.5))
    for method, rows in m.groupby("method"):
        ax.scatter(rows.max_bound_us, rows.max_abs_error_us + 1e-3, label=method, s=18)
    top = max(m.max_bound_us.max(), 1.0)
    ax.plot([1e-3, top], [1e-3, top], color="gray", linewidth=0.8, label="error = bound")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("largest reported bound (us)")
    ax.set_ylabel("largest |true error| (us, + 1 ns)")
    ax.set_title("Every method and duration: covered when under the line")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    worst = m.groupby("method").coverage.min().sort_values()
    result.append((save(fig, os.path.join(out, "relation-coverage.png")),
                   f"{int(m.covered.sum())} of {int(m.n.sum())} measured durations lie within "
                   f"their bounds; lowest coverage per method: " +
                   ", ".join(f"{k} {v:.3f}" for k, v in worst.items()) + "."))
    return result


def figures_scheduling(df, out):
    import matplotlib.pyplot as plt
    df = df.assign(E_us=df.skew_ns / US, delta_us=df.delay_ns / US)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for (delta, predictor), rows in df.groupby(["delta_us", "predictor"]):
        rows = rows.groupby("E_us")[["mae_us", "mae_clock_us"]].mean()
        label = f"{predictor}, delta {delta:g} us"
        axes[0].plot(rows.index, rows.mae_us, marker="o", label=label)
        axes[1].plot(rows.index, rows.mae_clock_us, marker="o", label=label)
    for ax, what in zip(axes, ["MAE of the operation start (us)", "clock part of the MAE (us)"]):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("E (us)")
        ax.set_ylabel(what)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    e0, e1 = df.E_us.min(), df.E_us.max()
    at = df.groupby("E_us")[["mae_us", "mae_clock_us"]].mean()
    best = df.groupby("predictor").mae_us.mean().sort_values()
    by_delta = df.pivot_table(index=["skew_ns", "predictor"], columns="delta_us", values="mae_us")
    delta_effect = (by_delta.max(axis=1) - by_delta.min(axis=1)).max()
    return [(save(fig, os.path.join(out, "scheduling-mae-vs-E.png")),
             f"Mean start error {_g(at.mae_us[e0])} us at E = {e0:g} us and {_g(at.mae_us[e1])} us "
             f"at E = {e1:g} us (clock part {_g(at.mae_clock_us[e0])} -> "
             f"{_g(at.mae_clock_us[e1])} us); over the grid the {best.index[0]} predictor has the "
             f"lowest MAE ({_g(best.iloc[0])} us vs {_g(best.iloc[-1])} us for "
             f"{best.index[-1]}); delta from {df.delta_us.min():g} to {df.delta_us.max():g} us "
             f"changes the MAE by at most {_g(delta_effect)} us.")]


def figures_inference(df, out):
    import matplotlib.pyplot as plt
    df = df.assign(E_ms=df.skew_ns / MS, delta_us=df.delay_ns / US)
    result = []
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for (delta, rate), rows in df.groupby(["delta_us", "rate"]):
        rows = rows.groupby("E_ms")[["link_precision", "link_recall"]].mean()
        label = f"delta {delta:g} us, alpha {rate:g}/s"
        axes[0].plot(rows.index + 1e-3, rows.link_precision, marker="o", label=label)
        axes[1].plot(rows.index + 1e-3, rows.link_recall, marker="o", label=label)
    for ax, what in zip(axes, ["link precision", "link recall"]):
        ax.set_xscale("log")
        ax.set_xlabel("E (ms, + 1 us for the log axis)")
        ax.set_ylabel(what)
        ax.set_ylim(-0.05, 1.05)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    e0, e1 = df.E_ms.min(), df.E_ms.max()
    spread = df.groupby(["delta_us", "rate"]).link_recall.agg(lambda r: r.max() - r.min()).max()
    at = df.groupby("E_ms")[["link_precision", "link_recall"]].mean()
    result.append((save(fig, os.path.join(out, "inference-links-vs-E.png")),
                   f"Mean link recall {at.link_recall[e0]:.3f} (precision "
                   f"{at.link_precision[e0]:.3f}) at E = {e0:g} ms and "
                   f"{at.link_recall[e1]:.3f} ({at.link_precision[e1]:.3f}) at E = {e1:g} ms; "
                   f"the largest change of recall across E at any (delta, alpha) is "
                   f"{spread:.3g}."))

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for delta, rows in df.groupby("delta_us"):
        rows = rows.groupby("rate")[["link_precision", "link_recall"]].mean()
        axes[0].plot(rows.index, rows.link_precision, marker="o", label=f"delta {delta:g} us")
        axes[1].plot(rows.index, rows.link_recall, marker="o", label=f"delta {delta:g} us")
    for ax, what in zip(axes, ["link precision", "link recall"]):
        ax.set_xscale("log")
        ax.set_xlabel("alpha: requests per second per client")
        ax.set_ylabel(what)
        ax.set_ylim(-0.05, 1.05)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    by_rate = df.groupby("rate")[["link_precision", "link_recall"]].mean()
    by_delta = df.groupby("delta_us").link_recall.mean()
    result.append((save(fig, os.path.join(out, "inference-links-vs-alpha.png")),
                   f"Mean link recall {by_rate.link_recall.iloc[0]:.3f} (precision "
                   f"{by_rate.link_precision.iloc[0]:.3f}) at alpha = {by_rate.index[0]:g}/s and "
                   f"{by_rate.link_recall.iloc[-1]:.3f} ({by_rate.link_precision.iloc[-1]:.3f}) "
                   f"at alpha = {by_rate.index[-1]:g}/s; " +
                   ", ".join(f"{v:.3f} at delta = {k:g} us" for k, v in by_delta.items()) + "."))
    return result


def figures_rda(df, out):
    import matplotlib.pyplot as plt
    import pandas as pd
    iv = df.explode("intervals").reset_index(drop=True)
    iv = pd.concat([iv.drop(columns=["intervals"]), pd.json_normalize(iv["intervals"])], axis=1)
    iv = iv[iv.reported == True].copy()  # noqa: E712 (a column of bools)
    # Every error is against the truth over every delivered packet of the flow's send
    # interval (the study's true_mean_ns), which the estimators never see.
    methods = {"RDA (interval)": "rda", "RDA + boundary matching": "rdab", "LDA": "lda",
               "FineComb": "fc"}
    floor = 1e-9  # an exact estimate is drawn at the floor of the log axis
    lo = iv.loss_rate.min()
    at_lo = iv[iv.loss_rate == lo]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    x = at_lo.reorder_rate.replace(0, 1e-4)  # reorder 0 drawn at 1e-4 on the log axis
    for name, p in methods.items():
        m = at_lo.assign(x=x).groupby("x")[f"{p}_mean_rel_err"].mean().clip(lower=floor)
        axes[0].plot(m.index, m.values, marker="o", label=name)
    bias = at_lo.assign(x=x).groupby("x").matching_bias.mean().clip(lower=floor)
    axes[0].plot(bias.index, bias.values, linestyle=":", color="k",
                 label="interval-matching bias (truth only)")
    axes[0].set_xscale("log")
    axes[0].set_yscale("log")
    axes[0].set_xlabel("reorder rate (0 drawn at 1e-4)")
    axes[0].set_ylabel(f"mean |relative error| of the mean (floor {floor:g})")
    axes[0].set_title(f"error against all delivered packets, loss {lo:g}")
    by_loss = iv.groupby("loss_rate")[["wire_bytes", "raw_log_bytes", "sketch_bytes"]].mean()
    for col, label in (("wire_bytes", "wire (Exchange = Auto, signature included)"),
                       ("raw_log_bytes", "receiver's raw (id, timestamp) log"),
                       ("sketch_bytes", "RDA sketch (0: raw sent)")):
        axes[1].plot(by_loss.index, by_loss[col].clip(lower=1), marker="o", label=label)
    axes[1].set_xscale("log")
    axes[1].set_yscale("log")
    axes[1].set_xlabel("packet loss rate")
    axes[1].set_ylabel("bytes per flow and interval")
    axes[1].set_title("control bytes vs the raw log")
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend(fontsize=6)
    hi_r = at_lo.reorder_rate.max()
    e = at_lo[at_lo.reorder_rate == hi_r][[f"{p}_mean_rel_err" for p in methods.values()]].mean()
    last = iv.interval.max()
    inner = at_lo[(at_lo.reorder_rate == hi_r) & (at_lo.interval < last)].rdab_mean_rel_err.mean()
    exch = iv.groupby("loss_rate").exchanged.agg(lambda v: "/".join(sorted(set(v))))
    return [(save(fig, os.path.join(out, "rda-accuracy.png")),
             f"Against all delivered packets at loss {lo:g} and reorder {hi_r:g}, the mean "
             f"relative error of the mean is {e.rda_mean_rel_err:.3f} for RDA per interval (its "
             f"interval-matching bias), {e.rdab_mean_rel_err:.3f} with boundary matching "
             f"({inner:.1e} without the last interval, whose slow packets arrive after the "
             f"receiver stops), {e.lda_mean_rel_err:.3f} for LDA and {e.fc_mean_rel_err:.3f} for "
             f"FineComb; RDA decoded {int(iv.decoded.sum())} of {len(iv)} intervals. Bytes per "
             f"interval: " +
             "; ".join(f"loss {l:g}: wire {r.wire_bytes:.0f} vs raw log {r.raw_log_bytes:.0f} "
                       f"({exch[l]} exchanged)" for l, r in by_loss.iterrows()) + "."),
            figure_rda_paper(out)]


def figure_rda_paper(out):
    """The paper's Figures 7/8 (fixed m, growing d) and 6 (decode cost), Simulator-free."""
    import chronometry  # already imported by the sweep (the same build)
    import matplotlib.pyplot as plt
    import pandas as pd
    f7 = pd.DataFrame([chronometry.rda_transition(difference=d, trials=3, common_packets=5000)
                       for d in [0, 500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 10000]])
    f6 = pd.DataFrame([chronometry.decode_cost(p, st) for p, st in [(40, 10), (100, 10), (100, 20)]])
    floor = 1e-9
    fig, axes = plt.subplots(1, 3, figsize=(15, 4))
    axes[0].plot(f7.difference, f7.decoded_fraction, marker="o", label="RDA decoded fraction")
    axes[0].set_ylabel("fraction fully decoded")
    for name, p in (("RDA", "rda"), ("LDA", "lda"), ("FineComb (ideal stash)", "fc")):
        axes[1].plot(f7.difference, f7[f"{p}_mean_rel_err"].clip(lower=floor), marker="o",
                     label=f"{name} mean")
        axes[1].plot(f7.difference, f7[f"{p}_std_rel_err"].clip(lower=floor), marker="s",
                     linestyle="--", label=f"{name} std")
    axes[1].set_yscale("log")
    axes[1].set_ylabel(f"relative error (floor {floor:g})")
    for ax in axes[:2]:
        ax.set_xlabel("set difference d (m = 5000 buckets, k = 2)")
    x = range(len(f6))
    for col, name in (("rda_cpu_s", "RDA"), ("finecomb_brute_cpu_s", "FineComb brute force"),
                      ("finecomb_bucketed_cpu_s", "FineComb bucketed")):
        axes[2].plot(x, f6[col].clip(lower=1e-7), marker="o", label=name)
    axes[2].set_xticks(list(x))
    axes[2].set_xticklabels([f"{p}/{st}" for p, st in zip(f6.problematic, f6.stash_size)])
    axes[2].set_xlabel("problematic buckets / stash size")
    axes[2].set_ylabel("decode CPU s")
    axes[2].set_yscale("log")
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend(fontsize=6)
    full = f7[f7.decoded_fraction == 1].difference.max()
    none = f7[f7.decoded_fraction == 0].difference.min()
    at = f7[f7.difference == f7.difference.max()].iloc[0]
    big = f6.iloc[-1]
    return (save(fig, os.path.join(out, "rda-paper-figures.png")),
            f"Figure 7/8 (m = 5000, k = 2): RDA decodes every trial up to d = {int(full)}, none from "
            f"d = {int(none)}; at d = {int(at.difference)} its mean error is {at.rda_mean_rel_err:.2e} "
            f"against LDA {at.lda_mean_rel_err:.2e} and FineComb {at.fc_mean_rel_err:.2e}. "
            f"Figure 6: at {int(big.problematic)} problematic buckets and a stash of {int(big.stash_size)} "
            f"the brute force tries {int(big.brute_subsets):,} subsets in "
            f"{big.finecomb_brute_cpu_s * 1e3:.1f} ms of CPU against RDA's "
            f"{big.rda_cpu_s * 1e3:.3f} ms.")


FIGURES = {
    "replay": figures_replay,
    "relation": figures_relation,
    "scheduling": figures_scheduling,
    "inference": figures_inference,
    "rda": figures_rda,
}

TITLES = {
    "replay": "Replay clocks (RepCl): size and feasibility over E, delta, alpha",
    "relation": "MinRTT clock relation vs NTP vs return-trip bounds",
    "scheduling": "OneClock scheduled operations: start error over E and delta",
    "inference": "WAP5 causal path inference: link accuracy over E, delta, alpha",
    "rda": "RDA one-way latency vs LDA and FineComb against all delivered packets: reorder, loss, "
           "wire vs raw-log bytes",
}


def run(out, jobs=None, scheduler=None, size="demo", build_dir=DEFAULT_BUILD, progress=True):
    """Sweep, write CSVs, figures and REPORT.md; returns {technique: [(png, line)]}."""
    import matplotlib
    matplotlib.use("Agg")
    chronometry, cs = _modules(build_dir)
    os.makedirs(out, exist_ok=True)
    db = os.path.join(out, "report.sqlite")
    grids = GRIDS[size]
    start = time.time()
    sections, stats = {}, {}
    for technique in cs.TECHNIQUES:
        if technique not in grids:
            stats[technique] = None  # registered, but no grid here yet
            continue
        t0 = time.time()
        df = cs.sweep(technique, cs.points(grids[technique]), db, workers=jobs,
                      scheduler=scheduler, progress=progress)
        ok = df[df.status == "ok"].reset_index(drop=True)
        header = getattr(chronometry, CSV_HEADERS.get(technique, ""), None)
        cs.write_csv(db, technique, os.path.join(out, f"report-{technique}.csv"), header)
        stats[technique] = (len(df), len(df) - len(ok), time.time() - t0)
        sections[technique] = FIGURES[technique](ok, out) if not ok.empty else []
    wall = time.time() - start
    write_report(os.path.join(out, "REPORT.md"), sections, stats, wall, size)
    return sections, wall


def write_report(path, sections, stats, wall, size):
    lines = ["# chronometry report", "",
             f"Generated by `examples/report.py --size {size}` on "
             f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC in {wall:.0f} s. "
             "Every number below is computed from the runs in `report.sqlite` "
             "(one CSV per technique: `report-<technique>.csv`); each point is one ns-3 run "
             "scored against the simulator's true time.", "",
             "| technique | points | failed | sweep time (s) |", "|---|---|---|---|"]
    for technique, stat in stats.items():
        if stat is None:
            lines.append(f"| {technique} | not swept (no grid in report.py) | | |")
        else:
            lines.append(f"| {technique} | {stat[0]} | {stat[1]} | {stat[2]:.0f} |")
    for technique, figures in sections.items():
        lines += ["", f"## {TITLES.get(technique, technique)}", ""]
        if not figures:
            lines.append("No point finished (see the errors in report.sqlite).")
        for png, line in figures:
            name = os.path.basename(png)
            lines += [f"![{name}]({name})", "", line, ""]
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")
    os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="results")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--scheduler", default=None,
                        help="Dask scheduler address: run every point on that cluster")
    parser.add_argument("--size", choices=sorted(GRIDS), default="demo")
    parser.add_argument("--build-dir", default=DEFAULT_BUILD)
    args = parser.parse_args()
    if args.jobs < 1:
        raise ValueError(f"--jobs = {args.jobs} is invalid; valid range: >= 1")
    sections, wall = run(args.out, args.jobs, args.scheduler, args.size, args.build_dir)
    files = [os.path.basename(p) for figs in sections.values() for p, _ in figs]
    print(f"report: {len(files)} figures ({', '.join(files)}), "
          f"{os.path.join(args.out, 'REPORT.md')}, {wall:.1f} s wall")


if __name__ == "__main__":
    main()
