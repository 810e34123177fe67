#!/usr/bin/python3
"""NumPy goldens for <attn-heatmap> (e2e/golden/heatmap.json).

Run with Debian's NumPy: /usr/bin/python3 scripts/gen_heatmap_golden.py
The draws are exactly the element's:
    rng = np.random.default_rng(seed)
    Q = rng.standard_normal((T, dk_max)); K = rng.standard_normal((T, dk_max))
    weights = softmax(where(triu(ones, 1) if causal, -inf, Q[:, :dk] @ K[:, :dk].T / divisor))
Floats are written with repr(), so JSON round-trips them exactly.
"""
import json
import os

import numpy as np


def divisor(scale, dk):
    return {"none": 1.0, "sqrt": np.sqrt(dk), "dk": float(dk)}[scale]


def heatmap(seed, T, dk_max, dk, scale, causal):
    rng = np.random.default_rng(seed)
    Q = rng.standard_normal((T, dk_max))
    K = rng.standard_normal((T, dk_max))
    raw = Q[:, :dk] @ K[:, :dk].T
    scores = raw / divisor(scale, dk)
    if causal:
        scores = np.where(np.triu(np.ones((T, T), dtype=bool), k=1), -np.inf, scores)
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w = w / w.sum(axis=-1, keepdims=True)
    return w, scores


CASES = [
    # (seed, tokens, dk_max, dk, scale, causal)
    (0, 6, 512, 16, "sqrt", False),
    (0, 6, 512, 16, "none", False),
    (0, 6, 512, 16, "dk", False),
    (0, 6, 512, 16, "sqrt", True),
    (0, 6, 512, 1, "sqrt", False),
    (0, 6, 512, 512, "none", False),
    (0, 6, 512, 512, "sqrt", True),
    (42, 32, 512, 512, "sqrt", True),
    (42, 32, 512, 64, "none", False),
    (7, 2, 1, 1, "dk", False),
    (123456789, 17, 1024, 1000, "sqrt", False),
    (18446744073709551615, 9, 300, 77, "none", True),
]

# Unscaled mean row max at growing d_k (the lesson's "softmax sharpens" claim).
SWEEP = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]  # at T=32, seed 0: strictly rising


def main():
    out = {"cases": [], "sweep": {"seed": 0, "tokens": 32, "dkMax": 512, "scale": "none", "points": []}}
    for seed, T, dk_max, dk, scale, causal in CASES:
        w, scores = heatmap(seed, T, dk_max, dk, scale, causal)
        out["cases"].append({
            "seed": str(seed), "tokens": T, "dkMax": dk_max, "dk": dk, "scale": scale, "causal": causal,
            "weights": [float(x) for x in w.ravel()],
            "scores": [None if np.isneginf(x) else float(x) for x in scores.ravel()],
            "scoreStd": float(np.std(np.where(np.isneginf(scores), 0, scores))) if not causal else None,
            "meanRowMax": float(w.max(axis=-1).mean()),
        })
    for dk in SWEEP:
        w, _ = heatmap(0, 32, 512, dk, "none", False)
        out["sweep"]["points"].append({"dk": dk, "meanRowMax": float(w.max(axis=-1).mean())})
    path = os.path.join(os.path.dirname(__file__), "..", "e2e", "golden", "heatmap.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump({"numpy": np.__version__, **out}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
