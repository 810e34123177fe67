#!/usr/bin/env python3
"""Writes the committed seed corpora cpp/fuzz/corpus/<target>/ (small,
hand-picked inputs that reach the interesting paths at once). Re-run after
changing an input format in harness_*.hpp:  python3 cpp/fuzz/gen_corpus.py
"""
import math
import os
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

# --- fuzz_attention: see the layout in harness_attention.hpp -----------------
SPECIAL = {"nan": 140, "inf": 141, "-inf": 142, "denorm": 143, "-denorm": 144,
           "dblmin": 145, "dblmax": 146, "-dblmax": 147, "1e300": 149, "-1e300": 150,
           "fdenorm": 151, "fltmax": 152, "88": 156, "-88": 157}


def val(v):
    """One value: small multiples of 1/8 in [-8, 8) as a tag, names as specials."""
    if isinstance(v, str):
        return bytes([SPECIAL[v]])
    t = round(v * 8) + 64
    assert 0 <= t < 128, v
    return bytes([t])


def attention(T, S, dk, dv, causal=False, scale="sqrt", k=1, k64=None, defect=0,
              batched=False, B=1, H=1, values=None):
    flags = (1 if causal else 0) | ({"none": 0, "sqrt": 1, "dk": 2}[scale] << 1)
    flags |= (defect << 4) | (64 if batched else 0) | (8 if k64 is not None else 0)
    out = bytes([T, S, dk, dv, flags])
    out += struct.pack("<q", k64) if k64 is not None else bytes([k + 10])
    out += bytes([(B - 1) | ((H - 1) << 1)])
    n = (B * H if batched else 1) * (T * dk + S * dk + S * dv)
    if values is None:
        values = [((i * 37) % 29 - 14) / 8 for i in range(n)]
    return out + b"".join(val(v) for v in values)


def attention_cases():
    c = {}
    c["lesson-causal-4x8"] = attention(4, 4, 8, 8, causal=True)
    c["lesson-plain-4x8"] = attention(4, 4, 8, 8)
    c["scale-none"] = attention(3, 5, 2, 3, scale="none")
    c["scale-dk"] = attention(3, 5, 2, 3, scale="dk")
    c["cross-T3-S6"] = attention(3, 6, 4, 2, causal=True, k=3)
    c["fully-masked-rows"] = attention(4, 4, 2, 2, causal=True, k=-10)
    c["mask-k0"] = attention(4, 4, 2, 2, causal=True, k=0)
    c["mask-k-longmax"] = attention(3, 3, 2, 2, causal=True, k64=2**63 - 1)
    c["mask-k-longmin"] = attention(3, 3, 2, 2, causal=True, k64=-(2**63))
    c["nan-inf-values"] = attention(2, 3, 2, 2, causal=True,
                                    values=["nan", 1, "inf", 0, "-inf", 2, 1, "denorm", 0, 0,
                                            "nan", 1, "inf", 1, -1, 2])
    c["huge-scores-overflow"] = attention(2, 2, 2, 2, values=["1e300"] * 8 + [1, 2, 3, 4])
    c["denormals"] = attention(2, 2, 2, 2, values=["denorm", "-denorm", "fdenorm", "dblmin"] * 3)
    c["float-range-edges"] = attention(2, 2, 2, 2, values=["fltmax", "88", "-88", "dblmax"] * 3)
    c["dk-zero"] = attention(2, 2, 0, 2)
    c["empty-T0-S0"] = attention(0, 0, 3, 3)
    c["defect-K-cols"] = attention(2, 2, 2, 2, defect=1)
    c["defect-V-rows"] = attention(2, 2, 2, 2, defect=2)
    c["defect-data-size"] = attention(2, 2, 2, 2, defect=3)
    c["batched-2x2-causal"] = attention(3, 3, 2, 2, causal=True, batched=True, B=2, H=2)
    c["batched-nan"] = attention(2, 2, 1, 1, batched=True,
                                 values=["nan", 1, 1, "inf", 2, 3])
    c["batched-zero-dim"] = attention(0, 2, 2, 2, batched=True)
    return c


# --- fuzz_lesson1_cli: NUL-separated argv tokens -------------------------------
def argv(*tokens):
    return "\0".join(tokens).encode()


def cli_cases():
    return {
        "lesson1-seed0": argv("lesson1", "--seed", "0"),
        "lesson1-sizes": argv("lesson1", "--seed=42", "--T", "10", "--d-model", "3", "--d-k", "512", "--d-v=1"),
        "lesson1-bad-size": argv("lesson1", "--T", "11"),
        "lesson1-seed-too-big": argv("lesson1", "--seed", "18446744073709551616"),
        "lesson1-unicode-seed": argv("lesson1", "--seed", "\u2026" * 45),
        "normal-5": argv("normal", "--seed", "1", "--count", "5"),
        "normal-missing-count": argv("normal", "--seed", "1"),
        "normal-dangling": argv("normal", "--seed"),
        "help": argv("help"),
        "empty": b"",
        "unknown": argv("frobnicate", "--x", "1"),
        "exercise-reference": argv("exercise", "--seed", "0",
                                   "--todo1", "scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)",
                                   "--todo2", "mask = np.triu(np.ones((T, T), dtype=bool), k=1)",
                                   "--todo3", "weights = softmax(scores)"),
        "exercise-todo-left": argv("exercise", "--todo1", "...", "--todo2", "...", "--todo3", "..."),
    }


