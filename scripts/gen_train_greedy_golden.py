#!/usr/bin/python3
"""Goldens for `attn-cli train ... --generate TEXT --greedy K`
(cpp/tests/test_train_greedy_cli.cpp), made with Debian's PyTorch 1.13 by
scripts/train_greedy_reference.py:

    /usr/bin/python3 scripts/gen_train_greedy_golden.py

cpp/tests/data/train_greedy.tsv: one case per line, tab-separated: the CLI's
training options (space-separated), the context as a JSON string, K, and
PyTorch's K greedy characters as a JSON string. A few minutes (the head
model's default run is one of the cases).

cpp/tests/data/train_sampled.tsv: the same for `--sampled K --temperature T
--top-k N`: the options (sampling's included), the context, and PyTorch's
sampled characters.
"""
import contextlib
import io
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_greedy_reference as greedy_ref  # noqa: E402
import train_reference as ref  # noqa: E402

CASES = [
    ('--model head', '\n', 60),
    ('--model head', 'ROMEO:\nBut soft, what light', 60),
    ('--model head --seed 7 --iters 400 --eval-interval 200 --eval-iters 20 --lr 3e-3 --block 5', 'KING', 60),
    ('--model head --seed 3 --iters 300 --eval-interval 300 --eval-iters 10 --batch 16 --block 12 --lr 5e-3', '', 60),
    ('--model position --iters 300 --eval-interval 300 --eval-iters 10', 'First Citizen:\n', 60),
    ('--model bigram --iters 300 --eval-interval 300 --eval-iters 10', 'a', 60),
    # block models (n_embd 32, n_head 4, n_layer 3, no dropout: the reference's and the CLI's defaults)
    ('--model layernorm --iters 300 --eval-interval 300 --eval-iters 10', '\n', 60),
    ('--model multihead --iters 300 --eval-interval 300 --eval-iters 10', 'ROMEO:', 60),
]

SAMPLED = [
    ('--model head --iters 300 --eval-interval 300 --eval-iters 10 --sampled 40 --temperature 0.8 --top-k 5', 'ROMEO:'),
    ('--model head --iters 300 --eval-interval 300 --eval-iters 10 --seed 5 --sampled 60 --temperature 1.7', ''),
    ('--model bigram --iters 300 --eval-interval 300 --eval-iters 10 --sampled 60 --top-k 3', ''),
    ('--model layernorm --iters 200 --eval-interval 200 --eval-iters 10 --sampled 60 --temperature 0.5 --top-k 10', 'KING'),
    ('--model multihead --iters 200 --eval-interval 200 --eval-iters 10 --sampled 60 --temperature 0.33', '\n'),
]


def last_line(argv, prefix):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        greedy_ref.main(argv)
    last = buf.getvalue().splitlines()[-1]
    assert last.startswith(prefix)
    return last[len(prefix):]


def main():
    lines = ['# scripts/gen_train_greedy_golden.py: options\tcontext\tK\tPyTorch greedy (1.13.1, one thread)']
    for opts, context, k in CASES:
        got = last_line(opts.split() + ['--sample-chars', '0', '--generate', context, '--greedy', str(k)], 'greedy: ')
        lines.append('\t'.join([opts, json.dumps(context, ensure_ascii=False), str(k), got]))
        print(lines[-1], flush=True)
    path = os.path.join(ref.ROOT, 'cpp', 'tests', 'data', 'train_greedy.tsv')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print('wrote', path)
    lines = ['# scripts/gen_train_greedy_golden.py: options\tcontext\tPyTorch sampled (1.13.1, one thread)']
    for opts, context in SAMPLED:
        got = last_line(opts.split() + ['--sample-chars', '0', '--generate', context], 'sampled: ')
        lines.append('\t'.join([opts, json.dumps(context, ensure_ascii=False), got]))
        print(lines[-1], flush=True)
    path = os.path.join(ref.ROOT, 'cpp', 'tests', 'data', 'train_sampled.tsv')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print('wrote', path)


if __name__ == '__main__':
    sys.exit(main())
