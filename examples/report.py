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
A technique without a grid here (TECHNIQUES holds every registered study: relation-graph, and a
study added later) is listed in the report as not swept; give it a GRIDS entry and a FIGURES
function to include it.
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

# One grid per technique and size. "demo": the README's make demo (145 points, under a minute
# on 2 cores); "tiny": the test's (seconds).
GRIDS = {
    "demo": {
        "replay": dict(nodes=[32], skew_bound_ns=[1 * MS, 2 * MS, 4 * MS], interval_ns=[100 * US],
                       delay_ns=[1 * US, 8 * US, 6 * MS], rate=[20, 80, 160],
                       duration_ns=[400 * MS], run=[1, 2]),
        "relation": None,  # _relation_grid("demo") below
        # E x predictor on the thesis LAN, then delta across the 50 ms send-ahead on the
        # switched LAN (the CSMA channel would serialize the burst and queue, not delay).
        "scheduling": ([dict(servers=4, operations=100, skew_bound_ns=e, delay_ns=100 * US,
                             predictor=p, run=1)
                        for e in (10 * US, 100 * US, 1 * MS, 10 * MS)
                        for p in ("Baseline", "Average", "FtAverage", "Kalman")] +
                       [dict(servers=4, operations=50, skew_bound_ns=100 * US, delay_ns=d * MS,
                             send_ahead_ns=50 * MS, topology="switched", predictor=p, run=1)
                        for d in (1, 20, 40, 48, 52, 60, 80) for p in ("Baseline", "FtAverage")]),
        # Linking vs the baselines over alpha (3 runs each, about 200 to 1,600 messages per
        # run) and reconciled delays over E x drift (10 s at alpha = 2/s); the headline grid (20
        # runs of >= 500 messages) is examples/wap5-study-table.py.
        "inference": ([dict(rate=a, duration_ns=d, run=r)
                       for a, d in ((1.0, 10000 * MS), (10.0, 2000 * MS), (40.0, 1000 * MS),
                                    (80.0, 1000 * MS)) for r in (1, 2, 3)] +
                      [dict(rate=2.0, duration_ns=10000 * MS, skew_bound_ns=e, drift_ppm=p, run=1)
                       for e in (0, 10 * MS, 100 * MS) for p in (0.0, 50.0, 200.0)]),
        "rda": dict(loss_rate=[0.01, 0.1], reorder_rate=[0.0, 0.002, 0.02, 0.1],
                    packet_interval_ns=[100 * US], intervals=[3], run=[1]),
        # E over the servo x sync interval on an idle star, over the hops of a line of
        # switches (transparent, boundary or plain), and over the load through transparent
        # clocks against plain switches; every point SYNC_RUNS times (figures: mean and 95%
        # interval). Boundary clocks cascade servos: the line is scored after a longer warm-up.
        "sync": None,  # _sync_grid("demo") below
    },
    "tiny": {
        "replay": dict(nodes=[5], skew_bound_ns=[200 * US, 400 * US], interval_ns=[100 * US],
                       delay_ns=[5 * US, 1 * MS], rate=[40, 160], duration_ns=[40 * MS],
                       run=[1]),
        "relation": None,  # _relation_grid("tiny") below
        "scheduling": ([dict(servers=2, operations=10, skew_bound_ns=e, delay_ns=100 * US,
                             predictor=p, run=1)
                        for e in (10 * US, 10 * MS) for p in ("Baseline", "Kalman")] +
                       [dict(servers=2, operations=10, skew_bound_ns=100 * US, delay_ns=d * MS,
                             send_ahead_ns=50 * MS, topology="switched", predictor="Baseline",
                             run=1) for d in (20, 60)]),
        "inference": ([dict(rate=a, duration_ns=500 * MS, run=r) for a in (10.0, 40.0)
                       for r in (1, 2)] +
                      [dict(rate=2.0, duration_ns=2000 * MS, skew_bound_ns=e, drift_ppm=p, run=1)
                       for e in (0, 100 * MS) for p in (0.0, 200.0)]),
        "rda": dict(loss_rate=[0.01, 0.1], reorder_rate=[0.0, 0.02],
                    packet_interval_ns=[400 * US], intervals=[2], interval_length_ns=[50 * MS],
                    run=[1]),
        "sync": None,  # _sync_grid("tiny") below
    },
}

#: Runs (RngRun 1..k) of every sync point: the figures show each point's mean and 95% interval.
SYNC_RUNS = {"demo": 5, "tiny": 2}


