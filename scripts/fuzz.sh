#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ with AddressSanitizer and runs each for
# FUZZ_SECONDS (default 30) on one core, one target after another, seeded from
# the repository (scripts/fuzz-seeds.py). A crash stops the run with the
# reproducing input in .build/fuzz/artifacts/<target>/; replay it with
#   Fuzz/.build/debug/fuzz-<target> <file>
# FUZZ_TARGETS picks targets (default: all). The timeout is wall-clock, so it is
# generous: on a loaded machine one slow input (a long path, dashed and stroked)
# took 2.5 s of CPU but 32 s of wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-30}
# FUZZ_SEED fixes libFuzzer's mutation sequence (make test sets it, so CI's
# short pass tries the same inputs every run); unset, each run explores anew.
seed_arg=${FUZZ_SEED:+-seed=$FUZZ_SEED}
targets=${FUZZ_TARGETS:-"json scene lottie expression svg-path png image font batch-data"}
# Every module, Reel's included, gets coverage and ASan; -O keeps execs fast
# (the debug configuration stays, for @testable imports).
swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -O \
  -Xcc -fsanitize=fuzzer-no-link,address 2>&1 \
  | grep -v "Cannot export local symbol" || true
test -x Fuzz/.build/debug/fuzz-json || { echo "fuzz: build failed" >&2; exit 1; }
python3 scripts/fuzz-seeds.py .build/fuzz/seeds
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
for t in $targets; do
  corpus=.build/fuzz/corpus/$t artifacts=.build/fuzz/artifacts/$t/
  mkdir -p "$corpus" "$artifacts"
  echo "fuzz-$t: ${seconds}s"
  log=.build/fuzz/$t.log
  status=0
  Fuzz/.build/debug/fuzz-"$t" -max_total_time="$seconds" $seed_arg -timeout=60 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts" -print_final_stats=1 \
    "$corpus" .build/fuzz/seeds/"$t" Fuzz/regressions/"$t" >"$log" 2>&1 || status=$?
  rm -f "${TMPDIR:-/tmp}"/reel-fuzz-scene-*.json "${TMPDIR:-/tmp}"/reel-fuzz-lottie-*.json  # the scene targets' scratch files
  grep -E "INITED|DONE|stat::number_of_executed_units|ERROR|SUMMARY|Test unit written" "$log" || true
  if [ "$status" != 0 ]; then echo "fuzz-$t: failed (log $log, input in $artifacts)" >&2; exit 1; fi
done
