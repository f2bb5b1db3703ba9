#!/usr/bin/env bash
# Build chronometry inside an ns-3 source tree and run, with ns-3's own tools, every
# chronometry suite through test.py, every example once (one small point each), the
# "your own simulation" file from scratch/ and (when pybind11 is there) the Python module.
#
#   scripts/check-in-tree.sh [--ns3 3.37|3.48|DIR] [--profile default|optimized|debug] [WORKDIR]
#
#   --ns3 3.37  (default) ns-3 3.37 from Debian's source archive (adds a deb-src entry if
#               none), unpacked in WORKDIR (default /tmp/chronometry-in-tree).
#   --ns3 3.48  ns-3.48 from ns-3.48-subset.tar.xz, found in $CHRONOMETRY_NS3_ARCHIVES or
#               <repository>/../shared/ns-3, unpacked in WORKDIR (default
#               /tmp/chronometry-in-tree-3.48).
#   --ns3 DIR   an ns-3 source tree you name (3.36 or later); chronometry is placed at
#               DIR/contrib/chronometry and DIR/scratch/chronometry-my-simulation.cc and built there.
#   --profile   ns-3's build profile (./ns3 configure -d): default (the default), optimized
#               (NS_ASSERT and NS_LOG compiled out, as most researchers run) or debug.
#
# Configures with only the modules chronometry needs, with g++ (ns-3.48 needs clang >= 17,
# Debian's g++ 12 handles its C++23), tests and the module's examples on, and ns-3's own
# examples filtered out. Takes 20-25 min on 2 cores; too slow for CI, run it by hand whenever
# build files change. The last line is the summary: suites passed/failed, examples run.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
version=3.37
profile=default
while [ $# -gt 0 ]; do
  case "$1" in
    --ns3) version=$2; shift 2 ;;
    --ns3=*) version=${1#--ns3=}; shift ;;
    --profile) profile=$2; shift 2 ;;
    --profile=*) profile=${1#--profile=}; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
case "$profile" in
  default|optimized|debug|release) ;;
  *) echo "check-in-tree: --profile $profile is invalid; valid: default, optimized, debug" >&2
     exit 1 ;;
esac
jobs=${JOBS:-$(nproc)}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export CXX=${CXX:-g++}

