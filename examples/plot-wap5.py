#!/usr/bin/env python3
"""Plot the output of wap5-inference-sweep.

usage: plot-wap5.py [results]   (reads results/wap5-sweep.csv and results/wap5-patterns.csv)

Writes results/wap5-precision-recall.png (link precision/recall vs alpha, parallelism, E and
drift, with the vector clocks' number of happened-before candidates beside) and
results/wap5-pattern-<kind>-<rank>.png (the top path patterns as timelines: nodes as boxes,
messages as lines, mean node and network delays labelled).
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def save(fig, path):
    tmp = path + ".tmp.png"
    fig.savefig(tmp, dpi=120)
    plt.close(fig)
    os.replace(tmp, path)


def sweep_figure(sweep, out):
    factors = [("rate", "rate", "alpha: requests/s per client", False),
               ("parallelism", "clients", "parallelism: clients", False),
               ("skew", "skew_bound_us", "clock skew E (µs)", True),
               ("drift", "drift_ppm", "drift bound (ppm)", False)]
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    for axis, (factor, column, label, logx) in zip(axes.flat, factors):
        rows = sweep[sweep["factor"] == factor]
        if rows.empty:
            axis.set_visible(False)
            continue
        g = rows.groupby(column).mean(numeric_only=True)
        x = g.index.values.astype(float)
        if logx:
            x = [max(v, 0.1) for v in x]  # log axis: E = 0 shows at 0.1 µs
            axis.set_xscale("log")
        axis.plot(x, g["link_precision"], "o-", label="link precision")
        axis.plot(x, g["link_recall"], "s-", label="link recall")
        axis.plot(x, g["map_pattern_recall"], "^--", label="MAP pattern recall")
        axis.set_ylim(0, 1.05)
        axis.set_xlabel(label)
        axis.grid(alpha=0.3)
        twin = axis.twinx()
        twin.plot(x, g["vc_candidates"], "k:", label="vector-clock hb candidates")
        twin.set_ylim(bottom=0)
        twin.set_ylabel("hb candidates per message")
        if factor == "rate":
            axis.legend(fontsize=8, loc="lower left")
            twin.legend(fontsize=8, loc="upper right")
    fig.suptitle("WAP5 linking vs the simulator's true causes (mean over runs)")
    fig.tight_layout()
    save(fig, os.path.join(out, "wap5-precision-recall.png"))


def timeline(rows, path, title):
    rows = rows.sort_values("node")
    nodes = sorted(set(rows["sender"]) | set(rows["receiver"]))
    lane = {n: i for i, n in enumerate(nodes)}
    send, recv = {}, {}
    for _, r in rows.iterrows():
        k = int(r["node"])
        p = int(r["parent"])
        send[k] = 0.0 if p < 0 else recv[p] + r["node_delay_us"]
        recv[k] = send[k] + r["network_delay_us"]
    end = max(recv.values()) if recv else 1.0
    fig, axis = plt.subplots(figsize=(2 + 1.6 * len(nodes), 6))
    for n, i in lane.items():
        axis.add_patch(plt.Rectangle((i - 0.3, -0.12 * end - 0.02 * end), 0.6, 0.1 * end,
                                     fill=True, color="#dde", ec="black"))
        axis.text(i, -0.07 * end - 0.02 * end, f"node {n}", ha="center", va="center", fontsize=9)
        axis.plot([i, i], [0, end * 1.05], color="gray", linewidth=0.8)
    for _, r in rows.iterrows():
        k = int(r["node"])
        a, b = lane[int(r["sender"])], lane[int(r["receiver"])]
        axis.annotate("", xy=(b, recv[k]), xytext=(a, send[k]),
                      arrowprops=dict(arrowstyle="->", color="tab:blue"))
        axis.text((a + b) / 2, (send[k] + recv[k]) / 2, f"{r['network_delay_us']:.0f} µs",
                  fontsize=7, color="tab:blue", ha="center")
        if int(r["parent"]) >= 0:
            axis.text(a + 0.05, send[k], f"{r['node_delay_us']:.0f} µs", fontsize=7,
                      color="tab:red", va="bottom")
    axis.set_xlim(-0.6, len(nodes) - 0.4)
    axis.set_ylim(end * 1.08, -0.15 * end)
    axis.set_xticks([])
    axis.set_ylabel("time since the root was sent (µs)")
    axis.set_title(title, fontsize=9)
    fig.tight_layout()
    save(fig, path)


def main(out):
    sweep_path = os.path.join(out, "wap5-sweep.csv")
    if os.path.exists(sweep_path):
        sweep_figure(pd.read_csv(sweep_path), out)
    pattern_path = os.path.join(out, "wap5-patterns.csv")
    if os.path.exists(pattern_path):
        patterns = pd.read_csv(pattern_path)
        for (kind, rank), rows in patterns.groupby(["kind", "rank"]):
            first = rows.iloc[0]
            title = (f"{kind} pattern {rank}: {first['signature']}\n"
                     f"expected count {first['expected_count']:.1f}, instances "
                     f"{first['instances']}, MAP count {first['map_count']}"
                     "  (red: node delay, blue: network delay)")
            timeline(rows, os.path.join(out, f"wap5-pattern-{kind}-{rank}.png"), title)


def arguments():
    """The command line (--help prints the usage and what is drawn)."""
    import argparse
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="?", default="results",
                        help="the folder with wap5-sweep.csv and wap5-patterns.csv")
    args = parser.parse_args()
    if not any(os.path.exists(os.path.join(args.results, name))
               for name in ("wap5-sweep.csv", "wap5-patterns.csv")):
        parser.error(f"{args.results}: no wap5-sweep.csv or wap5-patterns.csv there "
                     "(run wap5-inference-sweep first)")
    return args


if __name__ == "__main__":
    main(arguments().results)
