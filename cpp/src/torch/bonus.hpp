// Lesson 1's bonus in float32, on PyTorch's draws: after torch.manual_seed(seed),
//   q, k, v = torch.randn(3, B, H, T, D).unbind(0)
// the learner's batched attention (scores = q @ k^T / sqrt(D), an optional
// causal tril mask, softmax over the last axis, @ v) and, standing in for
// F.scaled_dot_product_attention, an independent FlashAttention-style pass over
// key tiles with an online softmax that never holds a T x T matrix.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace attn::torch {

struct BonusShape {
  int B = 2, H = 4, T = 5, D = 16;
  std::size_t values() const;   // B * H * T * D (one of q, k, v)
  std::size_t weights() const;  // B * H * T * T
};

// Empty when the shape is valid (limits.hpp, Bonus), else why not.
const char* bonus_shape_error(const BonusShape& s);

// torch.randn(3, B, H, T, D).unbind(0): three contiguous (B, H, T, D) blocks.
struct BonusDraws {
  std::vector<float> q, k, v;  // (B, H, T, D) each
};
BonusDraws bonus_draws(std::uint64_t seed, const BonusShape& s);

// The learner's lines, with every intermediate tensor rounded to float32 as
// PyTorch stores it (products summed in double, so the rounding is the only
// error; Debian's PyTorch agrees within a few float32 ulps):
//   scores  = (q @ k^T) / sqrt(D)            (B, H, T, D) x (B, H, T, D)^T -> (B, H, T, T)
//   scores  = masked_fill(!tril, -inf)       when causal
//   weights = softmax(scores, -1)            (B, H, T, T)
//   out     = weights @ v                    (B, H, T, T) x (B, H, T, D) -> (B, H, T, D)
// weights may be null (not kept). out: (B, H, T, D), weights: (B, H, T, T)
void manual_attention(const float* q, const float* k, const float* v, const BonusShape& s, bool causal,
                      float* weights, float* out);

// One query row's state after each key tile of the fused pass.
struct TileStep {
  int first_key = 0, last_key = 0;  // keys [first_key, last_key) of this tile
  float max = 0;                    // running max m of the scaled scores seen so far
  float sum = 0;                    // running sum l of exp(score - m)
  std::vector<float> out;           // acc / l: the row's output so far, (D,)
};

// The fused kernel: for each (b, h) and query row i, walk the keys in tiles of
// `tile`; per tile compute the tile's scores (tile,), m' = max(m, tile max),
// rescale l and the accumulator by exp(m - m'), add exp(s - m') and
// exp(s - m') v_j; finally out = acc / l. float32 throughout; memory per row is
// O(tile + D), never T x T. Causal: keys j > i are skipped (whole tiles past i
// are never visited).
//   q, k, v (B, H, T, D) -> out (B, H, T, D)
void fused_attention(const float* q, const float* k, const float* v, const BonusShape& s, bool causal, int tile,
                     float* out);
// The same pass for one row (b, h, i), recording the state after each tile.
std::vector<TileStep> fused_row_trace(const float* q, const float* k, const float* v, const BonusShape& s,
                                      bool causal, int tile, int b, int h, int i);

// torch.allclose(a, b, rtol=1e-5, atol=atol) on float32 values, computed in
// float32 as PyTorch does: |a - b| <= atol + |rtol * b|, false on NaN. a, b: (n,)
bool torch_allclose(const float* a, const float* b, std::size_t n, double atol, double rtol = 1e-5);
// max |a - b| in double. a, b: (n,)
double max_abs_diff(const float* a, const float* b, std::size_t n);

// Everything the CLI and the element show.
struct BonusRun {
  BonusShape shape;
  bool causal = true;
  BonusDraws draws;
  std::vector<float> weights;  // (B, H, T, T)
  std::vector<float> mine;     // (B, H, T, D)
  std::vector<float> fused;    // (B, H, T, D)
  double max_diff = 0;         // max |mine - fused|
  bool allclose = false;       // torch.allclose(mine, fused, atol=1e-6)
};
// Shape checked by the caller (bonus_shape_error). keep_weights: fill weights.
BonusRun bonus_run(std::uint64_t seed, const BonusShape& s, bool causal, bool keep_weights);

}  // namespace attn::torch
