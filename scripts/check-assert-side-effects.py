#!/usr/bin/env python3
"""No side effect inside a macro that an optimized build compiles out.

ns-3's NS_ASSERT, NS_ASSERT_MSG and the NS_LOG family expand to nothing in a Release build
and in ns-3's `optimized` profile: whatever their arguments do vanishes with them, so a call
such as ``NS_ASSERT(x->AssignStreams(s) == 3)`` changes the results of an optimized build.
This check reads every C++ file of the module and refuses, inside those macros' arguments:

* assignments and increments (``=``, ``+=``, ``++``, ``--``, ...);
* calls to a function whose name says it changes something (Assign*, Install, Set*, Add*,
  Insert, Push*, Pop*, Schedule*, Send*, Start*, Stop*, Run, Decode*, Encode*, Merge*,
  Receive*, Update*, Reset*, push_back, emplace*, insert, erase, pop*, clear, reset, ...);
* in NS_ASSERT / NS_ASSERT_MSG's condition, any call except those of accessors whose names
  say they only read (Get*, Is*, Has*, Find*, Count*, Contains*, size, empty, count, find,
  begin, end, at, front, back, ...) and of a few pure free functions (std::abs, ...).

    check-assert-side-effects.py SOURCE_DIR     (exit 1 and one line per finding)
"""
import re
import sys

from cxx_text import sources, strip

FOLDERS = ["model", "helper", "study", "test", "examples", "bench", "bindings"]
MACRO = re.compile(r"\b(NS_ASSERT(?:_MSG)?|NS_LOG_(?:FUNCTION|FUNCTION_NOARGS|LOGIC|DEBUG|INFO|"
                   r"WARN|ERROR|UNCOND))\s*\(")
ASSIGNMENT = re.compile(r"(\+\+|--|(?<![=!<>+\-*/%&|^])=(?!=)|[+\-*/%&|^]=|<<=|>>=)")
MUTATOR = re.compile(r"\b(Assign\w*|Install\w*|Set[A-Z]\w*|Add[A-Z]\w*|Insert\w*|Push\w*|Pop\w*|"
                     r"Schedule\w*|Send\w*|Start\w*|Stop\w*|Run|Decode\w*|Encode\w*|Merge\w*|"
                     r"Receive\w*|Update\w*|Reset\w*|Record\w*|Advance\w*|Step|Slew|Jump|"
                     r"push_back|push_front|emplace\w*|insert|erase|pop_\w+|clear|reset|swap|"
                     r"resize|release)\s*\(")
CALL = re.compile(r"([A-Za-z_][\w:]*)\s*\(")
READER = re.compile(r"^(?:.*::)?(Get\w*|Is\w*|Has\w*|Find\w*|Count\w*|Contains\w*|Peek\w*|"
                    r"size|empty|count|find|begin|end|cbegin|cend|at|front|back|data|"
                    r"abs|fabs|isfinite|isnan|min|max|Seconds|MilliSeconds|MicroSeconds|"
                    r"NanoSeconds|Now|Time|static_cast|dynamic_cast|DynamicCast|PeekPointer|"
                    r"sizeof|has_value|value|get|second|first)$")
# Macros whose arguments are plain conditions (NS_ASSERT*): only reading calls are allowed.
STRICT = {"NS_ASSERT", "NS_ASSERT_MSG"}


def arguments(code, start):
    """The text between the parenthesis at code[start - 1] and its match."""
    depth, i = 1, start
    while i < len(code) and depth:
        depth += {"(": 1, ")": -1}.get(code[i], 0)
        i += 1
    return code[start:i - 1]


def findings(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        code = strip(f.read())
    for m in MACRO.finditer(code):
        # the macro's own definition or a mention in a #define is not a use
        line_start = code.rfind("\n", 0, m.start()) + 1
        if code[line_start:m.start()].lstrip().startswith("#"):
            continue
        args = arguments(code, m.end())
        line = code.count("\n", 0, m.start()) + 1
        macro = m.group(1)
        condition = args
        if macro == "NS_ASSERT_MSG":
            depth = 0
            for i, c in enumerate(args):
                depth += {"(": 1, ")": -1, "[": 1, "]": -1, "{": 1, "}": -1}.get(c, 0)
                if c == "," and depth == 0:
                    condition = args[:i]
                    break
        # '<<' streams in NS_LOG are not assignments; '->' and '>=' are not '--' or '='
        cleaned = condition.replace("<<", "  ").replace("->", "  ").replace(">>", "  ")
        if ASSIGNMENT.search(cleaned):
            yield line, macro, "an assignment or increment"
        bad = MUTATOR.search(condition)
        if bad:
            yield line, macro, f"a call of {bad.group(1)}()"
            continue
        if macro in STRICT:
            for call in CALL.finditer(condition):
                name = call.group(1)
                if not READER.match(name) and not name.startswith("std::"):
                    yield line, macro, f"a call of {name}() (not a reading accessor)"
                    break


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    root = argv[1]
    found = 0
    for path, rel in sources(root, FOLDERS):
        for line, macro, what in findings(path):
            print(f"{rel}:{line}: {macro} holds {what}; an "
                  "optimized build compiles it out (compute it before the macro)")
            found += 1
    if found:
        print(f"check-assert-side-effects: {found} finding(s)")
        return 1
    print("check-assert-side-effects: no side effect inside NS_ASSERT or NS_LOG")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
