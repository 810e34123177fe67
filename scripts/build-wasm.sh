#!/usr/bin/env bash
# WebAssembly build of the engine (build/wasm), copied to web/generated/ where
# the loader imports it. Emscripten 3.1.6's optimizer needs acorn from
# /usr/share/nodejs.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
node scripts/gen-limits.mjs  # cpp/src/limits.hpp -> web/engine/shared/limits.js, cpp/bindings/limits_js.hpp
node scripts/gen-pytorch-template.mjs  # web/train-script/template.ts -> cpp/src/train/pytorch_template.inc
node scripts/gen-binding-types.mjs  # cpp/bindings/*.cpp -> web/engine/*/raw.ts (the raw modules' TypeScript)
# Configured only the first time: the build configures again when a CMakeLists.txt changes.
[[ -f build/wasm/CMakeCache.txt ]] || emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j2
mkdir -p web/generated
# every build of every module in cpp/bindings/modules.json
for f in $(node -e 'for (const m of require("./cpp/bindings/modules.json").modules) for (const f of m.files) console.log(f)'); do
  for ext in mjs wasm worker.js; do  # unchanged files keep their dates; a threaded build has a worker.js
    [[ $ext != worker.js || -f "build/wasm/$f.$ext" ]] || continue
    cmp -s "build/wasm/$f.$ext" "web/generated/$f.$ext" || cp "build/wasm/$f.$ext" web/generated/
  done
done
node scripts/gen-train-settings.mjs  # the train module's settings() -> web/engine/train/settings.js
