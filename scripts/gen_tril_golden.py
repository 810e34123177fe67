#!/usr/bin/python3
"""Golden data for cpp/src/torch/tril_lab.* and <attn-tril> (PyTorch's own numbers).

    /usr/bin/python3 scripts/gen_tril_golden.py

Uses Debian's PyTorch 1.13.1 with its AVX2 kernels (as the lecture's machine and
Colab), and writes
  cpp/tests/data/torch_tril.txt   records for the C++ tests (format below)
  e2e/golden/tril_1337.json       what the page must show for seed 1337
  e2e/golden/tril_snippet/NAME.out  what PyTorch prints running NAME.py there, the
                                  element's "Copy as PyTorch" script for the state NAME
                                  of states.json (snippet.test.ts writes the .py files)

torch_tril.txt: '#' comments; a `seed S` line starts a block; other lines are
`NAME N : v1 ... vN` with float32 values as 8 hex digits (IEEE bits) or, for
doubles and booleans, Python reprs. The code each block runs is the reading
note's, in its order (see cpp/src/torch/tril_lab.hpp):

  x = randn(4, 8, 2); xbow (loop), xbow2 (tril / sum), xbow3 (masked softmax)
  x = randn(4, 8, 32); key, query, value = Linear(32, 16, bias=False) x3;
  pos = Embedding(8, 32); for mask in (1, 0), scale in (1, 0): wei
  unit-variance demo: k = randn(4, 8, 16), q = randn(4, 8, 16)
  softmax(tensor([0.1, -0.2, 0.3, -0.2, 0.5]) * m)
  permutation demo on batch 0 with perm = reversed, without / with pos
"""

from __future__ import annotations

import os

os.environ["ATEN_CPU_CAPABILITY"] = "avx2"

import json  # noqa: E402
import pathlib  # noqa: E402
import struct  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
from torch.nn import functional as F  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
B, T, C = 4, 8, 2
HEAD_C, HEAD_SIZE = 32, 16
SEEDS = [1337, 0, 42, 2**63 - 1]
TEMPS = [1.0, 2.0, 3.5, 8.0, 16.0]
PERM = [7, 6, 5, 4, 3, 2, 1, 0]


