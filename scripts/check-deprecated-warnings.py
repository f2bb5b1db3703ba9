#!/usr/bin/env python3
"""Old names compile with a deprecation warning (issue 42).

Compiles one source file again, as the build compiled it (its command from the build's
compile_commands.json), with -fsyntax-only and CHRONOMETRY_SHOW_DEPRECATED defined (so the file
does not silence the warning), and checks that every line marked "// old name" gets a
"deprecated" warning naming the new name, and that the file still compiles.

Usage: check-deprecated-warnings.py BUILD_DIR/compile_commands.json SOURCE
"""
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path


def compile_command(database, source):
    """The build's command for source, as an argument list, and its working directory."""
    for entry in json.loads(Path(database).read_text()):
        if Path(entry["file"]).resolve() == Path(source).resolve():
            args = entry.get("arguments") or shlex.split(entry["command"])
            return args, entry["directory"]
    sys.exit(f"{source} is not in {database}: is it in the test runner's sources?")


def syntax_only(args):
    """The command with its output dropped and -fsyntax-only, without -Werror."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a in ("-c", "-Werror") or a.startswith("-Werror=") or a.endswith("ccache"):
            continue
        out.append(a)
    return out + ["-fsyntax-only", "-DCHRONOMETRY_SHOW_DEPRECATED",
                  "-Wdeprecated-declarations"]


def main():
    database, source = sys.argv[1], sys.argv[2]
    args, directory = compile_command(database, source)
    run = subprocess.run(syntax_only(args), cwd=directory, capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stderr)
        sys.exit(f"{source}: the old names no longer compile")
    name = Path(source).name
    warned = {}
    for m in re.finditer(rf"{re.escape(name)}:(\d+):\d+: warning: (.*deprecated.*)",
                         run.stderr):
        warned.setdefault(int(m.group(1)), []).append(m.group(2))
    marked = [i for i, line in enumerate(Path(source).read_text().splitlines(), 1)
              if "// old name" in line]
    missing = [i for i in marked if not any("use " in w for w in warned.get(i, []))]
    for i in marked:
        print(f"{name}:{i}: {warned.get(i, ['NO WARNING'])[0]}")
    if not marked:
        sys.exit(f"{source} marks no line '// old name'")
    if missing:
        sys.exit(f"no deprecation warning (naming the new name) on lines {missing}")
    print(f"{len(marked)} uses of old names compile, each with its deprecation warning")


if __name__ == "__main__":
    main()
