#!/usr/bin/python3
"""Differential check: `attn-cli torch randn|randint|uniform` against Debian's PyTorch.

The promise checked here is that the CLI prints, byte for byte, what Python prints for

    torch.manual_seed(S); [repr(v) for v in torch.randn(*shape).flatten().tolist()]
    torch.manual_seed(S); torch.randint(A, B, (N,)).tolist()
    torch.manual_seed(S); [repr(v) for v in torch.empty(N).uniform_(A, B).tolist()]

This script draws cases the committed goldens do not list (random seeds over [0, 2^63), every
n in 1..40, n around multiples of 16, random shapes, negative and > 2^32 randint ranges,
uniform bounds of every size) plus fixed edge cases, and compares the native CLI (and, with
--node K, every K-th case through the WASM CLI: `node scripts/attn-node.mjs torch ...`) with
PyTorch. Where PyTorch raises (randint low >= high, ...) the CLI must exit non-zero with a
message. Inputs outside the issue's contract (seed not in [0, 2^63), empty or > 2^24 shapes)
must fail with a message whatever PyTorch does.

Needs /usr/bin/python3 with python3-torch (1.13, AVX2 kernels: PyTorch's default on x86).
The test suite never runs this; it is a tool:

    /usr/bin/python3 scripts/diff/torch_diff.py                  # ~400 cases, seed 1
    /usr/bin/python3 scripts/diff/torch_diff.py --seed 9 --cases 2000 --node 50
    /usr/bin/python3 scripts/diff/torch_diff.py --big            # + n in the millions

Exit status 1 on any difference (the first lines of each are printed).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import subprocess
import sys

import torch

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
MAX_VALUES = 1 << 24


def py_text(kind: str, seed: int, args: dict) -> tuple[str | None, str | None]:
    """What Python prints, or (None, error) when PyTorch raises."""
    try:
        torch.manual_seed(seed)
        if kind == "randn":
            vals = torch.randn(*args["shape"]).flatten().tolist()
            return "".join(repr(v) + "\n" for v in vals), None
        if kind == "randint":
            vals = torch.randint(args["low"], args["high"], (args["count"],)).tolist()
            return "".join(str(v) + "\n" for v in vals), None
        vals = torch.empty(args["count"]).uniform_(args["low"], args["high"]).tolist()
        return "".join(repr(v) + "\n" for v in vals), None
    except (RuntimeError, ValueError, OverflowError) as e:
        return None, str(e).splitlines()[0]


def argv(kind: str, seed, args: dict) -> list[str]:
    a = ["torch", kind, "--seed", str(seed)]
    if kind == "randn":
        a += ["--shape", args["shape_text"] if "shape_text" in args else ",".join(map(str, args["shape"]))]
    else:
        a += ["--low", str(args["low"]), "--high", str(args["high"]), "--count", str(args["count"])]
    return a


def first_diff(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: torch {x!r} vs cli {y!r}"
    return f"line counts: torch {len(la)} vs cli {len(lb)}"


def rand_seed(rng: random.Random) -> int:
    return rng.choice([
        rng.randrange(0, 1 << 63), rng.randrange(0, 1 << 63), rng.randrange(0, 1 << 32),
        rng.randrange(0, 10_000), (1 << 63) - 1 - rng.randrange(0, 1000), (1 << 32) + rng.randrange(-3, 4),
        0,
    ])


def rand_shape(rng: random.Random) -> list[int]:
    n = rng.choice([rng.randint(1, 40), 16 * rng.randint(1, 64) + rng.randint(-1, 1), rng.randint(1, 5000)])
    n = max(n, 1)
    dims = [n]
    # split n into a few factors now and then: the shape must not matter, only the count
    for _ in range(rng.randint(0, 2)):
        d = dims[-1]
        f = next((k for k in range(2, 9) if d % k == 0), None)
        if f is None:
            break
        dims[-1] = d // f
        dims.insert(0, f)
    return dims


def rand_randint(rng: random.Random) -> dict:
    mode = rng.randrange(6)
    if mode == 0:
        low = rng.randint(-50, 50)
        high = low + rng.randint(1, 100)
    elif mode == 1:  # just below / at / above 2^32: random() vs random64()
        low = rng.randint(-(1 << 40), 1 << 40)
        high = low + (1 << 32) + rng.randint(-2, 2)
    elif mode == 2:  # wide 64-bit ranges
        low = rng.randint(-(1 << 63), 0)
        high = rng.randint(1, (1 << 63) - 1)
    elif mode == 3:
        low = -(1 << 63)
        high = rng.choice([(1 << 63) - 1, -(1 << 63) + 1, 0, 1 << 62])
    elif mode == 4:  # empty / inverted: PyTorch raises
        low = rng.randint(-10, 10)
        high = low - rng.randint(0, 3)
    else:
        low = rng.randint(-(1 << 31), 1 << 31)
        high = low + rng.randint(1, 1 << 32)
    return {"low": low, "high": high, "count": rng.choice([rng.randint(1, 40), rng.randint(1, 3000)])}


def rand_uniform(rng: random.Random) -> dict:
    mode = rng.randrange(7)
    if mode == 0:
        low = round(rng.uniform(-10, 10), rng.randint(0, 6))
        high = low + round(rng.uniform(0, 10), rng.randint(0, 6))
    elif mode == 1:
        b = 1 / (rng.randint(1, 1024) ** 0.5)  # nn.Linear's bound
        low, high = -b, b
    elif mode == 2:
        low = rng.uniform(-1e30, 1e30)
        high = low + abs(rng.uniform(0, 1e30))
    elif mode == 3:
        low = rng.uniform(-1e-30, 1e-30)
        high = low + abs(rng.uniform(0, 1e-30))
    elif mode == 4:
        low = high = rng.choice([0.0, 1.5, -3.25])
    elif mode == 5:  # high - low near float32's largest value: PyTorch's two range checks
        fmax = 3.4028234663852886e38
        low = -rng.uniform(0, fmax)
        high = min(low + fmax * rng.uniform(0.9999999, 1.0000001), fmax)
    else:
        low, high = rng.randint(-5, 5), rng.randint(-5, 5)  # sometimes low > high: PyTorch raises
    return {"low": low, "high": high, "count": rng.choice([rng.randint(1, 40), rng.randint(1, 3000)])}


def cases(seed: int, count: int, big: bool) -> list[tuple[str, object, dict]]:
    rng = random.Random(seed)
    out: list[tuple[str, object, dict]] = []
    edge_seeds = [0, 1, 2, 42, 1337, (1 << 31) - 1, 1 << 31, (1 << 32) - 1, 1 << 32, (1 << 63) - 1, (1 << 63) - 2]
    for n in list(range(1, 41)) + [47, 48, 49, 63, 64, 65, 255, 256, 257, 1000, 1023, 1024, 1025]:
        out.append(("randn", rng.choice(edge_seeds + [rand_seed(rng)]), {"shape": [n]}))
    for s in edge_seeds:
        out.append(("randn", s, {"shape": [4, 8, 2]}))
        out.append(("randn", s, {"shape": [4, 8, 32]}))
        out.append(("randint", s, {"low": -(1 << 63), "high": (1 << 63) - 1, "count": 33}))
        out.append(("uniform", s, {"low": -1.0, "high": 1.0, "count": 17}))
    for _ in range(count):
        kind = rng.choice(["randn", "randn", "randint", "uniform"])
        s = rand_seed(rng)
        if kind == "randn":
            out.append((kind, s, {"shape": rand_shape(rng)}))
        elif kind == "randint":
            out.append((kind, s, rand_randint(rng)))
        else:
            out.append((kind, s, rand_uniform(rng)))
    if big:
        out.append(("randn", rand_seed(rng), {"shape": [2_000_003]}))
        out.append(("randn", 0, {"shape": [4_194_304]}))
        out.append(("randn", (1 << 63) - 1, {"shape": [1024, 4099]}))
        out.append(("randn", rand_seed(rng), {"shape": [MAX_VALUES]}))
        out.append(("randint", rand_seed(rng), {"low": -7, "high": 1 << 40, "count": 3_000_001}))
        out.append(("uniform", rand_seed(rng), {"low": -0.125, "high": 0.375, "count": 2_500_017}))
    return out


# Inputs outside the contract: the CLI must refuse them with a message.
BAD = [
    ["torch", "randn", "--seed", "-1", "--shape", "3"],
    ["torch", "randn", "--seed", str(1 << 63), "--shape", "3"],
    ["torch", "randn", "--seed", str(1 << 64), "--shape", "3"],
    ["torch", "randn", "--seed", "abc", "--shape", "3"],
    ["torch", "randn", "--seed", "", "--shape", "3"],
    ["torch", "randn", "--seed", "1.5", "--shape", "3"],
    ["torch", "randn", "--seed", "+1", "--shape", "3"],
    ["torch", "randn", "--seed", "1", "--shape", "0"],
    ["torch", "randn", "--seed", "1", "--shape", "-2"],
    ["torch", "randn", "--seed", "1", "--shape", "4,0,2"],
    ["torch", "randn", "--seed", "1", "--shape", "4,-2"],
    ["torch", "randn", "--seed", "1", "--shape", ""],
    ["torch", "randn", "--seed", "1", "--shape", "4,,2"],
    ["torch", "randn", "--seed", "1", "--shape", "4,"],
    ["torch", "randn", "--seed", "1", "--shape", "abc"],
    ["torch", "randn", "--seed", "1", "--shape", str(MAX_VALUES + 1)],
    ["torch", "randn", "--seed", "1", "--shape", "4097,4096"],
    ["torch", "randn", "--seed", "1", "--shape", "65536,65536,65536,65536"],
    ["torch", "randn", "--seed", "1", "--shape", "99999999999999999999"],
    ["torch", "randn", "--seed", "1"],
    ["torch", "randint", "--seed", "1", "--low", "0", "--high", "10", "--count", "0"],
    ["torch", "randint", "--seed", "1", "--low", "0", "--high", "10", "--count", str(MAX_VALUES + 1)],
    ["torch", "randint", "--seed", "1", "--low", "0", "--high", str(1 << 63), "--count", "3"],
    ["torch", "randint", "--seed", "1", "--low", "5", "--high", "5", "--count", "3"],
    ["torch", "randint", "--seed", "-1", "--low", "0", "--high", "5", "--count", "3"],
    ["torch", "uniform", "--seed", "1", "--low", "2", "--high", "1", "--count", "3"],
    ["torch", "uniform", "--seed", "1", "--low", "nan", "--high", "1", "--count", "3"],
    ["torch", "uniform", "--seed", "1", "--low", "0", "--high", "inf", "--count", "3"],
    ["torch", "uniform", "--seed", "1", "--low", "0", "--high", "1", "--count", "-3"],
    ["torch", "uniform", "--seed", "abc", "--low", "0", "--high", "1", "--count", "3"],
]


def run(cmd: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1, help="seed of the case generator")
    ap.add_argument("--cases", type=int, default=300, help="random cases besides the fixed ones")
    ap.add_argument("--big", action="store_true", help="add runs with millions of values")
    ap.add_argument("--node", type=int, default=0, metavar="K",
                    help="also run every K-th case through the WASM CLI in Node (0: none)")
    ap.add_argument("--cli", default=str(ROOT / "build" / "native" / "attn-cli"))
    a = ap.parse_args()

    cap = torch.__config__.show().split("CPU capability usage:")[1].split()[0]
    if cap != "AVX2":
        print(f"PyTorch uses {cap} kernels, not AVX2 (set ATEN_CPU_CAPABILITY=avx2)", file=sys.stderr)
        return 2
    runners = [("native", [a.cli])]
    node = ["node", str(ROOT / "scripts" / "attn-node.mjs")]
    failures = 0
    checked = {"native": 0, "wasm": 0}
    todo = cases(a.seed, a.cases, a.big)
    for i, (kind, seed, args) in enumerate(todo):
        want, err = py_text(kind, seed, args)
        who = runners + ([("wasm", node)] if a.node and i % a.node == 0 else [])
        for name, prefix in who:
            cmd = argv(kind, seed, args)
            r = run(prefix + cmd)
            checked[name] += 1
            if want is None:
                if r.returncode == 0 or not r.stderr.strip():
                    failures += 1
                    print(f"FAIL {name} {' '.join(cmd)}: PyTorch raises ({err}) but the CLI exits {r.returncode}")
            elif r.returncode != 0 or r.stdout != want:
                failures += 1
                detail = r.stderr.strip().splitlines()[0] if r.returncode else first_diff(want, r.stdout)
                print(f"FAIL {name} {' '.join(cmd)}: exit {r.returncode}; {detail}")
    for cmd in BAD:
        for name, prefix in runners + ([("wasm", node)] if a.node else []):
            r = run(prefix + cmd)
            checked[name] += 1
            if r.returncode == 0 or "attn-cli torch:" not in r.stderr or r.stdout:
                failures += 1
                print(f"FAIL {name} {' '.join(repr(x) for x in cmd)}: exit {r.returncode}, stderr {r.stderr[:120]!r}")
    print(f"{len(todo)} cases + {len(BAD)} bad inputs; runs: native {checked['native']}, wasm {checked['wasm']};"
          f" {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
