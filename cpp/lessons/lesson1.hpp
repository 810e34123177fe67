// Lesson 1, section 5: the exercise program with its three TODOs filled in by
// the reference answer, run on NumPy-exact draws, printing what NumPy prints.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "attention.hpp"
#include "limits.hpp"

namespace attn {

struct Lesson1Sizes {
  std::size_t T = limits::Lesson1::default_t, d_model = limits::Lesson1::default_d_model,
              d_k = limits::Lesson1::default_dk, d_v = limits::Lesson1::default_dv;
};

// Allowed ranges (inclusive) for the sizes.
inline constexpr std::size_t kLesson1MaxT = limits::Lesson1::max_t;
inline constexpr std::size_t kLesson1MaxDim = limits::Lesson1::max_dim;

// Empty when valid; otherwise a message naming the argument, its range and the value.
std::string check_lesson1_sizes(const Lesson1Sizes& s);

// The exact stdout of the lesson's script under np.random.default_rng(seed).
std::string lesson1_output(std::uint64_t seed, const Lesson1Sizes& sizes);

// The √d_k experiment at the program's end: var(q·k) and var(q·k/√d_k) over
// 10000 dot products at d_k = 16 and 512, and the mean of each row's largest
// softmax weight (1000 rows of 8 scores drawn at the scale of d_k = 512),
// unscaled and scaled, rounded to 3 decimals. Each number also as the
// program prints it ("%.1f", "%.2f", NumPy's str), without padding.
// One row of the √d_k experiment: 10000 dot products of d_k-dimensional standard normal q and k.
struct Lesson1VarianceRow {
  std::size_t d_k = 0;
  double raw = 0;           // var(q·k) (≈ d_k)
  double scaled = 0;        // var(q·k/√d_k) (≈ 1)
  std::string raw_text;     // raw as the lesson's program prints it ("%.1f", without padding)
  std::string scaled_text;  // scaled as the program prints it ("%.2f")
};
// The program's √d_k experiment under default_rng(seed) (its last three lines).
struct Lesson1Variance {
  std::array<Lesson1VarianceRow, 2> rows;  // d_k = 16, then 512
  double max_unscaled = 0;  // Mean of each row's largest softmax weight over 1000 rows of 8 keys, unscaled, rounded to 3 decimals.
  double max_scaled = 0;    // The same with the scores divided by √512.
  std::string max_unscaled_text;  // max_unscaled and max_scaled as NumPy's str prints them
  std::string max_scaled_text;
};

// The experiment's numbers under np.random.default_rng(seed): the draws
// that follow X, W_q, W_k, W_v of these sizes (the attention step draws none).
Lesson1Variance lesson1_variance(std::uint64_t seed, const Lesson1Sizes& sizes);

// One run of the program: its stdout (lesson1_output) and the numbers its
// last three lines print (lesson1_variance), for a page that shows both.
struct Lesson1Run {
  std::string output;
  Lesson1Variance variance;
};
Lesson1Run lesson1_run(std::uint64_t seed, const Lesson1Sizes& sizes);

// The program's `out, w = attention(Q, K, V, causal=True)` followed by its
// four prints (from "Q (T, d_k) K ..." to the causal weights). `text` is what
// those lines print; `ok` is false when the step raised: then `text` ends with
// the error line (e.g. "ValueError: ...") and the program stops there.
struct Lesson1Step {
  std::string text;
  bool ok = true;
};
using Lesson1Attention =
    std::function<Lesson1Step(const MatrixD& Q, const MatrixD& K, const MatrixD& V)>;

// The first print line: "Q (4, 16) K (4, 16) V (4, 16)\n".
std::string lesson1_qkv_line(const MatrixD& Q, const MatrixD& K, const MatrixD& V);

// The whole program with `step` as its attention call: draws X, W_q, W_k,
// W_v, computes Q, K, V, runs `step`, then (if it did not raise) the
// variance experiment and the avg-max-weight lines. lesson1_output is
// lesson1_program with the reference step. `head_only` stops after `step`
// (what follows depends on the seed alone: the differential test's batch mode).
// `variance`, when given, receives the experiment's numbers (untouched if the step raised).
std::string lesson1_program(std::uint64_t seed, const Lesson1Sizes& sizes, const Lesson1Attention& step,
                            bool head_only = false, Lesson1Variance* variance = nullptr);

}  // namespace attn
