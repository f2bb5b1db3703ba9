#!/usr/bin/env python3
"""Bit-for-bit reproducibility of chronometry's C++ examples.

For every example (one small point each), checks that:
  * two runs with the same seed and run number write byte-identical CSV files;
  * a different run number gives different results (RngRun for the examples that take ns-3's
    global value; for the sweeps that number their runs 1..runs themselves, run 1 of a two-run
    sweep equals the one-run output and run 2 differs from it);
  * with --reference BUILD: the output of this build equals that of another build of the same
    sources (an optimized GCC build against the clang ASan/UBSan build, for instance).
Columns that measure the host's wall-clock time (wall_s, link_s) are the only ones left out of
the comparison; everything else must match byte for byte.

    check-reproducible.py BUILD_DIR [--reference OTHER_BUILD_DIR]
"""
import argparse
import csv
import io
import os
import subprocess
import sys
import tempfile

WALL_CLOCK_COLUMNS = {"wall_s", "link_s"}

# name -> (arguments for one small point, output file, how a second run number is asked for)
EXAMPLES = {
    "clock-skew-demo": (["--nodes=3", "--duration=5s"], "clock-skew.csv", "rngrun"),
    "causality-gossip": (["--nodes=4", "--duration=50ms"], "causality-events.csv", "rngrun"),
    # The generated command line of every study (here: two RDA points, one CSV line per
    # reported interval).
    "chronometry-study": (["--study=rda", "--Intervals=2", "--IntervalLength=50ms",
                           "--PacketInterval=200us", "--LossRate=0.01,0.05", "--csv=study.csv"],
                          "study.csv", "rngrun"),
    "replay-clock-sweep": (["--nodes=5", "--skew=200us", "--interval=100us", "--rate=80",
                            "--duration=40ms", "--csv=replay.csv"], "replay.csv", "rngrun"),
    "minrtt-relation-sweep": (["--rounds=20", "--workload=2", "--loads=0.5", "--runs=1"],
                              "minrtt-relation-sweep.csv", "runs"),
    "oneclock-sweep": (["--servers=2", "--operations=15", "--skews=100us", "--loads=0.02",
                        "--modes=Periodic"], "oneclock-sweep.csv", "rngrun"),
    "wap5-inference-sweep": (["--clients=2", "--rates=10", "--parallelism=none", "--skews=none",
                              "--drifts=none", "--delays=none", "--runs=1", "--top=1",
                              "--duration=1s"], "wap5-sweep.csv", "runs"),
    "rda-latency-sweep": (["--losses=0.05", "--reorders=0.01", "--skews=0", "--intervals=2",
                           "--runs=1"], "rda-latency-sweep.csv", "runs"),
}


def run(build, name, args):
    """The example's CSV, wall-clock columns removed, as a list of rows (header first)."""
    exe = os.path.join(build, "examples", name)
    with tempfile.TemporaryDirectory() as out:
        argv = [exe] + args
        if not any(a.startswith("--csv=") for a in args):
            argv.append(f"--outDir={out}")
        subprocess.run(argv, cwd=out, check=True, capture_output=True, timeout=600)
        path = os.path.join(out, EXAMPLES[name][1])
        with open(path, newline="") as f:
            text = f.read()
    rows = list(csv.reader(io.StringIO(text)))
    keep = [i for i, column in enumerate(rows[0]) if column not in WALL_CLOCK_COLUMNS]
    return [[row[i] for i in keep if i < len(row)] for row in rows]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    parser.add_argument("--reference")
    options = parser.parse_args()
    options.build = os.path.abspath(options.build)
    if options.reference:
        options.reference = os.path.abspath(options.reference)
    failures = []
    checks = 0
    for name, (args, _, vary) in EXAMPLES.items():
        if not os.path.exists(os.path.join(options.build, "examples", name)):
            failures.append(f"{name}: not built in {options.build}")
            continue
        first = run(options.build, name, args)
        second = run(options.build, name, args)
        checks += 1
        if first != second:
            failures.append(f"{name}: two runs with the same seed and run differ")
        if len(first) < 2:
            failures.append(f"{name}: no data rows")
            continue
        checks += 1
        if vary == "rngrun":
            other = run(options.build, name, args + ["--RngRun=2"])
            if other[1:] == first[1:]:
                failures.append(f"{name}: RngRun=2 gives the same results as RngRun=1")
        else:
            both = run(options.build, name, [a for a in args if not a.startswith("--runs=")]
                       + ["--runs=2"])
            n = len(first) - 1
            if both[: n + 1] != first:
                failures.append(f"{name}: run 1 of a two-run sweep differs from the one-run sweep")
            if [r[:] for r in both[n + 1:]] == first[1:] or len(both) != 2 * n + 1:
                failures.append(f"{name}: run 2 repeats run 1")
        if options.reference:
            checks += 1
            ref = run(options.reference, name, args)
            if ref != first:
                diff = next((i for i, (a, b) in enumerate(zip(ref, first)) if a != b), None)
                failures.append(f"{name}: {options.build} and {options.reference} differ "
                                f"(first differing row {diff})")
        print(f"reproducible: {name} ok" if not any(f.startswith(name) for f in failures)
              else f"reproducible: {name} FAILED")
    for f in failures:
        print("reproducible: " + f, file=sys.stderr)
    print(f"reproducible: {checks} checks over {len(EXAMPLES)} examples, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
