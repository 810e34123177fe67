#include "lesson1.hpp"

#include <cmath>
#include <vector>

#include "attention.hpp"
#include "numpy/npformat.hpp"
#include "numpy/npreduce.hpp"
#include "numpy/rng.hpp"

namespace attn {

std::string check_lesson1_sizes(const Lesson1Sizes& s) {
  struct Arg { const char* name; std::size_t value, lo, hi; };
  const Arg args[] = {{"T", s.T, 1, kLesson1MaxT},
                      {"d-model", s.d_model, 1, kLesson1MaxDim},
                      {"d-k", s.d_k, 1, kLesson1MaxDim},
                      {"d-v", s.d_v, 1, kLesson1MaxDim}};
  for (const Arg& a : args)
    if (a.value < a.lo || a.value > a.hi)
      return std::string(a.name) + " must be an integer in [" + std::to_string(a.lo) + ", " +
             std::to_string(a.hi) + "], got " + std::to_string(a.value);
  return {};
}

namespace {

// rng.standard_normal((rows, cols)) / divisor, row-major.
std::vector<double> draw(Generator& rng, std::size_t rows, std::size_t cols, double divisor = 1.0) {
  std::vector<double> m(rows * cols);
  rng.standard_normal(m.data(), m.size());
  if (divisor != 1.0)
    for (double& x : m) x = x / divisor;
  return m;
}

MatrixD matmul(const std::vector<double>& A, std::size_t M, std::size_t K,
               const std::vector<double>& B, std::size_t N) {
  MatrixD C(M, N);
  matmul_kernel(A.data(), K, B.data(), N, M, K, N, C.data.data());
  return C;
}

std::string shape2(std::size_t a, std::size_t b) {
  const std::size_t s[] = {a, b};
  return np::shape_str(s);
}

// Lesson section 3 experiment: q, k = rng.standard_normal((2, n, d));
// dots = (q * k).sum(-1). The q block precedes the k block in the stream, so
// a second generator is advanced past q and the two are read side by side:
// memory stays O(d) instead of 2·n·d doubles.
std::vector<double> dot_experiment(Generator& rng, std::size_t n, std::size_t d) {
  Generator q_stream = rng;
  for (std::size_t i = 0; i < n * d; ++i) (void)rng.standard_normal();
  std::vector<double> q(d), k(d), dots(n);
  for (std::size_t i = 0; i < n; ++i) {
    q_stream.standard_normal(q.data(), d);
    rng.standard_normal(k.data(), d);
    for (std::size_t c = 0; c < d; ++c) q[c] = q[c] * k[c];
    dots[i] = np::pairwise_sum(q.data(), d);
  }
  return dots;
}

// Sections 5 and 6 of the program, from where its draws of X and the W's end.
Lesson1Variance variance_experiment(Generator& rng) {
  Lesson1Variance v;
  // 5. var(q·k) ≈ d_k, var(q·k/√d_k) ≈ 1
  const std::size_t dims[2] = {16, 512};
  for (int r = 0; r < 2; ++r) {
    Lesson1VarianceRow& row = v.rows[r];
    row.d_k = dims[r];
    std::vector<double> dots = dot_experiment(rng, 10000, row.d_k);
    row.raw = np::np_var(dots.data(), dots.size());
    const double root_d = std::sqrt(static_cast<double>(row.d_k));
    for (double& x : dots) x = x / root_d;
    row.scaled = np::np_var(dots.data(), dots.size());
    row.raw_text = np::format_fixed(row.raw, -1, 1);
    row.scaled_text = np::format_fixed(row.scaled, 0, 2);
  }

  // 6. mean of the row max weight over 1000 rows of 8 keys, unscaled vs scaled
  const double root512 = std::sqrt(512.0);
  std::vector<double> S = draw(rng, 1000, 8);
  for (double& x : S) x = x * root512;
  auto mean_row_max = [](std::vector<double> m) {
    softmax_rows_kernel(m.data(), 1000, 8);
    std::vector<double> maxes(1000);
    for (std::size_t i = 0; i < 1000; ++i) {
      double best = m[i * 8];
      for (std::size_t c = 1; c < 8; ++c) best = m[i * 8 + c] > best ? m[i * 8 + c] : best;
      maxes[i] = best;
    }
    return np::np_round(np::np_mean(maxes.data(), maxes.size()), 3);
  };
  v.max_unscaled = mean_row_max(S);
  for (double& x : S) x = x / root512;
  v.max_scaled = mean_row_max(S);
  v.max_unscaled_text = np::np_float64_str(v.max_unscaled);
  v.max_scaled_text = np::np_float64_str(v.max_scaled);
  return v;
}

}  // namespace

Lesson1Variance lesson1_variance(std::uint64_t seed, const Lesson1Sizes& s) {
  Generator rng(seed);
  // X (T, d_model), W_q, W_k (d_model, d_k), W_v (d_model, d_v): drawn, not needed
  const std::size_t drawn = s.T * s.d_model + s.d_model * (2 * s.d_k + s.d_v);
  for (std::size_t i = 0; i < drawn; ++i) (void)rng.standard_normal();
  return variance_experiment(rng);
}

std::string lesson1_qkv_line(const MatrixD& Q, const MatrixD& K, const MatrixD& V) {
  return "Q " + shape2(Q.rows, Q.cols) + " K " + shape2(K.rows, K.cols) + " V " + shape2(V.rows, V.cols) + "\n";
}

namespace {

// The reference answer's step: the causal, scaled attention call and its four prints.
Lesson1Step reference_step(const MatrixD& Q, const MatrixD& K, const MatrixD& V) {
  // 3. out (T, d_v), w (T, T): causal, scaled by 1/sqrt(d_k)
  const auto r = attention(Q, K, V, AttentionOptions{Scale::Sqrt, true, 1});
  const std::size_t T = Q.rows;
  Lesson1Step step;
  std::string& out = step.text;
  out += lesson1_qkv_line(Q, K, V);
  out += "out " + shape2(r.output.rows, r.output.cols) + " weights " +
         shape2(r.weights.rows, r.weights.cols) + "\n";

  // 4. row sums (T,) rounded to 3 decimals; weights rounded to 2
  std::vector<double> sums(T);
  for (std::size_t i = 0; i < T; ++i)
    sums[i] = np::np_round(np::pairwise_sum(&r.weights.data[i * T], T), 3);
  const std::size_t sums_shape[] = {T};
  out += "row sums: " + np::array_str(sums.data(), sums_shape) + "\n";

  std::vector<double> w2(r.weights.data);
  for (double& x : w2) x = np::np_round(x, 2);
  const std::size_t w_shape[] = {T, T};
  out += "causal weights:\n " + np::array_str(w2.data(), w_shape) + "\n";
  return step;
}

}  // namespace

std::string lesson1_output(std::uint64_t seed, const Lesson1Sizes& sizes) {
  return lesson1_program(seed, sizes, reference_step);
}

Lesson1Run lesson1_run(std::uint64_t seed, const Lesson1Sizes& sizes) {
  Lesson1Run r;
  r.output = lesson1_program(seed, sizes, reference_step, false, &r.variance);
  return r;
}

std::string lesson1_program(std::uint64_t seed, const Lesson1Sizes& s, const Lesson1Attention& attention_step,
                            bool head_only, Lesson1Variance* variance) {
  Generator rng(seed);
  std::string out;

  // 1. X (T, d_model); W_q, W_k (d_model, d_k); W_v (d_model, d_v), each / sqrt(d_model)
  const double root_dm = std::sqrt(static_cast<double>(s.d_model));
  const auto X = draw(rng, s.T, s.d_model);
  const auto Wq = draw(rng, s.d_model, s.d_k, root_dm);
  const auto Wk = draw(rng, s.d_model, s.d_k, root_dm);
  const auto Wv = draw(rng, s.d_model, s.d_v, root_dm);

  // 2. Q, K (T, d_k), V (T, d_v)
  const MatrixD Q = matmul(X, s.T, s.d_model, Wq, s.d_k);
  const MatrixD K = matmul(X, s.T, s.d_model, Wk, s.d_k);
  const MatrixD V = matmul(X, s.T, s.d_model, Wv, s.d_v);

  // 3-4. the attention call and its prints (or the error that stops the script)
  const Lesson1Step step = attention_step(Q, K, V);
  out += step.text;
  if (!step.ok || head_only) return out;

  // 5-6. the variance experiment and the mean row max weight
  const Lesson1Variance v = variance_experiment(rng);
  if (variance) *variance = v;
  for (const Lesson1VarianceRow& row : v.rows) {
    std::string d_str = std::to_string(row.d_k);
    if (d_str.size() < 4) d_str.insert(0, 4 - d_str.size(), ' ');
    std::string raw = row.raw_text;
    if (raw.size() < 7) raw.insert(0, 7 - raw.size(), ' ');
    out += "d_k=" + d_str + "  var(q\u00b7k)=" + raw + "  var(q\u00b7k/sqrt(d_k))=" + row.scaled_text + "\n";
  }
  out += "avg max weight  unscaled: " + v.max_unscaled_text + "  scaled: " + v.max_scaled_text + "\n";
  return out;
}

}  // namespace attn
