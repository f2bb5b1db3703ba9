#!/usr/bin/env python3
"""A refused Attribute value ends an ns-3 program with the reason and exit status 1.

Runs test/config-error-exit.cc's paths (SetAttribute, Config::SetDefault, ObjectFactory::Set:
ns-3 ends each in NS_FATAL_ERROR) and checks that each exits with status 1 (not an abort) and
prints chronometry's message naming the attribute, the value and the valid range; the
SetAttributeFailSafe path returns false without exiting. Then the command-line tool: an invalid
study parameter exits with status 1 and the message.

    check-config-error-exit.py PROGRAM [CHRONOMETRY_STUDY]
"""
import subprocess
import sys

EXPECTED = "ns3::BoundedSkewClock::SkewBound = 2h is invalid; valid range: [1ns, 1h]"


def run(argv):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


def main(argv):
    failures = []
    program = argv[1]
    for path in ("set", "default", "factory"):
        rc, out = run([program, path])
        if rc != 1 or "chronometry: configuration error: " + EXPECTED not in out:
            failures.append(f"{path}: exit {rc}, output:\n{out}")
    rc, out = run([program, "failsafe"])
    if rc != 0 or EXPECTED not in out or "set=0" not in out:
        failures.append(f"failsafe: exit {rc}, output:\n{out}")
    if len(argv) > 2:
        rc, out = run([argv[2], "--study=replay", "--SkewBound=2"])
        if rc != 1 or "configuration error: --SkewBound = '2' is invalid" not in out \
                or "terminate called" in out:
            failures.append(f"chronometry-study --SkewBound=2: exit {rc}, output:\n{out}")
    for f in failures:
        print("FAIL", f)
    print(f"check-config-error-exit: {4 + (len(argv) > 2) - len(failures)} of "
          f"{4 + (len(argv) > 2)} paths end as they should")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