def _sync_grid(size):
    """The sync study's three parts, every point with runs 1..SYNC_RUNS[size] (as
    chronometry_sweep.replicate): the servo x sync interval on an idle star, the hops of a line
    of switches, and the load through transparent clocks against plain switches."""
    if size == "demo":
        servos, intervals, nodes = ("pi", "linreg", "settime"), (31250 * US, 125 * MS, 1000 * MS), 8
        switches, loads = (1, 2, 4, 8), (0.0, 0.1, 0.3)
    else:
        servos, intervals, nodes = ("pi", "settime"), (125 * MS, 1000 * MS), 3
        switches, loads = (1, 3), (0.0, 0.2)
    kinds = ((True, False), (False, True), (False, False)) if size == "demo" else \
        ((True, False), (False, True))
    seconds = {part: dict(duration_ns=d * 1000 * MS, warmup_ns=w * 1000 * MS)
               for part, (d, w) in SYNC_SECONDS[size].items()}
    grid = ([dict(nodes=nodes, servo=sv, sync_interval_ns=i, **seconds["star"])
             for sv in servos for i in intervals] +
            [dict(nodes=nodes, topology="line", switches=k, transparent_clocks=tc,
                  boundary_clocks=bc, **seconds["line"]) for k in switches for tc, bc in kinds] +
            [dict(nodes=3, load=x, transparent_clocks=tc, lock_threshold_ns=100 * US,
                  **seconds["load"]) for x in loads for tc in (True, False)])
    return [dict(p, run=r) for p in grid for r in range(1, SYNC_RUNS[size] + 1)]


#: Simulated seconds (duration, warm-up: E is scored after it) of each part's sync points. The
#: loaded points cost ~2 s of CPU per simulated second at load 0.3: 10 s each, scored from 8 s
#: (E at load 0 through transparent clocks: 3-9 ns over five runs, against 30-97 ns from 5 s).
SYNC_SECONDS = {"demo": {"star": (30, 15), "line": (60, 30), "load": (10, 8)},
                "tiny": {"star": (4, 2), "line": (4, 2), "load": (2, 1)}}



def _relation_grid(size):
    """Two parts, every point with the same keys: the noise models against the rounds (quiescent
    = busy rounds), and non-affine TSCs over a 606 s window with the wander term off and on."""
    noise = ["none", "host", "route", "all"] if size == "demo" else ["none", "route"]
    rounds = [2, 8, 32] if size == "demo" else [2, 8]
    runs = [1, 2] if size == "demo" else [1]
    base = dict(drift_step_ppm=4.0, walk_spread_ppm=0.1, asymmetry_ns=100 * US, load=0.7,
                workload_ns=4000 * MS, tuple_interval_ns=5 * MS, both_directions=True,
                tsc_model="constant", wander_term=False, noise_model="none", rounds=100,
                busy_rounds=20)
    if size != "demo":
        base.update(workload_ns=2000 * MS)
    points = [dict(base, noise_model=m, rounds=n, busy_rounds=n, run=r)
              for m in noise for n in rounds for r in runs]
    models = ["step", "walk"] if size == "demo" else ["step"]
    points += [dict(base, tsc_model=t, wander_term=w, workload_ns=600_000 * MS,
                    tuple_interval_ns=1000 * MS, asymmetry_ns=0, load=0.0, run=r)
               for t in models for w in (False, True) for r in runs]
    return points


for _size in GRIDS:
    GRIDS[_size]["relation"] = _relation_grid(_size)
    GRIDS[_size]["sync"] = _sync_grid(_size)

