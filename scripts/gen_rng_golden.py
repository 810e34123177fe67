#!/usr/bin/python3
"""Golden vectors for cpp/src/numpy/rng.{hpp,cpp}: NumPy's default_rng, bit for bit.

Run with the system interpreter (NumPy 1.24 from Debian):

    /usr/bin/python3 scripts/gen_rng_golden.py

Deterministic; (re)writes cpp/tests/data/rng_*.txt. Every file is a list of
records, '#' lines are comments:

    <seed> <start> <count>
    <count hex words, 8 per line>

`start` is the index of the first value in the stream (0 unless stated).
Doubles are stored as the 16 hex digits of their IEEE-754 bit pattern, so the
C++ test compares them exactly.

Files:
  rng_seedseq.txt     SeedSequence(seed).generate_state(12, np.uint32)
  rng_pcg64_raw.txt   np.random.PCG64(seed).random_raw(8)
  rng_random.txt      np.random.default_rng(seed).random(8)
  rng_normal.txt      np.random.default_rng(seed).standard_normal(1000)
  rng_normal_far.txt  short windows of standard_normal(200000) far into the
                      stream, chosen where the ziggurat's slow paths run

To know where the slow paths run, the script replays NumPy's ziggurat in
Python on PCG64's raw output, using the tables from cpp/src/numpy/ziggurat_tables.hpp,
and checks the replay equals NumPy's draws bit for bit. That is also a check of
those tables against NumPy.
"""

from __future__ import annotations

import math
import pathlib
import random
import re
import struct
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "cpp" / "tests" / "data"
TABLES = ROOT / "cpp" / "src" / "numpy" / "ziggurat_tables.hpp"

# Edge cases of the seed -> uint32 words conversion (1 word below 2^32, 2 at
# and above), plus three fixed pseudo-random 64-bit seeds.
_extra = random.Random(20240611)
SEEDS = [0, 1, 42, 12345, 2**32 - 1, 2**32, 2**53 + 1, 2**63, 2**64 - 1] + [
    _extra.getrandbits(64) for _ in range(3)
]

N_NORMAL = 1000
FAR_SEEDS = [0, 42]
FAR_STREAM = 200_000
FAR_FROM = 100_000
WINDOW_BEFORE = 2
WINDOW_LEN = 8


