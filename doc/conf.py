# Sphinx configuration of the chronometry manual.
#
# Built with Debian's python3-sphinx and nothing else (no extension from PyPI):
#   python3 -m sphinx -W -b html doc build/manual
# The CTest test "manual" runs exactly that and fails on any warning.
import os

project = "chronometry"
author = "the chronometry developers"
copyright = "chronometry developers, GPL-2.0-only"
_version_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "VERSION")
release = open(_version_file).read().strip() if os.path.isfile(_version_file) else ""
version = release

# index.rst holds the table of contents: chronometry.rst (the module's chapter, as in ns-3's
# model library) and one chapter per technique.
root_doc = master_doc = "index"
source_suffix = {".rst": "restructuredtext"}
# replace.txt is included by every chapter (ns-3's substitutions); it is not a document itself,
# nor are the attribute tables of attributes/ (generated from the TypeIds, included by the
# chapters).
exclude_patterns = ["_build", "replace.txt", "attributes/**"]

# :math: renders in the browser (MathJax is fetched by the reader's browser, not at build time).
extensions = ["sphinx.ext.mathjax"]

highlight_language = "cpp"
pygments_style = "sphinx"
html_theme = "alabaster"
html_title = f"chronometry {release}"
