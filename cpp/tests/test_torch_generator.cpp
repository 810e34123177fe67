// Tests for cpp/src/torch/generator.{hpp,cpp}, init.{hpp,cpp}, mathfun.*:
// bit-exact agreement with Debian's PyTorch 1.13.1 (AVX2 kernels) on the
// records of cpp/tests/data/torch_draws.txt (scripts/gen_torch_golden.py),
// replayed in order on one generator as the script drew them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "torch/generator.hpp"
#include "torch/init.hpp"
#include "torch/mathfun.hpp"

namespace {

using attn::torch::Generator;

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

std::vector<std::string> golden_lines() {
  const std::string path = std::string(ATTN_TEST_DATA_DIR) + "/torch_draws.txt";
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

// Compares the float32 bit patterns `got` with hex tokens tok[from, from+n).
void expect_hex(const std::vector<float>& got, const std::vector<std::string>& tok, std::size_t from,
                const std::string& what) {
  ASSERT_GE(tok.size(), from + got.size()) << what;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const auto want = static_cast<std::uint32_t>(std::stoul(tok[from + i], nullptr, 16));
    if (bits(got[i]) != want && bad++ < 3) {
      ADD_FAILURE() << what << " [" << i << "]: got " << std::hex << bits(got[i]) << " want " << want;
    }
  }
  EXPECT_EQ(bad, 0u) << what;
}

std::uint64_t fnv1a64(const std::vector<float>& v) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (float f : v) {
    std::uint32_t u = bits(f);
    for (int b = 0; b < 4; ++b) {
      h ^= (u >> (8 * b)) & 0xffu;
      h *= 0x100000001B3ULL;
    }
  }
  return h;
}

TEST(TorchGenerator, GoldenRecordsInOrder) {
  const auto lines = golden_lines();
  ASSERT_GT(lines.size(), 50u);
  Generator g;
  std::size_t checked = 0;
  for (const auto& line : lines) {
    const auto t = split(line);
    const std::string& op = t[0];
    SCOPED_TRACE(line.substr(0, 80));
    if (op == "seed") {
      g.manual_seed(std::stoull(t[1]));
      continue;
    }
    if (op == "randn" || op == "rand") {
      const std::size_t n = std::stoul(t[1]);
      std::vector<float> v(n);
      if (op == "randn") g.normal_(v.data(), n); else g.uniform_(v.data(), n);
      expect_hex(v, t, 3, op);
    } else if (op == "normal" || op == "uniform") {
      const double a = std::strtod(t[1].c_str(), nullptr), b = std::strtod(t[2].c_str(), nullptr);
      const std::size_t n = std::stoul(t[3]);
      std::vector<float> v(n);
      if (op == "normal") g.normal_(v.data(), n, a, b); else g.uniform_(v.data(), n, a, b);
      expect_hex(v, t, 5, op);
    } else if (op == "randint") {
      const std::int64_t lo = std::stoll(t[1]), hi = std::stoll(t[2]);
      const std::size_t n = std::stoul(t[3]);
      std::vector<std::int64_t> v(n);
      g.randint(v.data(), n, lo, hi);
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(v[i], std::stoll(t[5 + i])) << i;
    } else if (op == "randn_hash") {
      const std::size_t n = std::stoul(t[1]);
      std::vector<float> v(n);
      g.normal_(v.data(), n);
      EXPECT_EQ(fnv1a64(v), std::stoull(t[2], nullptr, 16));
      const std::size_t k = std::stoul(t[3]);
      for (std::size_t i = 0; i < k; ++i) {
        const auto& pick = t[5 + i];
        const auto eq = pick.find('=');
        const std::size_t idx = std::stoul(pick.substr(0, eq));
        EXPECT_EQ(bits(v[idx]), std::stoul(pick.substr(eq + 1), nullptr, 16)) << "index " << idx;
      }
    } else if (op == "linear") {
      const std::size_t in = std::stoul(t[1]), out = std::stoul(t[2]);
      const bool bias = t[3] == "1";
      std::vector<float> w(in * out), b(bias ? out : 0);
      attn::torch::linear_init(g, w.data(), bias ? b.data() : nullptr, in, out);
      expect_hex(w, t, 5, "linear weight");
      if (bias) {
        ASSERT_EQ(t[5 + w.size()], "|");
        expect_hex(b, t, 6 + w.size(), "linear bias");
      }
    } else if (op == "embedding") {
      const std::size_t num = std::stoul(t[1]), dim = std::stoul(t[2]);
      std::vector<float> w(num * dim);
      attn::torch::embedding_init(g, w.data(), num, dim);
      expect_hex(w, t, 4, "embedding");
    } else {
      ADD_FAILURE() << "unknown record " << op;
    }
    ++checked;
  }
  EXPECT_GT(checked, 100u);
}

