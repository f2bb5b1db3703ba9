#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The RDA headline of doc/latency.rst from rda study CSVs: every method's error against every
delivered packet, per regime (extra delay distribution x reorder delay R x receiver clock), mean
+- standard error beside the error predicted from the configuration alone (examples/
rda_predict.py: no measured value enters it) and whether they agree within the SE; the held
truth as a decode check; the bytes each method puts on the wire, and the regimes where RDA
beats or loses to each, in words.

The regime table of the manual (default, R > L, Pareto delays; 10 or 40 runs of 6 intervals,
about 2 minutes on 2 cores):

    build/examples/chronometry-study --study=rda --Intervals=6 --PacketInterval=10us \
        --ReorderDelayMax=100ms,300ms --Run=1,2,3,4,5,6,7,8,9,10 --csv=rda-regimes.csv
    build/examples/chronometry-study --study=rda --Intervals=6 --PacketInterval=10us \
        --ExtraDelay=pareto --ParetoShape=1.2 --ParetoScale=10550ns \
        --ReorderDelayMax=1ms,100ms --Run=1,2,...,40 --csv=rda-regimes.csv
    python3 examples/rda-headline.py rda-regimes.csv --rst

Every row of a CSV is one flow's send interval (chronometry-study --study=rda). The last
interval of a run is left out (its slow packets arrive after the receiver stops observing:
doc/latency.rst, "Known gaps"). Every method ran on the same packets, over the wire (LDA and
FineComb at the memory of RDA's exchange, the raw log as the receiver's whole log). Two truths:

  held   the packets both points cached in the interval (the paper's truth), true delays
  all    every delivered packet sent in the interval (what the network did)

Cells: the mean signed error of the mean latency in microseconds (estimate - truth), over the
runs' inner intervals, then the mean |relative error| in parentheses. The headline (two
invocations append to one CSV, 140 runs of about a second: 3 minutes on 2 cores; one more,
over the packet rate, for the bytes regime, a second):

    build/examples/chronometry-study --study=rda --Intervals=5 --PacketInterval=10us \\
        --ReorderDelayMax=100us,1ms,10ms,100ms --ClockOffset=0ms,100us,1ms,10ms \\
        --Run=1,2,3,4,5 --csv=rda-headline.csv
    build/examples/chronometry-study --study=rda --Intervals=5 --PacketInterval=10us \\
        --ReorderDelayMax=100us,1ms,10ms,100ms --SkewBound=100us,1ms,10ms \\
        --Run=1,2,3,4,5 --csv=rda-headline.csv
    build/examples/chronometry-study --study=rda --Intervals=5 --PacketInterval=1ms,100us \\
        --ReorderDelayMax=1ms,100ms --Run=1,2,3 --csv=rda-rate.csv
    python3 examples/rda-headline.py rda-headline.csv rda-rate.csv [--rst]

Every setting not named is the study's default: L = 100 ms, 1 % loss, 1 % of the packets
reordered by a delay uniform in [0, R], Weibull(0.7, 50 us) jitter over a 100 us link.
"""
import argparse
import csv
import functools
import math
import statistics
import sys
from collections import defaultdict

import rda_predict  # examples/rda_predict.py, beside this script

US = 1000.0
HELD = [("rda", "RDA"), ("lda", "LDA"), ("fc", "FineComb"), ("raw", "raw log")]
ALL = [("rda", "RDA"), ("rdab", "RDA+boundary"), ("lda", "LDA"), ("fc", "FineComb"),
       ("rawb", "raw log+boundary")]


def f(r, k):
    return float(r[k])


def clock_of(r):
    """("offset" | "E", value in ns) of the receiver's clock error"""
    e = int(r["skew_bound_ns"])
    return ("E", e) if e > 0 else ("offset", int(r["clock_offset_ns"]))


def clock_label(c):
    kind, v = c
    return "perfect" if v == 0 else f"{kind} {v / 1e6:g} ms"


def dist_of(r):
    """the extra delay's label"""
    if r.get("extra_delay", "weibull") == "pareto":
        return f"Pareto {float(r['pareto_shape']):g}"
    return f"Weibull {float(r['weibull_shape']):g}"


@functools.lru_cache(maxsize=None)
def _predict(items):
    return rda_predict.predict(dict(items))


def predicted(r):
    """RDA's and RDA+boundary's error against every delivered packet, and the delivered mean,
    from the row's configuration alone (examples/rda_predict.py), in ns"""
    return _predict(tuple(sorted(rda_predict.config_of(r).items())))


def predicted_bias(r):
    """the matching bias alone (the clock error taken out), from the configuration"""
    return predicted(r)["rda"] - rda_predict.config_of(r)["clock_ns"]


