#!/usr/bin/env bash
# npm test: set up, build native and WASM, run every suite; fail if any fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test

echo "== type check (tsc: the sources, the engine loaders against web/engine/*/types.ts, verdict-reason tables typed by the verdict codes)"
npx tsc --noEmit -p tsconfig.json

echo "== native build and GoogleTest (ctest)"
bash scripts/build-native.sh
ctest --test-dir build/native --output-on-failure -j2

echo "== sanitizers (ASan + UBSan)"
bash scripts/test-sanitize.sh

echo "== fuzzing (short pass)"
bash scripts/fuzz.sh 5

echo "== WASM build"
bash scripts/build-wasm.sh

echo "== Vitest (includes the exercise checker's differential sample against Python + NumPy: scripts/diff)"
npx vitest run

echo "== site and library build"
npx vite build --logLevel warn
npx vite build --config vite.lib.config.ts --logLevel warn
node scripts/build-types.mjs              # the package's types, emitted into dist/lib/types/
npx tsc -p scripts/types/tsconfig.json     # an author's code against them
node scripts/package-scorm.mjs     # the SCORM zips e2e/scorm*.spec.ts open

echo "== Playwright (headless Chromium)"
npx playwright test

echo "== Firefox and WebKit (e2e-engines: firefox-esr + puppeteer-core, WebKitWebDriver + selenium-webdriver under xvfb-run)"
node e2e-engines/run.mjs
