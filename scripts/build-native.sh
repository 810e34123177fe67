#!/usr/bin/env bash
# Native build: the engine, attn-cli and the GoogleTest suite (build/native).
set -euo pipefail
cd "$(dirname "$0")/.."
# The training script's template, written once in TypeScript, as C++ (committed; checked by a test).
if command -v node >/dev/null; then node scripts/gen-pytorch-template.mjs; fi
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2
