#!/usr/bin/python3
"""PyTorch's side of the training bench: a model's training step
(get_batch, forward, backward, AdamW; the model's lr, 1e-3 for head and the
block models) on Debian's python3-torch, with scripts/train_reference.py's
modules (the lecture's Head, MultiHeadAttention, FeedForward, Block,
LayerNorm, Dropout). Prints JSON: {"ms_per_step", "steps_per_s", "steps",
"threads", "model", "n_embd", "n_head", "n_layer", "block", "dropout",
"batch", "torch"}. Exit 3 when torch is not importable.

    /usr/bin/python3 scripts/bench/train_torch.py [--steps 300] [--threads 1]
        [--model head] [--n-embd 32] [--block 8] [--batch 32]
        [--n-head 4 --n-layer 3 --dropout 0]   (the block models)

--threads 0 keeps PyTorch's own thread count (all cores). The best of three
rounds of CPU time per step with one thread; with several threads, wall time
(CPU time would add up the threads).
"""
import json
import os
import sys
import time

try:
    import torch
except ImportError:
    sys.exit(3)

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import train_reference as ref  # noqa: E402


def arg(name, default, kind=int):
    return kind(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main():
    steps = arg('--steps', 300)
    threads = arg('--threads', 1)
    n_embd, block, batch = arg('--n-embd', 32), arg('--block', 8), arg('--batch', 32)
    model = arg('--model', 'head', str)
    n_head, n_layer, dropout = arg('--n-head', 4), arg('--n-layer', 3), arg('--dropout', 0.0, float)
    if threads > 0:
        torch.set_num_threads(threads)
    clock = time.process_time if torch.get_num_threads() == 1 else time.perf_counter
    run = ref.Run(model, n_embd=n_embd, block=block, batch=batch, n_head=n_head, n_layer=n_layer, dropout=dropout)
    for _ in range(min(20, steps)):  # warm-up
        run.train_step()
    best = float('inf')
    for _ in range(3):
        t0 = clock()
        for _ in range(steps):
            run.train_step()
        best = min(best, (clock() - t0) / steps)
    print(json.dumps({'ms_per_step': best * 1e3, 'steps_per_s': 1 / best, 'steps': steps,
                      'threads': torch.get_num_threads(), 'model': model, 'n_embd': n_embd, 'n_head': n_head,
                      'n_layer': n_layer, 'block': block, 'dropout': dropout, 'batch': batch,
                      'torch': torch.__version__}))


if __name__ == '__main__':
    main()
