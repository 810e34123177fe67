#!/usr/bin/python3
"""NumPy reference for `attn-cli lesson1`: lesson 1's section-5 script with the
three TODOs filled in by the reference answer, parameterised by seed and sizes.

    /usr/bin/python3 scripts/lesson1_reference.py --seed 0 [--T 4 --d-model 8 --d-k 16 --d-v 16]

Also writes the golden files for the tests with --golden DIR.
"""
import argparse
import contextlib
import io
import os

import numpy as np


# Lesson 1's section-5 program as the exercise runs it (web/elements/attn-exercise/
# program.ts shows the same statements): SEED, the sizes and the three TODO
# statements are filled in by program_source(). The exercise goldens
# (gen_pyeval_golden.py) run it with other TODO lines.
PROGRAM = '''import math
import numpy as np

def softmax(x):
    x = x - x.max(axis=-1, keepdims=True)          # 数值稳定：先减最大值
    e = np.exp(x)
    return e / e.sum(axis=-1, keepdims=True)

def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    TODO1
    if causal:
        T = scores.shape[-1]
        TODO2
        scores = np.where(mask, -np.inf, scores)
    TODO3
    return weights @ V, weights                        # (T, d_v), (T, T)

rng = np.random.default_rng(SEED)
T, d_model, d_k, d_v = SIZES
X = rng.standard_normal((T, d_model))
W_q, W_k, W_v = (rng.standard_normal((d_model, d)) / np.sqrt(d_model) for d in (d_k, d_k, d_v))
Q, K, V = X @ W_q, X @ W_k, X @ W_v

out, w = attention(Q, K, V, causal=True)
print("Q", Q.shape, "K", K.shape, "V", V.shape)
print("out", out.shape, "weights", w.shape)
print("row sums:", w.sum(axis=-1).round(3))
print("causal weights:\\n", w.round(2))

for d in (16, 512):
    q, k = rng.standard_normal((2, 10000, d))
    dots = (q * k).sum(-1)
    print(f"d_k={d:4d}  var(q·k)={dots.var():7.1f}  var(q·k/sqrt(d_k))={(dots/np.sqrt(d)).var():.2f}")
S = rng.standard_normal((1000, 8)) * np.sqrt(512)
print("avg max weight  unscaled:", softmax(S).max(-1).mean().round(3),
      " scaled:", softmax(S / np.sqrt(512)).max(-1).mean().round(3))
'''

TARGETS = ["scores", "mask", "weights"]
# The reference answer for TODO 1, 2 and 3.
REF = ["scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)",
       "mask = np.triu(np.ones((T, T), dtype=bool), k=1)",
       "weights = softmax(scores)"]


def program_source(seed, todos=REF, T=4, d_model=8, d_k=16, d_v=16):
    """The program with these TODO lines (a bare expression is assigned to its target, a blank
    line is `target = ...`), as the exercise reads them."""
    src = PROGRAM.replace("SEED", str(seed)).replace("SIZES", "%d, %d, %d, %d" % (T, d_model, d_k, d_v))
    for k, t in enumerate(todos):
        t = t.strip() or "..."
        if not (t.startswith(TARGETS[k] + " =") or t.startswith(TARGETS[k] + "=")):
            t = TARGETS[k] + " = " + t
        src = src.replace("TODO%d" % (k + 1), t)
    return src


def lesson1(seed, T=4, d_model=8, d_k=16, d_v=16):
    exec(compile(program_source(seed, REF, T, d_model, d_k, d_v), "lesson1.py", "exec"), {"__name__": "__main__"})


GOLDEN_CASES = [
    (0, 4, 8, 16, 16), (1, 4, 8, 16, 16), (42, 4, 8, 16, 16), (2**64 - 1, 4, 8, 16, 16),
    (7, 1, 8, 16, 16), (7, 2, 3, 5, 7), (123456789, 10, 8, 16, 16), (99, 6, 32, 64, 8),
    (2**32, 10, 1, 1, 1), (31337, 9, 16, 512, 3),
]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--T", type=int, default=4)
    p.add_argument("--d-model", type=int, default=8)
    p.add_argument("--d-k", type=int, default=16)
    p.add_argument("--d-v", type=int, default=16)
    p.add_argument("--golden", metavar="DIR")
    a = p.parse_args()
    if a.golden:
        with open(os.path.join(a.golden, "lesson1_golden.txt"), "w", encoding="utf-8") as f:
            for case in GOLDEN_CASES:
                buf = io.StringIO()
                with contextlib.redirect_stdout(buf):
                    lesson1(*case)
                text = buf.getvalue()
                f.write("# case seed=%d T=%d d_model=%d d_k=%d d_v=%d lines=%d\n" % (*case, text.count("\n")))
                f.write(text)
        return
    lesson1(a.seed, a.T, a.d_model, a.d_k, a.d_v)


if __name__ == "__main__":
    main()
