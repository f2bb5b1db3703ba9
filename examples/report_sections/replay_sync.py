"""HVC and RepCl under the E a protocol delivers (issue 44): violation fractions of happened-before
pairs and of messages, each the mean of several runs with its 95% interval, against the E the
stampers assume (SkewBound), beside the delivered E (p50 / p99 / max over the workload), for PTP,
NTP in start-up and NTP in steady state.

Run alone (the table of doc/causality.rst):
    cd examples && PYTHONPATH=../build/python python3 -m report_sections.replay_sync --runs 10
"""
import argparse
import os

from .grids import MS, US

#: The three conditions: (name, label, the replay study's Sync settings).
CONDITIONS = (
    ("ptp", "PTP, 60 s after start", dict(sync="ptp", sync_warmup="60s")),
    ("ntp-startup", "NTP start-up: 3 s after start, 3 servers",
     dict(sync="ntp", sync_warmup="3s", ntp_servers=3)),
    ("ntp-steady", "NTP steady state: 12 h after start, 3 servers",
     dict(sync="ntp", sync_warmup="43200s", ntp_servers=3)),
    # The same with the one-way delay (8 us of propagation + 1.8 us) cut to 1.8 us, below what
    # NTP delivers: a message can break HVC only when its receiver's clock is behind the
    # sender's by more than the delay plus the assumed E.
    ("ntp-steady-d0", "NTP steady state, propagation delay 0",
     dict(sync="ntp", sync_warmup="43200s", ntp_servers=3, delay="0ns")),
)
#: Every point's other settings: 8 drifting nodes (50 ppm), initial offsets within +-0.5 ms
#: whatever the assumed E (OffsetSpread), 10 s of workload at 5 messages a second.
BASE = dict(nodes=8, clock_model="drifting", duration="10s", rate=5, offset_spread="1ms")
#: The assumed E (ns): decades around what each protocol delivers (PTP ns, NTP us to ms).
BOUNDS = {"demo": [1, 10, 100, 1 * US, 3 * US, 10 * US, 100 * US, 300 * US, 1 * MS, 3 * MS,
                   10 * MS],
          "tiny": [10 * US, 10 * MS]}
#: Runs (RngRun 1 .. runs) per point.
RUNS = {"demo": 10, "tiny": 2}
#: The fractions, with what they are fractions of.
FRACTIONS = (
    ("hvc_violation_fraction", "HVC / hb pairs"),
    ("r1_violation_fraction", "RepCl R1 / hb pairs"),
    ("r2_violation_fraction", "RepCl R2 pt form / pairs it applies to"),
    ("r2_thesis_violation_fraction", "RepCl R2 thesis form / pairs it applies to"),
    ("message_hvc_violation_fraction", "HVC / messages"),
    ("message_repcl_violation_fraction", "RepCl / messages"),
    ("message_downhill_fraction", "received > E downhill / messages"),
)
DELIVERED = ("sync_skew_p50_ns", "sync_skew_p99_ns", "sync_skew_max_ns")


def interval_for(e):
    """RepCl's epoch I for an assumed E (ns): E / 10 where that is a whole ns, else E."""
    return e // 10 if e >= 10 else e


def sweep(chronometry, runs, bounds, only=None):
    """One row per run: the condition, every parameter and every result of the replay study
    (only: the names of the conditions to run; all by default)."""
    import pandas as pd
    rows = []
    for name, _, sync in CONDITIONS:
        if only and name not in only:
            continue
        for e in bounds:
            for run in range(1, runs + 1):
                r = chronometry.study.run_study("replay", **BASE, **sync, skew_bound_ns=e,
                                          interval_ns=interval_for(e), run=run)
                rows.append(dict(condition=name, **{k: v for k, v in r.items()
                                                    if isinstance(v, (int, float, str, bool))}))
    return pd.DataFrame(rows)