def load(paths):
    rows = []
    for p in paths:
        try:
            with open(p, newline="") as fh:
                rows += list(csv.DictReader(fh))
        except OSError as e:
            sys.exit(f"rda-headline: cannot read {p}: {e.strerror}")
    if not rows:
        sys.exit("rda-headline: no rows")
    missing = {"held_true_mean_ns", "rawb_mean_err_ns", "lda_wire_bytes",
               "rda_decode_check_ns"} - set(rows[0])
    if missing:
        sys.exit(f"rda-headline: the CSV lacks {sorted(missing)} (a study built before the "
                 "baselines went over the wire)")
    return [r for r in rows if int(r["interval"]) + 1 < int(r["intervals"])]


def cells(rows):
    """(packets per interval, R ns, clock) -> run -> rows"""
    out = defaultdict(lambda: defaultdict(list))
    for r in rows:
        per = round(f(r, "interval_length_ns") / f(r, "packet_interval_ns"))
        key = (per, int(r["reorder_delay_max_ns"]), clock_of(r), dist_of(r))
        out[key][(r["seed"], r["run"])].append(r)
    return out


def cell_mean(runs, key):
    """mean over runs of each run's mean over its rows"""
    return statistics.fmean(statistics.fmean(key(r) for r in rr) for rr in runs.values())


def table(title, header, lines, rst):
    print(f"\n{title}\n")
    if rst:
        widths = [max(len(str(x)) for x in col) for col in zip(header, *lines)]
        rule = "  ".join("=" * w for w in widths)
        print(rule)
        print("  ".join(str(h).ljust(w) for h, w in zip(header, widths)))
        print(rule)
        for ln in lines:
            print("  ".join(str(x).ljust(w) for x, w in zip(ln, widths)))
        print(rule)
    else:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for ln in lines:
            print("| " + " | ".join(str(x) for x in ln) + " |")


def accuracy_tables(cs, rst):
    keys = sorted(cs, key=lambda k: (k[3], k[0], k[1], k[2][0] != "offset", k[2][1]))
    held, alld = [], []
    for k in keys:
        runs = cs[k]
        head = [k[3], str(k[0]), f"{k[1] / 1e6:g}", clock_label(k[2])]
        h = [f"{cell_mean(runs, lambda r, p=p: f(r, p + '_mean_err_held_ns')) / US:+.2f} "
             f"({cell_mean(runs, lambda r, p=p: f(r, p + '_mean_rel_err_held')):.2g})"
             for p, _ in HELD]
        held.append(head + h)
        pred = cell_mean(runs, lambda r: predicted(r)["rda"])
        a = [f"{cell_mean(runs, lambda r, p=p: f(r, p + '_mean_err_ns')) / US:+.2f} "
             f"({cell_mean(runs, lambda r, p=p: f(r, p + '_mean_rel_err')):.2g})"
             for p, _ in ALL]
        alld.append(head + [f"{pred / US:+.2f}"] + a)
    table("The headline: against every delivered packet (signed error us, mean |rel|); 'RDA "
          "pred' from the configuration alone (examples/rda_predict.py)",
          ["extra delay", "pkts/interval", "R ms", "receiver clock", "RDA pred"] +
          [n for _, n in ALL], alld, rst)
    table("Decode check, not accuracy: against the held truth (the packets both points cached, "
          "RDA's own input set; signed error us, mean |rel|)",
          ["extra delay", "pkts/interval", "R ms", "receiver clock"] + [n for _, n in HELD],
          held, rst)


def mean_se(runs, key):
    """(mean over every row, its standard error): the larger of sd / sqrt(rows) over the
    intervals and sd(run means) / sqrt(runs) over the runs (intervals of one run can correlate)"""
    vals = [key(r) for rr in runs.values() for r in rr]
    means = [statistics.fmean(key(r) for r in rr) for rr in runs.values()]
    se = statistics.stdev(vals) / math.sqrt(len(vals)) if len(vals) > 1 else math.inf
    if len(means) > 1:
        se = max(se, statistics.stdev(means) / math.sqrt(len(means)))
    return statistics.fmean(vals), se


def agreement(meas, se, pred):
    """whether a measured mean agrees with the prediction within its standard error"""
    se = max(se, 1.0)  # the stamps are whole ns: no SE below 1 ns
    z = abs(meas - pred) / se
    return "within 1 SE" if z <= 1 else "within 2 SE" if z <= 2 else f"no ({z:.1f} SE)"


REGIME_METHODS = [("rda", "RDA"), ("rdab", "RDA+boundary"), ("lda", "LDA"), ("fc", "FineComb"),
                  ("raw", "raw log (trivial)"), ("rawb", "raw log+boundary")]