CSV_HEADERS = {  # module attribute with each runner's CSV header
    "replay": "REPLAY_STUDY_CSV_HEADER",
    "relation": "RELATION_STUDY_CSV_HEADER",
    "scheduling": "SCHEDULING_STUDY_CSV_HEADER",
    "inference": "INFERENCE_STUDY_CSV_HEADER",
    "rda": "RDA_STUDY_CSV_HEADER",
    "sync": "SYNC_STUDY_CSV_HEADER",
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


def _methods(df):
    import pandas as pd
    rows = df.explode("methods").reset_index(drop=True)
    flat = pd.json_normalize(rows["methods"])
    rows = pd.concat([rows.drop(columns=["methods"]), flat], axis=1)
    return rows.assign(coverage=rows.covered / rows.n)


def figures_relation(df, out):
    import matplotlib.pyplot as plt
    m = _methods(df)
    m = m.assign(coverage=m.covered / m.n.where(m.n > 0))
    ac = m[m.path == "A->C"]
    result = []

    affine = ac[ac.tsc_model == "constant"]
    models = [x for x in ("none", "host", "route", "all") if x in set(affine.noise_model)]
    methods = ["CP", "CP_BUSY", "CP_MULTI", "NTP", "ReT"]
    fig, axes = plt.subplots(1, len(models), figsize=(3.2 * len(models) + 1, 4), sharey=True,
                             squeeze=False)
    for ax, model in zip(axes[0], models):
        rows = affine[affine.noise_model == model]
        for method in methods:
            r = rows[rows.method == method].groupby("rounds").bound_ratio_true_path.agg(
                ["mean", "min", "max"])
            if r.empty:
                continue
            ax.errorbar(r.index, r["mean"], yerr=[r["mean"] - r["min"], r["max"] - r["mean"]],
                        marker="o", capsize=2, label=method)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("rounds per pair and window")
        ax.set_title(f"noise: {model}", fontsize=9)
        ax.grid(alpha=0.3, which="both")
    axes[0][0].set_ylabel("A->C bound / (half the true min RTT), log")
    axes[0][0].legend(fontsize=7, loc="center right")
    fig.suptitle("Bound ratio vs rounds per noise model (load 0.7 over every probe window; bars: "
                 "min-max over runs)", fontsize=10)
    few, many = affine.rounds.min(), affine.rounds.max()
    mean = affine.groupby(["noise_model", "method", "rounds"]).bound_ratio_true_path.mean()
    err = affine.groupby(["noise_model", "method", "rounds"]).mean_abs_error_us.mean()
    parts = []
    for model in models:
        best = mean.loc[model].xs(many, level="rounds").idxmin()
        parts.append(f"{model}: CP {mean[model, 'CP', few]:.2f} -> {mean[model, 'CP', many]:.2f}, "
                     f"CP_BUSY {mean[model, 'CP_BUSY', few]:.2f} -> "
                     f"{mean[model, 'CP_BUSY', many]:.2f}, best at {many:g} rounds {best}")
    # Where CP loses to its baselines (NTP, ReT), on the bound and on the actual error.
    losses = []
    for model in models:
        for base in ("NTP", "ReT"):
            if (model, base, many) not in mean.index:
                continue
            worse = []
            if mean[model, base, many] < mean[model, "CP", many]:
                worse.append(f"bound {mean[model, base, many]:.2f} vs {mean[model, 'CP', many]:.2f}")
            if err[model, base, many] < err[model, "CP", many]:
                worse.append(f"actual error {err[model, base, many]:.0f} vs "
                             f"{err[model, 'CP', many]:.0f} us")
            if worse:
                losses.append(f"{model}: {base} beats CP ({', '.join(worse)})")
    lose = ("Where CP loses to a baseline at " + f"{many:g} rounds: " + "; ".join(losses)
            if losses else f"CP beats NTP and ReT on bound and actual error at {many:g} rounds "
            "under every noise model here")
    covered = affine.covered.sum() / affine.n.sum()
    result.append((save(fig, os.path.join(out, "relation-bound-ratio.png")),
                   f"A->C bound / half the path's true minimum RTT from {few:g} to {many:g} "
                   f"rounds: " + "; ".join(parts) + f". {lose}. Coverage {covered:.1%}, by "
                   f"construction: these noise models change only delays, which every bound "
                   f"admits (the clock models below are what can break it)."))

    wander = m[m.tsc_model != "constant"]
    if not wander.empty:
        fig, ax = plt.subplots(figsize=(7, 4))
        shown = ["CP", "CP_MULTI", "NTP", "ReT"]
        cases = [(t, w) for t in ("step", "walk") for w in (False, True)
                 if ((wander.tsc_model == t) & (wander.wander_term == w)).any()]
        width = 0.8 / len(shown)
        cov = wander[wander.path == "A->C"].groupby(
            ["tsc_model", "wander_term", "method"])[["covered", "n"]].sum()
        for k, method in enumerate(shown):
            vals = []
            for t, w in cases:
                c = cov.loc[(t, w, method)] if (t, w, method) in cov.index else None
                vals.append(c.covered / c.n if c is not None and c.n > 0 else 0.0)
            ax.bar([i + k * width for i in range(len(cases))], vals, width, label=method)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(cases))],
                      [f"{t}\nterm {'on' if w else 'off'}" for t, w in cases])
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("A->C coverage (0 = fit refuted)")
        ax.set_title("Non-affine TSCs over 606 s: coverage with and without the wander term")
        ax.grid(alpha=0.3, axis="y")
        ax.legend(fontsize=7)
        lines = []
        for t in ("step", "walk"):
            if (t, False, "CP") in cov.index and (t, True, "CP") in cov.index:
                off, on = cov.loc[(t, False, "CP")], cov.loc[(t, True, "CP")]
                ratio = wander[(wander.tsc_model == t) & wander.wander_term &
                               (wander.method == "CP") &
                               (wander.path == "A->C")].bound_ratio_true_path
                lines.append(f"{t}: CP covers {off.covered / off.n:.0%} without the term and "
                             f"{on.covered / on.n:.0%} with it (bound / half the path's true RTT "
                             f"{ratio.mean():.1f})")
        ntp = cov.xs("NTP", level="method")
        errs = wander[wander.path == "A->C"].groupby("method").mean_abs_error_us.mean()
        result.append((save(fig, os.path.join(out, "relation-wander-coverage.png")),
                       "; ".join(lines) + f"; NTP covers {ntp.covered.sum() / ntp.n.sum():.0%}. "
                       f"Here CP loses to NTP on the actual error too: {errs.get('CP', 0):.0f} us "
                       f"mean vs NTP's {errs.get('NTP', 0):.0f} us (polled every second, NTP "
                       f"follows the wander; CP's two windows are 606 s apart)."))
    return result


