#!/usr/bin/env bash
# Native build: the engine, attn-cli and the GoogleTest suite (build/native).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2
