#!/usr/bin/python3
"""Dump PyTorch's training state step by step, to compare bit for bit with
the engine's (build/native/attn_dump_state, cpp/tools/dump_state.cpp):

    /usr/bin/python3 scripts/dump_block_state.py --model residual --steps 3 OUT.bin
    build/native/attn_dump_state residual 3 ENGINE.bin      # the same, the engine
    /usr/bin/python3 scripts/dump_block_state.py --model residual --steps 3 OUT.bin --compare ENGINE.bin

scripts/train_reference.py's run (seed, data, model, AdamW) on its defaults
(or --lr, --batch, --n-layer, --n-embd ...: pass attn_dump_state the same), evaluated once at step 0 as the log does; then
for each of --steps training steps, float32 little-endian: the loss, every
parameter's gradient, every parameter after the update (model.parameters()
order, flat). With --acts (block models), before those: each layer's
forward activations as hooks see them: [ln1], sa, [ln2], net.0, ffwd, the
block's output. Parameter names and shapes go to stderr.

Compare the two files element by element (numpy.fromfile(..., '<f4')); the
first tensor whose bits differ names the op whose float order is not
PyTorch's.
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_reference as ref  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--model', required=True)
    p.add_argument('--steps', type=int, default=1)
    p.add_argument('--lr', type=float)
    p.add_argument('--eval-iters', type=int, default=200)
    p.add_argument('--n-layer', type=int, default=3)
    p.add_argument('--n-head', type=int, default=4)
    p.add_argument('--n-embd', type=int, default=32)
    p.add_argument('--block', type=int, default=8)
    p.add_argument('--batch', type=int, default=32)
    p.add_argument('--dropout', type=float, default=0.0)
    p.add_argument('--acts', action='store_true')
    p.add_argument('--compare', metavar='ENGINE_BIN', help='then count, per tensor, the elements whose bits differ')
    p.add_argument('out')
    a = p.parse_args()
    torch.set_num_threads(1)
    run = ref.Run(a.model, lr=a.lr, eval_iters=a.eval_iters, n_layer=a.n_layer, n_head=a.n_head, n_embd=a.n_embd,
                  block=a.block, batch=a.batch, dropout=a.dropout)
    run.estimate_loss()
    print('\n'.join(f'{n} {tuple(q.shape)}' for n, q in run.model.named_parameters()), file=sys.stderr)
    acts = []
    layout = []  # (name, numel) in file order
    if a.acts and hasattr(run.model, 'blocks'):
        for b in run.model.blocks:
            for mod in ([b.ln1] if b.norm else []) + [b.sa] + ([b.ln2] if b.norm else []) + [b.ffwd.net[0], b.ffwd]:
                mod.register_forward_hook(lambda m, i, o: acts.append(o.detach().reshape(-1).clone()))
            b.register_forward_hook(lambda m, i, o: acts.append(o.detach().reshape(-1).clone()))
    named = list(run.model.named_parameters())
    with open(a.out, 'wb') as f:
        for s in range(a.steps):
            acts.clear()
            loss = run.train_step()
            for i, t in enumerate(acts):
                f.write(t.numpy().astype('<f4').tobytes())
                layout.append((f'step {s} activation {i}', t.numel()))
            f.write(loss.detach().reshape(1).numpy().astype('<f4').tobytes())
            layout.append((f'step {s} loss', 1))
            for n, q in named:
                f.write(q.grad.detach().reshape(-1).numpy().astype('<f4').tobytes())
                layout.append((f'step {s} grad {n}', q.numel()))
            for n, q in named:
                f.write(q.detach().reshape(-1).numpy().astype('<f4').tobytes())
                layout.append((f'step {s} param {n}', q.numel()))
    if a.compare:
        import numpy as np
        ours, theirs = np.fromfile(a.compare, '<i4'), np.fromfile(a.out, '<i4')
        if len(ours) != len(theirs):
            sys.exit(f'{a.compare}: {len(ours)} floats, PyTorch wrote {len(theirs)}')
        o = 0
        for n, k in layout:
            d = int((ours[o:o + k] != theirs[o:o + k]).sum())
            o += k
            print(f'{n}: {d} of {k} differ' if d else f'{n}: equal')


if __name__ == '__main__':
    main()
