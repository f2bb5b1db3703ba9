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
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BUILD = os.path.join(HERE, "..", "build", "python")

# The sections (report_sections/, beside this file): the grids, and one module per technique
# with its figures. GRIDS, SYNC_RUNS and CSV_HEADERS are also read from here (the test's report.*).
from report_sections.grids import CSV_HEADERS, GRIDS, SYNC_RUNS  # noqa: E402, F401
from report_sections.common import _modules  # noqa: E402
from report_sections.replay import figures_replay, figures_replay_sync  # noqa: E402
from report_sections.relation import figures_relation  # noqa: E402
from report_sections.scheduling import figures_scheduling  # noqa: E402
from report_sections.inference import figures_inference  # noqa: E402
from report_sections.rda import figures_rda  # noqa: E402
from report_sections.sync import figures_sync, sync_extras  # noqa: E402

# Figures a technique adds from runs of its own (not the sweep's points).
EXTRA_FIGURES = {"replay": figures_replay_sync, "sync": sync_extras}

# Each figure function takes (ok rows of its technique, out dir) and returns
# [(png path, one line of interpretation computed from the rows)].
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
