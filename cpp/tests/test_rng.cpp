// Tests for cpp/src/numpy/rng.{hpp,cpp}: bit-exact agreement with NumPy's
// default_rng on golden vectors from scripts/gen_rng_golden.py, and
// parse_seed's accepted inputs and error messages.
#include "numpy/rng.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

// One record of a cpp/tests/data/rng_*.txt file: values [start, start+count)
// of the stream for `seed`.
struct GoldenRecord {
  std::uint64_t seed = 0;
  std::uint64_t start = 0;
  std::vector<std::uint64_t> words;
};

std::vector<GoldenRecord> load_golden(const std::string& name) {
  const std::string path = std::string(ATTN_TEST_DATA_DIR) + "/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::stringstream body;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') body << line << '\n';
  }
  std::vector<GoldenRecord> out;
  std::uint64_t seed = 0, start = 0;
  std::size_t count = 0;
  while (body >> seed >> start >> count) {
    GoldenRecord rec{seed, start, {}};
    rec.words.resize(count);
    for (auto& w : rec.words) {
      std::string tok;
      body >> tok;
      w = std::stoull(tok, nullptr, 16);
    }
    EXPECT_TRUE(body) << "truncated record for seed " << seed << " in " << name;
    out.push_back(std::move(rec));
  }
  EXPECT_FALSE(out.empty()) << "no records in " << path;
  return out;
}

std::uint64_t bits_of(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

std::string hex64(std::uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

// Compares doubles by bit pattern; reports the first few mismatches.
void expect_bits_equal(const std::vector<std::uint64_t>& want, const std::vector<double>& got, const std::string& what) {
  ASSERT_EQ(want.size(), got.size()) << what;
  int reported = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (want[i] != bits_of(got[i]) && reported++ < 5) {
      ADD_FAILURE() << what << " [" << i << "]: want " << hex64(want[i]) << ", got " << hex64(bits_of(got[i])) << " ("
                    << got[i] << ")";
    }
  }
}

std::string label(const GoldenRecord& r) {
  return "seed " + std::to_string(r.seed) + " from draw " + std::to_string(r.start);
}

TEST(Rng, SeedSequenceGenerateStateMatchesNumpy) {
  for (const auto& rec : load_golden("rng_seedseq.txt")) {
    std::vector<std::uint32_t> got(rec.words.size());
    attn::seed_sequence_generate_state(rec.seed, got.data(), got.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i], rec.words[i]) << label(rec) << " word " << i;
    }
    // A shorter request is a prefix of a longer one.
    std::uint32_t first3[3];
    attn::seed_sequence_generate_state(rec.seed, first3, 3);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(first3[i], got[i]) << label(rec);
  }
}

TEST(Rng, Pcg64RawOutputMatchesNumpy) {
  for (const auto& rec : load_golden("rng_pcg64_raw.txt")) {
    attn::Pcg64 bits(rec.seed);
    for (std::uint64_t i = 0; i < rec.start; ++i) bits.next_uint64();
    for (std::size_t i = 0; i < rec.words.size(); ++i) {
      const std::uint64_t got = bits.next_uint64();
      EXPECT_EQ(got, rec.words[i]) << label(rec) << " output " << i << ": want " << hex64(rec.words[i]) << ", got "
                                   << hex64(got);
    }
  }
}

TEST(Rng, RandomMatchesNumpy) {
  for (const auto& rec : load_golden("rng_random.txt")) {
    attn::Generator gen(rec.seed);
    attn::Pcg64 bits(rec.seed);
    std::vector<double> got, got_bits;
    for (std::size_t i = 0; i < rec.words.size(); ++i) {
      got.push_back(gen.random());
      got_bits.push_back(bits.next_double());
    }
    expect_bits_equal(rec.words, got, "Generator::random " + label(rec));
    expect_bits_equal(rec.words, got_bits, "Pcg64::next_double " + label(rec));
  }
}

TEST(Rng, StandardNormalScalarMatchesNumpy) {
  for (const auto& rec : load_golden("rng_normal.txt")) {
    ASSERT_EQ(rec.start, 0u);
    attn::Generator gen(rec.seed);
    std::vector<double> got(rec.words.size());
    for (auto& x : got) x = gen.standard_normal();
    expect_bits_equal(rec.words, got, "scalar standard_normal " + label(rec));
  }
}

TEST(Rng, StandardNormalFillMatchesNumpy) {
  for (const auto& rec : load_golden("rng_normal.txt")) {
    attn::Generator gen(rec.seed);
    std::vector<double> got(rec.words.size());
    gen.standard_normal(got.data(), got.size());
    expect_bits_equal(rec.words, got, "fill standard_normal " + label(rec));
  }
}

TEST(Rng, StandardNormalFillInChunksAndMixedWithScalar) {
  // Chunk boundaries and interleaved scalar calls must not change the stream.
  for (const auto& rec : load_golden("rng_normal.txt")) {
    attn::Generator gen(rec.seed);
    std::vector<double> got(rec.words.size());
    std::size_t pos = 0;
    for (unsigned step = 0; pos < got.size(); ++step) {
      if (step % 3 == 0) got[pos++] = gen.standard_normal();
      const std::size_t n = std::min<std::size_t>(step % 7, got.size() - pos);  // n == 0 included
      gen.standard_normal(got.data() + pos, n);
      pos += n;
    }
    expect_bits_equal(rec.words, got, "chunked standard_normal " + label(rec));
  }
}

