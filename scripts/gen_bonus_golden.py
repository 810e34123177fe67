#!/usr/bin/python3
"""Golden data for cpp/src/torch/bonus.* and <attn-heads> (lesson 1's bonus).

    /usr/bin/python3 scripts/gen_bonus_golden.py

Uses Debian's PyTorch 1.13.1 (AVX2 kernels, one thread) and writes
  cpp/tests/data/torch_bonus.txt   records for the C++ tests (format below)
  e2e/golden/bonus_0.json          what <attn-heads> must show for seed 0 at
                                   the lesson's shapes, causal
  e2e/golden/bonus_snippet/NAME.out  what PyTorch prints running NAME.py there, the
                                   element's script for the state NAME of states.json
                                   (web/elements/attn-heads/snippet.test.ts writes the .py files)

The learner's function is the lesson's: scores = q @ k^T / sqrt(d), the
causal tril mask by masked_fill(-inf), softmax over the last axis, @ v.
PyTorch 1.13 has no F.scaled_dot_product_attention, so only the draws and
my_attention's values are golden; the fused kernel is tested against float64.

torch_bonus.txt: '#' comments; `case SEED B H T D CAUSAL` starts a block, then
`q N : hex...`, `k`, `v`, `mine` with float32 values as 8 hex digits (IEEE bits).
"""

from __future__ import annotations

import os

os.environ["ATEN_CPU_CAPABILITY"] = "avx2"

import json  # noqa: E402
import math  # noqa: E402
import pathlib  # noqa: E402
import struct  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

import torch  # noqa: E402
from torch.nn import functional as F  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = [
    (0, (2, 4, 5, 16), 1),
    (0, (2, 4, 5, 16), 0),
    (1, (1, 1, 1, 1), 1),
    (7, (3, 2, 9, 8), 1),
    (42, (1, 3, 33, 5), 0),
    (123, (1, 1, 40, 32), 1),
    (2**63 - 1, (2, 1, 6, 3), 1),
]


def my_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> torch.Tensor:
    T = q.size(-2)
    scores = q @ k.transpose(-2, -1) / math.sqrt(k.size(-1))
    if causal:
        keep = torch.tril(torch.ones(T, T, dtype=torch.bool))
        scores = scores.masked_fill(~keep, float("-inf"))
    return F.softmax(scores, dim=-1) @ v


def hexes(t: torch.Tensor) -> list[str]:
    raw = t.contiguous().view(-1).numpy().tobytes()
    return ["%08x" % w for w in struct.unpack("<%dI" % (len(raw) // 4), raw)]


def main() -> None:
    torch.set_num_threads(1)
    cap = torch.__config__.show().split("CPU capability usage:")[1].split()[0]
    assert cap == "AVX2", cap
    lines = ["# lesson 1's bonus on PyTorch " + torch.__version__ + " (scripts/gen_bonus_golden.py)"]
    page = None
    for seed, shape, causal in CASES:
        torch.manual_seed(seed)
        q, k, v = torch.randn(3, *shape).unbind(0)
        mine = my_attention(q, k, v, bool(causal))
        lines.append(f"case {seed} {' '.join(map(str, shape))} {causal}")
        for name, t in (("q", q), ("k", k), ("v", v), ("mine", mine)):
            h = hexes(t)
            lines.append(f"{name} {len(h)} : " + " ".join(h))
        if seed == 0 and causal and page is None:
            torch.set_printoptions(precision=4)
            page = {
                "seed": seed,
                "shape": list(shape),
                "causal": True,
                "shapeLine": "shape: " + str(tuple(mine.shape)),
                "mine00": str(mine[0, 0]),
                "q00": str(q[0, 0]),
                "mine": [float(x) for x in mine.flatten().tolist()],
            }
    (ROOT / "cpp/tests/data/torch_bonus.txt").write_text("\n".join(lines) + "\n")
    (ROOT / "e2e/golden/bonus_0.json").write_text(json.dumps(page, indent=1) + "\n")
    snippets = ROOT / "e2e/golden/bonus_snippet"
    for name in [k for k in json.loads((snippets / "states.json").read_text()) if not k.startswith("_")]:
        r = subprocess.run([sys.executable, str(snippets / f"{name}.py")], capture_output=True, text=True,
                           check=True, env={**os.environ, "OMP_NUM_THREADS": "1"})
        (snippets / f"{name}.out").write_text(r.stdout)


if __name__ == "__main__":
    main()