def figures_scheduling(df, out):
    import matplotlib.pyplot as plt
    df = df.assign(E_us=df.skew_bound_ns / US, delta_ms=df.delay_ns / MS)
    switched = (df.topology == "switched") if "topology" in df else df.E_us < 0
    lan, cross = df[~switched], df[switched]
    results = []
    if not lan.empty:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4))
        for predictor, rows in lan.groupby("predictor"):
            rows = rows.groupby("E_us")[["mae_us", "mae_clock_us"]].mean()
            axes[0].plot(rows.index, rows.mae_us, marker="o", label=predictor)
            axes[1].plot(rows.index, rows.mae_clock_us, marker="o", label=predictor)
        for ax, what in zip(axes, ["completion error: mean |trueEnd - T_d| (us)",
                                   "start error: mean |trueStart - T_s| (us)"]):
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("E (us)")
            ax.set_ylabel(what)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7)
        e0, e1 = lan.E_us.min(), lan.E_us.max()
        at = lan.groupby("E_us")[["mae_us", "mae_clock_us"]].mean()
        best = lan.groupby("predictor").mae_us.mean().sort_values()
        by_e = lan.groupby(["E_us", "predictor"]).mae_us.mean()
        losses = []
        if "Baseline" in set(lan.predictor):
            for e in sorted(lan.E_us.unique()):
                worse = [p for p in by_e.loc[e].index
                         if p != "Baseline" and by_e[e, p] >= by_e[e, "Baseline"]]
                if worse:
                    losses.append(f"at E = {e:g} us {', '.join(worse)} no better than the "
                                  f"Baseline ({_g(by_e[e, 'Baseline'])} us)")
        lose = (" Where a predictor loses to the Baseline (T_d itself): " + "; ".join(losses) +
                "." if losses else " Every predictor beats the Baseline at every E here; the "
                "gain shrinks as the clock error grows towards the ETE.")
        results.append((
            save(fig, os.path.join(out, "scheduling-mae-vs-E.png")),
            f"Mean completion error {_g(at.mae_us[e0])} us at E = {e0:g} us and "
            f"{_g(at.mae_us[e1])} us at E = {e1:g} us; the start error (server clock error, not a "
            f"share of it: absolute errors do not add) goes {_g(at.mae_clock_us[e0])} -> "
            f"{_g(at.mae_clock_us[e1])} us. Over E the {best.index[0]} predictor has the lowest "
            f"completion error ({_g(best.iloc[0])} us vs {_g(best.iloc[-1])} us for "
            f"{best.index[-1]})." + lose))
    if not cross.empty:
        fig, axes = plt.subplots(1, 3, figsize=(14, 4))
        for predictor, rows in cross.groupby("predictor"):
            rows = rows.groupby("delta_ms")[["mae_us", "late_arrivals", "executed",
                                             "mean_start_delay_us"]].mean()
            axes[0].plot(rows.index, rows.late_arrivals / rows.executed.clip(lower=1),
                         marker="o", label=predictor)
            axes[1].plot(rows.index, rows.mean_start_delay_us / 1e3, marker="o", label=predictor)
            axes[2].plot(rows.index, rows.mae_us / 1e3, marker="o", label=predictor)
        lead = cross.send_ahead_ns.iloc[0] / MS if "send_ahead_ns" in cross else 50.0
        for ax, what in zip(axes, ["share of operations arriving after T_s",
                                   "mean start delay (ms)", "completion error (ms)"]):
            ax.axvline(lead, color="grey", ls="--", lw=1)
            ax.set_xlabel("one-way delay delta (ms), switched LAN")
            ax.set_ylabel(what)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7)
        by = cross.groupby(["predictor", "delta_ms"])[["mae_us", "late_arrivals"]].mean()
        below = cross[cross.delta_ms < lead]
        above = cross[cross.delta_ms > lead]
        line = (f"Send-ahead {lead:g} ms: below it {int(below.late_arrivals.sum())} of "
                f"{int(below.executed.sum())} operations arrive late, above it "
                f"{int(above.late_arrivals.sum())} of {int(above.executed.sum())}.")
        if {"Baseline", "FtAverage"} <= set(cross.predictor) and not above.empty:
            d1 = above.delta_ms.max()
            line += (f" At delta = {d1:g} ms the Baseline's completion error is "
                     f"{_g(by.mae_us['Baseline', d1] / 1e3)} ms and FtAverage's "
                     f"{_g(by.mae_us['FtAverage', d1] / 1e3)} ms: the reported ETE includes the "
                     f"start delay, so a predictor fed by it absorbs a constant lateness (a "
                     f"varying one it cannot).")
        results.append((save(fig, os.path.join(out, "scheduling-delta-vs-send-ahead.png")), line))
    return results