def bits_of(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def write_records(name: str, header: list[str], records: list[tuple[int, int, list[int], int, str]]) -> None:
    """records: (seed, start, words, hex_digits, comment)."""
    lines = [f"# {h}" if h else "#" for h in header]
    for seed, start, words, digits, comment in records:
        if comment:
            lines.extend(f"# {c}" for c in comment.splitlines())
        lines.append(f"{seed} {start} {len(words)}")
        for i in range(0, len(words), 8):
            lines.append(" ".join(f"{w:0{digits}x}" for w in words[i : i + 8]))
    (DATA / name).write_text("\n".join(lines) + "\n")


# --- ziggurat replay ---------------------------------------------------------


def load_tables():
    text = TABLES.read_text()

    def array(name: str) -> list[str]:
        m = re.search(name + r"\[256\]\s*=\s*\{(.*?)\};", text, re.S)
        assert m, name
        vals = [v.strip() for v in m.group(1).split(",") if v.strip()]
        assert len(vals) == 256, (name, len(vals))
        return vals

    def scalar(name: str) -> float:
        m = re.search(name + r"\s*=\s*([0-9a-fA-Fx.p+-]+);", text)
        assert m, name
        return float.fromhex(m.group(1))

    k = [int(v.rstrip("ULL"), 16) for v in array("kZigNormalK")]
    w = [float.fromhex(v) for v in array("kZigNormalW")]
    f = [float.fromhex(v) for v in array("kZigNormalF")]
    return k, w, f, scalar("kZigNormalR"), scalar("kZigNormalInvR")


K, W, F, R, INV_R = load_tables()


def replay_normals(seed: int, n: int):
    """NumPy's random_standard_normal on PCG64(seed)'s raw stream.

    Returns (values, events) where events[i] lists what draw i went through:
    'wedge-reject', 'wedge-accept', 'tail' (one per tail iteration, the last
    accepted), in order; an empty list means the fast path took it at once.
    """
    bitgen = np.random.PCG64(seed)
    raw: list[int] = []
    pos = 0

    def next_u64() -> int:
        nonlocal pos
        if pos == len(raw):
            raw.extend(bitgen.random_raw(4096).tolist())
        v = raw[pos]
        pos += 1
        return v

    def next_double() -> float:
        return (next_u64() >> 11) * (1.0 / 9007199254740992.0)

    values, events = [], []
    for _ in range(n):
        ev = []
        while True:
            r = next_u64()
            idx = r & 0xFF
            r >>= 8
            rabs = (r >> 1) & 0x000FFFFFFFFFFFFF
            x = rabs * W[idx]
            if r & 1:
                x = -x
            if rabs < K[idx]:
                break
            if idx == 0:
                while True:
                    xx = -INV_R * math.log1p(-next_double())
                    yy = -math.log1p(-next_double())
                    ev.append("tail")
                    if yy + yy > xx * xx:
                        x = -(R + xx) if (rabs >> 8) & 1 else R + xx
                        break
                break
            if (F[idx - 1] - F[idx]) * next_double() + F[idx] < math.exp(-0.5 * x * x):
                ev.append("wedge-accept")
                break
            ev.append("wedge-reject")
        values.append(x)
        events.append(ev)
    return values, events


def checked_normals(seed: int, n: int):
    ref = np.random.default_rng(seed).standard_normal(n)
    values, events = replay_normals(seed, n)
    ref_bits = ref.view(np.uint64).tolist()
    mine = [bits_of(v) for v in values]
    if mine != ref_bits:
        bad = next(i for i in range(n) if mine[i] != ref_bits[i])
        sys.exit(f"ziggurat replay differs from NumPy for seed {seed} at draw {bad}")
    return ref_bits, events


def describe(ev: list[str]) -> str:
    if not ev:
        return "fast"
    tails = ev.count("tail")
    parts = [e for e in ev if e != "tail"]
    if tails:
        parts.append(f"tail x{tails}" + (" (inner retry)" if tails > 1 else ""))
    return ", ".join(parts)


def summary(events: list[list[str]]) -> str:
    flat = [e for ev in events for e in ev]
    tail_draws = sum(1 for ev in events if "tail" in ev)
    retried = sum(1 for ev in events if ev.count("tail") > 1)
    return (
        f"wedge-accept {flat.count('wedge-accept')}, wedge-reject {flat.count('wedge-reject')}, "
        f"tail draws {tail_draws} (with inner retry {retried})"
    )


def far_windows(events: list[list[str]]) -> list[tuple[int, int, str]]:
    """Windows [a, b) at or after FAR_FROM around the first draw of each kind
    (a kind that does not occur there, e.g. a tail retry, is left out)."""
    wants = [
        ("tail", lambda ev: "tail" in ev),
        ("tail with inner retry", lambda ev: ev.count("tail") > 1),
        ("wedge rejected then redrawn", lambda ev: "wedge-reject" in ev),
        ("wedge accepted", lambda ev: "wedge-accept" in ev),
    ]
    found = []
    for label, pred in wants:
        i = next((i for i in range(FAR_FROM, len(events)) if pred(events[i])), None)
        if i is None:
            continue
        found.append((i - WINDOW_BEFORE, i - WINDOW_BEFORE + WINDOW_LEN, f"{label} at draw {i}"))
    found.sort()
    merged: list[list] = []
    for a, b, why in found:
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
            merged[-1][2] += "; " + why
        else:
            merged.append([a, b, why])
    return [tuple(m) for m in merged]


# --- main --------------------------------------------------------------------


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    gen_cmd = "Generated by scripts/gen_rng_golden.py with NumPy " + np.__version__ + "; do not edit."

    seedseq = [
        (s, 0, np.random.SeedSequence(s).generate_state(12, np.uint32).tolist(), 8, "") for s in SEEDS
    ]
    write_records(
        "rng_seedseq.txt",
        [gen_cmd, "SeedSequence(seed).generate_state(12, np.uint32): uint32 words."],
        seedseq,
    )

    raw = [(s, 0, np.random.PCG64(s).random_raw(8).tolist(), 16, "") for s in SEEDS]
    write_records("rng_pcg64_raw.txt", [gen_cmd, "np.random.PCG64(seed).random_raw(8): uint64."], raw)

    unif = [(s, 0, np.random.default_rng(s).random(8).view(np.uint64).tolist(), 16, "") for s in SEEDS]
    write_records(
        "rng_random.txt",
        [gen_cmd, "np.random.default_rng(seed).random(8): IEEE-754 bits of each double."],
        unif,
    )

    normal = []
    for s in SEEDS:
        words, events = checked_normals(s, N_NORMAL)
        normal.append((s, 0, words, 16, "slow paths in this stream: " + summary(events)))
    write_records(
        "rng_normal.txt",
        [gen_cmd, f"np.random.default_rng(seed).standard_normal({N_NORMAL}): IEEE-754 bits."],
        normal,
    )

    far = []
    for s in FAR_SEEDS:
        words, events = checked_normals(s, FAR_STREAM)
        for a, b, why in far_windows(events):
            detail = "\n".join(f"  draw {i}: {describe(events[i])}" for i in range(a, b))
            far.append((s, a, words[a:b], 16, f"draws [{a}, {b}): {why}\n{detail}"))
        print(f"seed {s}, {FAR_STREAM} draws: {summary(events)}")
    write_records(
        "rng_normal_far.txt",
        [
            gen_cmd,
            f"Windows of np.random.default_rng(seed).standard_normal({FAR_STREAM}), IEEE-754 bits;",
            "record header is <seed> <index of first draw> <count>. The comments say which",
            "ziggurat slow path each draw went through (from a replay checked against NumPy).",
        ],
        far,
    )

    total = sum(p.stat().st_size for p in DATA.glob("rng_*.txt"))
    print(f"wrote {len(list(DATA.glob('rng_*.txt')))} files, {total} bytes, to {DATA}")


if __name__ == "__main__":
    main()
