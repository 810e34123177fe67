// The core WASM module's exp (cpp/wasm/fdlibm_exp.cpp), built here under
// another name, against this machine's libm exp: at most 1 ulp apart over
// the range the engine uses (softmax arguments <= 0, the ziggurat's
// -x²/2), exact on the special values.
#define ATTN_EXP_NAME attn_fdlibm_exp
#include "../wasm/fdlibm_exp.cpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "numpy/rng.hpp"

namespace {

std::int64_t ulps_apart(double a, double b) {
  std::int64_t ia, ib;
  std::memcpy(&ia, &a, 8);
  std::memcpy(&ib, &b, 8);
  return ia > ib ? ia - ib : ib - ia;
}

TEST(FdlibmExp, WithinOneUlpOfLibmOnAMillionArguments) {
  attn::Generator rng(2026);
  std::int64_t worst = 0;
  int differing = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    // softmax arguments (x - max <= 0, down to where exp underflows), the
    // ziggurat's -x²/2 for |x| < 3.7, and some positive ones
    const double u = rng.standard_normal();
    const double x = i % 3 == 0 ? -std::fabs(u) * 200.0 : i % 3 == 1 ? -0.5 * u * u : u * 50.0;
    const double a = attn_fdlibm_exp(x), b = std::exp(x);
    const std::int64_t d = ulps_apart(a, b);
    worst = d > worst ? d : worst;
    differing += d != 0;
  }
  EXPECT_LE(worst, 1);
  // fdlibm rounds ~9 % of results the other way from glibc's (correctly
  // rounded in practice) exp; never by more than 1 ulp.
  EXPECT_LT(differing, 150'000) << differing << " of 1e6 differ by 1 ulp";
}

TEST(FdlibmExp, SpecialValues) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(attn_fdlibm_exp(0.0), 1.0);
  EXPECT_EQ(attn_fdlibm_exp(-0.0), 1.0);
  EXPECT_EQ(attn_fdlibm_exp(-inf), 0.0);  // the causal mask's weight
  EXPECT_EQ(attn_fdlibm_exp(inf), inf);
  EXPECT_TRUE(std::isnan(attn_fdlibm_exp(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_EQ(attn_fdlibm_exp(-800.0), 0.0);
  EXPECT_EQ(attn_fdlibm_exp(710.0), inf);
  for (const double x : {1.0, -745.0, -708.5, -1e-10, 1e-300, 709.7}) EXPECT_LE(ulps_apart(attn_fdlibm_exp(x), std::exp(x)), 1) << x;
}

}  // namespace
