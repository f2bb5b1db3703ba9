#!/usr/bin/env python3
"""Check that CHANGES.md keeps ns-3's shape and names the release in VERSION (issue 42).

    check-changes.py [SOURCE_DIR] [COMPILE_COMMANDS_JSON]    (exit 1 and one line per finding)

Fails when:

* CHANGES.md's first release heading ("## ...") is not "## Changes from chronometry A to V",
  V being the version in VERSION;
* a release section has a subsection ("### ...") outside ns-3's set (SUBSECTIONS), or a
  subsection twice;
* a bullet of the newest release section does not end with its "(issue N)" tag;
* (with COMPILE_COMMANDS_JSON) a compile command of the library's sources does not define
  CHRONOMETRY_VERSION as VERSION's version.

"## Unreleased" (the bullets other branches add before a release is cut) is skipped: it is not
a release section.
"""
import json
import re
import sys
from pathlib import Path

# ns-3's CHANGES.md subsections, and Deprecated (the names that go away in the next release).
SUBSECTIONS = ["New API", "Changes to existing API", "Changes to build system",
               "Changed behavior", "Deprecated"]

RELEASE = re.compile(r"^## (?!#)(.*?)\s*$")
SUBSECTION = re.compile(r"^### (?!#)(.*?)\s*$")
BULLET = re.compile(r"^[*-] ")
ISSUE_TAG = re.compile(r"\(issue \d+\)$")
FIRST_HEADING = "Changes from chronometry {old} to {new}"
OLD_VERSION = r"\d+\.\d+\.\d+"


def release_sections(lines):
    """[(heading, line number, [(line number, line)])] of every "## " section, 1-based."""
    sections = []
    for number, line in enumerate(lines, 1):
        m = RELEASE.match(line)
        if m:
            sections.append((m.group(1), number, []))
        elif sections:
            sections[-1][2].append((number, line))
    return sections


def bullets(body):
    """(line number, text joined over its indented continuation lines) of each bullet."""
    found, open_bullet = [], False
    for number, line in body:
        if BULLET.match(line):
            found.append([number, line[2:].strip()])
            open_bullet = True
        elif open_bullet and line.startswith(" ") and line.strip():
            found[-1][1] += " " + line.strip()
        else:
            open_bullet = False  # a blank line, a heading or a paragraph ends the bullet
    return found


def check_changes(root, version):
    path = root / "CHANGES.md"
    if not path.is_file():
        return [f"{path}: missing"]
    sections = [s for s in release_sections(path.read_text().splitlines())
                if s[0] != "Unreleased"]
    if not sections:
        return ["CHANGES.md has no release section (## Changes from chronometry A to "
                f"{version})"]
    problems = []
    heading, number, body = sections[0]
    expected = re.compile("^" + re.escape(FIRST_HEADING).replace(
        re.escape("{old}"), OLD_VERSION).replace(re.escape("{new}"), re.escape(version)) + "$")
    if not expected.match(heading):
        problems.append(f"CHANGES.md line {number}: the first release heading is '## {heading}'; "
                        f"VERSION says {version}: '## "
                        + FIRST_HEADING.format(old="A", new=version) + "'")
    for heading, number, section_body in sections:
        seen = set()
        for n, line in section_body:
            m = SUBSECTION.match(line)
            if not m:
                continue
            name = m.group(1)
            if name not in SUBSECTIONS:
                problems.append(f"CHANGES.md line {n}: subsection '### {name}' under '## "
                                f"{heading}' is not one of ns-3's: " + ", ".join(SUBSECTIONS))
            elif name in seen:
                problems.append(f"CHANGES.md line {n}: subsection '### {name}' twice under "
                                f"'## {heading}'")
            seen.add(name)
    for n, text in bullets(body):
        if not ISSUE_TAG.search(text):
            problems.append(f"CHANGES.md line {n}: the bullet '{text[:60]}...' does not end with "
                            "its issue, '(issue N)'")
    return problems


def check_macro(compile_commands, version):
    """Every compile command of the library's sources defines CHRONOMETRY_VERSION="version"."""
    entries = json.loads(Path(compile_commands).read_text())
    library = [e for e in entries if re.search(r"/(model|helper|study)/[^ ]*\.cc$", e["file"])]
    if not library:
        return [f"{compile_commands}: no compile command of model/, helper/ or study/"]
    wanted = re.compile(r'-DCHRONOMETRY_VERSION=\\?"' + re.escape(version) + r'\\?"(\s|$)')
    wrong = [e["file"] for e in library
             if not wanted.search(e.get("command") or " ".join(e.get("arguments", [])))]
    if wrong:
        return [f"{len(wrong)} of {len(library)} library sources are compiled without "
                f'CHRONOMETRY_VERSION="{version}" (VERSION), e.g. {wrong[0]}']
    return []


def main(argv):
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1]
    version = (root / "VERSION").read_text().split()[0]
    problems = check_changes(root, version)
    if len(argv) > 2:
        problems += check_macro(argv[2], version)
    for p in problems:
        print("changes-shape:", p)
    print("changes-shape: " + (f"CHANGES.md in ns-3's shape, first release {version}"
                               if not problems else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
