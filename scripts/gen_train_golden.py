#!/usr/bin/python3
"""Goldens for the training engine (cpp/tests/test_train_*.cpp), made with
Debian's PyTorch 1.13 (python3-torch) by scripts/train_reference.py:

    /usr/bin/python3 scripts/gen_train_golden.py [--logs]

cpp/tests/data/train_step_<model>.txt, for bigram, position and head at a
small size (seed 1337, batch 4, block 4, n_embd 8, lr 1e-2, eval_iters 2, on
public/data/tinyshakespeare.txt): the estimate_loss at step 0, then three
training steps: each step's batch offsets and loss, the gradients of the
first step and the parameters after the third, flat in model.parameters()
order. One record per line, `name count v0 v1 ...`, floats as the 8 hex
digits of their float32 bits.

With --logs also cpp/tests/data/train_log_<model>.txt: what the lecture's
script prints at the defaults (bigram and position: 3000 iters, eval every
300, lr 1e-2; head: 5000, 500, 1e-3), sample included. About a minute.
"""
import os
import struct
import subprocess
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_reference as ref  # noqa: E402

OUT = os.path.join(ref.ROOT, 'cpp', 'tests', 'data')


def hexf(values):
    return ' '.join('%08x' % struct.unpack('<I', struct.pack('<f', float(v)))[0] for v in values)


def step_golden(model):
    torch.set_num_threads(1)
    run = ref.Run(model, seed=1337, lr=1e-2, batch=4, block=4, n_embd=8, eval_iters=2)
    lines = [f'# scripts/gen_train_golden.py: {model}, seed 1337, batch 4, block 4, n_embd 8, lr 1e-2, eval_iters 2',
             f'vocab 1 {len(run.chars)}']
    losses = run.estimate_loss()
    lines.append('eval 2 ' + hexf([losses['train'], losses['val']]))
    for step in range(3):
        loss = run.train_step()
        lines.append(f'ix{step} {len(run.last_ix)} ' + ' '.join(str(int(i)) for i in run.last_ix))
        lines.append(f'loss{step} 1 ' + hexf([loss.item()]))
        if step == 0:
            g = torch.cat([p.grad.reshape(-1) for p in run.model.parameters()])
            lines.append(f'grad0 {g.numel()} ' + hexf(g.tolist()))
    p = torch.cat([p.detach().reshape(-1) for p in run.model.parameters()])
    lines.append(f'params3 {p.numel()} ' + hexf(p.tolist()))
    path = os.path.join(OUT, f'train_step_{model}.txt')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print('wrote', path)


def main():
    for model in ('bigram', 'position', 'head'):
        step_golden(model)
    if '--logs' in sys.argv:
        for model in ('bigram', 'position', 'head'):
            path = os.path.join(OUT, f'train_log_{model}.txt')
            with open(path, 'w') as f:
                subprocess.run([sys.executable, os.path.join(ref.ROOT, 'scripts', 'train_reference.py'),
                                '--model', model], stdout=f, check=True)
            print('wrote', path)


if __name__ == '__main__':
    main()
