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

}  // namespace attn::simd4
