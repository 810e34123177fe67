#!/usr/bin/env bash
# attn-cli train against PyTorch, line by line.
#
#   bash scripts/compare_train_logs.sh                 # the default runs of bigram, position, head,
#                                                      # residual, layernorm and gpt against
#                                                      # cpp/tests/data/train_log_*.txt (no PyTorch needed)
#   bash scripts/compare_train_logs.sh --model head --seed 7 --iters 800 --lr 3e-3 ...
#                                                      # any attn-cli train options, against
#                                                      # scripts/train_reference.py run now (needs python3-torch)
#   bash scripts/compare_train_logs.sh --script --model head --seed 7 ...
#                                                      # against the script attn-cli train ... --emit-pytorch
#                                                      # prints, run now in a fresh directory with its text
#
# Needs build/native/attn-cli (npm run build:native). Every evaluation line must
# be equal, or differ by 0.0001 in a loss whose fifth decimal is a rounding tie
# (reported as such); the sample is compared too (reported, not required).
set -euo pipefail
cd "$(dirname "$0")/.."
cli=build/native/attn-cli
[ -x "$cli" ] || { echo "build/native/attn-cli is missing: npm run build:native" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

compare() {  # name, ours, theirs
  /usr/bin/python3 - "$1" "$2" "$3" <<'PY'
import re, sys
name, ours, theirs = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
pat = re.compile(r'^step (\d+): train loss (\d+\.\d{4}), val loss (\d+\.\d{4})$')
a = [l for l in ours.split('\n') if pat.match(l)]
b = [l for l in theirs.split('\n') if pat.match(l)]
bad = equal = 0
if len(a) != len(b):
    print(f'{name}: {len(a)} evaluation lines, PyTorch printed {len(b)}'); bad += 1
for x, y in zip(a, b):
    if x == y:
        equal += 1
        continue
    mx, my = pat.match(x), pat.match(y)
    close = mx.group(1) == my.group(1) and all(
        abs(float(mx.group(k)) - float(my.group(k))) <= 0.000100001 for k in (2, 3))
    print(f'{name}: {"off by 0.0001 (check for a rounding tie)" if close else "DIFFERENT"}\n  ours:    {x}\n  PyTorch: {y}')
    bad += 0 if close else 1
sample_a = ours.split('\n')[len(a):]
sample_b = theirs.split('\n')[len(b):]
print(f'{name}: {len(a)} evaluation lines, {equal} equal'
      + ('' if not sample_b or sample_b == ['']
         else ', sample ' + ('identical' if sample_a == sample_b else 'differs')))
sys.exit(1 if bad else 0)
PY
}

status=0
if [ $# -eq 0 ]; then
  for m in bigram position head residual layernorm gpt; do
    "$cli" train --model "$m" > "$tmp/ours.txt"
    compare "$m (defaults)" "$tmp/ours.txt" "cpp/tests/data/train_log_$m.txt" || status=1
  done
elif [ "$1" = "--script" ]; then
  shift
  data=input.txt
  args=("$@")
  for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[i]}" in --data) data=${args[i + 1]} ;; --data=*) data=${args[i]#--data=} ;; esac
  done
  # the text where the script will look for it: --data as given (default input.txt: Tiny Shakespeare)
  mkdir -p "$tmp/run/$(dirname "$data")"
  if [ "$data" = input.txt ]; then cp public/data/tinyshakespeare.txt "$tmp/run/input.txt"; else cp "$data" "$tmp/run/$data"; fi
  "$cli" train "$@" --emit-pytorch > "$tmp/run/run.py"
  (cd "$tmp/run" && "$OLDPWD/$cli" train "$@") > "$tmp/ours.txt"
  (cd "$tmp/run" && /usr/bin/python3 run.py) > "$tmp/theirs.txt"
  compare "script: $*" "$tmp/ours.txt" "$tmp/theirs.txt" || status=1
else
  "$cli" train "$@" > "$tmp/ours.txt"
  /usr/bin/python3 scripts/train_reference.py "$@" > "$tmp/theirs.txt"
  compare "$*" "$tmp/ours.txt" "$tmp/theirs.txt" || status=1
fi
exit $status
