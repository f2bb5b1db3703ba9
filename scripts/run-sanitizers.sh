#!/usr/bin/env bash
# Build the C++ library, every TestSuite and the libFuzzer harnesses with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer, then run them all under CTest:
# the suites, and every fuzz harness for CHRONOMETRY_FUZZ_RUNS executions from a fixed
# seed. Any sanitizer report aborts its test, so it fails the run.
#
#   scripts/run-sanitizers.sh [build-dir]      (default build-sanitize)
#   CHRONOMETRY_FUZZ_RUNS=1000000 scripts/run-sanitizers.sh   (a longer fuzz pass)
# The examples are built too, and their CSV output must equal, byte for byte, that of the
# optimized GCC build in REFERENCE_BUILD (default build) when it exists.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-sanitize}
runs=${CHRONOMETRY_FUZZ_RUNS:-100000}
reference=${REFERENCE_BUILD:-build}
reference_arg=()
if [ -d "$reference/examples" ]; then
  reference_arg=(-DCHRONOMETRY_REFERENCE_BUILD="$(cd "$reference" && pwd)")
fi
jobs=${JOBS:-$(nproc)}

bash scripts/setup-deps.sh
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCHRONOMETRY_SANITIZE=ON -DCHRONOMETRY_FUZZ=ON -DCHRONOMETRY_FUZZ_RUNS="$runs" \
  -DCHRONOMETRY_PYTHON=OFF -DCHRONOMETRY_BENCHMARKS=OFF -DCHRONOMETRY_EXAMPLES=ON "${reference_arg[@]}"
cmake --build "$build" -j "$jobs"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
cd "$build"
echo "sanitizers: ASan + UBSan suites and fuzz harnesses (${runs} executions each)"
ctest --output-on-failure -j "$jobs"
