#!/usr/bin/env python3
"""Write the chronometry notebooks (examples/notebooks/*.ipynb) from the cell sources below.

The .ipynb files are generated, without outputs, so that a change is one edit here and the
diff of a notebook stays readable. Run it after editing:  python3 make_notebooks.py

Every notebook finds the compiled module itself (CHRONOMETRY_BUILD, else build/python of the
source tree it sits in), runs a small grid through chronometry_sweep into an SQLite file under
CHRONOMETRY_NB_OUT (default results/notebooks; a second run resumes and re-runs nothing), plots
the figures and checks the properties the figures rest on (a failed check fails the cell, and
bindings/tests/test_notebooks.py runs every notebook headless).
"""
import os

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = os.path.dirname(os.path.abspath(__file__))

SETUP = r'''import os, sys, time

def _source_root(start):
    path = os.path.abspath(start)
    while path != os.path.dirname(path):
        if os.path.exists(os.path.join(path, "VERSION")) and os.path.exists(os.path.join(path, "LICENSE")):
            return path
        path = os.path.dirname(path)
    raise RuntimeError("run the notebook inside the chronometry source tree or set CHRONOMETRY_BUILD")

BUILD = os.environ.get("CHRONOMETRY_BUILD") or os.path.join(_source_root(os.getcwd()), "build", "python")
if BUILD not in sys.path:
    sys.path.insert(0, BUILD)
import chronometry
import chronometry_sweep as cs
import pandas as pd
import matplotlib.pyplot as plt
%matplotlib inline

OUT = os.environ.get("CHRONOMETRY_NB_OUT") or os.path.join(_source_root(os.getcwd()), "results", "notebooks")
os.makedirs(OUT, exist_ok=True)
WORKERS = int(os.environ.get("CHRONOMETRY_WORKERS", os.cpu_count() or 2))
US, MS = 1_000, 1_000_000
started = time.time()
print("chronometry from", chronometry.__file__, "| results in", OUT, "| workers", WORKERS)'''

FOOTER = r'''print(f"notebook wall time so far: {time.time() - started:.1f} s")'''

