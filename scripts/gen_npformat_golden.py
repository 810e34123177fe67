#!/usr/bin/python3
"""Generate golden data for cpp/tests/test_npformat.cpp.

Run with the Debian NumPy (1.24):  /usr/bin/python3 scripts/gen_npformat_golden.py

Writes, under cpp/tests/data/:
  npformat_float_repr.txt    <bits> <repr(float)> <str(np.float64)>
  npformat_format_fixed.txt  <bits> <width> <precision> |<format(x, "W.Pf")>|
  npformat_round.txt         <bits> <decimals> <bits of np.round(x, decimals)>
  npformat_reductions.txt    sum  <kind> <seed> <n> <stride> <bits of np.add.reduce(x[::stride])>
                             mean <kind> <seed> <n> <bits of x.mean()> <bits of x.var()>
  npformat_arrays.txt        <f|i|b> <shape> <data>\t<str(a)>\t<repr(a)>

<bits> is the float64 bit pattern as 16 hex digits. In the arrays file <shape>
is "-" for 0-d, else comma separated dims; <data> is "-" (no elements), a comma
separated list of bit patterns (float), of decimal integers (int64), a string
of 0/1 (bool), or "g<kind>:<seed>" optionally followed by ":<index>=<bits>;..."
overrides, meaning the float values come from the generator below, or
"n<modulus>:<seed>" optionally followed by ":<index>=<decimal>;...", meaning
the int64 values ((r >> 11) % modulus) - modulus // 2 of the same splitmix64. Expected texts escape backslash as
"\\\\" and newline as "\\n".

Generated inputs (kind, seed) are reproduced exactly in C++: splitmix64 gives
a 64-bit r per element and the value is built with exact operations only:
  kind 0: ldexp((r >> 11) - 2**52, (r & 7) - 3 - 52)       wide, +-16
  kind 1: (((r >> 11) % 2001) - 1000) / 8.0                  multiples of 1/8
  kind 2: (((r >> 11) % 20001) - 10000) / 100.0              two decimals
  kind 3: 1000.0 + ldexp((r >> 11) - 2**52, -52)             offset (mean/var)
  kind 4: ldexp((r >> 11) - 2**52, (r & 63) - 32 - 52)       huge dynamic range
"""
import math
import os
import struct
import sys

import numpy as np

assert np.__version__.startswith("1.24"), "use /usr/bin/python3 (Debian NumPy 1.24)"

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cpp", "tests", "data")
M64 = (1 << 64) - 1


def bits(x):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", float(x)))[0]


def from_bits(h):
    return struct.unpack("<d", struct.pack("<Q", int(h, 16)))[0]


def splitmix(seed, count):
    state = seed & M64
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        yield z ^ (z >> 31)


def gen_values(kind, seed, count):
    out = []
    for r in splitmix(seed, count):
        m = (r >> 11) - (1 << 52)
        if kind == 0:
            out.append(math.ldexp(float(m), (r & 7) - 3 - 52))
        elif kind == 1:
            out.append(float(((r >> 11) % 2001) - 1000) / 8.0)
        elif kind == 2:
            out.append(float(((r >> 11) % 20001) - 10000) / 100.0)
        elif kind == 3:
            out.append(1000.0 + math.ldexp(float(m), -52))
        elif kind == 4:
            out.append(math.ldexp(float(m), (r & 63) - 32 - 52))
        else:
            raise ValueError(kind)
    return out


def esc(s):
    assert "\t" not in s
    return s.replace("\\", "\\\\").replace("\n", "\\n")


rng = np.random.default_rng(20240607)