TEST(TorchGenerator, LectureNumbers) {
  // torch.manual_seed(1337); torch.randn(4, 8, 2)[0, 0] prints 0.1808, -0.0700.
  Generator g(1337);
  float x[64];
  g.normal_(x, 64);
  EXPECT_NEAR(x[0], 0.1808, 5e-5);
  EXPECT_NEAR(x[1], -0.0700, 5e-5);
  EXPECT_NEAR(x[15], 1.5433, 5e-5);
}

TEST(TorchGenerator, Mt19937MatchesStdForSeedLow32Bits) {
  // mt19937 seeded with the low 32 bits: 2^32 + 5 draws like 5.
  Generator a(5), b((std::uint64_t{1} << 32) + 5);
  for (int i = 0; i < 2000; ++i) ASSERT_EQ(a.random(), b.random());
  Generator c(5489);
  EXPECT_EQ(c.random(), 3499211612u);  // std::mt19937's first output
  Generator d(0), e(0);
  const std::uint64_t first = e.random(), second = e.random();
  EXPECT_EQ(d.random64(), (first << 32) | second);
}

TEST(TorchGenerator, ManualSeedClearsTheCachedNormal) {
  Generator g(3);
  float one;
  g.normal_(&one, 1);  // leaves the second value of the pair cached
  g.manual_seed(3);
  float again;
  g.normal_(&again, 1);
  EXPECT_EQ(bits(one), bits(again));
}

TEST(TorchMath, FmafExactIsOneRounding) {
  using attn::torch::math::fmaf_exact;
  // 1 + 2^-23 squared minus 1: the fused result keeps the 2^-46 term.
  const float a = 1.0f + 0x1.0p-23f;
  EXPECT_EQ(fmaf_exact(a, a, -1.0f), 0x1.0p-22f + 0x1.0p-46f);
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 sits on a float tie; a tiny addend
  // decides it, which a plain double sum (rounded twice) would lose.
  const float b = 1.0f + 0x1.0p-12f;
  EXPECT_EQ(fmaf_exact(b, b, 0x1.0p-80f), 1.0f + 0x1.0p-11f + 0x1.0p-23f);
  EXPECT_EQ(fmaf_exact(b, b, -0x1.0p-80f), 1.0f + 0x1.0p-11f);
  EXPECT_EQ(fmaf_exact(b, b, 0.0f), 1.0f + 0x1.0p-11f);  // tie to even
}

TEST(TorchMath, FdlibmWithinOneUlpOfLibm) {
  using namespace attn::torch::math;
  auto ulps = [](double a, double b) {
    std::int64_t ia, ib;
    std::memcpy(&ia, &a, 8);
    std::memcpy(&ib, &b, 8);
    return std::llabs(ia - ib);
  };
  std::uint64_t s = 88172645463325252ULL;
  for (int i = 0; i < 200000; ++i) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    const double u = static_cast<double>(s >> 11) * 0x1.0p-53;
    const double x = 1.0 - u;  // (0, 1]
    ASSERT_LE(ulps(log_d(x), std::log(x)), 1) << x;
    const double th = 2.0 * 3.14159265358979323846 * u;
    ASSERT_LE(ulps(sin_d(th), std::sin(th)), 1) << th;
    ASSERT_LE(ulps(cos_d(th), std::cos(th)), 1) << th;
  }
  EXPECT_EQ(log_d(1.0), 0.0);
  EXPECT_NEAR(log_d(0x1.0p-53), -36.7368005696771, 1e-12);
}

}  // namespace
