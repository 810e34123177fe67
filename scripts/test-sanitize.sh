#!/usr/bin/env bash
# npm run test:sanitize: the native GoogleTest suite (engine, evaluator, fuzz
# regressions) built with clang++ under AddressSanitizer + UndefinedBehavior-
# Sanitizer (build/asan). Any report fails the run: halt_on_error everywhere,
# -fno-sanitize-recover=all at compile time.
set -euo pipefail
cd "$(dirname "$0")/.."

export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=report_objects=1

CXX=${ATTN_SANITIZE_CXX:-clang++}
log=build/asan/build.log
mkdir -p build/asan
if ! CXX="$CXX" cmake -S . -B build/asan -DATTN_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      >"$log" 2>&1 || ! cmake --build build/asan -j2 --target attn_tests >>"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "test-sanitize: build failed (full log: $log)" >&2
  exit 1
fi

# ctest runs the binary once to list the tests (PRE_TEST discovery), then once
# per test; each run inherits the options above. Full output: build/asan/ctest.log
if ctest --test-dir build/asan --output-on-failure -j2 >build/asan/ctest.log 2>&1; then
  echo "test-sanitize: $(grep -E 'tests passed' build/asan/ctest.log)"
else
  # the failing tests' output (sanitizer reports included), then the summary
  grep -v -E '^ *(Start +[0-9]+:|[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed)' build/asan/ctest.log | tail -n 150 >&2
  echo "test-sanitize: FAILED (full log: build/asan/ctest.log)" >&2
  exit 1
fi
