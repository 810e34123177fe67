#!/usr/bin/env bash
# npm start: set up, build the WASM and the site, serve it on 127.0.0.1:5173.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
npx vite build --logLevel warn
npx vite build --config vite.lib.config.ts --logLevel warn
echo
echo "attention-lab is served at http://127.0.0.1:5173/"
echo
exec npx vite preview --host 127.0.0.1 --port 5173 --strictPort
