#!/usr/bin/env bash
# The standalone ns-3.48 stage of CI (make test-348): build chronometry against the installed
# ns-3.48 release (C++23), in a Release build, and run all of its CTest tests there (the suites, the Python module's
# tests and notebooks, reproducibility, the module-header, install/consumer and header-origin
# checks).
#
# ns-3.48 comes from ns-3.48-install.tar.xz (the release built and installed with its CMake
# package config), looked up in $CHRONOMETRY_NS3_ARCHIVES, else in ../shared/ns-3 beside this
# repository (where CI keeps it). Without the archive the stage is skipped and says so; with
# CHRONOMETRY_REQUIRE_NS348=1 that is an error instead.
#
#   scripts/check-ns348.sh [BUILD_DIR]    (default build-348; the release is unpacked beside it,
#                                          in BUILD_DIR-ns3, once per archive, by
#                                          scripts/unpack-ns348.sh: ns-3.48 prefix
#                                          BUILD_DIR-ns3/opt/ns-3.48)
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-348}
jobs=${JOBS:-$(nproc)}

cd "$here"
# The release unpacked beside the build (a cache of this stage: --replace), by the script
# make install NS3=3.48 uses too.
rc=0
prefix=$(bash scripts/unpack-ns348.sh "$build-ns3" --replace) || rc=$?
if [ "$rc" = 3 ]; then
  if [ "${CHRONOMETRY_REQUIRE_NS348:-0}" = 1 ]; then
    echo "check-ns348: no ns-3.48 archive (above), and CHRONOMETRY_REQUIRE_NS348=1" >&2
    exit 1
  fi
  echo "check-ns348: ns-3.48 stage SKIPPED: no ns-3.48-install.tar.xz (above)"
  exit 0
elif [ "$rc" != 0 ]; then
  exit "$rc"
fi

start=$(date +%s)
# A build configured against another ns-3 (its ns3_DIR is cached) starts afresh.
if [ -f "$build/CMakeCache.txt" ] &&
   ! grep -qx "ns3_DIR:PATH=$prefix/lib/cmake/ns3" "$build/CMakeCache.txt"; then
  echo "check-ns348: $build was configured against another ns-3; starting it afresh"
  rm -rf "$build"
fi
# Benchmarks are left out (they measure, they do not test); everything else is built, as a
# Release build: NS_ASSERT and NS_LOG compiled out, as in ns-3's optimized profile (the installed
# ns-3.48 is one), so the suites run once in CI without them (make test's builds keep them).
cmake -S . -B "$build" -DCMAKE_PREFIX_PATH="$prefix" -DCHRONOMETRY_BENCHMARKS=OFF \
  -DCMAKE_BUILD_TYPE="${CHRONOMETRY_348_BUILD_TYPE:-Release}" \
  ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER}
grep -qx "ns3_DIR:PATH=$prefix/lib/cmake/ns3" "$build/CMakeCache.txt" ||
  { echo "check-ns348: $build is not configured against $prefix" >&2; exit 1; }
cmake --build "$build" -j "$jobs"
built=$(date +%s)
(cd "$build" && ctest --output-on-failure -j "$jobs")
echo "check-ns348: ns-3.48 stage passed (build $((built - start)) s, tests $(($(date +%s) - built)) s)"
