#!/usr/bin/env bash
# Installs what the project needs and is missing: Debian packages (as root, or
# prints the command otherwise) and the npm dependencies from package-lock.json.
# Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need_pkgs=()
command -v emcc >/dev/null 2>&1 || need_pkgs+=(emscripten)
command -v chromium >/dev/null 2>&1 || need_pkgs+=(chromium)
command -v cmake >/dev/null 2>&1 || need_pkgs+=(cmake)
command -v g++ >/dev/null 2>&1 || need_pkgs+=(g++)
command -v clang++ >/dev/null 2>&1 || need_pkgs+=(clang)
[[ -f /usr/include/gtest/gtest.h ]] || need_pkgs+=(libgtest-dev)
[[ -f /usr/include/benchmark/benchmark.h ]] || need_pkgs+=(libbenchmark-dev)
# Python 3 + NumPy: the exercise checker's differential test (scripts/diff) and program.test.ts
/usr/bin/python3 -c "import numpy" >/dev/null 2>&1 || need_pkgs+=(python3-numpy)
# libFuzzer and the sanitizer runtimes for clang 14
compgen -G "/usr/lib/llvm-14/lib/clang/14*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null || need_pkgs+=(libclang-rt-14-dev)

if ((${#need_pkgs[@]})); then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing ${need_pkgs[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends "${need_pkgs[@]}" >/dev/null
  else
    echo "setup: missing system packages. Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${need_pkgs[*]}" >&2
    exit 1
  fi
fi

# npm dependencies: reinstall when the lockfile changed since the last install.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
