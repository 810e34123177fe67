#!/usr/bin/env bash
# WebAssembly build of the engine (build/wasm), copied to web/generated/ where
# the loader imports it. Emscripten 3.1.6's optimizer needs acorn from
# /usr/share/nodejs.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
node scripts/gen-limits.mjs  # cpp/src/limits.hpp -> web/engine/limits.js, cpp/bindings/limits_js.hpp
node scripts/gen-pytorch-template.mjs  # web/train-script/template.ts -> cpp/src/train/pytorch_template.inc
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j2
mkdir -p web/generated
cp build/wasm/attn_core.mjs build/wasm/attn_core.wasm \
   build/wasm/attn_core_scalar.mjs build/wasm/attn_core_scalar.wasm \
   build/wasm/attn_py.mjs build/wasm/attn_py.wasm \
   build/wasm/attn_cli.mjs build/wasm/attn_cli.wasm \
   build/wasm/attn_torch.mjs build/wasm/attn_torch.wasm \
   build/wasm/attn_train.mjs build/wasm/attn_train.wasm \
   build/wasm/attn_train_scalar.mjs build/wasm/attn_train_scalar.wasm web/generated/
