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


def softmax(x):
    shifted = x - x.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)
    if causal:
        T = scores.shape[-1]
        mask = np.triu(np.ones((T, T), dtype=bool), k=1)
        scores = np.where(mask, -np.inf, scores)
    weights = softmax(scores)
    return weights @ V, weights


def lesson1(seed, T=4, d_model=8, d_k=16, d_v=16):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((T, d_model))
    W_q, W_k, W_v = (rng.standard_normal((d_model, d)) / np.sqrt(d_model) for d in (d_k, d_k, d_v))
    Q, K, V = X @ W_q, X @ W_k, X @ W_v
    out, w = attention(Q, K, V, causal=True)
    print("Q", Q.shape, "K", K.shape, "V", V.shape)
    print("out", out.shape, "weights", w.shape)
    print("row sums:", w.sum(axis=-1).round(3))
    print("causal weights:\n", w.round(2))
    for d in (16, 512):
        q, k = rng.standard_normal((2, 10000, d))
        dots = (q * k).sum(-1)
        print(f"d_k={d:4d}  var(q·k)={dots.var():7.1f}  var(q·k/sqrt(d_k))={(dots/np.sqrt(d)).var():.2f}")
    S = rng.standard_normal((1000, 8)) * np.sqrt(512)
    print("avg max weight  unscaled:", softmax(S).max(-1).mean().round(3),
          " scaled:", softmax(S / np.sqrt(512)).max(-1).mean().round(3))


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
