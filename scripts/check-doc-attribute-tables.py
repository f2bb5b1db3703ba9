#!/usr/bin/env python3
"""The manual's attribute tables are the TypeIds': write them again and compare.

  check-doc-attribute-tables.py PROGRAM DOC_DIR OUT_DIR [--update]

Runs PROGRAM (chronometry-attribute-tables) into OUT_DIR, then compares every generated table
with DOC_DIR/attributes/ and fails, with a unified diff, when a committed table differs, is
missing or is no longer generated; it also fails when a table is included by no chapter of
DOC_DIR (a new TypeId's table must be placed). With --update it writes the generated tables
into DOC_DIR/attributes/ instead (and removes the stale ones): the build target
chronometry-doc-tables runs that.
"""
import difflib
import re
import shutil
import subprocess
import sys
from pathlib import Path


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    update = "--update" in argv[1:]
    if len(args) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    program, doc, out = args[0], Path(args[1]), Path(args[2])
    committed_dir = doc / "attributes"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    run = subprocess.run([program, str(out)], capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        print(f"doc-attribute-tables: {program} failed ({run.returncode}):\n"
              f"{run.stdout}{run.stderr}")
        return 1
    generated = {p.name: p.read_text() for p in sorted(out.glob("*.rst"))}
    committed = {p.name: p.read_text() for p in sorted(committed_dir.glob("*.rst"))} \
        if committed_dir.is_dir() else {}
    if update:
        committed_dir.mkdir(exist_ok=True)
        for name in sorted(set(committed) - set(generated)):
            (committed_dir / name).unlink()
            print(f"doc-attribute-tables: removed {committed_dir / name}")
        changed = 0
        for name, text in generated.items():
            if committed.get(name) != text:
                (committed_dir / name).write_text(text)
                changed += 1
                print(f"doc-attribute-tables: wrote {committed_dir / name}")
        print(f"doc-attribute-tables: {len(generated)} tables, {changed} written")
        return 0
    problems = []
    for name in sorted(set(generated) | set(committed)):
        if name not in committed:
            problems.append(f"{name}: generated but not committed in {committed_dir}")
        elif name not in generated:
            problems.append(f"{name}: committed but no longer generated (a TypeId or study "
                            "was removed or renamed)")
        elif committed[name] != generated[name]:
            diff = difflib.unified_diff(committed[name].splitlines(keepends=True),
                                        generated[name].splitlines(keepends=True),
                                        f"doc/attributes/{name} (committed)",
                                        f"{out / name} (from the TypeIds)")
            problems.append(f"{name} differs from the TypeIds:\n" + "".join(diff))
    included = set()
    for chapter in sorted(doc.glob("*.rst")):
        included |= set(re.findall(r"^\s*\.\. include:: attributes/(\S+\.rst)\s*$",
                                   chapter.read_text(), re.M))
    for name in sorted(set(generated) - included):
        problems.append(f"{name}: included by no chapter of {doc} "
                        f"(add '.. include:: attributes/{name}' where the class is described)")
    for name in sorted(included - set(generated)):
        problems.append(f"a chapter includes attributes/{name}, which is not generated")
    for p in problems:
        print("doc-attribute-tables: " + p)
    if problems:
        print("doc-attribute-tables: FAILED; write the tables again with "
              "`cmake --build build --target chronometry-doc-tables` and commit doc/attributes/")
        return 1
    print(f"doc-attribute-tables: {len(generated)} tables equal the TypeIds' and are included")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