NOTEBOOKS = {
    "replay-feasibility.ipynb": [
        ("md", """# Replay clocks: feasibility over E, δ and α

The thesis' Figures 6.3-6.15 in small: n nodes gossip at α messages/s per node over a LAN whose
delay is δ, every clock within E of true time; a replay clock (RepCl) stores one offset per
process heard from within its epsilon window, so its size θ (stored offsets per event) grows with
E and α and falls once δ outgrows E. A configuration is *feasible* for a budget when the 99th
percentile of θ fits it, and the encoding *overflows* a fixed width when its largest encoded size
exceeds it. Each point runs in ns-3 through `chronometry.causality.run_replay_study`; two replications per
point (ns-3 RngRun 1 and 2)."""),
        ("code", SETUP),
        ("code", r'''grid = dict(nodes=[16], skew_bound_ns=[1 * MS, 2 * MS, 4 * MS, 6 * MS], interval_ns=[100 * US],
            delay_ns=[8 * US, 6 * MS], rate=[20, 80, 160], duration_ns=[300 * MS])
points = cs.replicate(grid, 2)
db = os.path.join(OUT, "replay-feasibility.sqlite")
df = cs.sweep("replay", points, db, workers=WORKERS, progress=False)
df = df[df.status == "ok"].assign(E_ms=lambda d: d.skew_bound_ns / MS, delta_us=lambda d: d.delay_ns / US)
print(len(df), "runs")
# What the figures rest on: the replay clock never breaks causality (requirements 1 and 2).
assert len(df) == len(points), "every point ran"
assert (df.r1_violations == 0).all() and (df.r2_thesis_violations == 0).all()'''),
        ("code", r'''fig, axes = plt.subplots(1, 2, figsize=(11, 4))
for (delta, alpha), rows in df.groupby(["delta_us", "rate"]):
    m = rows.groupby("E_ms").theta_mean.mean()
    axes[0 if delta < 1000 else 1].plot(m.index, m.values, marker="o", label=f"alpha = {alpha:g}/s")
for ax, title in zip(axes, ["delta = 8 us (delta << E)", "delta = 6 ms (delta > E)"]):
    ax.set_xlabel("E (ms)"); ax.set_ylabel("theta: stored offsets per event (mean)")
    ax.set_title(title); ax.grid(alpha=0.3); ax.legend()
plt.show()
near = df[df.delta_us < 1000]
far = df[df.delta_us >= 1000]
print(f"delta = 8 us: theta mean {near.theta_mean.min():.2f}..{near.theta_mean.max():.2f}; "
      f"delta = 6 ms: {far.theta_mean.min():.2f}..{far.theta_mean.max():.2f}")
# Thesis Figs. 6.3-6.14: theta grows with E and alpha while delta << E.
hi = near[near.rate == 160].groupby("E_ms").theta_mean.mean()
assert hi.iloc[-1] >= hi.iloc[0], hi'''),
        ("code", r'''BUDGET = 4  # p99 theta within four offsets (the thesis: "less than four integers")
df["feasible"] = df.theta_p99 <= BUDGET
df["overflow"] = df.repcl_bits_p99 > df.vector_bits_mean  # RepCl larger than the vector clock
table = df.groupby(["delta_us", "rate", "E_ms"])[["feasible", "overflow"]].mean()
import numpy as np
deltas = sorted(df.delta_us.unique())
fig, axes = plt.subplots(2, len(deltas), figsize=(4.5 * len(deltas), 6.5), squeeze=False)
for col, delta in enumerate(deltas):
    for row, (what, title) in enumerate([("feasible", f"feasible: p99 theta <= {BUDGET}"),
                                         ("overflow", "overflow: RepCl p99 bits > vector clock")]):
        grid = table.loc[delta][what].unstack("E_ms")  # rows alpha, columns E
        ax = axes[row][col]
        ax.imshow(grid.values, origin="lower", vmin=0, vmax=1, aspect="auto",
                  cmap="RdYlGn" if what == "feasible" else "RdYlGn_r")
        for (i, j), v in np.ndenumerate(grid.values):
            ax.text(j, i, f"{v:.0%}", ha="center", va="center", fontsize=8)
        ax.set_xticks(range(len(grid.columns)), [f"{e:g}" for e in grid.columns])
        ax.set_yticks(range(len(grid.index)), [f"{a:g}" for a in grid.index])
        ax.set_xlabel("E (ms)"); ax.set_ylabel("alpha (msgs/s)")
        ax.set_title(f"{title}\ndelta = {delta:g} us", fontsize=9)
plt.tight_layout(); plt.show()
print(f"feasible fraction over the grid: {df.feasible.mean():.2f}; RepCl larger than the vector clock: {df.overflow.mean():.2f}")
# Once delta exceeds 2E + I no offset is stored at all (theta = 1): always feasible.
assert (df[df.delay_ns > 2 * df.skew_bound_ns + df.interval_ns].theta_max == 1).all()'''),
        ("code", FOOTER),
    ],
    "minrtt-ntp-return-trip.ipynb": [
        ("md", """# MinRTT vs NTP vs return-trip bounds, under noise and non-affine clocks

Cloudprofiler's question in small: a three-stage pipeline A -> B -> C, each node with its own
TSC; each method reports the A->C latency with an error bound, and the simulator knows the truth.
CP = the paper's MinRTT clock relation (two quiescent windows), CP_BUSY = the relation built in
busy windows, CP_MULTI = the set-membership fit over all rounds (both probing directions),
NTP = differences of NTP-synchronised timestamps, ReT = the return-trip bound. The headline is
the bound ratio: mean bound / (half the true minimum RTT of the path), about 1 at best. First
against the number of probe rounds under four noise models (heavy-tailed host delays with VM
stalls, an asymmetric path that changes mid-run), then with TSCs whose drift steps, with and
without the drift-wander term (doc/relation.rst has the 5-run tables)."""),
        ("code", SETUP),
        ("code", r'''base = dict(load=0.7, workload_ns=2000 * MS, both_directions=True, run=1)
grid = [dict(base, noise_model=m, rounds=n, busy_rounds=n)
        for m in ("none", "host", "route", "all") for n in (2, 16)]
# C's drift steps by 2-4 ppm at a time drawn in the first 80% of the workload (run 1: 2.2 ppm
# at 468 s); the wander term's J comes from the TCXO datasheet class (4 x 2 ppm), not the step
grid += [dict(base, noise_model="none", rounds=100, busy_rounds=20, tsc_model="step",
              drift_ppm=2.0, oscillator_class="TCXO", drift_step_min_ppm=2.0,
              drift_step_ppm=4.0, drift_step_to=0.8, wander_term=w, workload_ns=600_000 * MS,
              tuple_interval_ns=1000 * MS, asymmetry_ns=0, load=0.0) for w in (False, True)]
db = os.path.join(OUT, "minrtt-ntp-return-trip.sqlite")
df = cs.sweep("relation", grid, db, workers=WORKERS, progress=False)
assert (df.status == "ok").all(), df[df.status != "ok"].error.tolist()
# One row per (point, method, duration).
methods = df.explode("methods").reset_index(drop=True)
methods = pd.concat([methods.drop(columns=["methods"]), pd.json_normalize(methods["methods"])], axis=1)
methods["coverage"] = methods.covered / methods.n.where(methods.n > 0)
ac = methods[methods.path == "A->C"]
affine = ac[ac.tsc_model == "constant"]
display(affine.pivot_table(index=["noise_model", "method"], columns="rounds", values="bound_ratio").round(2))'''),
        ("code", r'''fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
for (model, method), r in affine[affine.method.isin(["CP", "CP_BUSY", "NTP", "ReT"])].groupby(["noise_model", "method"]):
    if model in ("none", "route"):
        axes[0].plot(r.rounds, r.bound_ratio, marker="o", linestyle="-" if model == "none" else "--",
                     label=f"{method}, {model}")
axes[0].set_xscale("log", base=2); axes[0].set_yscale("log")
axes[0].set_xlabel("rounds per pair and window"); axes[0].set_ylabel("bound / half min RTT")
axes[0].set_title("A->C bound ratio (solid: no path noise, dashed: route change)")
axes[0].legend(fontsize=6); axes[0].grid(alpha=0.3, which="both")
step = ac[ac.tsc_model == "step"].pivot_table(index="method", columns="wander_term", values="coverage")
step.plot.bar(ax=axes[1]); axes[1].set_ylabel("A->C coverage")
axes[1].set_title("2-4 ppm drift step in a 606 s window: class term off / on"); axes[1].grid(alpha=0.3, axis="y")
plt.show()'''),
        ("code", r'''print(f"coverage of every method under every noise model: {affine.covered.sum() / affine.n.sum():.3f}")
print(f"CP bound ratio, no path noise: {affine[(affine.method == 'CP') & (affine.noise_model == 'none')].bound_ratio.mean():.2f}; "
      f"route change: {affine[(affine.method == 'CP') & (affine.noise_model == 'route')].bound_ratio.mean():.2f}")
display(step.round(3))
# The minimum RTT filters host noise; every bound holds with affine clocks.
assert (affine.covered == affine.n).all()
# A drift step breaks CP's affine bound unless the class's wander term is on; NTP
# re-synchronises.
assert step.loc["CP", False] < 1 and step.loc["CP", True] == 1 and step.loc["NTP", False] == 1'''),
        ("code", FOOTER),
    ],
    "oneclock-scheduling.ipynb": [
        ("md", """# OneClock: scheduled operations over E, and δ across the send-ahead

Operations are scheduled at a future instant on every server's own clock; each server's ETE
predictor (Baseline, Average, FtAverage, Kalman) sets the start T_s = T_d - predicted ETE so that
the operation completes at T_d. The simulator knows the true start and end of every operation,
so two errors are measured separately: the completion error |trueEnd - T_d| and the start error
|trueStart - T_s| (the server clock's error plus any start delay). They are not shares of each
other: absolute errors do not add. The first grid varies E on the thesis LAN; the second varies
the one-way delay δ across the 50 ms send-ahead on the switched LAN, where a SCHEDULE starts to
arrive after T_s."""),
        ("code", SETUP),
        ("code", r'''grid = dict(servers=[4], operations=[100], skew_bound_ns=[10 * US, 100 * US, 1 * MS, 10 * MS],
            delay_ns=[100 * US], predictor=["Baseline", "Average", "FtAverage", "Kalman"], run=[1])
db = os.path.join(OUT, "oneclock-scheduling.sqlite")
df = cs.sweep("scheduling", grid, db, workers=WORKERS, progress=False)
assert (df.status == "ok").all(), df[df.status != "ok"].error.tolist()
df = df.assign(E_us=df.skew_bound_ns / US)
display(df.pivot_table(index="predictor", columns="E_us", values="mae_us").round(1))'''),
        ("code", r'''fig, axes = plt.subplots(1, 2, figsize=(11, 4))
for pred, rows in df.groupby("predictor"):
    rows = rows.sort_values("E_us")
    axes[0].plot(rows.E_us, rows.mae_us, marker="o", label=pred)
    axes[1].plot(rows.E_us, rows.mae_clock_us, marker="o", label=pred)
for ax, what in zip(axes, ["completion error (us)", "start error (us)"]):
    ax.set_xscale("log"); ax.set_yscale("log"); ax.set_xlabel("E (us)"); ax.set_ylabel(what)
    ax.grid(alpha=0.3); ax.legend(fontsize=7)
plt.show()
low, high = df[df.E_us == df.E_us.min()].mae_clock_us.mean(), df[df.E_us == df.E_us.max()].mae_clock_us.mean()
print(f"start error: {low:.1f} us at E = {df.E_us.min():g} us, {high:.1f} us at E = {df.E_us.max():g} us")
assert high > 100 * low  # the server clocks' error follows E'''),
        ("code", r'''cross = dict(servers=[4], operations=[20], skew_bound_ns=[100 * US], delay_ns=[20 * MS, 48 * MS, 52 * MS, 80 * MS],
             send_ahead_ns=[50 * MS], topology=["switched"], predictor=["Baseline", "FtAverage"], run=[1])
dc = cs.sweep("scheduling", cross, db, workers=WORKERS, progress=False)
assert (dc.status == "ok").all(), dc[dc.status != "ok"].error.tolist()
dc = dc.assign(delta_ms=dc.delay_ns / MS, late_share=dc.late_arrivals / dc.executed)
display(dc.pivot_table(index="predictor", columns="delta_ms",
                       values=["late_share", "mean_start_delay_us", "mae_us"]).round(2))
fig, axes = plt.subplots(1, 2, figsize=(11, 4))
for pred, rows in dc.groupby("predictor"):
    rows = rows.sort_values("delta_ms")
    axes[0].plot(rows.delta_ms, rows.late_share, marker="o", label=pred)
    axes[1].plot(rows.delta_ms, rows.mae_us / 1e3, marker="o", label=pred)
for ax, what in zip(axes, ["share arriving after T_s", "completion error (ms)"]):
    ax.axvline(50, color="grey", ls="--"); ax.set_xlabel("delta (ms), switched LAN"); ax.set_ylabel(what)
    ax.grid(alpha=0.3); ax.legend(fontsize=7)
plt.show()
late = dc.groupby(dc.delta_ms > 50).late_share.mean()
at80 = dc[dc.delta_ms == 80].set_index("predictor").mae_us
print(f"late share below the send-ahead {late[False]:.2f}, above {late[True]:.2f}; at 80 ms "
      f"Baseline {at80['Baseline'] / 1e3:.1f} ms vs FtAverage {at80['FtAverage'] / 1e3:.2f} ms "
      f"(the reported ETE includes the start delay, so feedback absorbs a constant lateness)")
assert late[False] == 0 and late[True] == 1
assert at80["Baseline"] > 10 * at80["FtAverage"]'''),
        ("code", FOOTER),
    ],
    "wap5-inference.ipynb": [
        ("md", """# WAP5: causal path inference against two baselines, and what E and drift can change

A multi-tier service (clients -> front end -> back ends -> lookup) is traced at every node with
the node's own clock; WAP5 links each message to its most likely cause from timestamps alone.
The simulator knows the true causes, so every score is exact. Two baselines run on the same
trace: *latest arrival* (the most recent message into the sender within the window x) and the
paper's *nesting* algorithm (section 5.3: call/return pairs, one timestamp per message, compared
across clocks). Link choices compare readings of one node's clock, so E and drift cannot move
them; what they move is the reconciled one-way delay (receive minus send on two clocks,
corrected by a pairwise clock estimate): the paper's constant offset vs offset and rate
(doc/inference.rst). Small grid (3 runs per alpha); the 20-run headline is
`examples/wap5-study-table.py`."""),
        ("code", SETUP),
        ("code", r'''points = ([dict(rate=a, duration_ns=d, run=r)
           for a, d in ((1.0, 10000 * MS), (10.0, 2000 * MS), (40.0, 1000 * MS)) for r in (1, 2, 3)] +
          [dict(rate=2.0, duration_ns=10000 * MS, skew_bound_ns=e, drift_ppm=p, run=1)
           for e in (0, 100 * MS) for p in (0.0, 50.0, 200.0)])
db = os.path.join(OUT, "wap5-inference.sqlite")
df = cs.sweep("inference", points, db, workers=WORKERS, progress=False)
assert (df.status == "ok").all(), df[df.status != "ok"].error.tolist()
al, cl = df[df.rate != 2.0], df[df.rate == 2.0].assign(E_ms=lambda d: d.skew_bound_ns / MS)
cols = [p + m for m in ("link_precision", "link_recall", "map_pattern_recall")
        for p in ("", "latest_", "nesting_")]
display(al.groupby("rate")[cols + ["log_loss", "uniform_log_loss", "rule_disagreement"]].mean().round(3))'''),
        ("code", r'''fig, axes = plt.subplots(1, 2, figsize=(11, 4))
for name, p in (("WAP5", ""), ("latest arrival", "latest_"), ("nesting", "nesting_")):
    for ax, metric in zip(axes, ("link_recall", "map_pattern_recall")):
        m = al.groupby("rate")[p + metric].agg(["mean", "std"])
        ax.errorbar(m.index, m["mean"], yerr=m["std"], marker="o", capsize=3, label=name)
for ax, what in zip(axes, ("link recall", "most-probable-pattern recall")):
    ax.set_xscale("log"); ax.set_xlabel("alpha (requests/s per client)"); ax.set_ylabel(what + " (mean, sd, 3 runs)")
    ax.set_ylim(-0.05, 1.05); ax.grid(alpha=0.3); ax.legend(fontsize=7)
plt.show()
by = al.groupby("rate")[["link_recall", "latest_link_recall", "log_loss", "uniform_log_loss"]].mean()
print("link recall WAP5 vs latest arrival: " + ", ".join(
    f"{r.link_recall:.3f} vs {r.latest_link_recall:.3f} at {a:g}/s" for a, r in by.iterrows()))
print(f"WAP5's most likely choice differs from 'latest arrival within y*d' on at most "
      f"{al.rule_disagreement.max():.3g} of the decisions of any run")
# Under the paper's delay model WAP5's choice is the rule's; its probabilities beat uniform ones.
assert al.rule_disagreement.max() == 0 and (by.log_loss < by.uniform_log_loss).all()'''),
        ("code", r'''fig, ax = plt.subplots(figsize=(6, 4))
for col, label in (("raw_network_delay_error_us", "raw"), ("network_delay_error_us", "constant offset"),
                   ("rate_network_delay_error_us", "offset and rate")):
    for e, rows in cl.groupby("E_ms"):
        m = rows.groupby("drift_ppm")[col].mean().clip(lower=1e-3)
        ax.plot(m.index, m.values, marker="o", linestyle="-" if e == 0 else "--", label=f"{label}, E = {e:g} ms")
ax.set_yscale("log"); ax.set_xlabel("clock drift bound (ppm)"); ax.set_ylabel("mean |reconciled - true| delay (us)")
ax.grid(alpha=0.3); ax.legend(fontsize=7)
plt.show()
hi = cl[cl.drift_ppm == cl.drift_ppm.max()][["network_delay_error_us", "rate_network_delay_error_us"]].mean()
print(f"drift {cl.drift_ppm.max():g} ppm over 10 s: constant offset {hi.network_delay_error_us:.1f} us, "
      f"offset and rate {hi.rate_network_delay_error_us:.2f} us; link recall across E and drift: "
      f"{cl.link_recall.min():.3f} to {cl.link_recall.max():.3f}")
# Drift defeats one constant offset per pair over a long trace; a fitted rate does not.
assert hi.rate_network_delay_error_us < hi.network_delay_error_us / 10'''),
        ("code", FOOTER),
    ],
    "rda-accuracy.ipynb": [
        ("md", """# RDA accuracy against LDA and FineComb

A UDP stream from S to R over a lossy, reordering link; a measurement point at each end stamps
every packet with its own clock and keeps a sketch per interval. RDA (reconcilable difference
aggregator, k banks) decodes the lost and reordered packets out of the sketch difference and
aggregates the rest exactly; LDA (lossy difference aggregator) and FineComb (LDA plus parity,
stash repair) get the same memory. Every estimate is scored against the truth over **every
delivered packet** of its send interval (the study's `true_mean_ns`, from a collector the
estimators never see), so packets that cross an interval boundary count: per-interval RDA
misses them (its error is the interval-matching bias), boundary matching recovers them except
in the last interval. Each point runs in ns-3 through `chronometry.latency.run_rda_study` (10
intervals of 100 ms at 10,000 packets/s, 1 % reorder up to 100 ms); three replications per
loss rate (ns-3 RngRun 1-3). The last two cells reproduce the paper's Figures 7/8 (fixed m,
growing d) and 6 (decode cost) with the Simulator-free experiment functions."""),
        ("code", SETUP),
        ("code", r'''grid = dict(loss_rate=[0.001, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5], reorder_rate=[0.01], intervals=[10])
points = cs.replicate(grid, 3)
db = os.path.join(OUT, "rda-accuracy.sqlite")
df = cs.sweep("rda", points, db, workers=WORKERS, progress=False)
assert (df.status == "ok").all(), df[df.status != "ok"].error.tolist()
# One row per (point, flow, interval) the sender reported.
iv = df.explode("flow_intervals").reset_index(drop=True)
iv = pd.concat([iv.drop(columns=["flow_intervals"]), pd.json_normalize(iv["flow_intervals"])], axis=1)
iv = iv[iv.reported].copy()
METHODS = {"RDA (interval)": "rda", "RDA + boundary": "rdab", "LDA": "lda", "FineComb": "fc"}
print(len(df), "runs,", len(iv), "intervals;", f"RDA decoded {iv.decoded.mean():.0%} of them")
cols = [f"{p}_{w}_rel_err" for w in ("mean", "std") for p in METHODS.values()]
print(iv.groupby("loss_rate")[cols + ["matching_bias"]].median().to_string(float_format="{:.2e}".format))'''),
        ("code", r'''FLOOR = 1e-9  # an exact estimate (error 0) is drawn at the floor of the log axis
fig, axes = plt.subplots(1, 3, figsize=(15, 4))
for name, p in METHODS.items():
    m = iv.groupby("loss_rate")[[f"{p}_mean_rel_err", f"{p}_std_rel_err", f"{p}_useful"]].median()
    axes[0].plot(m.index, m[f"{p}_mean_rel_err"].clip(lower=FLOOR), marker="o", label=name)
    axes[1].plot(m.index, m[f"{p}_std_rel_err"].clip(lower=FLOOR), marker="o", label=name)
    axes[2].plot(m.index, m[f"{p}_useful"], marker="o", label=name)
for ax, what in zip(axes, ["relative error of the mean (median)", "relative error of the std (median)",
                           "packets used / delivered (median)"]):
    ax.set_xscale("log"); ax.set_xlabel("packet loss rate"); ax.set_ylabel(what)
    ax.grid(alpha=0.3); ax.legend()
axes[0].set_yscale("log"); axes[1].set_yscale("log"); axes[2].set_ylim(-0.05, 1.05)
plt.show()
med = iv.groupby("loss_rate")[cols].median()
top = med.index.max()
print("at loss", top, ": mean error " + ", ".join(f"{n} {med.loc[top, p + '_mean_rel_err']:.2e}" for n, p in METHODS.items()))
# What the figure rests on: per-interval RDA is exactly as wrong as the interval-matching bias
# (it is exact on the packets it sees); with boundary matching every decoded interval but the
# last is exact on the local stamps; and boundary matching's median error is no larger than
# LDA's with equal memory.
assert ((iv.rda_mean_rel_err - iv.matching_bias).abs() < 1e-9).all()
inner = iv[iv.decoded & (iv.interval < iv.interval.max())]
assert (inner.rdab_mean_rel_err_local < 1e-9).all()
assert (med.rdab_mean_rel_err <= med.lda_mean_rel_err + 1e-12).all()'''),
        ("code", r'''# Figures 7/8: fixed m = 5000 buckets in total (k = 2, the paper's form), d grows: RDA decodes
# everything up to a sharp transition near d = 2000, then loses samples; LDA and FineComb at
# the same memory (FineComb with the paper's "ideal" stash). Simulator-free (RunRdaTransition).
fig7 = pd.DataFrame([chronometry.latency.rda_transition(difference=d, trials=3, common_packets=5000)
                     for d in [0, 500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 8000, 10000]])
fig, axes = plt.subplots(1, 3, figsize=(15, 4))
axes[0].plot(fig7.difference, fig7.decoded_fraction, marker="o", label="RDA")
axes[0].set_ylabel("fraction of intervals fully decoded")
for name, p in (("RDA", "rda"), ("LDA", "lda"), ("FineComb", "fc")):
    axes[1].plot(fig7.difference, fig7[f"{p}_mean_rel_err"].clip(lower=FLOOR), marker="o", label=name)
    axes[2].plot(fig7.difference, fig7[f"{p}_std_rel_err"].clip(lower=FLOOR), marker="o", label=name)
axes[1].set_ylabel("relative error of the mean"); axes[2].set_ylabel("relative error of the std")
for ax in axes:
    ax.set_xlabel("set difference d (m = 5000)"); ax.grid(alpha=0.3); ax.legend()
axes[1].set_yscale("log"); axes[2].set_yscale("log")
plt.show()
print(fig7[["difference", "decoded_fraction", "rda_mean_rel_err", "lda_mean_rel_err", "fc_mean_rel_err"]].to_string(index=False))
# (k = 2 leaves an occasional 2-cycle below the transition: d = 1000 decodes 2 of 3 here)
below = fig7[fig7.difference <= 500]; above = fig7[fig7.difference >= 3000]
assert (below.decoded_fraction == 1).all() and (below.rda_mean_rel_err < 1e-9).all()
assert (above.decoded_fraction == 0).all() and (above.rda_mean_rel_err > 1e-4).all()'''),
        ("code", r'''# Figure 6: decode cost, RDA (k = 2, 4000 buckets) against FineComb at the same memory: the
# published brute force over every stash subset, and the bucketed repair. CPU seconds.
fig6 = pd.DataFrame([chronometry.latency.decode_cost(p, s) for p, s in [(40, 5), (40, 10), (100, 10), (100, 15), (100, 20)]])
print(fig6[["problematic", "stash_size", "rda_cpu_s", "finecomb_brute_cpu_s", "finecomb_bucketed_cpu_s", "brute_subsets"]].to_string(index=False))
fig, ax = plt.subplots(figsize=(6, 4))
x = range(len(fig6))
for col, name in (("rda_cpu_s", "RDA"), ("finecomb_brute_cpu_s", "FineComb brute force"), ("finecomb_bucketed_cpu_s", "FineComb bucketed")):
    ax.plot(x, fig6[col].clip(lower=1e-7), marker="o", label=name)
ax.set_xticks(list(x)); ax.set_xticklabels([f"{p}/{s}" for p, s in zip(fig6.problematic, fig6.stash_size)])
ax.set_xlabel("problematic buckets / stash size"); ax.set_ylabel("decode CPU s"); ax.set_yscale("log")
ax.grid(alpha=0.3); ax.legend(); plt.show()
assert fig6.brute_subsets.iloc[-1] > 1000 * fig6.brute_subsets.iloc[0]'''),
        ("code", FOOTER),
    ],
    "sync-ptp.ipynb": [
        ("md", """# PTP on a switched LAN: the skew E the nodes keep

The sync study (`chronometry.sync.run_sync_study`): n hosts with drifting clocks on 1 Gb/s links to
switches (a star, a line or a binary tree of switches), host 0 a PTP grandmaster, the others
slaves, the switches transparent clocks, boundary clocks or plain switches, optionally bursty
background load, lossy links, time stamp noise, a grandmaster failure or a master clock step. E is
measured from the simulator's truth: every clock is read at the same true instants on a fixed
grid and E(t) is the largest minus the smallest offset; `skew_p99_ns` is its 99th percentile
after lock and after the warm-up. The protocol's own estimate (`estimate_mean_ns` in the rows)
is shown beside the truth (`true_mean_ns`). The oscillators' Allan deviations against their
presets are in doc/oscillator-adev.png and in the report (examples/report.py, sync-adev.png)."""),
        ("code", SETUP),
        ("code", r'''MS = 1_000_000
RUNS = 5  # runs (RngRun 1..RUNS) of every point: the mean and its 95% interval
SYNC_S = 30  # simulated seconds per run, scored over the second half
# The servos by their TypeId (the study's Servo; the CSV's servo cell holds it as given).
SERVOS = ("ns3::PiServo", "ns3::LinRegServo", "ns3::SetTimeServo")
points = [dict(nodes=8, servo=sv, sync_interval_ns=i, duration_ns=SYNC_S * 1000 * MS,
               warmup_ns=SYNC_S * 500 * MS)
          for sv in SERVOS for i in (31_250_000, 125 * MS, 1000 * MS)]
db = os.path.join(OUT, "sync-ptp.sqlite")
df = cs.sweep("sync", points, db, workers=WORKERS, progress=False, replications=RUNS)
assert (df.status == "ok").all(), df[df.status != "ok"].error.tolist()
# Per point (every parameter but the run): n, mean, sd and the 95% interval's half-width
# (Student's t) of every result.
s = cs.summarize(df)
print(s[["servo", "sync_interval_ns", "runs", "skew_p99_ns_mean", "skew_p99_ns_ci95",
         "lock_ns_mean", "skew_max_ns_mean"]].to_string(index=False))
fig, ax = plt.subplots(figsize=(6, 4))
for servo, g in s.groupby("servo"):
    g = g.sort_values("sync_interval_ns")
    mean = g.skew_p99_ns_mean.clip(lower=1)
    ax.errorbar(g.sync_interval_ns / MS, mean, marker="o", capsize=3, label=servo[5:],
                yerr=[mean - (mean - g.skew_p99_ns_ci95).clip(lower=1), g.skew_p99_ns_ci95])
ax.set_xscale("log"); ax.set_yscale("log"); ax.set_xlabel("sync interval (ms)")
ax.set_ylabel("E p99 after lock (ns, floor 1)")
ax.set_title(f"mean of {RUNS} runs, bars: 95% interval of the mean", fontsize=9)
ax.grid(alpha=0.3); ax.legend(); plt.show()
# The PI servo with hardware time stamps and transparent clocks keeps E below 1 us at 125 ms,
# the whole interval too; set-the-time leaves the drift over a sync interval (a sawtooth of
# microseconds).
pi = s[(s.servo == "ns3::PiServo") & (s.sync_interval_ns == 125 * MS)].iloc[0]
st = s[(s.servo == "ns3::SetTimeServo") & (s.sync_interval_ns == 125 * MS)].iloc[0]
assert pi.runs == RUNS and pi.skew_p99_ns_n == RUNS
assert pi.skew_p99_ns_mean + pi.skew_p99_ns_ci95 < 1000
assert st.skew_p99_ns_mean - st.skew_p99_ns_ci95 > pi.skew_p99_ns_mean + pi.skew_p99_ns_ci95'''),
        ("code", r'''# The protocol's own offset estimate beside the truth, per node (rows=True).
r = chronometry.sync.run_sync_study(nodes=8, duration_ns=30_000 * MS, warmup_ns=15_000 * MS, rows=True)
rows = pd.DataFrame(r["per_node"])
print(rows[["node", "base_drift_ppm", "node_lock_ns", "offset_p99_ns", "estimate_mean_ns", "true_mean_ns"]].to_string(index=False))'''),
        ("code", r'''# Bursty load (two 700 Mb/s on/off flows into every host): transparent clocks against
# plain switches, 3 hosts, 6 s.
load = pd.DataFrame([dict(transparent_clocks=tc, **{k: v for k, v in chronometry.sync.run_sync_study(
    nodes=3, load=0.3, transparent_clocks=tc, duration_ns=6000 * MS, warmup_ns=3000 * MS,
    lock_threshold_ns=100_000).items() if k.startswith("skew")}) for tc in (True, False)])
print(load.to_string(index=False))
assert load.skew_p99_ns.iloc[1] > 10 * load.skew_p99_ns.iloc[0]'''),
        ("code", r'''# Offset over time per servo, from the study's SeriesFile: every host's true offset to
# host 0 at every grid instant, and the protocol's latest own estimate (dashed, host 1).
fig, axes = plt.subplots(1, 3, figsize=(13, 3.5), sharey=True)
late = {}
for ax, servo in zip(axes, SERVOS):
    path = os.path.join(OUT, f"sync-series-{servo[5:]}.csv")
    chronometry.sync.run_sync_study(nodes=4, servo=servo, duration="10s", warmup="1s", series_file=path)
    s = pd.read_csv(path)
    for node, g in s[s.node > 0].groupby("node"):
        ax.plot(g.time_ns / 1e9, g.to_master_ns, lw=0.8, label=f"host {node}: truth")
    one = s[s.node == 1].dropna(subset=["estimate_ns"])
    ax.plot(one.time_ns / 1e9, one.estimate_ns, "k--", lw=0.6, label="host 1: estimate")
    ax.set_yscale("symlog", linthresh=10); ax.set_title(f"servo {servo[5:]}"); ax.set_xlabel("true time (s)")
    ax.grid(alpha=0.3)
    late[servo[5:]] = s[(s.time_ns > 5e9) & (s.node > 0)].to_master_ns.abs().max()
axes[0].set_ylabel("clock - host 0's clock (ns)"); axes[0].legend(fontsize=7); plt.show()
print({k: f"{v:.0f} ns" for k, v in late.items()}, "worst |offset| after 5 s")
# PI and linear regression settle below 1 us; set-the-time keeps the drift of an interval.
assert late["PiServo"] < 1000 and late["LinRegServo"] < 1000 and late["SetTimeServo"] > late["PiServo"]'''),
        ("code", r'''# E over the hops of an idle line of switches: transparent and boundary clocks correct the
# switches' residence, plain switches add it at every hop (60 s, scored from 30 s: boundary
# clocks cascade servos and lock later).
hops = pd.DataFrame([dict(switches=k, kind=kind, **{c: v for c, v in chronometry.sync.run_sync_study(
    nodes=8, topology="line", switches=k, transparent_clocks=kind == "transparent",
    boundary_clocks=kind == "boundary", duration="60s", warmup="30s").items()
    if c in ("skew_p99_ns", "lock_ns")}) for k in (1, 2, 4) for kind in ("transparent", "boundary", "plain")])
print(hops.pivot(index="switches", columns="kind", values="skew_p99_ns"))
plain = hops[hops.kind == "plain"].skew_p99_ns.to_numpy()
assert plain[-1] > 2 * plain[0] and hops[hops.kind != "plain"].skew_p99_ns.max() < 100'''),
        ("code", FOOTER),
    ],
}


def build(cells):
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = [new_markdown_cell(src) if kind == "md" else new_code_cell(src)
                for kind, src in cells]
    for i, cell in enumerate(nb.cells):  # stable ids: regeneration gives identical files
        cell["id"] = f"cell-{i}"
    return nb


def main():
    for name, cells in NOTEBOOKS.items():
        path = os.path.join(HERE, name)
        tmp = path + ".tmp"
        with open(tmp, "w") as out:
            nbformat.write(build(cells), out)
        os.replace(tmp, path)
        print("wrote", path)


if __name__ == "__main__":
    main()
