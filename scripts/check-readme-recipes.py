#!/usr/bin/env python3
"""Check that the README's recipe snippets are the recipes' code, character for character.

A fenced code block in README.md preceded by the line

    <!-- recipe: examples/recipes/<file>.cc <name> -->

must equal the lines of that file between `// [recipe <name>]` and `// [/recipe <name>]`,
dedented (the manual includes the same regions with literalinclude, so README, manual and the
programs the recipe-* tests run cannot drift apart). Fails when a marker names a missing file
or region, when a block differs (printing a diff), or when the README has no marker at all.
"""
import difflib
import re
import sys
import textwrap
from pathlib import Path

MARKER = re.compile(r"^<!-- recipe: (\S+) (\S+) -->\s*$")


def region(path, name):
    lines = path.read_text().splitlines()
    start = f"// [recipe {name}]"
    end = f"// [/recipe {name}]"
    begins = [i for i, l in enumerate(lines) if l.strip() == start]
    ends = [i for i, l in enumerate(lines) if l.strip() == end]
    if len(begins) != 1 or len(ends) != 1 or ends[0] <= begins[0]:
        return None
    return textwrap.dedent("\n".join(lines[begins[0] + 1:ends[0]]))


def main(root):
    root = Path(root)
    readme = root.joinpath("README.md").read_text().splitlines()
    problems, checked = [], 0
    for i, line in enumerate(readme):
        m = MARKER.match(line)
        if not m:
            continue
        file, name = m.groups()
        if i + 1 >= len(readme) or not readme[i + 1].startswith("```"):
            problems.append(f"README line {i + 1}: marker for {file} {name} not followed by ```")
            continue
        close = next((j for j in range(i + 2, len(readme)) if readme[j].startswith("```")), None)
        if close is None:
            problems.append(f"README line {i + 2}: unclosed code block")
            continue
        block = "\n".join(readme[i + 2:close])
        path = root / file
        code = region(path, name) if path.is_file() else None
        if code is None:
            problems.append(f"README line {i + 1}: no region [recipe {name}] in {file}")
            continue
        checked += 1
        if block != code:
            diff = "\n".join(difflib.unified_diff(code.splitlines(), block.splitlines(),
                                                  f"{file} [recipe {name}]",
                                                  f"README.md line {i + 3}", lineterm=""))
            problems.append(f"README block at line {i + 3} differs from {file} "
                            f"[recipe {name}]:\n{diff}")
    if checked == 0 and not problems:
        problems.append("README.md has no <!-- recipe: ... --> marker: nothing checked")
    for p in problems:
        print("readme-recipes:", p)
    print(f"readme-recipes: {checked} README snippets checked, "
          f"{'all equal their recipe regions' if not problems else f'{len(problems)} problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]))