def regime_table(cs, rst):
    """The note's table: every method's error against every delivered packet per regime, mean
    +- SE over the runs' inner intervals, beside the configuration-only prediction."""
    lines, words = [], []
    for k in sorted(cs, key=lambda k: (k[2][1] != 0, k[3], k[0], k[1])):
        runs = cs[k]
        nrows = sum(len(rr) for rr in runs.values())
        cfg = rda_predict.config_of(next(iter(runs.values()))[0])
        pred = rda_predict.predict(cfg)
        cells = [k[3], f"{k[1] / 1e6:g}", f"{cfg['interval_length_ns'] / 1e6:g}",
                 clock_label(k[2]), f"{len(runs)}x{nrows // len(runs)}"]
        for p, name in REGIME_METHODS:
            m, se = mean_se(runs, lambda r, p=p: f(r, p + "_mean_err_ns"))
            cells.append(f"{m / US:+.2f} +- {se / US:.2f}")
            if p in ("rda", "rdab"):
                cells.append(f"{pred[p] / US:+.2f}")
                cells.append(agreement(m, se, pred[p]))
                words.append(f"{k[3]}, R = {k[1] / 1e6:g} ms, {clock_label(k[2])}: {name} "
                             f"{m / US:+.2f} +- {se / US:.2f} us, predicted {pred[p] / US:+.2f} "
                             f"({agreement(m, se, pred[p])})")
        dc = max(abs(f(r, "rda_decode_check_ns")) for rr in runs.values() for r in rr)
        cells.append(f"{dc:.2g}")
        lines.append(cells)
    header = ["extra delay", "R ms", "L ms", "receiver clock", "runs x intervals"]
    for p, name in REGIME_METHODS:
        header += [f"{name} us"] + ([f"{name} pred", "agree"] if p in ("rda", "rdab") else [])
    table("Against every delivered packet, per regime: signed error of the mean in us, mean +- "
          "SE over the runs' inner intervals; 'pred' from the configuration alone; decode check "
          "= largest |RDA - held mean on the points' stamps| in ns", header + ["decode check ns"],
          lines, rst)
    return words


def bytes_table(cs, rst):
    by = defaultdict(lambda: defaultdict(list))
    for (per, _, clock, _), runs in cs.items():
        for run, rr in runs.items():
            by[(per, clock)][run] += rr
    lines = []
    for k in sorted(by, key=lambda k: (k[0], k[1][0] != "offset", k[1][1])):
        runs = by[k]
        rows = [r for rr in runs.values() for r in rr]
        raw_share = sum(r["exchanged"] == "raw" for r in rows) / len(rows)
        lines.append([str(k[0]), clock_label(k[1]),
                      f"{cell_mean(runs, lambda r: f(r, 'set_difference')):.0f}",
                      f"{cell_mean(runs, lambda r: f(r, 'wire_bytes')):.0f}",
                      f"{raw_share:.0%}",
                      f"{cell_mean(runs, lambda r: f(r, 'lda_wire_bytes')):.0f}",
                      f"{cell_mean(runs, lambda r: f(r, 'fc_wire_bytes')):.0f}",
                      f"{cell_mean(runs, lambda r: f(r, 'raw_log_bytes')):.0f}"])
    table("Bytes on the wire per interval (both ways; RDA: signature included, Auto)",
          ["pkts/interval", "receiver clock", "d", "RDA wire", "RDA sent raw",
           "LDA wire", "FineComb wire", "raw log"], lines, rst)
    return by


