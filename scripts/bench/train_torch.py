#!/usr/bin/python3
"""PyTorch's side of the training bench: the one-head model's training step
(get_batch, forward, backward, AdamW; batch 32, block 8, lr 1e-3) with one
thread, on Debian's python3-torch. Prints JSON: {"ms_per_step", "steps_per_s",
"steps", "torch"}. Exit 3 when torch is not importable.

    /usr/bin/python3 scripts/bench/train_torch.py [--steps 300]
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


def main():
    steps = int(sys.argv[sys.argv.index('--steps') + 1]) if '--steps' in sys.argv else 300
    torch.set_num_threads(1)
    run = ref.Run('head')
    for _ in range(20):  # warm-up
        run.train_step()
    best = float('inf')
    for _ in range(3):
        t0 = time.process_time()
        for _ in range(steps):
            run.train_step()
        best = min(best, (time.process_time() - t0) / steps)
    print(json.dumps({'ms_per_step': best * 1e3, 'steps_per_s': 1 / best, 'steps': steps, 'torch': torch.__version__}))


if __name__ == '__main__':
    main()
