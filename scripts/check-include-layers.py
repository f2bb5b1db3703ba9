#!/usr/bin/env python3
"""Layers and include cycles of the C++ sources (issue 42).

Reads every #include "..." of the C++ files (.h, .cc) under model/, helper/, study/, bench/,
examples/, bindings/ and test/ and refuses:

* a file under model/ or helper/ that includes a header under study/ (the model and its
  helpers are the lower layer: a study uses them, never the other way round);
* a cycle of local includes between units: a unit is a header with its .cc files (NAME.h,
  NAME.cc and NAME-PART.cc in its folder), so study.h including study-description.h while
  study-description.cc includes study.h is a cycle, as is one between two headers.

An include resolves to one of this project's headers by its path relative to the including
file, or, for "ns3/NAME.h" (the flat include folder every header is exported to) and a bare
name not found beside the file, by its file name; anything else (ns-3's headers, the standard
library) is not ours and is skipped.

    check-include-layers.py SOURCE_DIR     (exit 1 and one line per finding)
"""
import os
import re
import sys

from cxx_text import sources, strip

FOLDERS = ["model", "helper", "study", "bench", "examples", "bindings", "test"]
LOWER_LAYERS = ("model/", "helper/")
UPPER_LAYER = "study/"
# Temporary exemptions: unit cycles (each a set of units) reported as "exempt" instead of
# failing, while their own change breaks them (the four this check found besides the study one
# are broken too; none are left). Remove an entry once its cycle is gone.
TEMPORARY_EXEMPTIONS = []
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def includes(path):
    """The quoted includes of a file, commented-out ones left out."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    blanked = strip(text)
    found = []
    for m in INCLUDE.finditer(text):
        # strip() blanks comments but keeps the quotes of a literal: an include inside a
        # comment is blanked entirely, so its '#' is gone too.
        if blanked[m.start(1) - 1:m.start(1)] == '"' and "#" in blanked[m.start():m.start(1)]:
            found.append(m.group(1))
    return found


def resolve(root, rel, name, by_name):
    """The header (relative to root) that `#include "name"` in file rel means, or None."""
    if not name.startswith("ns3/"):
        local = os.path.normpath(os.path.join(os.path.dirname(rel), name))
        if os.path.isfile(os.path.join(root, local)):
            return local
    candidates = by_name.get(os.path.basename(name), [])
    return candidates[0] if len(candidates) == 1 else None


def graph(root):
    files = [rel for _, rel in sources(root, FOLDERS)]
    by_name = {}
    for rel in files:
        if rel.endswith(".h"):
            by_name.setdefault(os.path.basename(rel), []).append(rel)
    edges = {}
    for rel in files:
        targets = []
        for name in includes(os.path.join(root, rel)):
            target = resolve(root, rel, name, by_name)
            if target is not None and target != rel:
                targets.append(target)
        edges[rel] = targets
    return edges


def unit_of(rel, headers):
    """The unit (a header's path without .h) a file belongs to: its own header's, or that of
    the header in its folder whose name is the longest prefix of its name at a '-'."""
    stem = rel[:-2] if rel.endswith(".h") else rel[:-3] if rel.endswith(".cc") else rel
    best = None
    for h in headers:
        base = h[:-2]
        if os.path.dirname(base) != os.path.dirname(stem):
            continue
        if stem == base or stem.startswith(base + "-"):
            if best is None or len(base) > len(best):
                best = base
    return best if best is not None else stem


def units(edges):
    """The include graph between units."""
    headers = [rel for rel in edges if rel.endswith(".h")]
    unit = {rel: unit_of(rel, headers) for rel in edges}
    graph_ = {}
    for rel, targets in edges.items():
        out = graph_.setdefault(unit[rel], [])
        for target in targets:
            u = unit.get(target, target[:-2])
            if u != unit[rel] and u not in out:
                out.append(u)
    return graph_


def cycles(edges):
    """Each include cycle once, as a list of files starting and ending at the same one."""
    found, seen_sets = [], set()
    state = {}  # 1: on the current path, 2: done
    path = []

    def visit(node):
        state[node] = 1
        path.append(node)
        for nxt in edges.get(node, []):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                key = frozenset(cycle)
                if key not in seen_sets:
                    seen_sets.add(key)
                    found.append(cycle)
            elif state.get(nxt) is None:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if state.get(node) is None:
            visit(node)
    return found


def check(root):
    edges = graph(root)
    failures, exempt = [], []
    for rel in sorted(edges):
        if rel.startswith(LOWER_LAYERS):
            for target in edges[rel]:
                if target.startswith(UPPER_LAYER):
                    failures.append(f"{rel}: includes {target} (model/ and helper/ must not "
                                    f"include study/)")
    for cycle in cycles(units(edges)):
        sink = exempt if set(cycle) in TEMPORARY_EXEMPTIONS else failures
        sink.append("include cycle: " + " -> ".join(u + ".h/.cc" for u in cycle))
    if not edges:
        failures.append(f"{root}: no C++ file under {', '.join(FOLDERS)}")
    return failures, exempt, len(edges)


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    failures, exempt, n = check(argv[1])
    for line in exempt:
        print("exempt (temporary): " + line)
    for line in failures:
        print(line)
    if failures:
        print(f"{len(failures)} include-layer finding(s)")
        return 1
    print(f"include layers: OK ({n} files, no study/ include from model/ or helper/, no include "
          f"cycle; {len(exempt)} temporarily exempt cycle(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
