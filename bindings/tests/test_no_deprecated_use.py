"""Nothing in the repository uses a deprecated Python name (issue 42): no example, benchmark,
script, notebook, test helper or document spells a flat name of the previous release
(``chronometry.run_sync_study``, ``chronometry.scenario1``), the sweep's former "technique"
(``TECHNIQUES``, ``technique=``, ``--technique``) or the servos' short names; and importing the
examples and benchmarks with DeprecationWarning as an error succeeds.

What would make this fail: an example or a document written against the old names (the
deprecation tests themselves, which must use them, are the only exceptions below)."""
import ast
import importlib.util
import os
import re
import sys
import warnings

import pytest

from test_submodules import OLD_FLAT_NAMES

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
#: The files that use the old names on purpose: the tests of the deprecated aliases, and the
#: package and sweep modules that define them.
ON_PURPOSE = {"bindings/tests/test_submodules.py", "bindings/tests/test_python_api.py",
              "bindings/tests/test_no_deprecated_use.py", "bindings/tests/test_runners.py",
              "bindings/python/chronometry/_flat.py", "bindings/python/chronometry_sweep/studies.py",
              "bindings/python/chronometry_sweep/techniques.py",
              "bindings/python/chronometry_sweep/__init__.py",
              "bindings/python/chronometry/__init__.py", "examples/sweep_speedup.py",
              "bindings/python/chronometry/__init__.pyi"}
#: Documents that name a deprecated spelling to say what replaced it: exactly these mentions.
MENTIONS = {"doc/python.rst": {"--technique", "TECHNIQUES", "technique="},
            "doc/using.rst": {"chronometry.run_sync_study", "chronometry.scenario1"}}
OLD = "|".join(re.escape(n) for n in sorted(OLD_FLAT_NAMES, key=len, reverse=True))
PATTERNS = [re.compile(r"(?<![\w.])chronometry\.(" + OLD + r")(?![\w-])"),
            re.compile(r"\bchronometry:run_"),
            re.compile(r"\bTECHNIQUES\b|\btechnique=|--technique\b|chronometry_sweep\.techniques"),
            re.compile(r"servo=[\"'](pi|linreg|settime)[\"']")]


def sources():
    for folder in ("examples", "bench", "scripts", "bindings", "doc"):
        for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d not in ("_build", "__pycache__")]
            for name in files:
                if name.endswith((".py", ".rst", ".ipynb", ".pyi")):
                    yield os.path.relpath(os.path.join(base, name), ROOT)
    yield "README.md"


@pytest.mark.parametrize("path", sorted(p for p in sources() if p not in ON_PURPOSE))
def test_no_deprecated_name_is_spelled(path):
    with open(os.path.join(ROOT, path)) as f:
        text = f.read()
    found = {m.group(0) for pattern in PATTERNS for m in pattern.finditer(text)}
    assert found == MENTIONS.get(path, set()), f"{path} uses deprecated names: {sorted(found)}"


def example_modules():
    for folder in ("examples", "examples/report_sections", "bench"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".py") and name != "__init__.py":
                yield os.path.join(folder, name)


@pytest.mark.parametrize("path", list(example_modules()))
def test_examples_import_without_a_deprecation_warning(path):
    sys.path[:0] = [os.path.join(ROOT, "examples"), os.path.join(ROOT, os.path.dirname(path))]
    try:
        with open(os.path.join(ROOT, path)) as f:
            tree = ast.parse(f.read())
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            # Only the imports run: an example's work is behind its main().
            for node in tree.body:
                if isinstance(node, (ast.Import, ast.ImportFrom)) and not getattr(node, "level", 0):
                    exec(compile(ast.Module([node], []), path, "exec"), {})
    finally:
        del sys.path[:2]
