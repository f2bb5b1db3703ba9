#!/usr/bin/env bash
# Unpack the installed ns-3.48 release (ns-3.48-install.tar.xz, built and installed under the
# prefix opt/ns-3.48 inside the archive) into DEST, so that DEST/opt/ns-3.48 is an ns-3.48
# prefix (lib/, include/ns3, lib/cmake/ns3), and print that prefix's absolute path on stdout.
# Used by make test-348 (scripts/check-ns348.sh) and make install NS3=3.48 (scripts/install.sh).
#
#   scripts/unpack-ns348.sh DEST [--replace]
#
# The archive is looked up in $CHRONOMETRY_NS3_ARCHIVES, else in ../shared/ns-3 beside this
# repository (where CI keeps it); exit 3 (and a message on stderr) when it is not there.
# Unpacked once per archive: DEST/opt/ns-3.48/.chronometry-archive records which one, and
# an unpacked copy of another archive is replaced. An existing DEST/opt/ns-3.48 without that
# record (not unpacked here) is left alone and is an error, unless --replace (DEST is a cache).
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 DEST [--replace]" >&2; exit 2; }
dest=$1
replace=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
top=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null || echo "$here")
archives=${CHRONOMETRY_NS3_ARCHIVES:-$top/../shared/ns-3}
tarball="$archives/ns-3.48-install.tar.xz"

if [ ! -f "$tarball" ]; then
  echo "unpack-ns348: $tarball not found (CI keeps it in shared/ns-3 beside the repository;" \
    "set CHRONOMETRY_NS3_ARCHIVES to the folder holding ns-3.48-install.tar.xz)" >&2
  exit 3
fi

mkdir -p "$dest"
prefix="$(cd "$dest" && pwd)/opt/ns-3.48"
stamp="$prefix/.chronometry-archive"
id="$(stat -c '%s %Y' "$tarball") $(cd "$archives" && pwd)/ns-3.48-install.tar.xz"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$id" ]; then
  if [ -e "$prefix" ] && [ ! -f "$stamp" ] && [ "$replace" != --replace ]; then
    echo "unpack-ns348: $prefix exists and was not unpacked from $tarball here; leaving it" \
      "alone (build against it with NS3_PREFIX=$prefix, or remove it)" >&2
    exit 1
  fi
  echo "unpack-ns348: unpacking $tarball into $dest (ns-3.48 prefix $prefix)" >&2
  rm -rf "$prefix"
  tar xJf "$tarball" -C "$dest" opt/ns-3.48
  echo "$id" >"$stamp"
fi
[ -f "$prefix/lib/cmake/ns3/ns3Config.cmake" ] ||
  { echo "unpack-ns348: no lib/cmake/ns3/ns3Config.cmake in $prefix" >&2; exit 1; }
echo "$prefix"