# ------------------------------------------------------------------ floats --
def float_cases():
    vals = [0.0, -0.0, math.inf, -math.inf, math.nan, -math.nan, 1.0, -1.0, 0.958, 0.1, 0.2, 0.3,
            0.1 + 0.2, 1 / 3, 2 / 3, 1e16, 1e16 - 2, 1e15, 9999999999999998.0, 1e-4, 1e-5,
            np.nextafter(1e-4, 0), np.nextafter(1e16, 0), 1.5e16, 5e-324, 1e-323, 2.5e-323,
            1.7976931348623157e308, 2.2250738585072014e-308, np.nextafter(2.2250738585072014e-308, 0),
            1e23, 1e22, 8.41e21, 5e-310, 123456789.0, 12345678.9, 0.5, 0.25, 100.0, 1e100,
            1.2345678901234567e-7, 9007199254740993.0, 2.0 ** 53, 2.0 ** 53 + 2, 4.35, 2.675,
            16.3, 3.14159, 299792458.0, 6.02214076e23, 1.602176634e-19, 0.001, 0.0009999999999999998]
    for k in range(1, 40):
        vals.append(k * 5e-324)
    for e in range(-1074, 1024, 9):
        v = 2.0 ** e
        vals += [v, float(np.nextafter(v, 0)), float(np.nextafter(v, math.inf))]
    for e in range(-323, 309, 5):
        v = float("1e%d" % e)
        vals += [v, float(np.nextafter(v, 0)), float(np.nextafter(v, math.inf))]
    for b in rng.integers(0, 2 ** 63, 300, dtype=np.uint64):
        v = from_bits("%016x" % (int(b) | (int(rng.integers(0, 2)) << 63)))
        vals.append(v)
    for _ in range(200):
        vals.append(round(float(rng.uniform(-1000, 1000)), int(rng.integers(0, 7))))
    for _ in range(100):
        vals.append(float(rng.standard_normal()) * 10.0 ** int(rng.integers(-12, 25)))
    lines = []
    for v in vals:
        r, s = repr(float(v)), str(np.float64(v))
        lines.append("%s %s %s" % (bits(v), r, s))
    return lines


def fixed_cases():
    cases = [(16.3, 7, 1), (0.125, 0, 2), (0.375, 0, 2), (0.625, 6, 2), (2.5, 0, 0), (3.5, 0, 0),
             (0.5, 0, 0), (1.5, 3, 0), (-0.5, 0, 0), (-2.5, 4, 0), (2.675, 0, 2), (1.005, 0, 2),
             (1e20, 0, 2), (1.5e300, 0, 0), (123456789.987654321, 12, 4), (-3.75, 8, 1),
             (-0.0, 0, 1), (-0.001, 0, 2), (0.0, 5, 3), (0.004, 0, 2), (0.005, 0, 2), (0.006, 0, 2),
             (0.0096, 0, 2), (0.096, 0, 2), (0.999, 0, 2), (9.995, 0, 2), (99.5, 0, 0),
             (math.nan, 7, 1), (-math.nan, 3, 2), (math.inf, 8, 1), (-math.inf, 8, 1), (math.inf, 0, 3),
             (5e-324, 0, 3), (5e-324, 0, 330), (0.1, 0, 20), (1 / 3, 0, 17), (2.0 / 3, 4, 1),
             (12345.678, 3, 2), (1.7976931348623157e308, 0, 1), (-1e-10, 0, 5), (1e-10, 0, 12),
             (0.05, 0, 1), (0.15, 0, 1), (0.25, 0, 1), (0.35, 0, 1), (0.45, 0, 1), (1234.5, 0, 0),
             (1235.5, 0, 0), (0.958, 6, 3), (-16.3, 7, 1)]
    for _ in range(300):
        mag = int(rng.integers(-8, 18))
        x = float(rng.standard_normal()) * 10.0 ** mag
        if rng.random() < 0.3:
            x = round(x, int(rng.integers(0, 5)))
        if rng.random() < 0.15:  # exact ties at various positions
            x = float(rng.integers(-4000, 4000)) / 8.0
        cases.append((x, int(rng.integers(0, 16)), int(rng.integers(0, 13))))
    lines = []
    for x, w, p in cases:
        s = format(x, "%d.%df" % (w, p)) if w > 0 else format(x, ".%df" % p)
        assert "|" not in s
        lines.append("%s %d %d |%s|" % (bits(x), w, p, s))
    return lines