def regimes(rows, cs, by):
    """The regimes in words, every number from the rows."""
    out = []
    perfect = [r for r in rows if clock_of(r)[1] == 0]
    off = [r for r in rows if clock_of(r)[1] >= 100_000]
    if perfect:
        rda = max(abs(f(r, "rda_decode_check_ns")) for r in perfect)
        lda = [abs(f(r, "lda_mean_err_held_ns")) / US for r in perfect]
        fc = [abs(f(r, "fc_mean_err_held_ns")) / US for r in perfect]
        out.append(f"Decode check (not accuracy: the held set is RDA's own input): with a "
                   f"perfect receiver clock RDA reproduces what both points hold (largest "
                   f"|error| {rda:.3g} ns over {len(perfect)} intervals); on that same set LDA is "
                   f"off by {statistics.fmean(lda):.1f} us "
                   f"on average (up to {max(lda):.1f}), FineComb by {statistics.fmean(fc):.2f} us "
                   f"(up to {max(fc):.1f}).")
    if off:
        share = [abs(f(r, "rda_mean_err_held_ns") / (f(r, "local_mean_ns") - f(r, "true_mean_ns")))
                 for r in off]
        lda_wins = sum(abs(f(r, "lda_mean_err_held_ns")) < abs(f(r, "rda_mean_err_held_ns"))
                       for r in off)
        fc_wins = sum(abs(f(r, "fc_mean_err_held_ns")) < abs(f(r, "rda_mean_err_held_ns"))
                      for r in off)
        lda_local = [abs(f(r, "lda_mean_ns") - f(r, "held_local_mean_ns")) / US for r in off]
        out.append(f"RDA loses its edge to clock error: with a receiver clock off by 100 us to "
                   f"10 ms every estimator's error against true time is the clock's (RDA's is "
                   f"{min(share):.3f}-{max(share):.3f} times the receiver's measured clock error "
                   f"at arrival); FineComb is closer than RDA in {fc_wins} of {len(off)} "
                   f"intervals (noise around the clock error), LDA in {lda_wins} of {len(off)}, "
                   f"not because it is more accurate: on the points' own stamps LDA is off by "
                   f"{statistics.fmean(lda_local):.0f} us on average (up to {max(lda_local):.0f}), "
                   f"a negative bias from count-matched buckets that pair a sender-only packet "
                   f"of the interval's end with a receiver-only one of the previous interval's "
                   f"end, which partly cancels the clock error.")
    skew = [r for r in rows if clock_of(r)[0] == "E"]
    if skew:
        gap = [(f(r, "skew_bound_ns") - (f(r, "local_mean_ns") - f(r, "true_mean_ns"))) / US
               for r in skew]
        out.append(f"A bounded-skew receiver clock within E acts as a fixed offset of about E: "
                   f"read at every arrival (10^5 reads/s) and monotone, it ratchets to the top "
                   f"of [t, t + E] (its mean error is E minus {statistics.fmean(gap):.1f} us, "
                   f"{min(gap):.1f}-{max(gap):.1f} over {len(skew)} intervals), so the E rows "
                   f"match the offset rows shifted by that much.")
    big = [k for k in cs if k[2][1] == 0 and k[3].startswith("Weibull")]
    if big:
        worst = max(big, key=lambda k: k[1])
        runs = cs[worst]
        meas = cell_mean(runs, lambda r: f(r, "rda_mean_err_ns")) / US
        pred = cell_mean(runs, lambda r: predicted(r)["rda"]) / US
        rdab = cell_mean(runs, lambda r: f(r, "rdab_mean_err_ns")) / US
        lda = cell_mean(runs, lambda r: f(r, "lda_mean_err_ns")) / US
        out.append(f"Boundary effects grow with R^2/L: against every delivered packet with a "
                   f"perfect clock at R = {worst[1] / 1e6:g} ms, per-interval matching misses "
                   f"the slow packets that cross the boundary: RDA {meas:+.1f} us (predicted "
                   f"{pred:+.1f}), LDA {lda:+.1f}; boundary matching, which needs packet "
                   f"identities (RDA, the raw log; not LDA or FineComb), brings RDA to "
                   f"{rdab:+.3f} us.")
    raw_wins, sketch_wins, cheaper = [], [], []
    for (per, clock), runs in sorted(by.items(), key=lambda kv: (kv[0][0], kv[0][1][1])):
        rr = [r for x in runs.values() for r in x]
        wire = statistics.fmean(f(r, "wire_bytes") for r in rr)
        raw = statistics.fmean(f(r, "raw_log_bytes") for r in rr)
        lda = statistics.fmean(f(r, "lda_wire_bytes") for r in rr)
        fc = statistics.fmean(f(r, "fc_wire_bytes") for r in rr)
        d = statistics.fmean(f(r, "set_difference") for r in rr)
        label = f"{per} packets/interval, {clock_label(clock)} (d = {d:.0f})"
        (raw_wins if raw < wire else sketch_wins).append(f"{label}: {wire:.0f} B vs {raw:.0f} B")
        if lda < wire or fc < wire:
            cheaper.append(f"{label}: RDA {wire:.0f} B, LDA {lda:.0f} B, FineComb {fc:.0f} B")
    if raw_wins:
        out.append("RDA loses to the raw log on bytes where the log is short or the set "
                   "difference large (RDA's Auto then sends the log itself, and has paid the "
                   "MinHash signature first): " + "; ".join(raw_wins) + ". It beats the raw "
                   "log elsewhere: " + "; ".join(sketch_wins) + ".")
    if cheaper:
        out.append("At equal sketch memory LDA (and FineComb where its buckets are fewer) puts "
                   "fewer bytes on the wire than RDA, which adds the signature and the "
                   "timestamp round of the receiver-only packets; they pay in accuracy "
                   "instead (above): " + "; ".join(cheaper) + ".")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="+", help="CSVs of chronometry-study --study=rda")
    ap.add_argument("--rst", action="store_true", help="reStructuredText tables (the manual's)")
    a = ap.parse_args()
    rows = load(a.csv)
    cs = cells(rows)
    words = regime_table(cs, a.rst)
    print("\nPrediction against measurement:\n")
    for w in words:
        print("* " + w)
    accuracy_tables(cs, a.rst)
    by = bytes_table(cs, a.rst)
    print("\nRegimes:\n")
    for line in regimes(rows, cs, by):
        print("* " + line)


if __name__ == "__main__":
    main()
