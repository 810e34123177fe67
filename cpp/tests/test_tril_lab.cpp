// Tests for cpp/src/torch/tril_lab.*: the reading note's toy tensors against
// PyTorch's own numbers (cpp/tests/data/torch_tril.txt, scripts/gen_tril_golden.py).
// Draws are compared bit for bit; results of float sums whose grouping
// PyTorch's BLAS chooses are compared to 1e-6.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "torch/tril_lab.hpp"

namespace {

using namespace attn::torch;

struct Block {
  std::map<std::string, std::vector<std::string>> rec;
  std::vector<float> floats(const std::string& name) const {
    std::vector<float> out;
    for (const auto& h : rec.at(name)) {
      const auto u = static_cast<std::uint32_t>(std::stoul(h, nullptr, 16));
      float f;
      std::memcpy(&f, &u, 4);
      out.push_back(f);
    }
    return out;
  }
  double number(const std::string& name, std::size_t i) const { return std::strtod(rec.at(name)[i].c_str(), nullptr); }
};

std::map<std::string, Block> load() {
  std::ifstream in(std::string(ATTN_TEST_DATA_DIR) + "/torch_tril.txt");
  EXPECT_TRUE(in.good());
  std::map<std::string, Block> blocks;
  std::string seed;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    std::string name, count, colon;
    s >> name >> count;
    if (name == "seed") {
      seed = count;
      continue;
    }
    s >> colon;
    std::vector<std::string> v;
    for (std::string t; s >> t;) v.push_back(t);
    EXPECT_EQ(v.size(), std::stoul(count)) << name;
    blocks[seed].rec[name] = v;
  }
  return blocks;
}

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

void expect_bits(const std::vector<float>& got, const std::vector<float>& want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) ASSERT_EQ(bits(got[i]), bits(want[i])) << what << "[" << i << "]";
}

void expect_near(const std::vector<float>& got, const std::vector<float>& want, double tol, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], tol) << what << "[" << i << "]";
}

TEST(TrilLab, ThreeWaysMatchPyTorch) {
  const auto blocks = load();
  for (const char* seed : {"1337", "0", "42", "9223372036854775807"}) {
    SCOPED_TRACE(seed);
    const Block& g = blocks.at(seed);
    const ThreeWays r = three_ways(std::stoull(seed));
    expect_bits(r.x, g.floats("x"), "x");
    // torch.mean's summation order and the (8, 8) @ (8, 2) products: bit for bit,
    // so that torch.allclose's verdict is PyTorch's (False for 1337 on
    // Debian's build: one element near 0.002 differs by 3.2e-8 > atol + rtol*|b|).
    expect_bits(r.xbow_loop, g.floats("xbow"), "xbow");
    expect_bits(r.xbow_tril, g.floats("xbow2"), "xbow2");
    expect_bits(r.xbow_softmax, g.floats("xbow3"), "xbow3");
    EXPECT_EQ(r.allclose_tril ? "True" : "False", g.rec.at("allclose")[0]);
    EXPECT_EQ(r.allclose_softmax ? "True" : "False", g.rec.at("allclose")[1]);
    expect_bits(r.wei_tril, g.floats("wei2"), "wei2");
    expect_bits(r.wei_softmax, g.floats("wei3"), "wei3");
    expect_bits(r.wei_loop, g.floats("wei2"), "the loop's weights");
    EXPECT_LT(r.max_diff, 1e-6);
  }
}

TEST(TrilLab, HeadDemoMatchesPyTorch) {
  const auto blocks = load();
  for (const char* seed : {"1337", "0", "42", "9223372036854775807"}) {
    SCOPED_TRACE(seed);
    const Block& g = blocks.at(seed);
    for (int mask = 1; mask >= 0; --mask) {
      for (int scale = 1; scale >= 0; --scale) {
        const HeadDemo d = head_demo(std::stoull(seed), mask, scale);
        expect_bits(d.x, g.floats("head_x"), "head x");
        expect_bits(d.w_key, g.floats("head_wk"), "key.weight");
        expect_bits(d.w_query, g.floats("head_wq"), "query.weight");
        expect_bits(d.w_value, g.floats("head_wv"), "value.weight");
        expect_bits(d.pos, g.floats("head_pos"), "position table");
        const std::string name = "wei_m" + std::to_string(mask) + "_s" + std::to_string(scale);
        expect_near(d.wei, g.floats(name), 1e-6, name.c_str());
        if (mask && scale) expect_near(d.out, g.floats("out_m1_s1"), 1e-6, "out");
        EXPECT_NEAR(d.var_unscaled, g.number("var", 0), 1e-5 * g.number("var", 0));
        EXPECT_NEAR(d.var_scaled, g.number("var", 1), 1e-5 * g.number("var", 1));
      }
    }
    const auto uv = unit_variance_demo(std::stoull(seed));
    for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(uv[i], g.number("unit_var", i), 1e-5 * uv[i]) << i;
  }
}

TEST(TrilLab, WeiOfTheLectureSeed) {
  // The notebook prints wei[0] without the scale: row 1 is [0.1574, 0.8426].
  const HeadDemo d = head_demo(1337, true, false);
  EXPECT_NEAR(d.wei[8], 0.1574, 5e-5);
  EXPECT_NEAR(d.wei[9], 0.8426, 5e-5);
  EXPECT_EQ(d.wei[10], 0.0f);
}

TEST(TrilLab, PermutationDemo) {
  const auto blocks = load();
  const std::array<int, 8> rev = {7, 6, 5, 4, 3, 2, 1, 0};
  for (const char* seed : {"1337", "0"}) {
    SCOPED_TRACE(seed);
    const Block& g = blocks.at(seed);
    const HeadDemo d = head_demo(std::stoull(seed), true, true);
    for (int p = 0; p <= 1; ++p) {
      const Permutation r = permutation_demo(d, 0, rev, p == 1);
      expect_near(r.out, g.floats("perm_out_p" + std::to_string(p)), 1e-6, "out");
      expect_near(r.out_perm, g.floats("perm_outperm_p" + std::to_string(p)), 1e-6, "out_perm");
      if (p == 0) {
        EXPECT_LT(r.max_diff, 1e-6);  // the rows only moved
      } else {
        EXPECT_NEAR(r.max_diff, g.number("perm_maxdiff_p1", 0), 1e-5);  // they changed
        EXPECT_GT(r.max_diff, 0.1);
      }
    }
  }
}

TEST(TrilLab, SoftmaxTemperature) {
  const auto blocks = load();
  const Block& g = blocks.at("none");
  for (double m : {1.0, 2.0, 3.5, 8.0, 16.0}) {
    std::ostringstream name;
    name << "temp_" << m << (m == std::floor(m) ? ".0" : "");
    const auto got = softmax_temperature(m);
    expect_near(std::vector<float>(got.begin(), got.end()), g.floats(name.str()), 1e-6, name.str().c_str());
  }
  EXPECT_GT(softmax_temperature(16.0)[4], 0.95f);  // close to one-hot
}

}  // namespace
