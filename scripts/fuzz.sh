#!/usr/bin/env bash
# npm run fuzz [-- seconds]: builds the libFuzzer targets (cpp/fuzz, clang++
# with -fsanitize=fuzzer,address,undefined) into build/fuzz and runs each one
# for N seconds (default 30) on a temporary copy of its committed seed corpus
# (cpp/fuzz/corpus/<target>/), so runs never write into the repository. Fails
# if any target crashes, leaks, times out (-timeout=5 s per input) or goes
# over -rss_limit_mb=2048. Per target: one summary line; the full libFuzzer log
# is build/fuzz/<target>.log, a failing input is saved in
# build/fuzz/artifacts/<target>/ (turn it into a regression test: see
# cpp/tests/test_fuzz_regressions.cpp).
#
#   bash scripts/fuzz.sh [seconds] [target...]
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${1:-30}
shift || true
[[ $secs =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [seconds] [target...]" >&2; exit 2; }
targets=("$@")
((${#targets[@]})) || targets=(fuzz_attention fuzz_lesson1_cli fuzz_seed fuzz_pyeval)

out=build/fuzz
mkdir -p "$out"
log="$out/build.log"
if ! CXX=${ATTN_FUZZ_CXX:-clang++} cmake -S cpp/fuzz -B "$out" -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$log" 2>&1 ||
   ! cmake --build "$out" -j2 --target "${targets[@]}" >>"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "fuzz: build failed (full log: $log)" >&2
  exit 1
fi

export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

work=$(mktemp -d "${TMPDIR:-/tmp}/attn-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT

failed=()
for t in "${targets[@]}"; do
  corpus="$work/$t"
  rm -rf "$out/artifacts/$t"
  mkdir -p "$corpus" "$out/artifacts/$t"
  if [[ -d cpp/fuzz/corpus/$t ]]; then cp -R "cpp/fuzz/corpus/$t/." "$corpus/"; fi
  args=(-max_total_time="$secs" -timeout=5 -rss_limit_mb=2048 -detect_leaks=1
        -print_final_stats=1 -artifact_prefix="$out/artifacts/$t/")
  [[ -f cpp/fuzz/$t.dict ]] && args+=(-dict="cpp/fuzz/$t.dict")
  tlog="$out/$t.log"
  if "$out/$t" "${args[@]}" "$corpus" >"$tlog" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$tlog" | grep -o '[0-9]*$' || true)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$tlog" | tail -n 1 || true)
    n=$(find "$corpus" -type f | wc -l)
    echo "fuzz: $t ok: ${runs:-?} runs in ${secs}s, ${cov:-cov ?}, corpus $n"
  else
    rc=$?
    echo "fuzz: $t FAILED (exit $rc); log tail ($tlog):"
    grep -v "^#[0-9]" "$tlog" | tail -n 40
    ls -1 "$out/artifacts/$t" 2>/dev/null | sed "s|^|fuzz:   artifact $out/artifacts/$t/|"
    failed+=("$t")
  fi
done

if ((${#failed[@]})); then
  echo "fuzz: FAILED: ${failed[*]}" >&2
  exit 1
fi
