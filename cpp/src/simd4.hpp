// Four-float vectors for the float kernels (kernels_f32.cpp, train/gemm_f32.cpp):
// GCC/Clang vector extensions, which become SSE natively and SIMD128 in
// WebAssembly (-msimd128), and plain scalar code without either. Loads and
// stores go through memcpy, so a pointer needs no alignment.
// always_inline: em++ 3.1.6 passes -fno-inline-functions with -Oz/-Os, and a
// helper left as a call in a hot loop costs more than the loop body.
#pragma once

#include <cstdint>
#include <cstring>

#define ATTN_INLINE inline __attribute__((always_inline))

namespace attn::simd4 {

typedef float v4f __attribute__((vector_size(16)));
typedef std::int32_t v4i __attribute__((vector_size(16)));

ATTN_INLINE v4f load4(const float* p) {
  v4f v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
ATTN_INLINE void store4(float* p, v4f v) { std::memcpy(p, &v, sizeof v); }
ATTN_INLINE v4f splat(float x) { return v4f{x, x, x, x}; }

// exp's reduced part on 4 lanes, for x with n = round(x·log2(e)) (nf as float):
// the Cody-Waite reduction r = x - n·ln2 (ln2 in two parts) and Cephes'
// degree-6 polynomial, so that exp(x) = result · 2^n.
ATTN_INLINE v4f exp_reduced4(v4f x, v4f nf) {
  const v4f r = x - nf * splat(0.693359375f) - nf * splat(-2.12194440e-4f);
  v4f p = splat(1.9875691500e-4f);
  p = p * r + splat(1.3981999507e-3f);
  p = p * r + splat(8.3334519073e-3f);
  p = p * r + splat(4.1665795894e-2f);
  p = p * r + splat(1.6666665459e-1f);
  p = p * r + splat(5.0000001201e-1f);
  return p * r * r + r + splat(1.0f);
}

}  // namespace attn::simd4
