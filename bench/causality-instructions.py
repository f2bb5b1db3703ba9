#!/usr/bin/env python3
"""Instructions per event of each causality clock (issue 22): bench/causality-bench's timed
replay, counted under valgrind's callgrind instead of timed.

causality-bench's ratios are CPU times, and builds that differ only in where the linker placed
code move the vector clock's time by up to 12% (doc/causality.rst).  The number of instructions
a clock executes per event does not move with placement or load: it is the work, measured
exactly.  This program runs causality-bench once per clock under callgrind, counting only the
timed replay (``--toggle-collect`` on its ``RunTrace``), and prints instructions per event and
the ratio to the vector clock.  Time per event is instructions per event divided by
instructions per nanosecond, which is not the same for every clock: compare the two ratios to
see how much of a clock's time ratio is work and how much is the rate at which it runs.

usage: causality-instructions.py [--nodes N] [--clocks a,b] [--bench PATH]
  --nodes N    system size (one of causality-bench's: 8, 16, 64, 256, 1024, 4096; default 64)
  --clocks     comma-separated subset of vector, HLC, HVC, HVC_Adaptive, RepCl_published,
               RepCl_published_Adaptive, RepCl_EpochCounts, RepCl_EpochCounts_Adaptive
  --bench      the causality-bench executable (default build/bench/causality-bench)

Needs valgrind (Debian package ``valgrind``); about 10 s per clock at n = 64.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CLOCKS = ["vector", "HLC", "HVC", "HVC_Adaptive", "RepCl_published", "RepCl_published_Adaptive",
          "RepCl_EpochCounts", "RepCl_EpochCounts_Adaptive"]
SIZES = [8, 16, 64, 256, 1024, 4096]
EVENTS = 20000  # events per replay (causality-bench's EVENTS)


def count(bench, clock, nodes, workdir):
    """Run one clock at one size under callgrind.

    Returns (instructions in the timed replays, replays run)."""
    out = os.path.join(workdir, f"{clock}.callgrind")
    result = os.path.join(workdir, f"{clock}.json")
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               "--toggle-collect=*RunTrace*", bench,
               f"--benchmark_filter=^{clock}/{nodes}$", "--benchmark_repetitions=1",
               "--benchmark_min_time=0.01", f"--benchmark_out={result}",
               "--benchmark_out_format=json"]
    run = subprocess.run(command, capture_output=True, text=True)
    # causality-bench exits 1 when an encoded size changed: that is its own check, not ours.
    match = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if not match or not os.path.exists(result):
        sys.exit(f"causality-instructions: {clock}/{nodes} did not run under callgrind:\n"
                 f"{run.stderr[-2000:]}")
    with open(result) as f:
        runs = [b for b in json.load(f)["benchmarks"] if b.get("run_type") == "iteration"]
    if len(runs) != 1 or runs[0].get("error_occurred"):
        sys.exit(f"causality-instructions: {clock}/{nodes}: unexpected benchmark output")
    return int(match.group(1)), int(runs[0]["iterations"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=64)
    parser.add_argument("--clocks", default=",".join(CLOCKS))
    parser.add_argument("--bench", default=os.path.join(HERE, "..", "build", "bench",
                                                        "causality-bench"))
    args = parser.parse_args()
    if args.nodes not in SIZES:
        parser.error(f"--nodes = {args.nodes} is invalid; valid: one of {SIZES}")
    clocks = [c for c in args.clocks.split(",") if c]
    unknown = [c for c in clocks if c not in CLOCKS]
    if unknown or not clocks:
        parser.error(f"--clocks = {args.clocks!r} is invalid; valid: a subset of "
                     f"{','.join(CLOCKS)}")
    if not shutil.which("valgrind"):
        sys.exit("causality-instructions: valgrind not found (apt-get install valgrind)")
    if not os.access(args.bench, os.X_OK):
        sys.exit(f"causality-instructions: {args.bench} not found: build the benchmarks first "
                 "(cmake --build build; they need libbenchmark-dev)")
    if "vector" not in clocks:
        clocks.insert(0, "vector")  # every ratio is to the vector clock
    per_event = {}
    with tempfile.TemporaryDirectory() as workdir:
        for clock in clocks:
            instructions, replays = count(args.bench, clock, args.nodes, workdir)
            per_event[clock] = instructions / (replays * EVENTS)
            print(f"  counted {clock}: {instructions:,} instructions in {replays} replay(s)",
                  file=sys.stderr)
    print(f"Instructions per event, n = {args.nodes} (callgrind; update + encode on send, "
          "decode + merge on receive):")
    print(f"  {'clock':<18} {'instr/event':>12} {'ratio':>8}")
    for clock in clocks:
        print(f"  {clock:<18} {per_event[clock]:12.1f} "
              f"{per_event[clock] / per_event['vector']:7.3f}x")


if __name__ == "__main__":
    main()
