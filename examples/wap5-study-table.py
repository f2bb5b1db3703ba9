#!/usr/bin/env python3
"""WAP5 through the inference study: the headline table with 95 % intervals.

Runs build/examples/chronometry-study --study=inference (every number is one ns-3 run scored
against the applications' true causes and the simulator's true times) and prints the tables of
doc/inference.rst ("Through the study"):

  headline   WAP5 vs the latest-arrival and nesting baselines (links, MAP path patterns) and vs
             uniform probabilities (calibration) at alpha 1, 10, 40, 80, for each window x
  model      the workload where the rule and a delay model can differ (back-end step 20 ms
             after a call, 1 ms after the lookup reply): published WAP5 vs the per-parent-pair
             model with 3 re-estimation rounds, against the rule (latest arrival within y*d)
  clocks     reconciled one-way delay error vs E and drift over long traces: the paper's
             constant offset vs the offset-and-rate estimator

Each alpha gets its own Duration so that every run has at least --messages messages (checked:
the script stops if a run has fewer). Intervals: Student-t over the runs (chronometry's
mean_interval, the C++ MeanInterval).

usage: wap5-study-table.py [--build build] [--out wap5-study] [--runs 20] [--messages 500]
                           [--windows 10ms,100ms,500ms,2s] [--only headline|model|clocks]
The CSVs (one line per run, the study's columns) are written to --out and reused if present
(delete them to re-run).
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# alpha -> Duration: 4 clients, about 5 messages per request, so 20 * alpha messages per second;
# about 2 to 3 times --messages=500 on average (the minimum is checked); no two alphas share
# Rate * Duration, so their Poisson request times (one stream) are not the same draws rescaled.
DURATIONS = {1: "40s", 10: "6s", 40: "2.5s", 80: "1.5s"}
# Long traces for the clock sweep: 2 requests/s per client for 60 s (about 2,400 messages).
CLOCK_POINT = dict(Rate="2", Duration="60s")
SKEWS = "0ns,1ms,10ms,100ms"
DRIFTS = "0,10,50,200"

LINK_METHODS = [("WAP5", ""), ("latest arrival", "latest_"), ("nesting", "nesting_")]


def study(build, csv, **params):
    args = [os.path.join(build, "examples", "chronometry-study"), "--study=inference",
            f"--csv={csv}"] + [f"--{k}={v}" for k, v in params.items()]
    print("+", " ".join(args[1:]), file=sys.stderr)
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def interval(values):
    import chronometry
    s = chronometry.inference.mean_interval(list(values))
    return s["mean"], (s["upper"] - s["lower"]) / 2


def fmt(values, digits=3):
    m, h = interval(values)
    return f"{m:.{digits}f} ± {h:.{digits}f}"


def headline(df, runs):
    lines = []
    for window, w in df.groupby("window_ms"):
        lines += ["", f"x = {window:g} ms, {runs} runs per alpha; messages per run: "
                  + ", ".join(f"alpha {a:g}: min {int(r.messages.min())}, mean "
                              f"{r.messages.mean():.0f}" for a, r in w.groupby("rate")), ""]
        lines.append("| alpha | method | link precision | link recall | MAP pattern recall "
                     "| clients aggregated | log-loss | Brier | ECE |")
        lines.append("|---|---|---|---|---|---|---|---|---|")
        for alpha, r in w.groupby("rate"):
            for name, p in LINK_METHODS:
                cal = (f"{fmt(r.log_loss)} | {fmt(r.brier)} | {fmt(r.ece)}" if p == ""
                       else "| |")
                lines.append(f"| {alpha:g} | {name} | {fmt(r[p + 'link_precision'])} | "
                             f"{fmt(r[p + 'link_recall'])} | {fmt(r[p + 'map_pattern_recall'])} "
                             f"| {fmt(r[p + 'aggregated_map_pattern_recall'])} | {cal} |")
            lines.append(f"| {alpha:g} | uniform | | | | | {fmt(r.uniform_log_loss)} | "
                         f"{fmt(r.uniform_brier)} | {fmt(r.uniform_ece)} |")
            lines.append(f"| {alpha:g} | WAP5 vs rule | disagreement "
                         f"{fmt(r.rule_disagreement)} | | | | | | |")
    return lines


def model(df, runs):
    lines = ["", f"BackendService = 20 ms, ReplyService = 1 ms, x = 100 ms, {runs} runs per alpha; "
             "'differs': share of decisions unlike the rule's, and of those the share each side "
             "gets right", "",
             "| alpha | delay model | link precision | link recall | log-loss | differs from rule "
             "| model right there | rule right there |", "|---|---|---|---|---|---|---|---|"]
    for (alpha, dm), r in df.groupby(["rate", "delay_model"]):
        lines.append(f"| {alpha:g} | {dm} | {fmt(r.link_precision)} | {fmt(r.link_recall)} | "
                     f"{fmt(r.log_loss)} | {fmt(r.rule_disagreement)} | "
                     f"{fmt(r.rule_disagreement_wap5_right)} | "
                     f"{fmt(r.rule_disagreement_rule_right)} |")
    for alpha, r in df[df.delay_model == "PerChildPair"].groupby("rate"):
        lines.append(f"| {alpha:g} | latest arrival (baseline) | {fmt(r.latest_link_precision)} | "
                     f"{fmt(r.latest_link_recall)} | | | | |")
    return lines


def clocks(df, runs):
    lines = ["", f"{runs} runs of {CLOCK_POINT['Duration']} at alpha = {CLOCK_POINT['Rate']}/s "
             f"(messages per run: min {int(df.messages.min())}); mean |reconciled - true| "
             "one-way delay in us (largest in brackets); per-node delay: relative error of the per-link-type node "
             "delays (one clock each)", "",
             "| E (ms) | drift (ppm) | raw | constant offset | offset and rate | per-node delay "
             "| link recall |", "|---|---|---|---|---|---|---|"]
    for (skew, drift), r in df.groupby(["skew_bound_us", "drift_ppm"]):
        lines.append(f"| {skew / 1e3:g} | {drift:g} | {fmt(r.raw_network_delay_error_us, 1)} | "
                     f"{fmt(r.network_delay_error_us, 1)} ({r.network_delay_error_max_us.max():.0f}) | "
                     f"{fmt(r.rate_network_delay_error_us, 1)} "
                     f"({r.rate_network_delay_error_max_us.max():.1f}) | "
                     f"{fmt(r.link_node_delay_error)} | {fmt(r.link_recall)} |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    parser.add_argument("--out", default="wap5-study")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--messages", type=int, default=500)
    parser.add_argument("--windows", default="10ms,100ms,500ms,2s")
    parser.add_argument("--only", choices=["headline", "model", "clocks"])
    a = parser.parse_args()
    if a.runs < 2:
        parser.error("--runs must be at least 2 (intervals)")
    sys.path.insert(0, os.path.join(a.build, "python"))
    import pandas as pd
    os.makedirs(a.out, exist_ok=True)
    run_list = ",".join(str(i) for i in range(1, a.runs + 1))
    out = []
    if a.only in (None, "headline"):
        csv = os.path.join(a.out, "headline.csv")
        if not os.path.exists(csv):
            if os.path.exists(csv + ".tmp"):
                os.remove(csv + ".tmp")
            for alpha, duration in DURATIONS.items():
                study(a.build, csv + ".tmp", Rate=alpha, Duration=duration, Window=a.windows,
                      Run=run_list)
            os.replace(csv + ".tmp", csv)
        df = pd.read_csv(csv)
        if df.messages.min() < a.messages:
            sys.exit(f"a run has {df.messages.min()} messages, fewer than --messages")
        out += headline(df, a.runs)
    if a.only in (None, "model"):
        csv = os.path.join(a.out, "model.csv")
        if not os.path.exists(csv):
            if os.path.exists(csv + ".tmp"):
                os.remove(csv + ".tmp")
            for alpha, duration in DURATIONS.items():
                for dm, iterations in (("PerChildPair", 0), ("PerParentPair", 3)):
                    study(a.build, csv + ".tmp", Rate=alpha, Duration=duration,
                          BackendService="20ms", ReplyService="1ms", DelayModel=dm,
                          Iterations=iterations, Run=run_list)
            os.replace(csv + ".tmp", csv)
        out += model(pd.read_csv(csv), a.runs)
    if a.only in (None, "clocks"):
        csv = os.path.join(a.out, "clocks.csv")
        if not os.path.exists(csv):
            if os.path.exists(csv + ".tmp"):
                os.remove(csv + ".tmp")
            study(a.build, csv + ".tmp", Skew=SKEWS, DriftPpm=DRIFTS, Run=run_list, **CLOCK_POINT)
            os.replace(csv + ".tmp", csv)
        out += clocks(pd.read_csv(csv), a.runs)
    print("\n".join(out))


if __name__ == "__main__":
    main()
