#!/usr/bin/env bash
# Installs what the project needs and is missing: Debian packages (as root, or
# prints the command otherwise) and the npm dependencies from package-lock.json.
# Idempotent and quiet when everything is already there.
#
#   setup.sh          what building and serving need (npm start): Emscripten,
#                     CMake, a C++ compiler
#   setup.sh --test   that, plus what only the tests need (npm test): the
#                     browsers and their drivers, Xvfb, GoogleTest, Google
#                     Benchmark, clang with its sanitizer/fuzzer runtimes, NumPy,
#                     a Chinese font
set -euo pipefail
cd "$(dirname "$0")/.."

with_tests=0
for arg in "$@"; do
  case "$arg" in
    --test) with_tests=1 ;;
    *) echo "setup: unknown option $arg (use --test)" >&2; exit 2 ;;
  esac
done

need_pkgs=()
# Build and serve (npm start)
command -v emcc >/dev/null 2>&1 || need_pkgs+=(emscripten)
command -v cmake >/dev/null 2>&1 || need_pkgs+=(cmake)
command -v g++ >/dev/null 2>&1 || need_pkgs+=(g++)
if ((with_tests)); then
  # Native tests, sanitizers, fuzzing, benchmarks
  command -v clang++ >/dev/null 2>&1 || need_pkgs+=(clang)
  [[ -f /usr/include/gtest/gtest.h ]] || need_pkgs+=(libgtest-dev)
  [[ -f /usr/include/benchmark/benchmark.h ]] || need_pkgs+=(libbenchmark-dev)
  # libFuzzer and the sanitizer runtimes for clang 14
  compgen -G "/usr/lib/llvm-14/lib/clang/14*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null || need_pkgs+=(libclang-rt-14-dev)
  # NumPy checks of the heatmap (e2e/heatmap.spec.ts runs Debian's python3)
  /usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || need_pkgs+=(python3-numpy)
  # Browsers: Chromium (Playwright), Firefox ESR (puppeteer-core over WebDriver
  # BiDi), WebKitGTK's WebDriver and MiniBrowser (selenium-webdriver), and Xvfb,
  # since MiniBrowser has no headless mode (e2e-engines/)
  command -v chromium >/dev/null 2>&1 || need_pkgs+=(chromium)
  command -v firefox-esr >/dev/null 2>&1 || need_pkgs+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null 2>&1 || need_pkgs+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null 2>&1 || need_pkgs+=(xvfb xauth)
  # A Chinese font, so the browsers draw the lessons' Chinese as a reader's
  # machine does: screenshots show characters, not boxes, and the bench's
  # layout figures are a Chinese reader's. The pages do not need it (their
  # font stacks end in the generic families).
  [[ -n "$(fc-list :lang=zh 2>/dev/null)" ]] || need_pkgs+=(fonts-noto-cjk)
fi

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
