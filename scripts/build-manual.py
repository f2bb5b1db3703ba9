#!/usr/bin/env python3
"""Build the Sphinx manual (doc/) to HTML, failing on any warning.

  build-manual.py <source dir> <output dir>

Runs `python3 -m sphinx -W -E -b html <source dir> <output dir>` with this interpreter (Debian's
/usr/bin/python3 and its python3-sphinx). Exits 77, which the CTest test `manual` treats as
skipped (SKIP_RETURN_CODE), when Sphinx cannot be imported, saying so.
"""
import subprocess
import sys

SKIPPED = 77


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    source, output = argv[1], argv[2]
    try:
        import sphinx
    except ImportError:
        print("manual: skipped: Sphinx is not importable by " + sys.executable +
              " (Debian package python3-sphinx; scripts/setup-deps.sh installs it)")
        return SKIPPED
    # -W: a warning fails the build; -E: read every file again, so that warnings of files
    # unchanged since the last build are reported too; --keep-going: report all of them.
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-E", "-q", "-b", "html",
               source, output]
    print("manual: Sphinx " + sphinx.__version__ + ": " + " ".join(command), flush=True)
    status = subprocess.call(command)
    print("manual: " + ("built without warnings: " + output + "/index.html" if status == 0
                        else "FAILED (warnings above)"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