def round_cases():
    xs = [0.125, 2.675, 0.5, 1.5, 2.5, -0.5, -2.5, 0.285, 1.005, 5.5e-10, 1e300, 1e307, -1e307,
          1.7976931348623157e308, 0.0, -0.0, math.inf, -math.inf, math.nan, 123456.789, 15.0, 25.0,
          35.0, 45.0, -0.001, 0.0049, 0.0051, 1e-320, 4503599627370497.0, 0.1 + 0.2, 2.345, 1.255]
    decs = [-3, -2, -1, 0, 1, 2, 3, 5, 10, 15, 22, 25, 300]
    cases = [(x, d) for x in xs for d in decs]
    for _ in range(350):
        x = float(rng.standard_normal()) * 10.0 ** int(rng.integers(-6, 8))
        if rng.random() < 0.3:
            x = float(rng.integers(-100000, 100000)) / float(10 ** int(rng.integers(1, 5))) + 0.005
        cases.append((x, int(rng.integers(-3, 6))))
    lines = []
    with np.errstate(all="ignore"):
        for x, d in cases:
            y = np.round(np.float64(x), d)
            lines.append("%s %d %s" % (bits(x), d, bits(y)))
    return lines


def reduction_cases():
    lines = []
    ns = list(range(0, 301)) + [511, 512, 513, 1000, 1024, 4096, 8191, 8192, 8193, 10000, 16385, 20000]
    for i, n in enumerate(ns):
        kind = [0, 1, 2, 4][i % 4]
        seed = 1000 + i
        a = np.array(gen_values(kind, seed, n), dtype=np.float64)
        lines.append("sum %d %d %d 1 %s" % (kind, seed, n, bits(np.add.reduce(a))))
    for (n, stride) in [(1000, 3), (10000, 2), (300, 5), (20000, 2)]:
        for kind in (0, 2):
            seed = 7000 + n + stride + kind
            a = np.array(gen_values(kind, seed, n * stride), dtype=np.float64)
            lines.append("sum %d %d %d %d %s" % (kind, seed, n * stride, stride, bits(np.add.reduce(a[::stride]))))
    for n in [1, 2, 3, 7, 8, 9, 15, 16, 17, 127, 128, 129, 130, 255, 256, 257, 1000, 8193, 10000, 20000]:
        for kind in range(5):
            seed = 50000 + 10 * n + kind
            a = np.array(gen_values(kind, seed, n), dtype=np.float64)
            lines.append("mean %d %d %d %s %s" % (kind, seed, n, bits(a.mean()), bits(a.var())))
    return lines


# ------------------------------------------------------------------ arrays --
def rand_shape(ndim, max_size):
    while True:
        shape = [int(rng.integers(1, 8 if ndim > 1 else 30)) for _ in range(ndim)]
        if ndim >= 2 and rng.random() < 0.3:
            shape[-1] = int(rng.integers(8, 24))  # rows that wrap inside nested brackets
        if int(np.prod(shape)) <= max_size:
            return tuple(shape)


