#!/usr/bin/env bash
# npm run test:quick: the checks to run while working, in a few minutes on a
# checkout that has been built once: the type check, the native build and
# GoogleTest, the WASM build (both incremental: a no-op when nothing changed)
# and Vitest. No install step, no browsers: `npm test` runs everything.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v emcc >/dev/null 2>&1 || { echo "test:quick: no emcc; run 'npm run setup' (or 'npm test') once first" >&2; exit 1; }
[[ -d node_modules ]] || { echo "test:quick: no node_modules; run 'npm run setup' once first" >&2; exit 1; }

echo "== type check"
npx tsc --noEmit -p tsconfig.json
echo "== native build and GoogleTest"
bash scripts/build-native.sh
ctest --test-dir build/native --output-on-failure -j2
echo "== WASM build"
bash scripts/build-wasm.sh >/dev/null
echo "== Vitest"
npx vitest run
