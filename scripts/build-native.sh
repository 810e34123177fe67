#!/usr/bin/env bash
# Native build: the engine, attn-cli, the GoogleTest suite and the kernel
# benchmark (build/native); with target names as arguments, only those
# (`build-native.sh attn_tests`: what ctest runs, for test:native and
# test:quick). Configures only the first time: the build itself configures
# again when a CMakeLists.txt changes.
set -euo pipefail
cd "$(dirname "$0")/.."
# The training script's template, written once in TypeScript, as C++ (committed; checked by a test).
if command -v node >/dev/null; then node scripts/gen-pytorch-template.mjs; fi
[[ -f build/native/CMakeCache.txt ]] || cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2 ${1:+--target "$@"}
