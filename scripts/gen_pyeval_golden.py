#!/usr/bin/env python3
"""Golden data for cpp/tests/test_pyeval.cpp, made by NumPy (run with /usr/bin/python3, NumPy 1.24).

pyeval_exprs.tsv: one expression per line and what Python prints for repr(eval(expr)) or, when it
raises, its last traceback line ("ValueError: ..."). Newlines are written as \\n, backslashes as \\\\.
The names are those of the exercise: Q, K, V (4, 16), B4 (2, 3, 5, 8), d_k = 16, T = 4, scores, mask,
softmax (the lesson's), np, math; arrays from np.random.default_rng(7) in that order.

pyeval_exercise.tsv: seed, the three TODO lines, and the stdout of the lesson's section-5 program with
those lines (plus `import math`), followed by the last traceback line if it raised.
"""
import contextlib
import io
import math
import sys
import traceback

import numpy as np

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from lesson1_reference import REF, program_source  # noqa: E402  (the lesson's program, one copy)

HERE = __import__("pathlib").Path(__file__).resolve().parent.parent / "cpp" / "tests" / "data"


def softmax(x):
    x = x - x.max(axis=-1, keepdims=True)
    e = np.exp(x)
    return e / e.sum(axis=-1, keepdims=True)


def esc(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def last_line(e):
    return "".join(traceback.format_exception_only(type(e), e)).rstrip("\n").split("\n")[-1]


EXPRS = r"""
Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)
Q @ K.T / np.sqrt(d_k)
np.matmul(Q, K.swapaxes(-2, -1)) * d_k**-0.5
np.einsum('...id,...jd->...ij', Q, K) / np.sqrt(d_k)
np.einsum('ij,kj->ik', Q, K)
np.einsum('ij,kj', Q, K)
Q.dot(K.T)
np.dot(Q, K.T) / math.sqrt(d_k)
(Q @ K.T).shape
B4 @ B4.swapaxes(-2, -1)
(B4 @ B4.swapaxes(-2, -1)).shape
np.einsum('...id,...jd->...ij', B4, B4).shape
B4.T.shape
np.transpose(B4).shape
np.transpose(B4, (0, 1, 3, 2)).shape
B4.transpose(0, 1, 3, 2).shape
np.triu(np.ones((T, T), dtype=bool), k=1)
np.triu(np.ones((T, T), dtype=bool), k=0)
np.tril(np.ones((T, T), dtype=bool), k=-1)
~np.tril(np.ones((T, T), dtype=bool))
np.triu(np.ones((T, T)), 1)
np.triu(np.ones(T))
np.arange(T)[:, None] < np.arange(T)
np.arange(T)[None, :] > np.arange(T)[:, None]
np.tri(T, k=-1, dtype=bool)
np.arange(10)
np.arange(2, 11, 3)
np.arange(0.5, 3)
np.arange(30) * 1000
np.ones((2, 3), dtype=int)
np.zeros(3)
np.ones_like(Q[:2, :3], dtype=bool)
np.where(mask, -np.inf, scores)
softmax(np.where(mask, -np.inf, scores))
softmax(np.where(mask, -np.inf, scores)).round(2)
softmax(scores).sum(axis=-1)
softmax(scores).sum(axis=-1).round(3)
softmax(scores).max(-1).mean()
scores.max()
scores.max(axis=0)
scores.sum(axis=0)
scores.mean(axis=(0, 1))
scores.sum(-1, keepdims=True)
scores.astype(bool)
scores.astype(int)
mask.sum()
mask.sum(axis=1)
mask + mask
mask * 2
mask / 2
mask & ~mask
mask | True
Q[0, 0]
Q[0]
Q[:, 0]
Q[::-1, 0]
Q[1:3, ::5]
Q[..., None].shape
Q[:, None, :, None].shape
Q[-1, -1]
Q.shape[-1]
Q.shape
Q.ndim
Q.size
d_k**-0.5
d_k ** 0.5
1 / d_k
d_k // 3
d_k % 5
-d_k
~d_k
2**-1
True + True
-np.inf
np.sqrt(d_k)
math.sqrt(d_k)
np.exp(1)
np.float64(3)
float(d_k)
int(2.7)
(T, T)
(T,)
[T, T]
(1, 2) + (3,)
np.inf
1e-05
1.5e16
0.1 + 0.2
np.sqrt(-1.0)
np.ones(3) / 0
Q @ K
Q + K.T
B4 @ B4.T
np.ones((2, 4, 4)) @ np.ones((3, 4, 4))
2.0 @ Q
Q @ 2
x
Q.foo
np.foo
math.foo
Q.swapaxes(0, 2)
Q.swapaxes(-3, -1)
Q.sum(axis=2)
Q.mean(axis=3)
Q.transpose(0)
Q.transpose(0, 0)
Q.sum(axis=(0, 0))
Q[5]
Q[0, 0, 0]
Q[1.0]
Q[0, 0][0]
Q.shape[5]
Q.dot(K)
np.dot(B4, B4)
np.einsum('ijk,kj', Q, K)
np.einsum('ij', Q, K)
-mask
mask - mask
~Q
~1.5
1 / 0
1.0 / 0
1 // 0
math.sqrt(-1)
math.sqrt(Q)
mask.round(2)
np.ones(4, 4)
np.ones((4.0, 4))
np.ones(-1)
np.ones((2, 2)).T()
Q.shape()
np.where(mask, 1)
scores < scores < 1
Q.round(1.5)
np.sqrt(Q, axis=1)
None + 1
Q @ None
np.ones(3)[::0]
np.swapaxes(Q, -2)
np.zeros((0, 3)).max()
len(np.float64(2))
Q.astype('x')
np.int64(3)**-1
np.arange(3) ** -1
(-np.arange(16).reshape(4, 4)) / 3
np.arange(4) * -1
np.zeros(3, dtype=int) * -2 / 5
-np.zeros((2, 2), dtype=int)
(0 * -np.ones(3, dtype=int)).astype(float)
np.arange(3) * -0.0
np.maximum(0.0, -0.0)
np.maximum(-0.0, 0.0)
np.minimum(0.0, -0.0)
np.minimum(-0.0, 0.0)
np.maximum(np.zeros(3), -0.0)
np.minimum(-0.0, np.zeros(3))
np.maximum(0, -0.0)
np.maximum(1.0, np.nan)
np.fmax(0.0, -0.0)
np.fmin(-0.0, 0.0)
np.fmax(np.nan, 1.0)
np.fmin(np.array([1.0, np.nan]), np.nan)
np.fmax(scores, 0).min() >= 0
np.where(True, -0.0, 0)
np.where([True, False], -0.0, 0)
np.arange(2, dtype=bool)
np.arange(5, dtype=bool)
np.arange(0, 1, 0.3, dtype=bool)
np.arange(-1, 1, dtype=bool)
np.arange(0, dtype=bool)
np.arange(0.5, 3, dtype=int)
np.arange(0, 2, 0.5, dtype=int)
np.arange(2.5, dtype=int)
np.ones(2, dtype='b1')
np.ones(2, dtype='<f8')
np.ones(2, dtype='|b1')
np.ones(2, dtype='long')
np.ones(2, dtype='boolean')
np.ones(2, dtype='Float')
np.dtype('bool')
np.dtype(float)
np.dtype('f8')
np.ones(2, dtype=np.dtype('bool'))
np.dtype('bool')(1)
np.dtype(3)
np.float64('1.5')
np.float64(' -1_0.5e1 ')
np.float64('-Infinity')
np.int64('7')
np.int64(' 1_000 ')
np.int64('1.5')
np.int64('')
float('1e')
float('.5')
int(' +7 ')
int('0x10')
np.bool_('')
np.bool_('False')
len('√')
len('注意力')
np.float64(2.0).max(axis=-1, keepdims=True)
softmax(np.float64(3.0))
np.array(2.0).sum(axis=0)
np.array(2.0).sum(axis=1)
np.array(2.0).mean(axis=-1)
np.sum(3.0, axis=-1)
len(obj=[1])
abs(x=1)
np.inner(a=Q, b=K)
np.ones((2, 2), float, 'C', None)
np.triu(np.ones((2, 2)), k=1, dtype=bool)
np.abs(1e-9)
np.matmul(1.5, 2)
1.5 @ 2
np.float64(1.5) @ 2
scores.shape != scores
np.ones(2) == np.ones(3)
""".strip().split("\n")


def make_env():
    rng = np.random.default_rng(7)
    env = {"np": np, "math": math, "softmax": softmax}
    env["Q"] = rng.standard_normal((4, 16))
    env["K"] = rng.standard_normal((4, 16))
    env["V"] = rng.standard_normal((4, 16))
    env["B4"] = rng.standard_normal((2, 3, 5, 8))
    env["d_k"] = 16
    env["T"] = 4
    env["scores"] = env["Q"] @ env["K"].swapaxes(-2, -1) / np.sqrt(16)
    env["mask"] = np.triu(np.ones((4, 4), dtype=bool), k=1)
    return env


EXERCISES = [
    (0, REF), (1, REF), (42, REF), (2024, REF), (123456789, REF),
    (0, ["Q @ K.T / np.sqrt(d_k)", "~np.tril(np.ones((T, T), dtype=bool))", "np.exp(scores) / np.exp(scores).sum(-1, keepdims=True)"]),
    (3, ["Q @ K.swapaxes(-2, -1)", REF[1], REF[2]]),
    (3, ["Q @ K.swapaxes(-2, -1) / d_k", REF[1], REF[2]]),
    (5, [REF[0], "np.triu(np.ones((T, T), dtype=bool), k=0)", REF[2]]),
    (5, [REF[0], REF[1], "np.exp(scores) / np.exp(scores).sum(axis=0, keepdims=True)"]),
    (7, [REF[0], "np.tril(np.ones((T, T), dtype=bool), k=-1)", REF[2]]),
    (7, [REF[0], "np.triu(np.ones((T, T)), k=1)", REF[2]]),
    (8, ["Q @ K / np.sqrt(d_k)", REF[1], REF[2]]),
    (8, ["Q @ K.T / np.sqrt(T)", REF[1], REF[2]]),
    (9, [REF[0], REF[1], "np.exp(scores)"]),
    (9, [REF[0], REF[1], "mask"]),
    (10, [REF[0], REF[1], "scores"]),
    (11, ["...", REF[1], REF[2]]),
    (12, [REF[0], REF[1], "softmax(scores).sum(-1)"]),
    (13, [REF[0], REF[1], "np.exp(scores).astype(int)"]),
    (14, [REF[0], REF[1], "foo(scores)"]),
]


def run_program(seed, todos):
    src = program_source(seed, todos)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            with np.errstate(all="ignore"):
                exec(compile(src, "0001_attention_todo.py", "exec"), {"__name__": "__main__"})
        except Exception as e:  # noqa: BLE001
            print(last_line(e))
    return buf.getvalue()


def main():
    assert np.__version__.startswith("1.24"), np.__version__
    env = make_env()
    with open(HERE / "pyeval_exprs.tsv", "w", encoding="utf-8") as f:
        for e in EXPRS:
            try:
                with np.errstate(all="ignore"):
                    out = repr(eval(e, dict(env)))
            except Exception as ex:  # noqa: BLE001
                out = last_line(ex)
            f.write(e + "\t" + esc(out) + "\n")
    with open(HERE / "pyeval_exercise.tsv", "w", encoding="utf-8") as f:
        for seed, todos in EXERCISES:
            f.write("\t".join([str(seed)] + todos + [esc(run_program(seed, todos))]) + "\n")


if __name__ == "__main__":
    main()