def hexes(t: torch.Tensor) -> list[str]:
    raw = t.detach().contiguous().view(-1).numpy().tobytes()
    return ["%08x" % w for w in struct.unpack("<%dI" % (len(raw) // 4), raw)]


def rec(lines: list[str], name: str, values: list[str]) -> None:
    lines.append(f"{name} {len(values)} : " + " ".join(values))


def three_ways(seed: int) -> dict:
    torch.manual_seed(seed)
    x = torch.randn(B, T, C)
    xbow = torch.zeros((B, T, C))
    for b in range(B):
        for t in range(T):
            xprev = x[b, :t + 1]
            xbow[b, t] = torch.mean(xprev, 0)
    wei = torch.tril(torch.ones(T, T))
    wei = wei / wei.sum(1, keepdim=True)
    xbow2 = wei @ x
    tril = torch.tril(torch.ones(T, T))
    wei3 = torch.zeros((T, T)).masked_fill(tril == 0, float("-inf"))
    wei3 = F.softmax(wei3, dim=-1)
    xbow3 = wei3 @ x
    return dict(x=x, xbow=xbow, xbow2=xbow2, xbow3=xbow3, wei2=wei, wei3=wei3,
                allclose=[torch.allclose(xbow, xbow2), torch.allclose(xbow, xbow3)])


def head(seed: int) -> dict:
    torch.manual_seed(seed)
    x = torch.randn(B, T, HEAD_C)
    key = nn.Linear(HEAD_C, HEAD_SIZE, bias=False)
    query = nn.Linear(HEAD_C, HEAD_SIZE, bias=False)
    value = nn.Linear(HEAD_C, HEAD_SIZE, bias=False)
    pos = nn.Embedding(T, HEAD_C)
    out: dict = dict(x=x, wk=key.weight, wq=query.weight, wv=value.weight, pos=pos.weight)
    with torch.no_grad():
        k, q, v = key(x), query(x), value(x)
        raw = q @ k.transpose(-2, -1)
        out["var_unscaled"] = raw.var().item()
        out["var_scaled"] = (raw * HEAD_SIZE**-0.5).var().item()
        tril = torch.tril(torch.ones(T, T))
        for mask in (1, 0):
            for scale in (1, 0):
                wei = raw * HEAD_SIZE**-0.5 if scale else raw
                if mask:
                    wei = wei.masked_fill(tril == 0, float("-inf"))
                wei = F.softmax(wei, dim=-1)
                out[f"wei_m{mask}_s{scale}"] = wei
                out[f"out_m{mask}_s{scale}"] = wei @ v

        def enc(xb: torch.Tensor) -> torch.Tensor:  # the head without the mask, scaled
            kb, qb, vb = key(xb), query(xb), value(xb)
            w = F.softmax(qb @ kb.transpose(-2, -1) * HEAD_SIZE**-0.5, dim=-1)
            return w @ vb

        xb = x[0]
        for positions in (0, 1):
            pe = pos.weight if positions else torch.zeros(T, HEAD_C)
            o = enc(xb + pe)
            op = enc(xb[PERM] + pe)
            out[f"perm_out_p{positions}"] = o
            out[f"perm_outperm_p{positions}"] = op
            out[f"perm_maxdiff_p{positions}"] = (op - o[PERM]).abs().max().item()
    return out


def unit_variance(seed: int) -> list[float]:
    torch.manual_seed(seed)
    k = torch.randn(B, T, HEAD_SIZE)
    q = torch.randn(B, T, HEAD_SIZE)
    w = q @ k.transpose(-2, -1)
    return [k.var().item(), q.var().item(), w.var().item(), (w * HEAD_SIZE**-0.5).var().item()]


def temperature(m: float) -> torch.Tensor:
    return torch.softmax(torch.tensor([0.1, -0.2, 0.3, -0.2, 0.5]) * m, dim=-1)


def main() -> None:
    cap = torch.__config__.show().split("CPU capability usage:")[1].split()[0]
    assert cap == "AVX2", cap
    lines = [f"# Generated by scripts/gen_tril_golden.py with PyTorch {torch.__version__} ({cap}); do not edit."]
    for seed in SEEDS:
        lines.append(f"seed {seed}")
        tw = three_ways(seed)
        for name in ("x", "xbow", "xbow2", "xbow3", "wei2", "wei3"):
            rec(lines, name, hexes(tw[name]))
        rec(lines, "allclose", [repr(bool(v)) for v in tw["allclose"]])
        hd = head(seed)
        for name in ("x", "wk", "wq", "wv", "pos"):
            rec(lines, "head_" + name, hexes(hd[name]))
        for mask in (1, 0):
            for scale in (1, 0):
                rec(lines, f"wei_m{mask}_s{scale}", hexes(hd[f"wei_m{mask}_s{scale}"]))
        rec(lines, "out_m1_s1", hexes(hd["out_m1_s1"]))
        rec(lines, "var", [repr(hd["var_unscaled"]), repr(hd["var_scaled"])])
        for p in (0, 1):
            rec(lines, f"perm_out_p{p}", hexes(hd[f"perm_out_p{p}"]))
            rec(lines, f"perm_outperm_p{p}", hexes(hd[f"perm_outperm_p{p}"]))
            rec(lines, f"perm_maxdiff_p{p}", [repr(hd[f"perm_maxdiff_p{p}"])])
        rec(lines, "unit_var", [repr(v) for v in unit_variance(seed)])
    lines.append("seed none")
    for m in TEMPS:
        rec(lines, f"temp_{m!r}", hexes(temperature(m)))
    (ROOT / "cpp" / "tests" / "data" / "torch_tril.txt").write_text("\n".join(lines) + "\n")

    # e2e: seed 1337 as PyTorch prints it (4 decimals) and as floats.
    tw = three_ways(1337)
    hd = head(1337)
    golden = {
        "seed": 1337,
        "x": tw["x"].flatten().tolist(),
        "xbow": tw["xbow"].flatten().tolist(),
        "x0_printed": [f"{v:.4f}" for v in tw["x"][0].flatten().tolist()],
        "wei": hd["wei_m1_s1"].flatten().tolist(),
        "wei0_printed": [f"{v:.4f}" for v in hd["wei_m1_s1"][0].flatten().tolist()],
        "wei0_unscaled_printed": [f"{v:.4f}" for v in hd["wei_m1_s0"][0].flatten().tolist()],
        "var": [hd["var_unscaled"], hd["var_scaled"]],
        "temp8": temperature(8.0).tolist(),
    }
    out = ROOT / "e2e" / "golden"
    out.mkdir(parents=True, exist_ok=True)
    (out / "tril_1337.json").write_text(json.dumps(golden, indent=1) + "\n")

    # "Copy as PyTorch": each script as the learner would run it, in a fresh interpreter.
    snippets = out / "tril_snippet"
    names = [k for k in json.loads((snippets / "states.json").read_text()) if not k.startswith("_")]
    for name in names:
        r = subprocess.run([sys.executable, str(snippets / f"{name}.py")], capture_output=True, text=True,
                           check=True, env={**os.environ, "ATEN_CPU_CAPABILITY": "avx2"})
        (snippets / f"{name}.out").write_text(r.stdout)


if __name__ == "__main__":
    main()