def figures_inference(df, out):
    import chronometry
    import matplotlib.pyplot as plt
    import numpy as np
    clock_rate = 2.0  # the E x drift points (report GRIDS); the others sweep alpha
    result = []

    # Links are chosen on one node's clock: E and drift cannot move them. What they move is the
    # reconciled one-way delay: the paper's constant offset per node pair vs offset and rate.
    cl = df[df.rate == clock_rate].assign(E_ms=lambda d: d.skew_bound_ns / MS)
    floor = 1e-3  # us: an exact reconciliation is drawn at the floor of the log axis
    series = (("raw_network_delay_error_us", "raw (no correction)", ":"),
              ("network_delay_error_us", "constant offset (paper)", "-"),
              ("rate_network_delay_error_us", "offset and rate", "--"))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    e_hi, p_hi = cl.E_ms.max(), cl.drift_ppm.max()
    for col, label, style in series:
        m = cl[cl.E_ms == e_hi].groupby("drift_ppm")[col].mean().clip(lower=floor)
        axes[0].plot(m.index, m.values, marker="o", linestyle=style, label=label)
        for p in sorted(cl.drift_ppm.unique())[::max(1, cl.drift_ppm.nunique() - 1)]:
            m = cl[cl.drift_ppm == p].groupby("E_ms")[col].mean().clip(lower=floor)
            axes[1].plot(m.index + 1e-3, m.values, marker="o", linestyle=style,
                         label=f"{label}, drift {p:g} ppm")
    duration = cl.duration_ns.max() / 1e9 if not cl.empty else 0
    axes[0].set_xlabel("clock drift bound (ppm)")
    axes[0].set_title(f"E = {e_hi:g} ms, {duration:g} s traces")
    axes[1].set_xscale("log")
    axes[1].set_xlabel("E (ms, + 1 us for the log axis)")
    axes[1].set_title(f"alpha = {clock_rate:g}/s, {cl.run.nunique()} run(s) per point")
    for ax in axes:
        ax.set_yscale("log")
        ax.set_ylabel(f"mean |reconciled - true| delay (us, floor {floor:g})")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=6)
    at = cl.groupby(["E_ms", "drift_ppm"])[[c for c, _, _ in series] + ["link_recall"]].mean()
    lo = at.loc[(cl.E_ms.min(), 0.0)] if (cl.E_ms.min(), 0.0) in at.index else at.iloc[0]
    hi = at.loc[(e_hi, p_hi)]
    recall_spread = at.link_recall.max() - at.link_recall.min()
    result.append((save(fig, os.path.join(out, "inference-delay-error-vs-clocks.png")),
                   f"At E = {e_hi:g} ms and drift {p_hi:g} ppm over {duration:g} s the raw "
                   f"one-way delays are off by {_g(hi.raw_network_delay_error_us)} us, the "
                   f"paper's constant offset leaves {_g(hi.network_delay_error_us)} us and "
                   f"offset and rate {_g(hi.rate_network_delay_error_us)} us (at E = "
                   f"{cl.E_ms.min():g}, no drift: {_g(lo.network_delay_error_us)} and "
                   f"{_g(lo.rate_network_delay_error_us)} us); link recall changes by "
                   f"{recall_spread:.3g} across E and drift (links use one clock each)."))

    # Linking vs the trivial latest-arrival baseline and the paper's nesting baseline.
    al = df[df.rate != clock_rate]
    metrics = (("link_precision", "link precision"), ("link_recall", "link recall"),
               ("map_pattern_recall", "most-probable-pattern recall"))
    methods = (("WAP5", ""), ("latest arrival", "latest_"), ("nesting", "nesting_"))
    runs = al.groupby("rate").run.nunique().min()
    fig, axes = plt.subplots(1, 3, figsize=(14, 4))
    summary = {}
    for ax, (metric, title) in zip(axes, metrics):
        for k, (name, prefix) in enumerate(methods):
            xs, ys, hs = [], [], []
            for rate, rows in al.groupby("rate"):
                values = list(rows[prefix + metric])
                if len(values) >= 2:
                    s = chronometry.mean_interval(values)
                    m, h = s["mean"], (s["upper"] - s["lower"]) / 2
                else:
                    m, h = float(np.mean(values)), 0.0
                xs.append(rate * (1 + 0.06 * (k - 1)))
                ys.append(m)
                hs.append(h)
                summary[(name, metric, rate)] = m
            ax.errorbar(xs, ys, yerr=hs, marker="o", capsize=3, label=name)
        ax.set_xscale("log")
        ax.set_xlabel("alpha: requests per second per client")
        ax.set_ylabel(title)
        ax.set_ylim(-0.05, 1.05)
        ax.set_title(f"{title}\n(mean, 95 % interval, {runs} runs)", fontsize=10)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    rates = sorted(al.rate.unique())
    r0, r1 = rates[0], rates[-1]

    def trio(metric, rate):
        return ", ".join(f"{name} {summary[(name, metric, rate)]:.3f}" for name, _ in methods)

    # Where WAP5 loses to a baseline: the first alpha from which the baseline is ahead.
    losses = []
    for name in ("nesting", "latest arrival"):
        for metric, title in metrics:
            ahead = [r for r in rates if summary[(name, metric, r)] > summary[("WAP5", metric, r)]]
            if ahead:
                losses.append(f"{name} beats WAP5 on {title} at alpha = "
                              f"{', '.join(f'{r:g}' for r in ahead)}/s")
    lose = ("Where WAP5 loses: " + "; ".join(losses) + "." if losses else
            "WAP5 is ahead of both baselines on every metric at every alpha here.")
    result.append((save(fig, os.path.join(out, "inference-links-vs-alpha.png")),
                   f"Link recall at alpha = {r0:g}/s: {trio('link_recall', r0)}; at "
                   f"{r1:g}/s: {trio('link_recall', r1)}. Most-probable-pattern recall at "
                   f"{r1:g}/s: {trio('map_pattern_recall', r1)}. {lose} (Under the paper's "
                   f"model WAP5's most likely choice is the rule \"latest arrival within y*d\" "
                   f"by algebra; what it adds is the probabilities; {len(al)} "
                   f"runs, messages per run {int(al.messages.min())} to "
                   f"{int(al.messages.max())}; the 20-run headline is "
                   f"examples/wap5-study-table.py.)"))
    return result


