#!/usr/bin/env bash
# Runs the test suite under each sanitizer named (address, thread), each in a
# build folder of its own (.build/sanitize-NAME) so the normal build is
# untouched. SANITIZE_FILTER, a `swift test --filter` pattern, narrows the
# run (CI runs the stage suites under ASan; see the Makefile).
#
# Leak checking is off: the Swift runtime's metadata caches and the
# frameworks' once-per-process singletons are allocated once and never freed
# by design, and LeakSanitizer reports each of them. TSan's suppressions are
# in scripts/tsan.supp, each with its reason.
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export TSAN_OPTIONS="suppressions=$PWD/scripts/tsan.supp:halt_on_error=1"
filter=()
[ -n "${SANITIZE_FILTER:-}" ] && filter=(--filter "$SANITIZE_FILTER")
for sanitizer in "$@"; do
  echo "sanitize: $sanitizer"
  swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" "${filter[@]}"
done