def summarize(df):
    """Per condition and assumed E: runs, then mean and ci95 (95% interval's half-width, Student's
    t) of every fraction, the delivered E and the denominators."""
    import pandas as pd
    from chronometry_sweep.summary import statistics
    columns = [c for c, _ in FRACTIONS] + list(DELIVERED) + ["hb_pairs", "delivered_messages"]
    out = []
    for (condition, e), g in df.groupby(["condition", "skew_bound_ns"], sort=False):
        row = dict(condition=condition, skew_bound_ns=e, runs=len(g),
                   sync_skew_max_ns_worst=g.sync_skew_max_ns.max())  # the largest run's
        for c in columns:
            _, mean, _, ci95 = statistics(list(g[c]))
            row[c], row[c + "_ci95"] = mean, ci95
        out.append(row)
    return pd.DataFrame(out)


def _ns(x):
    """A time in ns as text with its unit."""
    return (f"{x / MS:.3g} ms" if x >= MS else f"{x / US:.3g} us" if x >= US else f"{x:.3g} ns")


def _pm(mean, ci95):
    """A fraction with its interval, as a percentage."""
    return f"{100 * mean:.3g} ± {100 * ci95:.2g} %" if ci95 == ci95 else f"{100 * mean:.3g} %"


def table(summary):
    """The summary as an RST table (doc/causality.rst): one line per condition and assumed E."""
    head = ["condition", "E assumed", "delivered E p50 / p99 / max (mean)", "HVC / hb pairs",
            "HVC / messages", "R1 / hb pairs", "R2 pt / applicable", "R2 thesis / applicable",
            "RepCl / messages", "downhill > E / messages"]
    lines = []
    for _, r in summary.iterrows():
        lines.append([r.condition, _ns(r.skew_bound_ns),
                      " / ".join(_ns(r[c]) for c in DELIVERED)] +
                     [_pm(r[c], r[c + "_ci95"]) for c in (
                         "hvc_violation_fraction", "message_hvc_violation_fraction",
                         "r1_violation_fraction", "r2_violation_fraction",
                         "r2_thesis_violation_fraction", "message_repcl_violation_fraction",
                         "message_downhill_fraction")])
    widths = [max(len(h), *(len(x[i]) for x in lines)) for i, h in enumerate(head)]
    rule = "  ".join("=" * w for w in widths)
    fmt = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa
    return "\n".join([rule, fmt(head), rule] + [fmt(x) for x in lines] + [rule])


def figure(summary, path):
    """HVC and RepCl R2 (pt form) per hb pair, HVC and downhill per message, against the assumed
    E, each point the mean with its 95% interval; the delivered E (p50 to max) shaded."""
    import matplotlib.pyplot as plt
    from .common import save
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.5), sharey=True)
    for i, (name, label, _) in enumerate(CONDITIONS):
        g = summary[summary.condition == name]
        if g.empty:
            continue
        colour = f"C{i}"
        for ax, series in ((axes[0], (("hvc_violation_fraction", "o-", "HVC"),
                                      ("r2_violation_fraction", "s--", "RepCl R2 pt"))),
                           (axes[1], (("message_hvc_violation_fraction", "o-", "HVC"),
                                      ("message_downhill_fraction", "^:", "downhill > E")))):
            for column, style, what in series:
                ci = g[column + "_ci95"].fillna(0)
                # The interval is symmetric (t); drawn down to 0 at most, a fraction's floor.
                ax.errorbar(g.skew_bound_ns, g[column], yerr=[ci.clip(upper=g[column]), ci],
                            fmt=style, color=colour, capsize=3, label=f"{label}: {what}",
                            clip_on=False)
            ax.axvspan(max(g.sync_skew_p50_ns.median(), 0.5), max(g.sync_skew_max_ns.median(), 1),
                       color=colour, alpha=0.15)
    axes[0].set_ylabel("violating fraction (mean, 95% interval)")
    axes[0].set_title("of happened-before pairs (R2: of the pairs it applies to)", fontsize=10)
    axes[1].set_title("of messages (send-receive pair; downhill: pt.r < pt.s - E)", fontsize=10)
    for ax in axes:
        ax.set_xscale("log")
        ax.set_yscale("symlog", linthresh=1e-4)
        ax.set_ylim(0, 1)
        ax.set_xlabel("E the stampers assume (SkewBound, ns); shaded: delivered E p50 to max")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=6)
    return save(fig, path)


