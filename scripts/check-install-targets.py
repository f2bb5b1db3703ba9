#!/usr/bin/env python3
"""CTest "install-minimal-targets": make install's build builds only what it installs.

Configures a build directory exactly as `make install` does (scripts/install.sh
--configure-only, same options), then reads the targets of that build from CMake's file API
and fails unless its programs and libraries are the library, chronometry-study and the Python
module (required with --python=1) and nothing else: no test runner, test program, benchmark
or other example. Nothing is compiled.

  check-install-targets.py WORK_DIR [--ns3 3.37 | --ns3-prefix DIR] [--python=0|1]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]
BUILT_TYPES = {"EXECUTABLE", "SHARED_LIBRARY", "MODULE_LIBRARY", "STATIC_LIBRARY",
               "OBJECT_LIBRARY"}


def built_targets(build):
    """Name -> type of every target of `build` that compiles or links something."""
    reply = build / ".cmake" / "api" / "v1" / "reply"
    index = json.loads(max(reply.glob("index-*.json")).read_text())
    codemodel = index["reply"]["codemodel-v2"]["jsonFile"]
    model = json.loads((reply / codemodel).read_text())
    targets = {}
    for config in model["configurations"]:
        for t in config["targets"]:
            detail = json.loads((reply / t["jsonFile"]).read_text())
            if detail["type"] in BUILT_TYPES:
                targets[detail["name"]] = detail["type"]
    return targets


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("work", type=Path)
    parser.add_argument("--ns3", default="3.37")
    parser.add_argument("--ns3-prefix", default="")
    parser.add_argument("--python", type=int, choices=(0, 1), default=0,
                        help="1: the Python module is required (the calling build has it)")
    args = parser.parse_args()

    shutil.rmtree(args.work, ignore_errors=True)
    build = args.work / "build"
    query = build / ".cmake" / "api" / "v1" / "query"
    query.mkdir(parents=True)
    (query / "codemodel-v2").touch()
    env = dict(os.environ, PREFIX=str(args.work / "prefix"), BUILD_DIR=str(build),
               NS3=args.ns3, NS3_PREFIX=args.ns3_prefix)
    run = subprocess.run(["bash", str(SOURCE / "scripts" / "install.sh"), "--configure-only"],
                         env=env, cwd=SOURCE, capture_output=True, text=True)
    print(run.stdout + run.stderr)
    if run.returncode != 0:
        print(f"install-minimal-targets: configuring as make install does failed "
              f"(exit {run.returncode})")
        return 1

    targets = built_targets(build)
    # The Python module is left out (with a warning) where pybind11 is missing; it must be
    # there when the calling build has it.
    allowed = {"chronometry", "chronometry-study", "chronometry_py"}
    required = allowed if args.python else allowed - {"chronometry_py"}
    print("install-minimal-targets: make install's build has", ", ".join(
        f"{n} ({t})" for n, t in sorted(targets.items())))
    problems = []
    if set(targets) - allowed:
        problems.append(f"builds more than it installs: {sorted(set(targets) - allowed)}")
    if required - set(targets):
        problems.append(f"lacks {sorted(required - set(targets))}")
    for p in problems:
        print("install-minimal-targets:", p)
    if not problems:
        print("install-minimal-targets: only the installed targets are built")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
