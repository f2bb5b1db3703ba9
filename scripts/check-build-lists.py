#!/usr/bin/env python3
"""Fail when wscript (waf era) and CMakeLists.txt disagree on chronometry's files.

Compares sources, headers, test sources, examples and recipes; also checks that every
listed file exists and that every .cc/.h under model/, helper/, study/ and test/ (and every
.cc under examples/recipes/) is listed.
"""
import re
import sys
from pathlib import Path


def cmake_list(text, name):
    m = re.search(r"set\(\s*" + re.escape(name) + r"\s+(.*?)\)", text, re.S)
    if not m:
        raise SystemExit(f"CMakeLists: no set({name} ...)")
    return [w for w in m.group(1).split() if not w.startswith("#")]


def waf_list(text, name):
    m = re.search(re.escape(name) + r"\s*=\s*\[(.*?)\]", text, re.S)
    if not m:
        raise SystemExit(f"wscript: no {name} = [...]")
    return re.findall(r"['\"]([^'\"]+)['\"]", m.group(1))


def main(root):
    root = Path(root)
    cmake = (root / "CMakeLists.txt").read_text()
    examples_cmake = (root / "examples" / "CMakeLists.txt").read_text()
    waf = (root / "wscript").read_text()
    examples_waf = (root / "examples" / "wscript").read_text()
    pairs = {
        "sources": (cmake_list(cmake, "chronometry_sources"), waf_list(waf, "module.source")),
        "headers": (cmake_list(cmake, "chronometry_headers"), waf_list(waf, "headers.source")),
        "tests": (cmake_list(cmake, "chronometry_test_sources"),
                  waf_list(waf, "module_test.source")),
        "examples": (cmake_list(examples_cmake, "chronometry_examples"),
                     waf_list(examples_waf, "chronometry_examples")),
        "recipes": (cmake_list(examples_cmake, "chronometry_recipes"),
                    waf_list(examples_waf, "chronometry_recipes")),
    }
    problems = []
    for what, (c, w) in pairs.items():
        if sorted(c) != sorted(w):
            problems.append(f"{what}: only in CMakeLists.txt {sorted(set(c) - set(w))}, "
                            f"only in wscript {sorted(set(w) - set(c))}")
    listed = set(pairs["sources"][0]) | set(pairs["headers"][0]) | set(pairs["tests"][0])
    for f in sorted(listed):
        if not (root / f).is_file():
            problems.append(f"listed but missing: {f}")
    for ex in pairs["examples"][0]:
        if not (root / "examples" / f"{ex}.cc").is_file():
            problems.append(f"example listed but missing: examples/{ex}.cc")
    recipes = set(pairs["recipes"][0])
    for name in sorted(recipes):
        if not (root / "examples" / "recipes" / f"{name}.cc").is_file():
            problems.append(f"recipe listed but missing: examples/recipes/{name}.cc")
    for f in sorted((root / "examples" / "recipes").glob("*.cc")):
        if f.stem not in recipes:
            problems.append(f"recipe not listed in the build: examples/recipes/{f.name}")
    # Programs of the standalone CMake build only (a test runner, a header check).
    STANDALONE_ONLY = {"test/chronometry-test-runner.cc", "test/module-header-check.cc",
                       "test/config-error-exit.cc", "test/attribute-tables.cc"}
    for folder in ("model", "helper", "study", "test"):
        for f in sorted((root / folder).rglob("*")):
            rel = f.relative_to(root).as_posix()
            if f.suffix in (".cc", ".h") and rel not in listed and \
                    rel not in STANDALONE_ONLY and "/fuzz/" not in rel and \
                    not (folder == "test" and f.suffix == ".h"):  # test-only include files
                problems.append(f"not listed in the build: {rel}")
    modules = cmake_list(cmake, "chronometry_ns3_modules")
    linked = re.findall(r"\$\{lib([a-z0-9-]+)\}",
                        re.search(r"LIBRARIES_TO_LINK\s+(\$\{lib[^\n]*)", cmake).group(1))
    if sorted(modules) != sorted(linked):
        problems.append(f"in-tree LIBRARIES_TO_LINK {linked} differ from chronometry_ns3_modules "
                        f"{modules}")
    waf_modules = re.findall(r"create_ns3_module\('chronometry', \[([^\]]*)\]", waf)
    if not waf_modules or sorted(re.findall(r"'([^']+)'", waf_modules[0])) != sorted(modules):
        problems.append(f"wscript module dependencies differ from chronometry_ns3_modules {modules}")
    for p in problems:
        print("build lists:", p)
    counts = ", ".join(f"{k} {len(v[0])}" for k, v in pairs.items())
    print(f"build lists: {'MISMATCH' if problems else 'consistent'} ({counts})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]))
