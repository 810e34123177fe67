// npreduce.cpp - NumPy-exact float64 reductions and rounding. See
// npreduce.hpp for the contract of every public function.

// The engine is compiled for WebAssembly with -fassociative-math and
// -fno-signed-zeros. Reassociation would reorder the pairwise sums (and fold
// NumPy's repeated "*= 10." when building 10**d), so it is switched off for
// this file. (#pragma float_control is ignored for wasm targets; this one is
// honoured.) The only signed-zero-sensitive result, the +0.0 start of a sum,
// is enforced with integer operations. GCC builds use none of these flags.
#if defined(__clang__)
#pragma clang fp reassociate(off) contract(off)
#endif

#include "numpy/npreduce.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

namespace attn::np {
namespace {

// 10**n the way NumPy's round builds it.
double numpy_power_of_ten(int n) {
    static constexpr double kP10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
    if (n < 9) return kP10[n];
    double ret = 1e9;
    while (n-- > 9) ret *= 10.;
    return ret;
}

// NumPy's DOUBLE_pairwise_sum.
double pairwise_block(const double* a, std::size_t n, std::ptrdiff_t stride) {
    const auto at = [a, stride](std::size_t i) { return a[static_cast<std::ptrdiff_t>(i) * stride]; };
    if (n < 8) {
        double res = 0.;
        for (std::size_t i = 0; i < n; ++i) res += at(i);
        return res;
    }
    if (n <= 128) {
        double r[8];
        for (std::size_t j = 0; j < 8; ++j) r[j] = at(j);
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (std::size_t j = 0; j < 8; ++j) r[j] += at(i + j);
        }
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += at(i);
        return res;
    }
    std::size_t n2 = n / 2;
    n2 -= n2 % 8;
    const double lo = pairwise_block(a, n2, stride);
    const double hi = pairwise_block(a + static_cast<std::ptrdiff_t>(n2) * stride, n - n2, stride);
    return lo + hi;
}

}  // namespace

double pairwise_sum(const double* a, std::size_t n, std::ptrdiff_t stride) {
    constexpr std::size_t kBufferSize = 8192;  // NumPy's default ufunc buffer size
    double res = 0.0;                          // the identity of np.add
    for (std::size_t start = 0; start < n; start += kBufferSize) {
        const std::size_t len = std::min(kBufferSize, n - start);
        res += pairwise_block(a + static_cast<std::ptrdiff_t>(start) * stride, len, stride);
    }
    // Starting from +0.0, NumPy can never return -0.0. Say so with integer
    // operations: under -fno-signed-zeros the compiler may fold "0.0 + x".
    std::uint64_t b = std::bit_cast<std::uint64_t>(res);
    if ((b << 1) == 0) b = 0;
    return std::bit_cast<double>(b);
}

double np_round(double x, int decimals) {
    if (decimals == 0) return std::nearbyint(x);
    if (decimals > 0) {
        const double f = numpy_power_of_ten(decimals);
        const double y = std::nearbyint(x * f);
        return y / f;
    }
    const double f = numpy_power_of_ten(-decimals);
    const double y = std::nearbyint(x / f);
    return y * f;
}

double np_mean(const double* a, std::size_t n) {
    return pairwise_sum(a, n) / static_cast<double>(n);
}

double np_var(const double* a, std::size_t n) {
    const double mean = np_mean(a, n);
    std::vector<double> sq(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double d = a[i] - mean;
        sq[i] = d * d;
    }
    return pairwise_sum(sq.data(), n) / static_cast<double>(n);
}

}  // namespace attn::np
