#!/usr/bin/env python3
"""Your own simulation from Python (README, "Your own simulation").

The replay-clock scenario of chronometry on n nodes whose clocks stay within E of true time:
each node sends to random peers at rate alpha, every packet carries causality timestamps (E is
taken from the clocks), and the checker scores them against the vector-clock ground truth.
Times are integer nanoseconds. With an installed chronometry the module is found on Debian's
python3 path (prefix /usr or /usr/local) or with PYTHONPATH=<prefix>/lib/python3.X/dist-packages;
with a build tree, PYTHONPATH=<build>/python.

    python3 my_simulation.py [--nodes 8] [--skew-bound-us 1000] [--rate 100] [--runs 2]
"""
import argparse
import sys

import chronometry


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=8)
    parser.add_argument("--skew-bound-us", "--skew-us", dest="skew_bound_us", type=int, default=1000,
                        help="clock skew bound E, us")
    parser.add_argument("--rate", type=float, default=100, help="messages/s per node (alpha)")
    parser.add_argument("--duration-ms", type=int, default=200)
    parser.add_argument("--runs", type=int, default=2, help="independent runs (RngRun 1..N)")
    args = parser.parse_args()

    print(f"my_simulation: chronometry from {chronometry.__file__}")
    ok = True
    for run in range(1, args.runs + 1):
        r = chronometry.causality.run_replay_study(nodes=args.nodes, skew_bound_ns=args.skew_bound_us * 1000,
                                         rate=args.rate, duration_ns=args.duration_ms * 1_000_000,
                                         run=run)
        kept = r["r1_violations"] == 0 and r["hvc_violations"] == 0 and r["hlc_violations"] == 0
        ok = ok and r["events"] > 0 and kept
        print(f"run {run}: {r['events']} events, {r['messages']} messages, "
              f"RepCl theta mean {r['theta_mean']:.2f} (max {r['theta_max']}), "
              f"happened-before kept by RepCl, HVC and HLC: {'yes' if kept else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
