// The reading note's toy tensors (Karpathy, "Let's build GPT", self-attention
// part), computed in float32 as PyTorch computes them on the CPU, from
// PyTorch-exact draws (generator.hpp). Everything here is tiny: B, T = 4, 8.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace attn::torch {

inline constexpr int kLabB = 4, kLabT = 8, kLabC = 2;     // the toy x: (4, 8, 2)
inline constexpr int kHeadC = 32, kHeadSize = 16;          // the one-head demo

// torch.manual_seed(seed); x = torch.randn(4, 8, 2), averaged over the past
// three ways:
//   loop:    xbow[b, t] = torch.mean(x[b, :t+1], 0)
//   tril:    wei = tril(ones(T, T)); wei = wei / wei.sum(1, keepdim=True); xbow2 = wei @ x
//   softmax: wei = zeros(T, T).masked_fill(tril == 0, -inf).softmax(-1);  xbow3 = wei @ x
struct ThreeWays {
  std::vector<float> x;            // (4, 8, 2)
  std::vector<float> xbow_loop;    // (4, 8, 2)
  std::vector<float> xbow_tril;    // (4, 8, 2)
  std::vector<float> xbow_softmax; // (4, 8, 2)
  std::vector<float> wei_loop;     // (8, 8) the weights the loop applies: 1/(t+1) for j <= t
  std::vector<float> wei_tril;     // (8, 8)
  std::vector<float> wei_softmax;  // (8, 8)
  double max_diff = 0;             // largest |difference| between any two of the three xbows
  bool allclose_tril = false;      // torch.allclose(xbow, xbow2)  (rtol 1e-5, atol 1e-8)
  bool allclose_softmax = false;   // torch.allclose(xbow, xbow3)
};
ThreeWays three_ways(std::uint64_t seed);

// The notebook's single head, in its draw order after torch.manual_seed(seed):
//   x = torch.randn(4, 8, 32)
//   key = nn.Linear(32, 16, bias=False); query = ...; value = ...   (this order)
//   pos = nn.Embedding(8, 32)            (drawn last: our choice, for the permutation demo)
// then k = key(x), q = query(x), v = value(x),
//   scores = q @ k.transpose(-2, -1) [* 16**-0.5 when scale]
//   wei = softmax(scores [.masked_fill(tril == 0, -inf) when mask], -1); out = wei @ v
struct HeadDemo {
  std::vector<float> x;       // (4, 8, 32)
  std::vector<float> w_key;   // (16, 32) key.weight
  std::vector<float> w_query; // (16, 32)
  std::vector<float> w_value; // (16, 32)
  std::vector<float> pos;     // (8, 32) position embedding table
  std::vector<float> k, q, v; // (4, 8, 16)
  std::vector<float> scores;  // (4, 8, 8) before the mask and softmax (scaled when scale)
  std::vector<float> wei;     // (4, 8, 8)
  std::vector<float> out;     // (4, 8, 16)
  double var_unscaled = 0;    // (q @ k^T).var() over all 4*8*8 values (unbiased, as torch.var)
  double var_scaled = 0;      // (q @ k^T * 16**-0.5).var()
  bool mask = true, scale = true;
};
HeadDemo head_demo(std::uint64_t seed, bool mask, bool scale);

// The note's scaling argument with unit-variance q and k: after
// torch.manual_seed(seed), k = torch.randn(4, 8, 16), q = torch.randn(4, 8, 16);
// returns {k.var(), q.var(), (q @ k^T).var(), (q @ k^T * 16**-0.5).var()}.
std::array<double, 4> unit_variance_demo(std::uint64_t seed);

// torch.softmax(torch.tensor([0.1, -0.2, 0.3, -0.2, 0.5]) * m, -1). out: (5,)
std::array<float, 5> softmax_temperature(double m);

// "Attention has no notion of space": the head without the mask (an encoder
// block, so no position is privileged), on x[b] and on x[b] with its 8 rows
// permuted by perm (out_perm[i] uses token perm[i]); with positions, pos is
// added to x before the head (x[perm] + pos: the table stays with the slots).
struct Permutation {
  std::vector<float> out;        // (8, 16) head(x[b] (+ pos))
  std::vector<float> out_perm;   // (8, 16) head(x[b][perm] (+ pos))
  double max_diff = 0;           // max |out_perm[i] - out[perm[i]]|
};
Permutation permutation_demo(const HeadDemo& demo, int b, const std::array<int, kLabT>& perm, bool positions);

// Helpers shared with the tests: a float row-wise softmax as PyTorch's CPU
// kernel computes it (max, exp(x - max), sum, times 1/sum), in place. row: (n,)
void softmax_row(float* row, int n);

}  // namespace attn::torch