# --- fuzz_seed: raw text ----------------------------------------------------
def seed_cases():
    return {
        "zero": b"0", "small": b"42", "max": b"18446744073709551615",
        "max-plus-1": b"18446744073709551616", "leading-zeros": b"000000000000000000000018446744073709551615",
        "huge": b"9" * 30, "negative": b"-1", "space": b" 1", "exponent": b"1e3", "empty": b"",
        "long-ascii": b"x" * 60, "long-utf8": ("\u00e9" * 50).encode(),
        "continuation-bytes": b"\x80\x81" + b"1" * 45,
    }


# --- fuzz_pyeval: byte 0 = sizes/limits, then newline-separated lines -------
REFERENCE = [
    "scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)",
    "mask = np.triu(np.ones((T, T), dtype=bool), k=1)",
    "scores = np.where(mask, -np.inf, scores)",
    "weights = softmax(scores)",
]
VARIANTS = [
    "Q @ K.T / np.sqrt(d_k)",
    "scores = np.matmul(Q, K.transpose()) / math.sqrt(d_k)",
    "scores = Q.dot(K.T) / d_k ** 0.5",
    "scores = (Q @ K.swapaxes(0, 1)) * (1 / np.sqrt(K.shape[-1]))",
    "mask = np.triu(np.ones((T, T)), k=1).astype(bool)",
    "mask = ~np.tril(np.ones((T, T), dtype=bool))",
    "mask = np.tri(T, T, k=0, dtype=bool) == False",
    "weights = softmax(scores, axis=-1)",
    "weights = np.exp(scores - scores.max(axis=-1, keepdims=True)) / np.exp(scores - scores.max(axis=-1, keepdims=True)).sum(axis=-1, keepdims=True)",
    "softmax(scores)",
    "scores = ...",
    "...",
    "x[::-1], x[1:3], x[..., None], x[-1]",
    "Q[:, :2] @ K[:, :2].T",
    "np.sum(x), np.mean(Q, axis=0), np.max(x), np.argmax(Q, axis=-1)",
    "1 < 2 <= 3 != 4, 2 ** 10, 7 // 2, -7 % 3, 1e308 * 10, True + 1",
    "np.ones((3, 4)) @ np.ones((5, 6))",
    "np.zeros((1000, 1000)) @ np.zeros((1000, 1000))",
    "np.ones((100000, 100000))",
    "'abc' + 1",
    "scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)  # the lesson's line",
    "(((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))",
    "np.float64(1) / 0, np.int64(2) ** 64, int(np.inf)",
    "np.triu(Q, k=-1), np.tril(Q, 1), np.where(x > 0, x, 0)",
    "Q.reshape(-1), Q.reshape((2, -1)), Q.shape, Q.ndim, Q.dtype",
    "np.einsum('ij,kj->ik', Q, K) / np.sqrt(d_k)",
    "np.full((T, T), -np.inf), np.arange(10).sum(), np.maximum(x, 0), np.around(Q, decimals=2)",
    "np.logical_not(np.tril(np.ones((T, T), dtype=bool))), np.ones_like(Q).mean(axis=0)",
    "x" + " + x" * 300,
]


def pyeval_cases():
    c = {}
    for cfg in (0x0F, 0x15 | 64):
        c[f"reference-cfg{cfg:02x}"] = bytes([cfg]) + "\n".join(REFERENCE).encode()
    c["judge-reference"] = bytes([0x0F | 128]) + "\n".join(REFERENCE[:2] + REFERENCE[3:]).encode()
    c["judge-variants"] = bytes([0x0F | 128]) + "\n".join([VARIANTS[0], VARIANTS[5], VARIANTS[8]]).encode()
    c["judge-todo-left"] = bytes([0x0F | 128]) + b"...\n\nscores = ..."
    for i, line in enumerate(VARIANTS):
        c[f"variant-{i:02d}"] = bytes([0x0F]) + line.encode()
    return c


def main():
    for target, cases in (("fuzz_attention", attention_cases()), ("fuzz_lesson1_cli", cli_cases()),
                          ("fuzz_seed", seed_cases()), ("fuzz_pyeval", pyeval_cases())):
        d = os.path.join(ROOT, target)
        os.makedirs(d, exist_ok=True)
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
        for name, data in cases.items():
            with open(os.path.join(d, name), "wb") as fh:
                fh.write(data)


if __name__ == "__main__":
    main()