def figures_rda(df, out):
    import matplotlib.pyplot as plt
    import pandas as pd
    iv = df.explode("flow_intervals").reset_index(drop=True)
    iv = pd.concat([iv.drop(columns=["flow_intervals"]), pd.json_normalize(iv["flow_intervals"])], axis=1)
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
             rda_caption(iv, lo, hi_r, e, inner, by_loss, exch)),
            figure_rda_paper(out)]


def rda_where_it_loses(iv):
    """Where RDA beats and loses to each baseline, in words, every number from the rows (the
    baselines ran over the wire on the same packets; doc/latency.rst, the headline)."""
    n = len(iv)
    rda_held = iv.rda_mean_err_held_ns.abs().max()
    lda_held = iv.lda_mean_err_held_ns.abs() / 1e3
    fc_held = iv.fc_mean_err_held_ns.abs() / 1e3
    fc_closer = int((iv.fc_mean_err_ns.abs() < iv.rda_mean_err_ns.abs()).sum())
    raw_cheaper = sorted(set(iv[iv.raw_log_bytes < iv.wire_bytes].loss_rate))
    lda_cheaper = int((iv.lda_wire_bytes < iv.wire_bytes).sum())
    ratio = ""
    if {"reorder_delay_max_ns", "interval_length_ns"} <= set(iv.columns):
        ratio = f", here R / L = {(iv.reorder_delay_max_ns / iv.interval_length_ns).max():g}"
    words = (f"Where RDA wins and where it loses: on the packets both points hold (the paper's "
             f"truth) RDA is exact (largest error {rda_held:.2g} ns over {n} intervals) and beats "
             f"LDA (off by {lda_held.mean():.1f} us on average, up to {lda_held.max():.1f}) and "
             f"FineComb ({fc_held.mean():.2f} us, up to {fc_held.max():.1f}); against every "
             f"delivered packet per-interval matching costs all three the slow packets that "
             f"cross the boundary (a bias growing as R^2 / L{ratio}), so plain RDA loses "
             f"to FineComb in {fc_closer} of {n} intervals by chance, and only boundary "
             f"matching, which needs packet identities, removes it (for R <= L: only the neighbouring "
             f"intervals are matched). On bytes RDA loses to LDA in "
             f"{lda_cheaper} of {n} intervals (at equal sketch memory LDA sends no signature and "
             f"no timestamp round, and pays in accuracy) and to the raw log ")
    words += (f"at loss {', '.join(f'{x:g}' for x in raw_cheaper)} (few packets per interval "
              f"or a large set difference; Auto then sends the raw log)" if raw_cheaper else
              "nowhere in this grid (it does at 100 packets per interval and with a 10 ms "
              "receiver clock error: doc/latency.rst)")
    return words + (". A receiver clock error is every method's error; LDA's own negative bias "
                    "can make it look closer to true time (doc/latency.rst, the headline).")


def rda_caption(iv, lo, hi_r, e, inner, by_loss, exch):
    """The figure's caption: the errors and bytes, then where RDA loses, in words."""
    return (f"Against all delivered packets at loss {lo:g} and reorder {hi_r:g}, the mean "
             f"relative error of the mean is {e.rda_mean_rel_err:.3f} for RDA per interval (its "
             f"interval-matching bias), {e.rdab_mean_rel_err:.3f} with boundary matching "
             f"({inner:.1e} without the last interval, whose slow packets arrive after the "
             f"receiver stops), {e.lda_mean_rel_err:.3f} for LDA and {e.fc_mean_rel_err:.3f} for "
             f"FineComb; RDA decoded {int(iv.decoded.sum())} of {len(iv)} intervals. Bytes per "
             f"interval: " +
             "; ".join(f"loss {l:g}: wire {r.wire_bytes:.0f} vs raw log {r.raw_log_bytes:.0f} "
                       f"({exch[l]} exchanged)" for l, r in by_loss.iterrows()) + ". " +
             rda_where_it_loses(iv))


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
    s = cs.summarize(df, technique="sync")
    tmp = os.path.join(out, "report-sync-summary.csv.tmp")
    s.to_csv(tmp, index=False)
    os.replace(tmp, os.path.join(out, "report-sync-summary.csv"))
    floor = 1.0  # E of 0 ns is drawn at 1 ns on the log axes
    fig, axes = plt.subplots(1, 3, figsize=(13, 4.3))
    loaded = s[(s.topology == "star") & (s.lock_threshold_ns == 100 * US)]  # the load part
    star = s[(s.topology == "star") & (s.lock_threshold_ns != 100 * US)]
    for servo, g in star.groupby("servo"):
        g = g.sort_values("sync_interval_ns")
        _interval_bars(axes[0], g.sync_interval_ns / MS, g, servo, floor)
    axes[0].set_xscale("log")
    axes[0].set_xlabel("sync interval (ms)")
    axes[0].set_title("idle star, HW stamps, TCs: servo")
    lines = s[(s.topology == "line") & (s.load == 0)].sort_values("switches")
    kinds = {}
    for (tc, bc), g in lines.groupby(["transparent_clocks", "boundary_clocks"]):
        kind = "boundary clocks" if bc else "transparent clocks" if tc else "plain switches"
        kinds[kind] = g
        _interval_bars(axes[1], g.switches, g, kind, floor)
    axes[1].set_xlabel("switches in the line (hops to the farthest host)")
    axes[1].set_title("idle line of switches, PI, HW stamps")
    for tc, g in loaded.groupby("transparent_clocks"):
        g = g.sort_values("load")
        _interval_bars(axes[2], g.load, g, "transparent clocks" if tc else "plain switches", floor)
    axes[2].set_xlabel("background load (fraction of a host link)")
    axes[2].set_title("bursty load, PI, HW stamps")
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
        text += (f"Idle star: from {e(best)} ({best.servo}, {best.sync_interval_ns / MS:g} ms) "
                 f"to {e(worst)} ({worst.servo}, {worst.sync_interval_ns / MS:g} ms); ")
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
    servos = ("pi", "linreg", "settime")
    fig, axes = plt.subplots(1, len(servos), figsize=(13, 4), sharey=True)
    texts = []
    for axis, servo in zip(axes, servos):
        path = os.path.join(out, f"sync-series-{servo}.csv")
        chronometry.run_study("sync", nodes=4, servo=servo, duration=duration, warmup="1s",
                              series_file=path)
        series = pd.read_csv(path)
        for node, g in series[series.node > 0].groupby("node"):
            axis.plot(g.time_ns / 1e9, g.to_master_ns, linewidth=0.9, label=f"host {node}: truth")
        first = series[series.node == 1].dropna(subset=["estimate_ns"])
        axis.plot(first.time_ns / 1e9, first.estimate_ns, "k--", linewidth=0.7,
                  label="host 1: PTP's own estimate")
        axis.set_yscale("symlog", linthresh=10)
        axis.set_xlabel("true time (s)")
        axis.set_title(f"servo {servo}, 4 hosts, HW stamps, TC")
        axis.grid(alpha=0.3)
        texts.append(_series_text(series, servo))
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


