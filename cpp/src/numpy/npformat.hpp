// npformat: print numbers exactly as Python / NumPy 1.24 print them.
// (NumPy's float64 reductions - pairwise sum, round, mean, var - are in
// npreduce.hpp.)
//
// Everything here is deterministic and platform independent: the digit
// generation uses exact big-integer arithmetic (no printf / to_chars), and the
// floating-point code keeps IEEE evaluation order even though the engine is
// built with -fassociative-math / -fno-signed-zeros for WebAssembly (see the
// top of npformat.cpp; verified by running the tests under Emscripten).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace attn::np {

// ---------------------------------------------------------------- scalars --

// Python's repr(float): shortest round-trip digits; fixed notation when the
// decimal exponent is in [-4, 16), otherwise scientific with an exponent of at
// least two digits ("0.958", "1.0", "-0.0", "1e-05", "1.5e+16", "inf", "-inf",
// "nan"; a NaN never shows a sign).
std::string py_float_repr(double x);

// str(np.float64(x)) (NumPy 1.24 and 2.x): positional when x == 0 or
// 1e-4 <= |x| < 1e16, scientific otherwise. It produces the same text as
// py_float_repr for every double (checked against NumPy on ~400k values);
// both are provided so callers can say which one they mean.
std::string np_float64_str(double x);

// Python's format(x, "{W.Pf}") i.e. "%W.Pf": exact decimal value of the double
// rounded half-to-even to P fraction digits, right-aligned in W characters
// (no truncation when wider). Keeps the sign of negative values that round to
// zero ("-0.00"); "nan" never has a sign, infinities print "inf" / "-inf".
// P = 0 prints no decimal point. A negative width means no padding.
std::string format_fixed(double x, int width, int precision);

// ----------------------------------------------------------------- arrays --
// str(ndarray) / repr(ndarray) of a float64, int64 or bool array with NumPy's
// default print options: precision=8, floatmode='maxprec', suppress=False,
// linewidth=75, threshold=1000, edgeitems=3, sign='-', nanstr='nan',
// infstr='inf'. Arrays of more than 1000 elements are summarised like NumPy:
// every axis longer than 6 shows its first and last 3 entries around a "..."
// entry (a "...," line between rows), and the element width (and the float
// notation) is fitted to the shown elements only.
// `data` is row-major contiguous with prod(shape) elements (may be null when
// the product is 0). shape.size() == 0 is a 0-d array (one element).
//   str  0-d: like the scalar (np_float64_str / "5" / "True")
//   str  empty: "[]"
//   repr 0-d: "array(1.5)" (formatted with precision 8, like array elements)
//   repr empty: "array([], dtype=float64)", "array([], shape=(0, 3), dtype=bool)"
std::string array_str(const double* data, std::span<const std::size_t> shape);
std::string array_str(const std::int64_t* data, std::span<const std::size_t> shape);
std::string array_str(const bool* data, std::span<const std::size_t> shape);
std::string array_repr(const double* data, std::span<const std::size_t> shape);
std::string array_repr(const std::int64_t* data, std::span<const std::size_t> shape);
std::string array_repr(const bool* data, std::span<const std::size_t> shape);

// Python's str of a shape tuple: "(4, 16)", "(4,)", "()".
std::string shape_str(std::span<const std::size_t> shape);

}  // namespace attn::np
