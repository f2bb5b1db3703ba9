"""Rooms of a human size in bindings/ (issue 29): no file longer than 700 lines and no function
longer than 120, C++ and Python alike (the generated stub, chronometry.pyi, aside)."""
import ast
import os

import pytest

BINDINGS = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MAX_FILE = 700
MAX_FUNCTION = 120


def sources():
    for folder, _, files in os.walk(BINDINGS):
        for name in sorted(files):
            if name.endswith((".cc", ".h", ".py")):
                yield os.path.join(folder, name)


def cpp_functions(lines):
    """(first line, length) of each function defined at namespace level, in clang-format's ns-3
    style: the body opens with '{' and closes with '}' in column 0; the signature starts after
    the blank line or comment above it."""
    found, start = [], None
    for i, line in enumerate(lines):
        if line.startswith("{") and start is None:
            above = lines[i - 1].strip()
            if above.startswith(("namespace", "struct", "class")):
                continue
            start = i - 1
            while start > 0 and lines[start - 1].strip() and not lines[start - 1].strip().startswith(
                    ("//", "*", "/*", "}")):
                start -= 1
        elif line.startswith("}") and start is not None:
            found.append((start + 1, i - start + 1))
            start = None
    return found


def python_functions(text):
    return [(node.lineno, node.end_lineno - node.lineno + 1) for node in ast.walk(ast.parse(text))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


@pytest.mark.parametrize("path", list(sources()), ids=lambda p: os.path.relpath(p, BINDINGS))
def test_file_and_function_sizes(path):
    with open(path) as f:
        text = f.read()
    lines = text.splitlines()
    assert len(lines) <= MAX_FILE, f"{path}: {len(lines)} lines; split it by role"
    functions = python_functions(text) if path.endswith(".py") else cpp_functions(lines)
    # A .cc without a function found would mean the line-based parser missed them; a Python
    # module may hold none (the package's submodules re-export the compiled module's names).
    assert functions or not path.endswith(".cc")
    long = [(line, n) for line, n in functions if n > MAX_FUNCTION]
    assert not long, f"{path}: functions longer than {MAX_FUNCTION} lines at {long}"
