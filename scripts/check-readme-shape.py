#!/usr/bin/env python3
"""Check that README.md stays a front door (issue 42).

    check-readme-shape.py [SOURCE_DIR]     (exit 1 and one line per finding)

Fails when:

* README.md is longer than MAX_LINES lines;
* `make demo` or `make test` is not a command of a shell code block (```sh, ```bash, ...);
* the first command (the first line of the first shell code block) is beyond FIRST_COMMAND_BY;
* a relative link or image in README.md, [text](path) or [name]: path, names a file or folder
  that does not exist (web links and in-page anchors are not checked).

The longer material lives in the manual (doc/using.rst, doc/performance.rst); this test keeps it
from flowing back.
"""
import re
import sys
from pathlib import Path

MAX_LINES = 150
FIRST_COMMAND_BY = 30
REQUIRED_COMMANDS = ["make demo", "make test"]
SHELL_FENCES = {"sh", "bash", "shell", "console"}

FENCE = re.compile(r"^\s*```\s*(\S*)")
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
INLINE_CODE = re.compile(r"`[^`]*`")
EXTERNAL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//|#)")


def shell_blocks(lines):
    """(first line number, [(line number, text)]) of each shell code block, 1-based."""
    blocks, current, language = [], None, None
    for number, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if m and current is None:
            language, current = m.group(1).lower(), []
            start = number + 1
        elif m:
            if language in SHELL_FENCES:
                blocks.append((start, current))
            current = None
        elif current is not None:
            current.append((number, line))
    return blocks


def prose_lines(lines):
    """Line number and text of every line outside code blocks, inline code blanked."""
    inside = False
    for number, line in enumerate(lines, 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, INLINE_CODE.sub("", line)


def check(root):
    readme = root / "README.md"
    if not readme.is_file():
        return [f"{readme}: missing"]
    lines = readme.read_text().splitlines()
    problems = []

    if len(lines) > MAX_LINES:
        problems.append(f"README.md has {len(lines)} lines; at most {MAX_LINES} (move the rest "
                        "to doc/using.rst or the chapter it belongs to)")

    blocks = shell_blocks(lines)
    # A command is a non-empty, non-comment line; what follows `#` on it is a comment.
    commands = [(n, text.split("#")[0].strip()) for _, block in blocks for n, text in block
                if text.strip() and not text.strip().startswith("#")]
    for required in REQUIRED_COMMANDS:
        if not any(c == required or c.startswith(required + " ") for _, c in commands):
            problems.append(f"README.md: `{required}` is not a command of a shell code block")
    if not commands:
        problems.append("README.md has no command in a shell code block")
    elif commands[0][0] > FIRST_COMMAND_BY:
        problems.append(f"README.md: the first command is at line {commands[0][0]}; it must be "
                        f"within the first {FIRST_COMMAND_BY} lines")

    for number, text in prose_lines(lines):
        targets = INLINE_LINK.findall(text)
        m = REFERENCE_LINK.match(text)
        if m:
            targets.append(m.group(1))
        for target in targets:
            if EXTERNAL.match(target):
                continue
            path = target.split("#")[0].split("?")[0]
            if path and not (root / path).exists():
                problems.append(f"README.md line {number}: link to {target}, which does not "
                                "exist")
    return problems


def main(argv):
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1]
    problems = check(root)
    for p in problems:
        print("readme-shape:", p)
    print("readme-shape: " + ("README.md is a front door" if not problems
                              else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
