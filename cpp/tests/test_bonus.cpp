// Lesson 1's bonus (torch/bonus.hpp): the draws and the learner's attention
// against Debian's PyTorch (cpp/tests/data/torch_bonus.txt from
// scripts/gen_bonus_golden.py), both kernels against the float64 reference
// (attention_batched) on random shapes, the fused kernel's trace, and
// `attn-cli torch bonus`.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "attention.hpp"
#include "cli.hpp"
#include "limits.hpp"
#include "torch/bonus.hpp"

namespace {

using attn::torch::BonusShape;

struct Case {
  std::uint64_t seed = 0;
  BonusShape shape;
  bool causal = false;
  std::vector<float> q, k, v, mine;
};

std::vector<float> read_hex(std::istringstream& line, const std::string& name) {
  std::string got, colon;
  std::size_t n = 0;
  line >> got >> n >> colon;
  EXPECT_EQ(got, name);
  std::vector<float> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::string h;
    line >> h;
    const std::uint32_t bits = static_cast<std::uint32_t>(std::stoul(h, nullptr, 16));
    std::memcpy(&out[i], &bits, 4);
  }
  return out;
}

std::vector<Case> golden_cases() {
  std::ifstream in(std::string(ATTN_TEST_DATA_DIR) + "/torch_bonus.txt");
  EXPECT_TRUE(in.good());
  std::vector<Case> cases;
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream line(text);
    if (text.rfind("case ", 0) == 0) {
      std::string word;
      Case c;
      int causal = 0;
      line >> word >> c.seed >> c.shape.B >> c.shape.H >> c.shape.T >> c.shape.D >> causal;
      c.causal = causal != 0;
      cases.push_back(c);
      continue;
    }
    const std::string name = text.substr(0, text.find(' '));
    std::vector<float> v = read_hex(line, name);
    Case& c = cases.back();
    (name == "q" ? c.q : name == "k" ? c.k : name == "v" ? c.v : c.mine) = std::move(v);
  }
  return cases;
}

std::vector<double> widen(const std::vector<float>& v) { return {v.begin(), v.end()}; }

// attention_batched in float64 on the float32 draws. out: (B, H, T, D), weights: (B, H, T, T)
void reference(const attn::torch::BonusDraws& d, const BonusShape& s, bool causal, std::vector<double>& out,
               std::vector<double>& weights) {
  attn::BatchedShape bs;
  bs.B = s.B, bs.H = s.H, bs.T = s.T, bs.S = s.T, bs.d_k = s.D, bs.d_v = s.D;
  attn::AttentionOptions opt;
  opt.causal = causal;
  out.assign(s.values(), 0.0);
  weights.assign(s.weights(), 0.0);
  const auto q = widen(d.q), k = widen(d.k), v = widen(d.v);
  attn::attention_batched(q.data(), k.data(), v.data(), bs, opt, weights.data(), out.data());
}

TEST(Bonus, DrawsAreTorchsBitForBit) {
  const auto cases = golden_cases();
  ASSERT_EQ(cases.size(), 7u);
  for (const Case& c : cases) {
    const auto d = attn::torch::bonus_draws(c.seed, c.shape);
    EXPECT_EQ(d.q, c.q) << c.seed;
    EXPECT_EQ(d.k, c.k) << c.seed;
    EXPECT_EQ(d.v, c.v) << c.seed;
  }
}

TEST(Bonus, ManualAttentionMatchesTorchWithin2e6) {
  for (const Case& c : golden_cases()) {
    const auto r = attn::torch::bonus_run(c.seed, c.shape, c.causal, true);
    ASSERT_EQ(r.mine.size(), c.mine.size());
    for (std::size_t i = 0; i < c.mine.size(); ++i)
      ASSERT_NEAR(r.mine[i], c.mine[i], 2e-6) << "seed " << c.seed << " value " << i;
    EXPECT_TRUE(r.allclose) << c.seed;
    EXPECT_LE(r.max_diff, 1e-6) << c.seed;
  }
}

// A small deterministic generator for shapes (not the draws).
std::uint32_t lcg(std::uint32_t& s) { return s = s * 1664525u + 1013904223u; }

TEST(Bonus, BothKernelsMatchFloat64OnRandomShapes) {
  std::uint32_t st = 12345;
  for (int trial = 0; trial < 40; ++trial) {
    BonusShape s{1 + static_cast<int>(lcg(st) % 3), 1 + static_cast<int>(lcg(st) % 4),
                 1 + static_cast<int>(lcg(st) % 40), 1 + static_cast<int>(lcg(st) % 70)};
    const bool causal = lcg(st) % 2 == 0;
    const int tile = 1 + static_cast<int>(lcg(st) % 9);
    const auto d = attn::torch::bonus_draws(lcg(st), s);
    std::vector<double> ref, ref_w;
    reference(d, s, causal, ref, ref_w);
    std::vector<float> mine(s.values()), fused(s.values()), w(s.weights());
    attn::torch::manual_attention(d.q.data(), d.k.data(), d.v.data(), s, causal, w.data(), mine.data());
    attn::torch::fused_attention(d.q.data(), d.k.data(), d.v.data(), s, causal, tile, fused.data());
    for (std::size_t i = 0; i < mine.size(); ++i) {
      ASSERT_NEAR(mine[i], ref[i], 2e-6 + 1e-6 * std::fabs(ref[i])) << trial << " " << i;
      ASSERT_NEAR(fused[i], ref[i], 2e-5) << trial << " tile " << tile << " " << i;
    }
    for (std::size_t i = 0; i < w.size(); ++i) ASSERT_NEAR(w[i], ref_w[i], 1e-6) << trial << " " << i;
  }
}