def figures_replay_sync(chronometry, out, size, build_dir):
    """HLC, HVC and RepCl under the E a protocol delivers: violations (as fractions of the pairs
    each property was checked on) and sizes against the E the stampers assume, PTP (60 s to
    lock) beside NTP (2 h: its discipline waits 900 s before its first frequency estimate), 8
    drifting nodes, 10 s of workload after the warm-up."""
    import matplotlib.pyplot as plt
    import pandas as pd
    bounds = ([1 * US, 10 * US, 100 * US, 1 * MS, 10 * MS] if size == "demo"
              else [10 * US, 10 * MS])
    rows = []
    for sync, warmup in (("ptp", "60s"), ("ntp", "7200s")):
        for e in bounds:
            r = chronometry.run_study("replay", nodes=8, clock_model="drifting", sync=sync,
                                      sync_warmup=warmup, duration="10s", skew_bound_ns=e,
                                      interval_ns=e // 10, rate=5, run=1)
            rows.append(dict(sync=sync, e=e, **{k: r[k] for k in (
                "sync_skew_p99_ns", "hvc_violations", "r1_violations", "r2_violations",
                "r2_thesis_violations", "hlc_violations", "repcl_bits_mean", "hvc_mean",
                "events", "pairs", "concurrent_fraction", "hb_pairs", "r2_applicable")}))
    df = pd.DataFrame(rows)
    # The denominators, as the study reports them: HVC, HLC and RepCl's R1 (e hb f => e < f)
    # apply to the pairs ordered by happened-before, R2 to the pairs it reports applicable.
    hb = df.hb_pairs.where(df.hb_pairs > 0)
    df["hvc_fraction"] = df.hvc_violations / hb
    df["r1_hlc_fraction"] = (df.r1_violations + df.hlc_violations) / (2 * hb)
    df["r2_fraction"] = df.r2_violations / df.r2_applicable.where(df.r2_applicable > 0)
    tmp = os.path.join(out, "replay-sync.csv.tmp")
    df.to_csv(tmp, index=False)
    os.replace(tmp, os.path.join(out, "replay-sync.csv"))
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.5))
    entries = axes[1].twinx()
    lo, hi = min(bounds) / US / 3, max(bounds) / US * 3
    linthresh = 1e-6  # fractions below are drawn linearly down to 0 (symlog)
    for i, (sync, g) in enumerate(df.groupby("sync")):
        colour = f"C{i}"
        x = g.e / US
        # Each series a little apart on the log axis, so that none hides another (they often
        # coincide: at 0, or HVC and R2 breaking on the same pairs).
        for k, (column, style, what) in enumerate((
                ("hvc_fraction", "o-", "HVC / happened-before pairs"),
                ("r2_fraction", "s--", "RepCl R2 (pt form) / pairs it applies to"),
                ("r1_hlc_fraction", "^:", "(RepCl R1 + HLC) / (2 x happened-before pairs)"))):
            axes[0].plot(x * 1.15 ** (3 * i + k - 2.5), g[column], style, color=colour,
                         label=f"{sync}: {what}", clip_on=False)  # 0 on the axis
        delivered = g.sync_skew_p99_ns.median() / 1000
        label = f"{sync}: delivered E p99 {_g(delivered)} us"
        for k, ax in enumerate(axes):
            shown = lo <= delivered <= hi
            if shown:
                ax.axvline(delivered, color=colour, alpha=0.4, label=label if k == 0 else None)
            elif k == 0:
                ax.plot([], [], color=colour, alpha=0.4, label=label + " (off the axis)")
        axes[1].plot(x, g.repcl_bits_mean, "o-", color=colour, label=f"{sync}: RepCl bits (left)")
        entries.plot(x, g.hvc_mean, "s--", color=colour, label=f"{sync}: HVC entries (right)")
    axes[0].set_yscale("symlog", linthresh=linthresh)
    axes[0].set_ylim(0, 1)
    axes[0].set_ylabel(f"violating fraction (symlog, linear below {linthresh:g})")
    axes[0].set_title("correctness against true happened-before (markers set apart in x)",
                      fontsize=10)
    axes[1].set_ylabel("RepCl mean stamp size (bits)")
    entries.set_ylabel("HVC mean active entries (of 8)")
    axes[1].set_title("size")
    for ax in axes:
        ax.set_xlim(lo, hi)
        ax.set_xscale("log")
        ax.set_xlabel("E the stampers assume (SkewBound, us)")
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=6)
    handles = axes[1].get_legend_handles_labels()
    twin = entries.get_legend_handles_labels()
    axes[1].legend(handles[0] + twin[0], handles[1] + twin[1], fontsize=7)
    text = ("Replay study under a protocol's E (8 drifting nodes, 10 s, one run per point): " +
            "; ".join(_replay_sync_part(sync, g) for sync, g in df.groupby("sync")) +
            ". RepCl's R2 in the pt form can fail with E honoured (the published rule; "
            "doc/causality.rst); its fraction is of the pairs R2 applies to (r2_applicable).")
    return [(save(fig, os.path.join(out, "replay-sync.png")), text)]


