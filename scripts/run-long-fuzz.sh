#!/usr/bin/env bash
# The long fuzz pass (by hand, not in CI): every harness for FUZZ_RUNS executions
# (default 10^7) from a fixed seed, starting from its seed corpus and the inputs of
# earlier long runs, then every input the run kept is replayed under AddressSanitizer.
#
#   scripts/run-long-fuzz.sh [harness ...]        (default: all eight)
#   FUZZ_RUNS=10000000 FUZZ_JOBS=2 FUZZ_WORK=build-fuzz/long scripts/run-long-fuzz.sh
#
# Speed is what makes 10^7 executions per harness possible on a small machine, so the fuzz
# build differs from the CI pass (scripts/run-sanitizers.sh: ASan + UBSan, 10^5 executions):
#  * optimized, UBSan on, ASan off (ASan costs about 3x here);
#  * edge coverage only: comparison tracing (trace-cmp) is off. It guides the fuzzer to magic
#    values, and the CI pass keeps it, but its callbacks took half of every execution in the
#    decoders' hot loops. The corpus such runs grow is the starting point here.
# The harnesses' own property checks (fuzz-support.h) are compiled in unchanged. Every
# input the long run keeps is then run once more under the ASan build
# (scripts/run-sanitizers.sh's build-sanitize) when it exists.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${FUZZ_RUNS:-10000000}
jobs=${FUZZ_JOBS:-$(nproc)}
build=${FUZZ_BUILD:-build-fuzz}
work=${FUZZ_WORK:-$build/long}
asan=${ASAN_BUILD:-build-sanitize}
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  harnesses=(fuzz-logical-clocks fuzz-hybrid-vector-clock fuzz-replay-clock fuzz-causal-stamp
             fuzz-packet-headers fuzz-rda-message fuzz-ptp-message fuzz-ntp-message)
fi

bash scripts/setup-deps.sh
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCHRONOMETRY_FUZZ=ON \
  -DCHRONOMETRY_PYTHON=OFF -DCHRONOMETRY_BENCHMARKS=OFF -DCHRONOMETRY_EXAMPLES=OFF \
  "-DCMAKE_CXX_FLAGS=-fsanitize=undefined -fno-sanitize-recover=all -fno-sanitize=shift-base -fno-sanitize-coverage=trace-cmp" \
  -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=undefined >/dev/null
cmake --build "$build" -j "$jobs" --target "${harnesses[@]}"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

run_one() {
  local h=$1
  mkdir -p "$work/$h" "$work/crashes"
  "$build/test/fuzz/$h" -runs="$runs" -seed=1 -max_len=1024 -print_final_stats=1 \
    -artifact_prefix="$work/crashes/$h-" "$work/$h" "test/fuzz/corpus/$h" >"$work/$h.log" 2>&1
}
export -f run_one
export build work runs
echo "long fuzz: ${runs} executions per harness, ${jobs} at a time, logs in $work/"
status=0
printf '%s\n' "${harnesses[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}' || status=1

printf '%-26s %14s %10s %8s\n' harness executions exec/s crashes
for h in "${harnesses[@]}"; do
  executed=$(awk '/stat::number_of_executed_units/ {print $2}' "$work/$h.log")
  rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$work/$h.log")
  crashes=$(find "$work/crashes" -name "$h-*" | wc -l)
  printf '%-26s %14s %10s %8s\n' "$h" "${executed:-none}" "${rate:-?}" "$crashes"
  if [ "${executed:-0}" -lt "$runs" ] || [ "$crashes" -ne 0 ]; then
    status=1
  fi
done

if [ -d "$asan/test/fuzz" ]; then
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  for h in "${harnesses[@]}"; do
    # -runs=0: execute every kept input once, then stop.
    if "$asan/test/fuzz/$h" -runs=0 "$work/$h" >"$work/$h.asan.log" 2>&1; then
      echo "ASan replay of $h's kept inputs: clean"
    else
      echo "ASan replay of $h's kept inputs: FAILED (see $work/$h.asan.log)"
      status=1
    fi
  done
fi
exit $status
