#!/usr/bin/python3
"""Goldens for the block models (cpp/tests/test_train_blocks.cpp), made by
Debian's PyTorch 1.13 on one thread:

- cpp/tests/data/train_block_ops.txt: LayerNorm, ReLU, concat, Linear
  (projection) and dropout forward and backward on small shapes, and dropout
  noise drawn after torch.manual_seed, as hex floats;
- cpp/tests/data/train_log_<model>_short.txt: scripts/train_reference.py's
  log of each block model on short settings (SHORT below);
- cpp/tests/data/train_attention_short.tsv: after each of those runs, the
  trained model's attention weights on ATTENTION_TEXT (eval mode), one line
  per model: model, a tab, the JSON [layer][head][query][key];
- with --default-logs only: cpp/tests/data/train_log_<model>.txt for
  DEFAULT_LOGS, scripts/train_reference.py's whole log at the model's
  defaults, sample included (a few minutes each; checked by
  scripts/compare_train_logs.sh and, their first lines, by
  cpp/tests/test_train_trainer.cpp).

    /usr/bin/python3 scripts/gen_block_golden.py [--logs-only | --default-logs]
"""
import os
import subprocess
import sys

import torch
from torch.nn import functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'cpp', 'tests', 'data')
SHORT = ['--iters', '41', '--eval-interval', '20', '--eval-iters', '4', '--batch', '8', '--block', '8',
         '--n-embd', '16', '--n-head', '4', '--n-layer', '2', '--sample-chars', '0']
ATTENTION_TEXT = 'Before we proceed any further'
MODELS = ['multihead', 'ffwd', 'blocks', 'residual', 'layernorm', 'gpt']
DEFAULT_LOGS = ['residual', 'layernorm', 'gpt']


def hexf(t):
    return ' '.join(float(v).hex() for v in t.detach().flatten().tolist())


def ops():
    torch.set_num_threads(1)
    lines = []
    torch.manual_seed(3)
    # LayerNorm (4, 16) and (3, 12): y, dx, dgamma, dbeta for dy
    for rows, c in ((4, 16), (3, 12)):
        x = (torch.randn(rows, c) * 2 + 0.5).requires_grad_()
        g = torch.randn(c).requires_grad_()
        b = torch.randn(c).requires_grad_()
        dy = torch.randn(rows, c)
        y = F.layer_norm(x, (c,), g, b, 1e-5)
        y.backward(dy)
        for name, t in (('x', x), ('gamma', g), ('beta', b), ('dy', dy), ('y', y), ('dx', x.grad), ('dgamma', g.grad),
                        ('dbeta', b.grad)):
            lines.append(f'layernorm_{rows}x{c} {name} {hexf(t)}')
    # ReLU, concat, Linear(6, 5) on (3, 6)
    x = torch.randn(3, 6).requires_grad_()
    dy = torch.randn(3, 6)
    y = F.relu(x)
    y.backward(dy)
    lines += [f'relu x {hexf(x)}', f'relu dy {hexf(dy)}', f'relu y {hexf(y)}', f'relu dx {hexf(x.grad)}']
    a = torch.randn(3, 2).requires_grad_()
    b = torch.randn(3, 3).requires_grad_()
    dy = torch.randn(3, 5)
    y = torch.cat([a, b], dim=-1)
    y.backward(dy)
    lines += [f'concat a {hexf(a)}', f'concat b {hexf(b)}', f'concat dy {hexf(dy)}', f'concat y {hexf(y)}',
              f'concat da {hexf(a.grad)}', f'concat db {hexf(b.grad)}']
    lin = torch.nn.Linear(6, 5)
    x = torch.randn(3, 6).requires_grad_()
    dy = torch.randn(3, 5)
    y = lin(x)
    y.backward(dy)
    lines += [f'proj W {hexf(lin.weight)}', f'proj bias {hexf(lin.bias)}', f'proj x {hexf(x)}', f'proj dy {hexf(dy)}',
              f'proj y {hexf(y)}', f'proj dx {hexf(x.grad)}', f'proj dW {hexf(lin.weight.grad)}',
              f'proj dbias {hexf(lin.bias.grad)}']
    # dropout: noise after manual_seed(seed) for p, on (n,) ones; forward and backward on x
    for seed, p, n in ((7, 0.1, 40), (1337, 0.5, 33), (42, 0.25, 64)):
        torch.manual_seed(seed)
        x = torch.randn(n).requires_grad_()
        dy = torch.randn(n)
        y = F.dropout(x, p, True)
        y.backward(dy)
        lines.append(f'dropout_{seed}_{p}_{n} x {hexf(x)}')
        lines.append(f'dropout_{seed}_{p}_{n} dy {hexf(dy)}')
        lines.append(f'dropout_{seed}_{p}_{n} y {hexf(y)}')
        lines.append(f'dropout_{seed}_{p}_{n} dx {hexf(x.grad)}')
    with open(os.path.join(OUT, 'train_block_ops.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')


def logs():
    maps = []
    for m in MODELS:
        extra = ['--dropout', '0.2'] if m == 'gpt' else []
        out = subprocess.run([sys.executable, os.path.join(ROOT, 'scripts', 'train_reference.py'), '--model', m] + SHORT +
                             extra + ['--attention', ATTENTION_TEXT], check=True, capture_output=True, text=True).stdout
        log = [l for l in out.splitlines(keepends=True) if not l.startswith('attention: ')]
        maps += [f"{m}\t{l[len('attention: '):].strip()}\n" for l in out.splitlines(keepends=True) if l.startswith('attention: ')]
        with open(os.path.join(OUT, f'train_log_{m}_short.txt'), 'w') as f:
            f.write(''.join(log))
    with open(os.path.join(OUT, 'train_attention_short.tsv'), 'w') as f:
        f.write(''.join(maps))


def default_logs():
    for m in DEFAULT_LOGS:
        path = os.path.join(OUT, f'train_log_{m}.txt')
        with open(path, 'w') as f:
            subprocess.run([sys.executable, os.path.join(ROOT, 'scripts', 'train_reference.py'), '--model', m],
                           stdout=f, check=True)
        print('wrote', path)


if __name__ == '__main__':
    if '--default-logs' in sys.argv:
        default_logs()
        sys.exit(0)
    if '--logs-only' not in sys.argv:
        ops()
    logs()
