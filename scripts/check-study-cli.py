#!/usr/bin/env python3
"""The researcher's loop on chronometry-study's command line (issue 40), as a person meets it:
a sweep into a missing folder keeps its rows; a sweep interrupted after some points and run
again finishes the rest without repeating them; a CSV of another study is refused with exit 1
(never an abort); --Runs=N adds a summary with 95% intervals; the sweep prints an estimated
time and an ETA; a mistyped option prints one line with the closest valid name; standard output
is a table (--output=csv: the CSV).

usage: check-study-cli.py <chronometry-study>
"""
import csv
import os
import signal
import subprocess
import sys
import tempfile
import time

STUDY = None
FAST = ["--study=sync", "--Nodes=3", "--Duration=2s", "--Warmup=1s", "--SamplePeriod=20ms"]


def run(args, **kw):
    p = subprocess.run([STUDY] + args, capture_output=True, text=True, timeout=600, **kw)
    return p.returncode, p.stdout, p.stderr


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


CHECKS = []


def check(failures, condition, what):
    CHECKS.append(condition)
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def main():
    global STUDY
    STUDY = os.path.abspath(sys.argv[1])
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        # 1. A missing folder is created before the first point; the rows are kept.
        out = os.path.join(tmp, "new", "deeper", "sync.csv")
        rc, stdout, stderr = run(FAST + ["--Run=1,2", f"--csv={out}"])
        check(failures, rc == 0 and os.path.exists(out) and len(rows(out)) == 2,
              f"--csv into a missing folder: exit {rc}, 2 rows kept")
        check(failures, "about" in stderr and "ETA" in stderr,
              "the sweep prints its estimated time and an ETA")
        check(failures, "skew_p99_ns" in stdout and " ns" in stdout and "," not in
              stdout.splitlines()[1], "standard output is a table (name, value, unit)")

        # 2. Another study's CSV is refused before anything runs: exit 1, a message, no abort.
        rc, _, stderr = run(["--study=replay", "--Nodes=4", "--Duration=40ms", f"--csv={out}"])
        check(failures, rc == 1 and "holds other columns" in stderr and "column 2" in stderr,
              f"appending another study's rows is refused (exit {rc}): {stderr.strip()[:120]}")
        check(failures, len(rows(out)) == 2, "and the file is untouched")
        rc, _, stderr = run(FAST + ["--csv=/proc/chronometry-no/x.csv"])
        check(failures, rc == 1 and "cannot be written" in stderr,
              f"an unwritable --csv: exit {rc} before the run, not 134")

        # 3. Interrupted after some points, run again: the rest, none twice.
        slow = ["--study=sync", "--Nodes=4", "--Duration=3s", "--Warmup=1s", "--Load=0.1"]
        resume = os.path.join(tmp, "resume.csv")
        runs = ["--Run=1,2,3,4,5,6"]
        p = subprocess.Popen([STUDY] + slow + runs + [f"--csv={resume}"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 300
        while time.time() < deadline and p.poll() is None:
            if os.path.exists(resume) and len(rows(resume)) >= 2:
                break
            time.sleep(0.02)
        interrupted = p.poll() is None
        p.send_signal(signal.SIGINT)
        _, stderr = p.communicate(timeout=120)
        before = len(rows(resume))
        check(failures, interrupted and 2 <= before < 6,
              f"interrupted with {before} of 6 points in the file")
        check(failures, "run the same command again" in stderr,
              "the interrupt says how to resume")
        rc, _, stderr = run(slow + runs + [f"--csv={resume}"])
        done = rows(resume)
        keys = [r["run"] for r in done]
        check(failures, rc == 0 and sorted(keys, key=int) == [str(i) for i in range(1, 7)],
              f"run again: the {6 - before} missing points ran, none twice (runs {keys})")
        check(failures, f"{before} of 6 points already in" in stderr,
              "and it said which it skipped")
        print(f"resume: {before} points before the interrupt, {6 - before} after", flush=True)

        # 4. Replications: a summary per point with intervals over the runs.
        rep = os.path.join(tmp, "rep", "sync.csv")
        rc, stdout, stderr = run(FAST + ["--Runs=5", "--Timestamping=custom", "--TimestampNoise=0ns,20ns",
                                         f"--csv={rep}"])
        summary = rows(os.path.join(tmp, "rep", "sync-summary.csv"))
        check(failures, rc == 0 and len(rows(rep)) == 10 and len(summary) == 2,
              "--Runs=5 over 2 points: 10 rows, 2 summary lines")
        check(failures, all(s["runs"] == "5" and s["skew_p99_ns_ci95"] != "" for s in summary),
              "each summary line: 5 runs and a 95% interval")
        check(failures, "+-" in stdout and "timestamp_noise_ns=20" in stdout,
              "the summary table shows mean +- interval per point")

        # 5. A mistyped option: one line, the closest valid name.
        rc, stdout, stderr = run(FAST + ["--TimeStampNoise=10ns"])
        lines = (stdout + stderr).strip().splitlines()
        check(failures, rc == 1 and len(lines) == 1 and "did you mean --TimestampNoise?" in
              lines[0], f"a mistyped option: exit {rc}, {len(lines)} line(s): {lines[:1]}")

        # 6. --output=csv: the CSV on standard output.
        rc, stdout, _ = run(FAST + ["--output=csv"])
        check(failures, rc == 0 and stdout.startswith("nodes,") and len(stdout.splitlines()) == 2,
              "--output=csv prints the header and the line")
    print(f"{sum(CHECKS)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