def rand_values(size):
    fam = int(rng.integers(0, 10))
    if fam == 0:
        v = rng.standard_normal(size)
    elif fam == 1:
        v = rng.standard_normal(size) * 10.0 ** int(rng.integers(-7, 10))
    elif fam == 2:
        v = np.round(rng.standard_normal(size) * 10.0 ** int(rng.integers(0, 4)), int(rng.integers(0, 5)))
    elif fam == 3:
        v = rng.integers(-1000, 1000, size).astype(np.float64)
    elif fam == 4:
        v = rng.standard_normal(size) * 10.0 ** rng.integers(-5, 6, size)
    elif fam == 5:
        v = rng.random(size)
    elif fam == 6:
        base = [1e8, 99999999.99, 1e-4, 0.000099999, 1000.0, 1.0, 0.001, 1e16, 12345678.9, 0.5]
        v = rng.choice(base, size) * rng.choice([1.0, -1.0], size)
    elif fam == 7:
        v = np.round(rng.random(size), 2)
    elif fam == 8:
        v = rng.integers(0, 2, size).astype(np.float64)
    else:
        v = rng.standard_normal(size) * 1e5
    v = np.asarray(v, dtype=np.float64).reshape(-1)
    if size and rng.random() < 0.35:
        specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0])
        k = int(rng.integers(1, max(2, size // 3 + 1)))
        idx = rng.integers(0, size, k)
        v[idx] = rng.choice(specials, k)
    return v


def array_line(a, data_spec=None):
    kind = "b" if a.dtype == np.bool_ else "i" if a.dtype == np.int64 else "f"
    shape = "-" if a.ndim == 0 else ",".join(str(d) for d in a.shape)
    if data_spec is None:
        flat = a.reshape(-1)
        if flat.size == 0:
            data_spec = "-"
        elif kind == "b":
            data_spec = "".join("1" if x else "0" for x in flat)
        elif kind == "i":
            data_spec = ",".join(str(int(x)) for x in flat)
        else:
            data_spec = ",".join(bits(x) for x in flat)
    return "%s %s %s\t%s\t%s" % (kind, shape, data_spec, esc(str(a)), esc(repr(a)))


def array_cases():
    lines = []
    F = lambda x: np.array(x, dtype=np.float64)
    hand = [
        F(np.round(np.eye(4), 2)), F([[1.0, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0.25, 0], [0, 0, 0, 1]]),
        F([1, 1, 1, 1]), F([0.958]), F(0.958), F(1.5), F(-0.0), F(np.nan), F(-np.inf), F(1e-5), F(1e20),
        F(0.1 + 0.2), F([0.1 + 0.2, 1.0]), F([-0.0, 1.0]), F([-0.0, 0.0]), F([0.0, 0.0]),
        F([np.nan, 1.0, -np.inf]), F([np.nan]), F([np.inf, -np.inf]), F([np.nan, np.nan]),
        F([1e-5, 2e-5]), F([1e8, 1.0]), F([99999999.0, 1.0]), F([1e-4, 1.0]), F([1e-4, 0.1]),
        F([0.001, 1.0]), F([0.0009, 1.0]), F([1.0, 1000.0]), F([1.0, 1000.0001]), F([1e16, 1.0]),
        F([1e-300, 1e300]), F([5e-324, 1.0]), F([-1.5e-7, 2.0, np.nan]), F([123456.7, 0.001]),
        F([0.30000000000000004, 0.1]), F([1.23456789012, 2.0]), F([0.999999999, 1.0]),
        F([9.9999999999, 1.0]), F([-9.9999999999e10, 1.0]), F(np.arange(30.0)), F(np.arange(100.0) / 7),
        F(np.arange(24.0).reshape(2, 3, 4)), F(np.arange(16.0).reshape(2, 2, 2, 2) - 8),
        F(np.zeros((0,))), F(np.zeros((0, 3))), F(np.zeros((3, 0))), F(np.zeros((2, 0, 4))),
        F(np.ones((1, 1, 1))), F(np.linspace(-1, 1, 60).reshape(3, 20)),
        F(np.array([[np.nan, 1.5], [-np.inf, 2.25]])), F([[1e-10, 1.0], [2.0, 3.0]]),
        np.array(True), np.array(False), np.array([True, False]), np.array([], dtype=bool),
        np.zeros((0, 2), dtype=bool), np.ones((2, 3), dtype=bool), np.array([[True], [False]]),
        np.zeros(30, dtype=bool), np.ones((2, 2, 2), dtype=bool),
    ]
    for a in hand:
        lines.append(array_line(a))

    # random float arrays
    for _ in range(200):
        ndim = int(rng.choice([0, 1, 1, 1, 2, 2, 2, 3, 3, 4]))
        if ndim == 1 and rng.random() < 0.2:
            shape = (int(rng.integers(30, 80)),)
        else:
            shape = rand_shape(ndim, 48)
        size = int(np.prod(shape)) if shape else 1
        a = rand_values(size).reshape(shape)
        lines.append(array_line(a))

    # random bool arrays
    for _ in range(40):
        ndim = int(rng.choice([0, 1, 1, 2, 2, 3]))
        shape = rand_shape(ndim, 80)
        a = (rng.random(shape) < 0.5) if shape else np.array(bool(rng.random() < 0.5))
        lines.append(array_line(np.asarray(a, dtype=bool)))

    # large arrays: summarization (threshold 1000, edgeitems 3) from the generator
    big = [((1000,), 1, 1), ((1001,), 0, 2), ((2000,), 1, 3), ((40, 30), 2, 4), ((11, 11, 11), 0, 5),
           ((2, 3, 200), 1, 6), ((3, 334), 4, 7), ((7, 150), 2, 8), ((2000, 1), 1, 9), ((1, 1001), 0, 10),
           ((3, 3, 3, 40), 2, 11), ((1100,), 4, 12), ((1200,), 3, 13)]
    for shape, kind, seed in big:
        size = int(np.prod(shape))
        vals = np.array(gen_values(kind, seed, size))
        spec = "g%d:%d" % (kind, seed)
        if seed in (4, 9):
            over = {0: np.nan, 1: -np.inf, size - 1: -0.0, size - 2: np.inf}
            for i, v in over.items():
                vals[i] = v
            spec += ":" + ";".join("%d=%s" % (i, bits(v)) for i, v in over.items())
        lines.append(array_line(vals.reshape(shape), spec))
    lines += summary_cases()
    return lines


def override_spec(vals, over, fmt):
    for i, v in over.items():
        vals[i] = v
    return ";".join("%d=%s" % (i, fmt(v)) for i, v in over.items())


def summary_cases():
    """Summarised printing (size > 1000) of float64, int64 and bool arrays:
    shapes that summarise one axis, some axes or all of them, and values whose
    width or notation differs between the shown edges and the hidden middle."""
    lines = []
    # float64 from the generator, with overrides (flat index -> value)
    big = 1e20
    fcases = [
        ((40, 40), 1, 21, {}), ((2, 600), 2, 22, {}), ((600, 2), 2, 23, {}), ((10, 10, 11), 1, 24, {}),
        ((2, 2, 300), 0, 25, {}), ((1001,), 1, 26, {}), ((7, 7, 7, 7), 2, 27, {}),
        # hidden middle values would force scientific notation / wider columns / nan padding
        ((2000,), 1, 28, {1000: big, 500: np.nan, 501: -np.inf, 1500: -12345678.5}),
        ((40, 40), 2, 29, {20 * 40 + 20: big, 3 * 40 + 1: np.nan, 10 * 40: -1e-9}),
        ((2, 600), 1, 30, {300: big, 600 + 300: np.inf}),
        ((600, 2), 1, 31, {600: big, 601: np.nan}),
        # the same values on a shown edge
        ((2000,), 1, 32, {0: big, 1999: np.nan}),
        ((40, 40), 2, 33, {39: -np.inf, 39 * 40: np.nan, 1599: big}),
        ((600, 2), 1, 34, {1: big}),
        # all integers / all negative
        ((1500,), 1, 35, {i: -1.0 - i for i in range(3)}),
    ]
    for shape, kind, seed, over in fcases:
        size = int(np.prod(shape))
        vals = np.array(gen_values(kind, seed, size))
        spec = "g%d:%d" % (kind, seed)
        if over:
            spec += ":" + override_spec(vals, over, bits)
        lines.append(array_line(vals.reshape(shape), spec))
    # the edges are all integers, the hidden middle is not
    vals = np.arange(1200, dtype=np.float64)
    vals[600] = 0.5
    lines.append(array_line(vals))

    # int64: "n<modulus>:<seed>" = ((r >> 11) % modulus) - modulus // 2 for the
    # splitmix64 r of each element, then ":<index>=<decimal>;..." overrides
    icases = [
        ((1001,), 2001, 41, {}), ((2000,), 20, 42, {}), ((40, 40), 200001, 43, {}), ((2, 600), 7, 44, {}),
        ((600, 2), 1001, 45, {}), ((10, 10, 11), 100, 46, {}), ((3, 3, 3, 40), 3, 47, {}),
        ((2000,), 100, 48, {1000: -9223372036854775808, 999: 123456789}),  # hidden: width stays small
        ((2000,), 100, 49, {0: -9223372036854775808, 1999: 9223372036854775807}),  # shown
        ((40, 40), 10, 50, {20 * 40 + 20: 10 ** 15, 2: -10 ** 6}),
        ((1200,), 2, 51, {}), ((30, 40), 2000001, 52, {}),
    ]
    for shape, mod, seed, over in icases:
        size = int(np.prod(shape))
        vals = [((r >> 11) % mod) - mod // 2 for r in splitmix(seed, size)]
        spec = "n%d:%d" % (mod, seed)
        if over:
            spec += ":" + override_spec(vals, over, str)
        lines.append(array_line(np.array(vals, dtype=np.int64).reshape(shape), spec))
    # small int64 arrays, written out
    I = lambda x: np.array(x, dtype=np.int64)
    for a in [I(5), I(-7), I([]), np.zeros((0, 3), dtype=np.int64), np.zeros((2, 0), dtype=np.int64),
              I([1, -20, 300]), I(np.arange(40)), I(np.arange(30).reshape(5, 6) - 15),
              I(np.arange(24).reshape(2, 3, 4) * 1000), I([[2 ** 62, -1], [3, 4]]),
              I(np.arange(1000)), I(np.arange(1001)), I(np.arange(-500, 500).reshape(10, 100))]:
        lines.append(array_line(a))

    # bool
    for shape, p in [((1001,), 0.5), ((40, 40), 0.3), ((2, 600), 0.5), ((600, 2), 0.7), ((11, 11, 11), 0.5),
                     ((2000,), 0.0), ((1000,), 1.0)]:
        lines.append(array_line(rng.random(shape) < p))
    return lines


def write(name, header, lines):
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        f.write("# generated by scripts/gen_npformat_golden.py with numpy %s, python %s\n"
                % (np.__version__, sys.version.split()[0]))
        for h in header:
            f.write("# %s\n" % h)
        for line in lines:
            f.write(line + "\n")
    print("wrote %s (%d cases)" % (os.path.relpath(path), len(lines)))


def main():
    write("npformat_float_repr.txt", ["<bits> <repr(float)> <str(np.float64)>"], float_cases())
    write("npformat_format_fixed.txt", ["<bits> <width> <precision> |format(x, 'W.Pf')|  (width 0: no width)"],
          fixed_cases())
    write("npformat_round.txt", ["<bits> <decimals> <bits of np.round(x, decimals)>"], round_cases())
    write("npformat_reductions.txt",
          ["sum <kind> <seed> <len> <stride> <bits of np.add.reduce(x[::stride])>",
           "mean <kind> <seed> <n> <bits of x.mean()> <bits of x.var()>"], reduction_cases())
    write("npformat_arrays.txt", ["<f|i|b> <shape> <data>\\t<str(a)>\\t<repr(a)>  (see script docstring)"],
          array_cases())


if __name__ == "__main__":
    main()
