// See mathfun.hpp. Compiled with -ffp-contract=off (CMakeLists.txt): every
// fused multiply-add here is an explicit fmaf_exact / fma_d.
#include "torch/mathfun.hpp"

namespace attn::torch::math {

namespace {

// avx_mathfun.h's constants (float).
constexpr float kSqrtHalf = 0.707106781186547524f;
constexpr float kLogP0 = 7.0376836292E-2f, kLogP1 = -1.1514610310E-1f, kLogP2 = 1.1676998740E-1f,
                kLogP3 = -1.2420140846E-1f, kLogP4 = +1.4249322787E-1f, kLogP5 = -1.6668057665E-1f,
                kLogP6 = +2.0000714765E-1f, kLogP7 = -2.4999993993E-1f, kLogP8 = +3.3333331174E-1f;
constexpr float kLogQ1 = -2.12194440e-4f, kLogQ2 = 0.693359375f;
constexpr float kMinusDP1 = -0.78515625f, kMinusDP2 = -2.4187564849853515625e-4f,
                kMinusDP3 = -3.77489497744594108e-8f;
constexpr float kSinP0 = -1.9515295891E-4f, kSinP1 = 8.3321608736E-3f, kSinP2 = -1.6666654611E-1f;
constexpr float kCosP0 = 2.443315711809948E-005f, kCosP1 = -1.388731625493765E-003f,
                kCosP2 = 4.166664568298827E-002f;
constexpr float kFourOverPi = 1.27323954473516f;

}  // namespace

float log256(float x) {
  // x = max(x, FLT_MIN); split into mantissa in [0.5, 1) and exponent.
  if (!(x >= f_from_bits(0x00800000u))) x = f_from_bits(0x00800000u);
  const std::uint32_t xb = bits_of(x);
  const std::int32_t exp = static_cast<std::int32_t>(xb >> 23) - 0x7f;
  x = f_from_bits((xb & ~0x7f800000u) | 0x3f000000u);
  float e = static_cast<float>(exp) + 1.0f;
  const bool below = x < kSqrtHalf;
  const float tmp = below ? x : 0.0f;
  x = x - 1.0f;
  e = e - (below ? 1.0f : 0.0f);
  x = x + tmp;
  const float z = x * x;
  float y = fmaf_exact(kLogP0, x, kLogP1);
  y = fmaf_exact(y, x, kLogP2);
  y = fmaf_exact(y, x, kLogP3);
  y = fmaf_exact(y, x, kLogP4);
  y = fmaf_exact(y, x, kLogP5);
  y = fmaf_exact(y, x, kLogP6);
  y = fmaf_exact(y, x, kLogP7);
  y = fmaf_exact(y, x, kLogP8);
  y = y * x;
  y = fmaf_exact(y, z, e * kLogQ1);  // GCC fuses y*z with + e*q1
  y = fmaf_exact(-z, 0.5f, y);
  x = x + y;
  x = fmaf_exact(e, kLogQ2, x);
  return x;
}

void sincos256(float x, float& s, float& c) {
  std::uint32_t sign_sin = bits_of(x) & 0x80000000u;
  x = f_from_bits(bits_of(x) & 0x7fffffffu);
  const float yq = x * kFourOverPi;
  std::int32_t j = static_cast<std::int32_t>(yq);  // cvttps
  j = (j + 1) & ~1;
  const float y = static_cast<float>(j);
  const std::uint32_t swap_sign_sin = (static_cast<std::uint32_t>(j) & 4u) << 29;
  const bool poly_sin = (j & 2) == 0;
  x = fmaf_exact(y, kMinusDP1, x);
  x = fmaf_exact(y, kMinusDP2, x);
  x = fmaf_exact(y, kMinusDP3, x);
  const std::uint32_t sign_cos = (~static_cast<std::uint32_t>(j - 2) & 4u) << 29;
  sign_sin ^= swap_sign_sin;
  const float z = x * x;
  float yc = fmaf_exact(kCosP0, z, kCosP1);
  yc = fmaf_exact(yc, z, kCosP2);
  yc = yc * z;
  yc = fmaf_exact(yc, z, -(z * 0.5f));  // GCC fuses y*z with - z*0.5
  yc = yc + 1.0f;
  float ys = fmaf_exact(kSinP0, z, kSinP1);
  ys = fmaf_exact(ys, z, kSinP2);
  ys = ys * z;
  ys = fmaf_exact(ys, x, x);
  const float ysin2 = poly_sin ? ys : 0.0f;
  const float ysin1 = poly_sin ? 0.0f : yc;
  ys = ys - ysin2;
  yc = yc - ysin1;
  const float sv = ysin1 + ysin2;
  const float cv = yc + ys;
  s = f_from_bits(bits_of(sv) ^ sign_sin);
  c = f_from_bits(bits_of(cv) ^ sign_cos);
}

// ---- fdlibm 5.3 (Sun Microsystems, freely redistributable) ----------------

namespace {

inline std::int32_t hi_word(double x) {
  return static_cast<std::int32_t>(bit_cast<std::uint64_t>(x) >> 32);
}
inline double with_hi_word(double x, std::uint32_t hi) {
  const std::uint64_t b = bit_cast<std::uint64_t>(x);
  return bit_cast<double>((static_cast<std::uint64_t>(hi) << 32) | (b & 0xffffffffu));
}

double kernel_sin(double x, double y, int iy) {
  constexpr double S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03,
                   S3 = -1.98412698298579493134e-04, S4 = 2.75573137070700676789e-06,
                   S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
  const std::int32_t ix = hi_word(x) & 0x7fffffff;
  if (ix < 0x3e400000 && static_cast<int>(x) == 0) return x;
  const double z = x * x;
  const double v = z * x;
  const double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (iy == 0) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

double kernel_cos(double x, double y) {
  constexpr double C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03,
                   C3 = 2.48015872894767294178e-05, C4 = -2.75573143513906633035e-07,
                   C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;
  const std::int32_t ix = hi_word(x) & 0x7fffffff;
  if (ix < 0x3e400000 && static_cast<int>(x) == 0) return 1.0;
  const double z = x * x;
  const double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3FD33333) return 1.0 - (0.5 * z - (z * r - x * y));
  double qx;
  if (ix > 0x3fe90000) {
    qx = 0.28125;
  } else {
    qx = bit_cast<double>(static_cast<std::uint64_t>(static_cast<std::uint32_t>(ix - 0x00200000)) << 32);
  }
  const double hz = 0.5 * z - qx;
  const double a = 1.0 - qx;
  return a - (hz - (z * r - x * y));
}

// x reduced by n·π/2 into y[0] + y[1], |x| in (π/4, 2^19·π/2]: the medium
// branch of __ieee754_rem_pio2 (always taking its cancellation check).
int rem_pio2(double x, double* y) {
  constexpr double invpio2 = 6.36619772367581382433e-01, pio2_1 = 1.57079632673412561417e+00,
                   pio2_1t = 6.07710050650619224932e-11, pio2_2 = 6.07710050630396597660e-11,
                   pio2_2t = 2.02226624879595063154e-21, pio2_3 = 2.02226624871116645580e-21,
                   pio2_3t = 8.47842766036889956997e-32;
  const std::int32_t hx = hi_word(x);
  const std::int32_t ix = hx & 0x7fffffff;
  const double t0 = hx < 0 ? -x : x;
  const int n = static_cast<int>(t0 * invpio2 + 0.5);
  const double fn = static_cast<double>(n);
  double r = t0 - fn * pio2_1;
  double w = fn * pio2_1t;
  const std::int32_t j = ix >> 20;
  y[0] = r - w;
  int i = j - ((hi_word(y[0]) >> 20) & 0x7ff);
  if (i > 16) {
    double t = r;
    w = fn * pio2_2;
    r = t - w;
    w = fn * pio2_2t - ((t - r) - w);
    y[0] = r - w;
    i = j - ((hi_word(y[0]) >> 20) & 0x7ff);
    if (i > 49) {
      t = r;
      w = fn * pio2_3;
      r = t - w;
      w = fn * pio2_3t - ((t - r) - w);
      y[0] = r - w;
    }
  }
  y[1] = (r - y[0]) - w;
  if (hx < 0) {
    y[0] = -y[0];
    y[1] = -y[1];
    return -n;
  }
  return n;
}

}  // namespace

double log_d(double x) {
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10,
                   two54 = 1.80143985094819840000e+16, Lg1 = 6.666666666666735130e-01,
                   Lg2 = 3.999999999940941908e-01, Lg3 = 2.857142874366239149e-01,
                   Lg4 = 2.222219843214978396e-01, Lg5 = 1.818357216161805012e-01,
                   Lg6 = 1.531383769920937332e-01, Lg7 = 1.479819860511658591e-01;
  std::int32_t hx = hi_word(x);
  int k = 0;
  if (hx < 0x00100000) {  // subnormal
    k -= 54;
    x *= two54;
    hx = hi_word(x);
  }
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  const std::int32_t i0 = (hx + 0x95f64) & 0x100000;
  x = with_hi_word(x, static_cast<std::uint32_t>(hx | (i0 ^ 0x3ff00000)));  // x or x/2 in [sqrt2/2, sqrt2)
  k += (i0 >> 20);
  const double f = x - 1.0;
  if ((0x000fffff & (2 + hx)) < 3) {  // |f| < 2^-20
    if (f == 0.0) {
      if (k == 0) return 0.0;
      const double dk = k;
      return dk * ln2_hi + dk * ln2_lo;
    }
    const double R = f * f * (0.5 - 0.33333333333333333 * f);
    if (k == 0) return f - R;
    const double dk = k;
    return dk * ln2_hi - ((R - dk * ln2_lo) - f);
  }
  const double s = f / (2.0 + f);
  const double dk = k;
  const double z = s * s;
  std::int32_t i = hx - 0x6147a;
  const double w = z * z;
  const std::int32_t j = 0x6b851 - hx;
  const double t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
  const double t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
  i |= j;
  const double R = t2 + t1;
  if (i > 0) {
    const double hfsq = 0.5 * f * f;
    if (k == 0) return f - (hfsq - s * (hfsq + R));
    return dk * ln2_hi - ((hfsq - (s * (hfsq + R) + dk * ln2_lo)) - f);
  }
  if (k == 0) return f - s * (f - R);
  return dk * ln2_hi - ((s * (f - R) - dk * ln2_lo) - f);
}

double sin_d(double x) {
  const std::int32_t ix = hi_word(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernel_sin(x, 0.0, 0);
  double y[2];
  const int n = rem_pio2(x, y);
  switch (n & 3) {
    case 0: return kernel_sin(y[0], y[1], 1);
    case 1: return kernel_cos(y[0], y[1]);
    case 2: return -kernel_sin(y[0], y[1], 1);
    default: return -kernel_cos(y[0], y[1]);
  }
}

double cos_d(double x) {
  const std::int32_t ix = hi_word(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernel_cos(x, 0.0);
  double y[2];
  const int n = rem_pio2(x, y);
  switch (n & 3) {
    case 0: return kernel_cos(y[0], y[1]);
    case 1: return -kernel_sin(y[0], y[1], 1);
    case 2: return -kernel_cos(y[0], y[1]);
    default: return kernel_sin(y[0], y[1], 1);
  }
}

}  // namespace attn::torch::math
