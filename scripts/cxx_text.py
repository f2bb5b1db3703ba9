"""C++ source text for the checking scripts: comments and literals blanked.

Shared by check-assert-side-effects.py and check-sizes.py (imported from the scripts' folder).
"""
import os
import re


def strip(text):
    """The text with comments and string/char literals blanked (same length and lines)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def sources(root, folders):
    """The C++ files (.cc, .h) under root's folders, as (path, path relative to root)."""
    for folder in folders:
        for top, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith((".cc", ".h")):
                    path = os.path.join(top, name)
                    yield path, os.path.relpath(path, root)
