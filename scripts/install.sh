#!/usr/bin/env bash
# make install: build only what is installed -- the library, chronometry-study and the Python
# module; no tests, benchmarks or other examples -- in a build directory of its own (never the
# full build's), and install it with its headers and CMake package config under PREFIX.
#
#   PREFIX=DIR [NS3=3.37|3.48] [NS3_PREFIX=DIR] [SETUP=1] [JOBS=N] [BUILD_TYPE=...]
#   [BUILD_DIR=DIR] scripts/install.sh [--configure-only]
#
# ns-3:  NS3=3.37 (default)  Debian's libns3-dev;
#        NS3=3.48            the ns-3.48 release of ../shared/ns-3/ns-3.48-install.tar.xz (or
#                            $CHRONOMETRY_NS3_ARCHIVES), unpacked into PREFIX/opt/ns-3.48 (by
#                            scripts/unpack-ns348.sh), which the installed chronometry uses;
#        NS3_PREFIX=DIR      an ns-3 (>= 3.37) installed under DIR (DIR/lib/cmake/ns3), e.g. your
#                            own ns-3.48 build's `cmake --install` prefix; wins over NS3.
# Debian packages: checked, never installed, unless SETUP=1 (scripts/setup-deps.sh); a missing
# one stops here with the list and the command that installs it.
# BUILD_DIR defaults to build-install (3.37) or build-install-348 (NS3=3.48 or NS3_PREFIX); a
# build directory configured against another ns-3 is started afresh.
# --configure-only stops after configuring (the install-minimal-targets test).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
configure_only=0
[ "${1:-}" = --configure-only ] && configure_only=1

: "${PREFIX:?make install needs PREFIX=DIR (where the library, headers and bin/ go)}"
ns3=${NS3:-3.37}
ns3_prefix=${NS3_PREFIX:-}
jobs=${JOBS:-$(nproc)}
build_type=${BUILD_TYPE:-RelWithDebInfo}
if [ -z "$ns3_prefix" ] && [ "$ns3" != 3.37 ] && [ "$ns3" != 3.48 ]; then
  echo "install: NS3=$ns3: use NS3=3.37 (Debian's), NS3=3.48 (the shared archive) or" \
    "NS3_PREFIX=<an installed ns-3's prefix>" >&2
  exit 2
fi
if [ -n "$ns3_prefix" ] || [ "$ns3" = 3.48 ]; then
  build=${BUILD_DIR:-build-install-348}
else
  build=${BUILD_DIR:-build-install}
fi
start=$(date +%s)

# Debian packages: the library's own, then Debian's ns-3 or the archive's unpacker; the Python
# module's are optional (without them it is left out, saying so).
groups=(build)
if [ -z "$ns3_prefix" ]; then
  if [ "$ns3" = 3.37 ]; then groups+=(ns3); else groups+=(archive); fi
fi
if ! command -v dpkg-query >/dev/null; then
  echo "install: not a Debian system (no dpkg-query): packages not checked"
elif [ "${SETUP:-0}" = 1 ]; then
  bash scripts/setup-deps.sh "${groups[@]}" python
elif ! bash scripts/setup-deps.sh --check "${groups[@]}"; then
  echo "install: stopped before configuring; install the packages above, or run" \
    "make install SETUP=1 to have them installed" >&2
  exit 1
elif ! bash scripts/setup-deps.sh --check python >/dev/null; then
  bash scripts/setup-deps.sh --check python || true
  echo "install: without them no Python module is installed (the C++ library and" \
    "chronometry-study are)"
fi

if [ -z "$ns3_prefix" ] && [ "$ns3" = 3.48 ]; then
  rc=0
  ns3_prefix=$(bash scripts/unpack-ns348.sh "$PREFIX") || rc=$?
  if [ "$rc" = 3 ]; then
    echo "install: NS3=3.48 needs the archive, or NS3_PREFIX=<your ns-3.48 prefix>" >&2
  fi
  [ "$rc" = 0 ] || exit "$rc"
fi
ns3_args=()
if [ -n "$ns3_prefix" ]; then
  ns3_prefix=$(cd "$ns3_prefix" && pwd)
  compgen -G "$ns3_prefix/lib*/cmake/ns3/ns3Config.cmake" >/dev/null ||
    compgen -G "$ns3_prefix/lib/*/cmake/ns3/ns3Config.cmake" >/dev/null ||
    { echo "install: $ns3_prefix is no ns-3 prefix (no lib/cmake/ns3/ns3Config.cmake)" >&2; exit 1; }
  ns3_args=(-DCMAKE_PREFIX_PATH="$ns3_prefix")
fi

# One build directory per ns-3: a switch starts it afresh (the cached ns3_DIR would win).
stamp="$build/.chronometry-ns3"
want="ns-3 ${ns3_prefix:-Debian 3.37}"
if [ -f "$build/CMakeCache.txt" ] && [ ! -f "$stamp" ]; then
  echo "install: $build is a build directory make install did not make; leaving it alone" \
    "(choose another BUILD_DIR)" >&2
  exit 1
fi
if [ -f "$stamp" ] && [ "$(cat "$stamp")" != "$want" ]; then
  echo "install: $build was configured for another ns-3; starting it afresh"
  rm -rf "$build"
fi
# RelWithDebInfo with line tables only (-g1: backtraces with file and line, not variables):
# the same code as make build's -g, compiled in about 30% less CPU time.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE="$build_type" -DCMAKE_INSTALL_PREFIX="$PREFIX" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCHRONOMETRY_TESTS=OFF -DCHRONOMETRY_EXAMPLES=OFF -DCHRONOMETRY_BENCHMARKS=OFF \
  "${ns3_args[@]}" \
  ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER}
echo "$want" >"$stamp"
[ "$configure_only" = 1 ] && exit 0

cmake --build "$build" -j "$jobs"
cmake --install "$build"
built=$(date +%s)

prefix=$(cd "$PREFIX" && pwd)
pydir=$(compgen -G "$prefix/lib/python3*/dist-packages" | head -1 || true)
echo
echo "install: chronometry installed under $prefix in $((built - start)) s ($build):"
echo "  library and package config  $prefix/lib (find_package(chronometry) with" \
  "-DCMAKE_PREFIX_PATH=$prefix)"
echo "  headers                     $prefix/include/ns3"
echo "  command line                $prefix/bin/chronometry-study --help"
if [ -n "$pydir" ]; then
  echo "  Python module               PYTHONPATH=$pydir python3 -c 'import chronometry'"
fi
if [ -n "$ns3_prefix" ]; then
  echo "  against ns-3                $ns3_prefix"
fi
