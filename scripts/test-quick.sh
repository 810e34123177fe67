#!/usr/bin/env bash
# npm run test:quick: the checks to run while working, in under 3 minutes on
# a checkout that has been built once: the type check (incremental: its state
# is kept in node_modules/.cache/), the native build of the GoogleTest suite
# and attn-cli, GoogleTest, the WASM build (both builds incremental: a no-op when nothing
# changed) and Vitest. No install step, no browsers: `npm test` runs
# everything. Each stage prints what it took.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v emcc >/dev/null 2>&1 || { echo "test:quick: no emcc; run 'npm run setup' (or 'npm test') once first" >&2; exit 1; }
[[ -d node_modules ]] || { echo "test:quick: no node_modules; run 'npm run setup' once first" >&2; exit 1; }

start=$SECONDS
stage() {
  local t=$SECONDS
  echo "== $1"
  shift
  "$@"
  echo "   ($((SECONDS - t)) s)"
}
# (attn-cli too: Vitest's exercise diff runs it against Python + NumPy)
native() { bash scripts/build-native.sh attn_tests attn-cli && ctest --test-dir build/native --output-on-failure -j2; }

stage "type check" npx tsc --noEmit -p tsconfig.json --incremental --tsBuildInfoFile node_modules/.cache/attention-lab/tsc.tsbuildinfo
stage "native build of the GoogleTest suite, and GoogleTest" native
stage "WASM build" bash scripts/build-wasm.sh >/dev/null
stage "Vitest" npx vitest run
echo "== test:quick passed in $((SECONDS - start)) s"