TEST(Rng, StandardNormalSlowPathsFarIntoStream) {
  // Windows around draws that take the wedge (accepted and rejected) and the
  // tail (with and without an inner retry); see the file's comments.
  const auto records = load_golden("rng_normal_far.txt");
  std::uint64_t last_seed = ~std::uint64_t{0};
  std::vector<double> stream;
  for (const auto& rec : records) {
    const std::size_t end = rec.start + rec.words.size();
    if (rec.seed != last_seed || stream.size() < end) {
      attn::Generator gen(rec.seed);
      stream.assign(std::max<std::size_t>(end, 200000), 0.0);
      gen.standard_normal(stream.data(), stream.size());
      last_seed = rec.seed;
    }
    const std::vector<double> got(stream.begin() + static_cast<std::ptrdiff_t>(rec.start),
                                  stream.begin() + static_cast<std::ptrdiff_t>(end));
    expect_bits_equal(rec.words, got, "far standard_normal " + label(rec));
  }
}

TEST(Rng, BitGeneratorIsTheGeneratorsStream) {
  attn::Generator gen(42);
  attn::Pcg64 ref(42);
  EXPECT_EQ(gen.bit_generator().next_uint64(), ref.next_uint64());
  EXPECT_EQ(bits_of(gen.random()), bits_of(ref.next_double()));
  EXPECT_EQ(gen.bit_generator().next_uint64(), ref.next_uint64());
}

TEST(Rng, MillionNormalsHaveMeanZeroVarianceOne) {
  attn::Generator gen(20240611);
  std::vector<double> x(1'000'000);
  gen.standard_normal(x.data(), x.size());
  double sum = 0, sum_sq = 0;
  std::size_t beyond_tail = 0;  // |x| > r = 3.654..., the ziggurat's tail
  for (double v : x) {
    sum += v;
    sum_sq += v * v;
    if (v > 3.6541528853610088 || v < -3.6541528853610088) ++beyond_tail;
  }
  const double n = static_cast<double>(x.size());
  const double mean = sum / n;
  const double var = sum_sq / n - mean * mean;
  // Standard errors: 0.001 for the mean, ~0.0014 for the variance.
  EXPECT_NEAR(mean, 0.0, 0.01);
  EXPECT_NEAR(var, 1.0, 0.01);
  // P(|Z| > r) = 2.58e-4, so ~258 expected.
  EXPECT_GT(beyond_tail, 150u);
  EXPECT_LT(beyond_tail, 400u);
}

// ---------------------------------------------------------------------------
// parse_seed

std::string expected_error(const std::string& shown) {
  return "seed must be an integer in [0, 2^64), got \"" + shown + "\"";
}

TEST(ParseSeed, AcceptsDecimalIntegersInRange) {
  const struct {
    const char* text;
    std::uint64_t value;
  } cases[] = {
      {"0", 0},
      {"007", 7},
      {"42", 42},
      {"4294967296", 4294967296ULL},
      {"18446744073709551615", 18446744073709551615ULL},
      {"000000000000000000000000018446744073709551615", 18446744073709551615ULL},
  };
  for (const auto& c : cases) {
    std::uint64_t out = 123;
    std::string error = "untouched";
    EXPECT_TRUE(attn::parse_seed(c.text, out, error)) << c.text << ": " << error;
    EXPECT_EQ(out, c.value) << c.text;
  }
}

TEST(ParseSeed, RejectsEverythingElseWithExactMessage) {
  const char* cases[] = {"-1", "1.5", "1e3", "", " 1", "1 ", "+1", "18446744073709551616", "99999999999999999999",
                         "abc", "0x10", "1_000"};
  for (const char* text : cases) {
    std::uint64_t out = 123;
    std::string error;
    EXPECT_FALSE(attn::parse_seed(text, out, error)) << '"' << text << '"';
    EXPECT_EQ(error, expected_error(text));
    EXPECT_EQ(out, 123u) << "out must be untouched on failure";
  }
}

TEST(ParseSeed, RejectsEmbeddedNul) {
  std::uint64_t out = 0;
  std::string error;
  EXPECT_FALSE(attn::parse_seed(std::string_view("12\0", 3), out, error));
}

TEST(ParseSeed, TruncatesLongInputTo40Characters) {
  std::uint64_t out = 0;
  std::string error;
  const std::string forty(40, 'x');
  EXPECT_FALSE(attn::parse_seed(forty, out, error));
  EXPECT_EQ(error, expected_error(forty));  // exactly 40: shown whole
  EXPECT_FALSE(attn::parse_seed(forty + "y", out, error));
  EXPECT_EQ(error, expected_error(forty + "\u2026"));
  // 41 digits overflow; shown cut.
  const std::string digits(41, '9');
  EXPECT_FALSE(attn::parse_seed(digits, out, error));
  EXPECT_EQ(error, expected_error(std::string(40, '9') + "\u2026"));
  // Characters, not bytes: a multi-byte UTF-8 character is never split.
  std::string accents;
  for (int i = 0; i < 45; ++i) accents += "\u00e9";
  EXPECT_FALSE(attn::parse_seed(accents, out, error));
  std::string shown;
  for (int i = 0; i < 40; ++i) shown += "\u00e9";
  EXPECT_EQ(error, expected_error(shown + "\u2026"));
}

}  // namespace