case "$version" in
  3.37)
    work=${1:-/tmp/chronometry-in-tree}
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
    ;;
  3.48)
    work=${1:-/tmp/chronometry-in-tree-3.48}
    archives=${CHRONOMETRY_NS3_ARCHIVES:-$here/../shared/ns-3}
    tarball="$archives/ns-3.48-subset.tar.xz"
    mkdir -p "$work"
    ns3dir="$work/ns-3.48"
    if [ ! -x "$ns3dir/ns3" ]; then
      if [ ! -f "$tarball" ]; then
        echo "check-in-tree: $tarball not found (set CHRONOMETRY_NS3_ARCHIVES to the folder" \
             "holding ns-3.48-subset.tar.xz, or pass --ns3 DIR with an ns-3.48 tree)" >&2
        exit 2
      fi
      echo "check-in-tree: unpacking $tarball"
      mkdir -p "$ns3dir"
      tar xJf "$tarball" -C "$ns3dir"
      # The archive holds either the tree itself or one top folder with it.
      if [ ! -x "$ns3dir/ns3" ]; then
        top=$(find "$ns3dir" -mindepth 2 -maxdepth 2 -name ns3 -type f -printf '%h\n' | head -1)
        [ -n "$top" ] || { echo "check-in-tree: no ns3 script in $tarball" >&2; exit 2; }
        mv "$top"/* "$top"/.[!.]* "$ns3dir"/ 2>/dev/null || true
        rmdir "$top" 2>/dev/null || true
      fi
    fi
    ;;
  *)
    if [ ! -x "$version/ns3" ]; then
      echo "check-in-tree: --ns3 takes 3.37, 3.48 or an ns-3 source tree (with ./ns3); got" \
           "'$version'" >&2
      exit 2
    fi
    ns3dir=$(cd "$version" && pwd)
    ;;
esac

cd "$ns3dir"
ns3version=$(cat VERSION 2>/dev/null || basename "$ns3dir")
echo "check-in-tree: ns-3 $ns3version at $ns3dir; placing chronometry at contrib/chronometry"
# Copy by content: a file whose bytes changed gets the current time (so that it is rebuilt, even
# if an older copy was compiled after the edit), an unchanged one keeps its copy and time (so
# that a re-run rebuilds only what changed), and files gone from the module are removed. One tar
# reads the whole list (xargs would split it into several archives, and the extracting tar
# stops at the end of the first).
stage=$(mktemp -d)
(cd "$here" && { git ls-files -z 2>/dev/null || find . -type f -not -path './build*' -print0; }) |
  (cd "$here" && tar cf - --null -T -) | tar xf - -C "$stage"
mkdir -p contrib/chronometry
changed=0
while IFS= read -r -d '' f; do
  if ! cmp -s "$stage/$f" "contrib/chronometry/$f"; then
    mkdir -p "contrib/chronometry/$(dirname "$f")"
    cp "$stage/$f" "contrib/chronometry/$f" # a new mtime
    changed=$((changed + 1))
  fi
done < <(cd "$stage" && find . -type f -print0)
while IFS= read -r -d '' f; do
  [ -e "$stage/$f" ] || rm -f "contrib/chronometry/$f"
done < <(cd contrib/chronometry && find . -type f -print0)
rm -rf "$stage"
echo "check-in-tree: $changed files of the module new or changed since the last copy"
# The scratch route of "Your own simulation" (README): the same file a user would drop there.
cmp -s "$here/examples/your-own/my-simulation.cc" scratch/chronometry-my-simulation.cc ||
  cp "$here/examples/your-own/my-simulation.cc" scratch/chronometry-my-simulation.cc

# ns-3 writes build/include/ns3/<name>.h once, as a one-line #include of the header's path, and
# does not rewrite it: a header that moved inside the module (helper/ -> study/) would keep pointing
# at its old place. Drop the forwarding headers whose target is gone; configure writes them anew.
if [ -d build/include/ns3 ]; then
  for stub in build/include/ns3/*.h; do
    target=$(sed -n 's/^#include "\(.*contrib\/chronometry\/.*\)"$/\1/p' "$stub" | head -1)
    if [ -n "$target" ] && [ ! -e "$target" ]; then
      rm -f "$stub"
    fi
  done
fi

# 3.37's test library links csma; later releases need only chronometry's own dependencies.
modules="chronometry;csma"
./ns3 configure --enable-tests --enable-examples --disable-python-bindings \
  --enable-modules="$modules" --filter-module-examples-and-tests=chronometry -d "$profile"
# ./ns3 build caps its jobs at nproc - 1 (one on a 2-core machine): drive its CMake tree directly.
cmake --build cmake-cache -j "$jobs"

suites=$(grep -ho 'TestSuite("chronometry-[a-z0-9-]*"' contrib/chronometry/test/*.cc |
         sed 's/TestSuite("//; s/"//' | sort)
passed=0
failed=0
failed_names=""
for suite in $suites; do
  if ./test.py --no-build -s "$suite"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failed_names="$failed_names $suite"
  fi
done

# Every example once, one small point each (the arguments of scripts/check-reproducible.py).
examples_ok=0
examples_failed=""
out=$(mktemp -d)
while IFS=$'\t' read -r name args; do
  echo "check-in-tree: example $name $args"
  # shellcheck disable=SC2086
  if (cd "$out" && "$ns3dir/ns3" run --no-build "$name $args" >"$out/$name.log" 2>&1); then
    examples_ok=$((examples_ok + 1))
  else
    examples_failed="$examples_failed $name"
    tail -20 "$out/$name.log"
  fi
done < <(/usr/bin/python3 - "$here/scripts/check-reproducible.py" "$out" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("repro", sys.argv[1])
repro = importlib.util.module_from_spec(spec)
spec.loader.exec_module(repro)
out = sys.argv[2]
examples = {name: args for name, (args, _, _) in repro.EXAMPLES.items()}
examples.update({"oneclock-coordinated": [], "oneclock-atomic-commit": [],
                 "soak": ["--scale=0.05"]})  # soak: its shortest valid run
for name, args in examples.items():
    if any(a.startswith("--csv=") for a in args):
        args = [f"--csv={out}/{name}.csv" if a.startswith("--csv=") else a for a in args]
    else:
        args = args + [f"--outDir={out}"]
    print(name + "\t" + " ".join(args))
PY
)
# The scratch program (the "Your own simulation" file) runs too.
if (cd "$out" && "$ns3dir/ns3" run --no-build "chronometry-my-simulation" >"$out/scratch.log" 2>&1); then
  examples_ok=$((examples_ok + 1))
  tail -3 "$out/scratch.log"
else
  examples_failed="$examples_failed scratch/chronometry-my-simulation"
  tail -20 "$out/scratch.log"
fi
# The Python package, when pybind11 was there to build its compiled module
# (build/bindings/python/chronometry/_chronometry*.so).
if ls build/bindings/python/chronometry/_chronometry*.so >/dev/null 2>&1; then
  if PYTHONPATH="$ns3dir/build/bindings/python" /usr/bin/python3 \
       "$here/examples/your-own/my_simulation.py" --runs 1 --nodes 4 >"$out/python.log" 2>&1; then
    examples_ok=$((examples_ok + 1))
    tail -2 "$out/python.log"
  else
    examples_failed="$examples_failed examples/your-own/my_simulation.py"
    tail -20 "$out/python.log"
  fi
else
  echo "check-in-tree: no Python module built (install pybind11-dev python3-dev for it)"
fi
rm -rf "$out"

n=$(echo "$suites" | wc -w)
status=0
[ "$failed" -eq 0 ] && [ -z "$examples_failed" ] || status=1
echo "check-in-tree: ns-3 $ns3version ($profile): $n chronometry suites through test.py: $passed passed," \
     "$failed failed${failed_names:+ ($failed_names )}; examples, scratch program and Python run:" \
     "$examples_ok ok${examples_failed:+, failed:$examples_failed}"
exit $status
