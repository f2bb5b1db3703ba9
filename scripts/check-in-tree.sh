#!/usr/bin/env bash
# Build chronometry inside an ns-3 3.37 source tree and run every chronometry
# suite through ns-3's own test.py.
#
# Gets the source from Debian's source archive (adds a deb-src entry if none),
# places this module at contrib/chronometry, configures with only the modules
# chronometry needs (plus csma, which ns-3 3.37's test library links against),
# builds and runs ./test.py on each suite.  Takes ~25 min on 2 cores; run it by
# hand whenever build files change.
#
#   scripts/check-in-tree.sh [WORKDIR]      (default: /tmp/chronometry-in-tree)
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/chronometry-in-tree}
jobs=${JOBS:-$(nproc)}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

mkdir -p "$work"
cd "$work"

if [ ! -d ns-3.37 ]; then
  if ! ls ns3_3.37*.orig.tar.* >/dev/null 2>&1; then
    if ! grep -rqs "^Types:.*deb-src" /etc/apt/sources.list.d/ && \
       ! grep -qs "^deb-src" /etc/apt/sources.list; then
      echo "check-in-tree: adding a deb-src entry for bookworm"
      $sudo tee /etc/apt/sources.list.d/chronometry-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    fi
    $sudo apt-get update -q
    apt-get source -q --download-only ns3
  fi
  echo "check-in-tree: unpacking the ns-3 3.37 source"
  tar xf ns3_3.37*.orig.tar.*
  # The orig tarball is the ns-allinone bundle; keep only ns-3 itself.
  if [ -d ns-allinone-3.37/ns-3.37 ]; then
    mv ns-allinone-3.37/ns-3.37 ns-3.37
    rm -rf ns-allinone-3.37
  fi
fi

ns3dir="$work/ns-3.37"
echo "check-in-tree: placing chronometry at $ns3dir/contrib/chronometry"
rm -rf "$ns3dir/contrib/chronometry"
mkdir -p "$ns3dir/contrib/chronometry"
(cd "$here" && git ls-files -z 2>/dev/null || find . -type f -not -path './build/*' -print0) |
  (cd "$here" && xargs -0 tar cf -) | tar xf - -C "$ns3dir/contrib/chronometry"

cd "$ns3dir"
./ns3 configure --enable-tests --enable-examples --disable-python-bindings \
  --enable-modules="chronometry;csma" -d default
./ns3 build -j "$jobs"

suites=$(grep -ho 'TestSuite("chronometry-[a-z0-9-]*"' contrib/chronometry/test/*.cc |
         sed 's/TestSuite("//; s/"//' | sort)
status=0
for suite in $suites; do
  ./test.py --no-build -s "$suite" || status=1
done
echo "check-in-tree: $(echo "$suites" | wc -w) chronometry suites run through test.py, status $status"
exit $status
