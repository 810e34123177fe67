#!/usr/bin/env bash
# bash scripts/train.sh --model head [--seed 1337] [--iters N] ... : attn-cli train
# (native; builds build/native/attn-cli first if needed). Default --data is the
# project's public/data/tinyshakespeare.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x build/native/attn-cli ]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j2 --target attn-cli >/dev/null
fi
exec build/native/attn-cli train "$@"
