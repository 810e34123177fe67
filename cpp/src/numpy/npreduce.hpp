// npreduce: NumPy 1.24's float64 reductions and rounding, bit for bit
// (np.add.reduce / np.sum, np.round, x.mean(), x.var()). Numeric kernels only:
// printing is in npformat.hpp.
//
// Deterministic and platform independent: the evaluation order is NumPy's and
// it is kept even though the engine is built with -fassociative-math /
// -fno-signed-zeros for WebAssembly (see the top of npreduce.cpp).
#pragma once

#include <cstddef>

namespace attn::np {

// np.add.reduce over a 1-D float64 run of n elements (element stride `stride`,
// counted in doubles), bit-exact with NumPy 1.24: the ufunc starts from the
// identity +0.0 and the iterator hands the inner loop blocks of at most 8192
// elements (its buffer size); each block is summed with NumPy's pairwise
// algorithm (n < 8: plain loop; n <= 128: 8 accumulators combined as
// ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)) plus a tail loop; otherwise split at
// n2 = n/2 - (n/2 % 8) and recurse) and added to the running result.
// This also matches np.sum(x, axis=-1) of a C-contiguous array row by row.
// n == 0 gives +0.0; an all -0.0 input gives +0.0, like NumPy.
double pairwise_sum(const double* a, std::size_t n, std::ptrdiff_t stride = 1);

// np.round(x, decimals) / np.around for float64, bit-exact: for decimals > 0
// y = rint(x * 10**d) / 10**d, for decimals < 0 y = rint(x / 10**-d) * 10**-d,
// for 0 just rint (half to even). 10**d is built like NumPy (exact table up to
// 1e8, then repeated *10.0), and x * 10**d may overflow to inf like in NumPy.
double np_round(double x, int decimals);

// x.mean() and x.var() (ddof=0) of a 1-D float64 array, bit-exact with NumPy
// 1.24's _mean / _var: mean = add.reduce(x) / n; var = add.reduce(d * d) / n
// with d = x - mean. n == 0 returns NaN (NumPy also warns).
double np_mean(const double* a, std::size_t n);
double np_var(const double* a, std::size_t n);

}  // namespace attn::np