def sentence(summary, runs):
    """The report's line: per condition, the delivered E and the fractions below / above it."""
    parts = []
    for name, label, _ in CONDITIONS:
        g = summary[summary.condition == name]
        if g.empty:
            continue
        top = g.sync_skew_max_ns_worst.max()
        below = g[g.skew_bound_ns < g.sync_skew_p50_ns]
        above = g[g.skew_bound_ns >= top]
        words = (f"{label}: delivered E p50 {_ns(g.sync_skew_p50_ns.median())} (mean of the "
                 f"runs), max {_ns(top)} (the largest run's); ")
        if below.empty:
            words += "no assumed E below its p50"
        else:
            w = below.loc[below.message_hvc_violation_fraction.idxmax()]
            pairs = _pm(w.hvc_violation_fraction, w.hvc_violation_fraction_ci95)
            messages = _pm(w.message_hvc_violation_fraction, w.message_hvc_violation_fraction_ci95)
            words += (f"at E {_ns(w.skew_bound_ns)} HVC breaks {pairs} of hb pairs and "
                      f"{messages} of messages")
        if not above.empty:
            words += (f"; at E >= that max, HVC {_pm(above.hvc_violation_fraction.max(), 0)} of "
                      f"hb pairs and {_pm(above.message_hvc_violation_fraction.max(), 0)} of "
                      f"messages at most")
        parts.append(words)
    return (f"HVC and RepCl under a protocol's E (8 drifting nodes, 10 s, mean ± 95% interval "
            f"of {runs} runs per point): " + "; ".join(parts) + ". RepCl R1 and R2 thesis form "
            f"at most {_pm(summary.r1_violation_fraction.max(), 0)} and "
            f"{_pm(summary.r2_thesis_violation_fraction.max(), 0)}.")


def figures_replay_sync(chronometry, out, size, build_dir=None):
    """The report's section: replay-sync.csv (every run), replay-sync-summary.csv, the figure."""
    runs = RUNS.get(size, RUNS["demo"])
    df = sweep(chronometry, runs, BOUNDS.get(size, BOUNDS["demo"]))
    summary = summarize(df)
    for frame, name in ((df, "replay-sync.csv"), (summary, "replay-sync-summary.csv")):
        tmp = os.path.join(out, name + ".tmp")
        frame.to_csv(tmp, index=False)
        os.replace(tmp, os.path.join(out, name))
    return [(figure(summary, os.path.join(out, "replay-sync.png")), sentence(summary, runs))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS["demo"])
    parser.add_argument("--out", default="results")
    parser.add_argument("--only", nargs="*", help="conditions to run (default: all)")
    parser.add_argument("--merge", nargs="*", default=[],
                        help="replay-sync.csv files of earlier runs to add (not re-run)")
    args = parser.parse_args()
    if args.runs < 2:
        raise ValueError(f"--runs = {args.runs} is invalid; valid range: >= 2 (an interval)")
    import chronometry
    os.makedirs(args.out, exist_ok=True)
    import pandas as pd
    df = pd.concat([pd.read_csv(f) for f in args.merge] +
                   [sweep(chronometry, args.runs, BOUNDS["demo"], args.only)], ignore_index=True)
    order = {name: i for i, (name, _, _) in enumerate(CONDITIONS)}
    df = df.sort_values(["condition", "skew_bound_ns", "run"], key=lambda c: c.map(order)
                        if c.name == "condition" else c, kind="stable").reset_index(drop=True)
    summary = summarize(df)
    df.to_csv(os.path.join(args.out, "replay-sync.csv"), index=False)
    summary.to_csv(os.path.join(args.out, "replay-sync-summary.csv"), index=False)
    figure(summary, os.path.join(args.out, "replay-sync.png"))
    print(table(summary))
    print(sentence(summary, args.runs))


if __name__ == "__main__":
    main()