TEST(Bonus, FusedTraceEndsOnTheRow) {
  const BonusShape s{2, 4, 5, 16};
  const auto d = attn::torch::bonus_draws(0, s);
  std::vector<float> fused(s.values());
  attn::torch::fused_attention(d.q.data(), d.k.data(), d.v.data(), s, true, 2, fused.data());
  for (int i = 0; i < s.T; ++i) {
    const auto trace = attn::torch::fused_row_trace(d.q.data(), d.k.data(), d.v.data(), s, true, 2, 1, 3, i);
    ASSERT_EQ(trace.size(), static_cast<std::size_t>(i / 2 + 1));  // keys 0..i in tiles of 2
    EXPECT_EQ(trace.back().last_key, i + 1);
    float prev_max = -INFINITY;
    for (const auto& step : trace) {
      EXPECT_GE(step.max, prev_max);  // the running max never falls
      EXPECT_GT(step.sum, 0.0f);
      prev_max = step.max;
    }
    const std::size_t at = ((1 * 4 + 3) * 5 + static_cast<std::size_t>(i)) * 16;
    for (int c = 0; c < 16; ++c) EXPECT_EQ(trace.back().out[static_cast<std::size_t>(c)], fused[at + static_cast<std::size_t>(c)]);
  }
  // Not causal: every row visits all ceil(5 / 2) tiles.
  EXPECT_EQ(attn::torch::fused_row_trace(d.q.data(), d.k.data(), d.v.data(), s, false, 2, 0, 0, 0).size(), 3u);
}

TEST(Bonus, AllcloseIsTorchs) {
  const float a[] = {1.0f, 2.0f}, b[] = {1.0f + 1e-6f, 2.0f};
  EXPECT_TRUE(attn::torch::torch_allclose(a, b, 2, 1e-6));
  const float c[] = {0.0f}, e[] = {3e-6f}, n[] = {NAN};
  EXPECT_FALSE(attn::torch::torch_allclose(c, e, 1, 1e-6));
  EXPECT_TRUE(attn::torch::torch_allclose(e, c, 1, 3.1e-6));
  EXPECT_FALSE(attn::torch::torch_allclose(n, n, 1, 1e-6));
}

TEST(Bonus, ShapeLimits) {
  using attn::torch::bonus_shape_error;
  EXPECT_EQ(bonus_shape_error({2, 4, 5, 16}), nullptr);
  EXPECT_EQ(bonus_shape_error({1, 1, 1, 1 << 20}), nullptr);
  EXPECT_EQ(bonus_shape_error({1, 1, 4096, 256}), nullptr);
  EXPECT_NE(bonus_shape_error({0, 4, 5, 16}), nullptr);
  EXPECT_NE(bonus_shape_error({2, 4, 5, -1}), nullptr);
  EXPECT_NE(bonus_shape_error({1, 1, 2, (1 << 19) + 1}), nullptr);
  EXPECT_NE(bonus_shape_error({1, 1, 4097, 1}), nullptr);  // T * T over 2^24
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(BonusCli, PrintsTheLessonsTwoLines) {
  attn::CliResult r = attn::run_cli({"torch", "bonus"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "shape: (2, 4, 5, 16)\nallclose: True\n");
  r = attn::run_cli({"torch", "bonus", "--seed", "7", "--shape", "3,2,9,8", "--causal=0"});
  EXPECT_EQ(r.out, "shape: (3, 2, 9, 8)\nallclose: True\n");
  r = attn::run_cli({"torch", "bonus", "--shape", "1,1,1,1"});
  EXPECT_EQ(r.out, "shape: (1, 1, 1, 1)\nallclose: True\n");
}

TEST(BonusCli, ValuesAreTorchsWithin2e6) {
  for (const Case& c : golden_cases()) {
    const std::string shape = std::to_string(c.shape.B) + "," + std::to_string(c.shape.H) + "," +
                              std::to_string(c.shape.T) + "," + std::to_string(c.shape.D);
    const attn::CliResult r = attn::run_cli({"torch", "bonus", "--values", "--seed", std::to_string(c.seed),
                                             "--shape", shape, "--causal", c.causal ? "1" : "0"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), c.mine.size() + 2);
    for (std::size_t i = 0; i < c.mine.size(); ++i) {
      const double got = std::stod(lines[i + 2]);
      ASSERT_NEAR(got, c.mine[i], 2e-6) << c.seed << " " << i;
      EXPECT_EQ(static_cast<double>(static_cast<float>(got)), got);  // a float32 widened
    }
  }
}

TEST(BonusCli, BadValuesGiveOneLineAndExit2) {
  const std::vector<std::vector<std::string>> bad = {
      {"torch", "bonus", "--seed", "-1"},
      {"torch", "bonus", "--seed", "9223372036854775808"},
      {"torch", "bonus", "--seed", "x"},
      {"torch", "bonus", "--shape", "2,4,5"},
      {"torch", "bonus", "--shape", "2,4,5,16,1"},
      {"torch", "bonus", "--shape", "2,0,5,16"},
      {"torch", "bonus", "--shape", "2,4,5,x"},
      {"torch", "bonus", "--shape", "2,,5,16"},
      {"torch", "bonus", "--shape", "64,64,16,17"},
      {"torch", "bonus", "--shape", "1,1,8192,2"},
      {"torch", "bonus", "--causal", "yes"},
      {"torch", "bonus", "--tile", "3"},
      {"torch", "bonus", "extra"},
      {"torch", "bonus", "--seed"},
  };
  for (const auto& args : bad) {
    const attn::CliResult r = attn::run_cli(args);
    EXPECT_EQ(r.code, 2) << args.back();
    EXPECT_EQ(r.out, "") << args.back();
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;  // one line
  }
}

}  // namespace