def _share(violations, pairs):
    """violations of pairs as text: 3 of 1,200 (0.25%), or 0 of 1,200."""
    return (f"{int(violations)} of {int(pairs):,}" +
            (f" ({violations / pairs:.2%})" if violations and pairs else ""))


def _replay_sync_part(sync, g):
    """One protocol's sentence: violations below and at or above the delivered E."""
    delivered = g.sync_skew_p99_ns.median()
    below, above = g[g.e < g.sync_skew_p99_ns], g[g.e >= g.sync_skew_p99_ns]
    words = f"{sync} delivered E p99 {_g(delivered / 1000)} us: "
    if below.empty:
        words += "every assumed E is at or above it"
    else:
        words += (f"at the {len(below)} assumed E below it HVC broke "
                  f"{_share(below.hvc_violations.sum(), below.hb_pairs.sum())} happened-before "
                  f"pairs and RepCl R2 {_share(below.r2_violations.sum(), below.r2_applicable.sum())} "
                  f"pairs it applies to")
    if above.empty:
        words += ", none at or above it"
    else:
        words += (f"; at the {len(above)} at or above it HVC broke "
                  f"{_share(above.hvc_violations.sum(), above.hb_pairs.sum())} happened-before "
                  f"pairs")
    checks = 2 * g.hb_pairs.sum()
    return words + (f"; R1 and HLC together "
                    f"{_share((g.r1_violations + g.hlc_violations).sum(), checks)} checks")


def sync_extras(chronometry, out, size, build_dir):
    """The sync study's own runs: offset over time per servo, and the oscillators' ADEV."""
    return figures_sync_series(chronometry, out, size) + figures_adev(out, build_dir)


# Figures a technique adds from runs of its own (not the sweep's points).
EXTRA_FIGURES = {"replay": figures_replay_sync, "sync": sync_extras}

FIGURES = {
    "replay": figures_replay,
    "relation": figures_relation,
    "scheduling": figures_scheduling,
    "inference": figures_inference,
    "rda": figures_rda,
    "sync": figures_sync,
}

TITLES = {
    "replay": "Replay clocks (RepCl): size and feasibility over E, delta, alpha",
    "relation": "MinRTT clock relation vs NTP vs return-trip bounds",
    "scheduling": "OneClock scheduled operations: errors over E; delta across the send-ahead",
    "inference": "WAP5 causal path inference: linking vs baselines over alpha; reconciled "
                 "delays over E and drift",
    "rda": "RDA one-way latency vs LDA and FineComb against all delivered packets: reorder, loss, "
           "wire vs raw-log bytes",
    "sync": "PTP on a switched LAN: the skew E the nodes keep (truth) over servo, sync interval, "
            "hops and load, transparent clocks vs plain switches",
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
    # The techniques with a grid here in its order, then the other registered ones (not swept).
    order = [t for t in grids if t in cs.TECHNIQUES] + [t for t in cs.TECHNIQUES if t not in grids]
    for technique in order:
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
        if technique in EXTRA_FIGURES and sections[technique]:
            sections[technique] += EXTRA_FIGURES[technique](chronometry, out, size, build_dir)
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
