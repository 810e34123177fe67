// lesson1 and the CLI against NumPy's own output (cpp/tests/data/lesson1_golden.txt,
// written by scripts/lesson1_reference.py --golden cpp/tests/data).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli.hpp"
#include "lesson1.hpp"

using namespace attn;

namespace {

struct Case {
  std::uint64_t seed;
  Lesson1Sizes sizes;
  std::string expected;
};

std::vector<Case> load_cases() {
  std::ifstream in(std::string(ATTN_TEST_DATA_DIR) + "/lesson1_golden.txt");
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# case ", 0) != 0) continue;
    Case c;
    unsigned long long seed;
    std::size_t lines;
    std::sscanf(line.c_str(), "# case seed=%llu T=%zu d_model=%zu d_k=%zu d_v=%zu lines=%zu", &seed, &c.sizes.T,
                &c.sizes.d_model, &c.sizes.d_k, &c.sizes.d_v, &lines);
    c.seed = seed;
    for (std::size_t i = 0; i < lines && std::getline(in, line); ++i) c.expected += line + "\n";
    cases.push_back(c);
  }
  return cases;
}

}  // namespace

TEST(Lesson1, PrintsTheLessonsExpectedOutputForSeed0) {
  const std::string expected =
      "Q (4, 16) K (4, 16) V (4, 16)\n"
      "out (4, 16) weights (4, 4)\n"
      "row sums: [1. 1. 1. 1.]\n"
      "causal weights:\n"
      " [[1.   0.   0.   0.  ]\n"
      " [0.23 0.77 0.   0.  ]\n"
      " [0.19 0.33 0.49 0.  ]\n"
      " [0.16 0.37 0.21 0.26]]\n"
      "d_k=  16  var(q\u00b7k)=   16.3  var(q\u00b7k/sqrt(d_k))=1.02\n"
      "d_k= 512  var(q\u00b7k)=  511.0  var(q\u00b7k/sqrt(d_k))=1.00\n"
      "avg max weight  unscaled: 0.958  scaled: 0.365\n";
  EXPECT_EQ(lesson1_output(0, {}), expected);
}

TEST(Lesson1, MatchesNumPyOnGoldenSeedsAndSizes) {
  const auto cases = load_cases();
  ASSERT_GE(cases.size(), 10u);
  for (const Case& c : cases)
    EXPECT_EQ(lesson1_output(c.seed, c.sizes), c.expected)
        << "seed=" << c.seed << " T=" << c.sizes.T << " d_model=" << c.sizes.d_model;
}

// The √d_k experiment's numbers (what the lesson page's table shows) are the
// ones the program prints, at every golden seed and size.
TEST(Lesson1, VarianceIsWhatTheProgramPrints) {
  for (const Case& c : load_cases()) {
    const Lesson1Variance v = lesson1_variance(c.seed, c.sizes);
    std::string tail;
    for (const Lesson1VarianceRow& r : v.rows) {
      std::ostringstream line;
      line << "d_k=" << std::string(r.d_k < 100 ? 2 : 1, ' ') << r.d_k << "  var(q\u00b7k)="
           << std::string(r.raw_text.size() < 7 ? 7 - r.raw_text.size() : 0, ' ') << r.raw_text
           << "  var(q\u00b7k/sqrt(d_k))=" << r.scaled_text << "\n";
      tail += line.str();
      EXPECT_NEAR(r.raw, std::stod(r.raw_text), 0.05);
      EXPECT_NEAR(r.scaled, std::stod(r.scaled_text), 0.005);
    }
    tail += "avg max weight  unscaled: " + v.max_unscaled_text + "  scaled: " + v.max_scaled_text + "\n";
    ASSERT_GE(c.expected.size(), tail.size());
    EXPECT_EQ(c.expected.substr(c.expected.size() - tail.size()), tail) << "seed " << c.seed;
    EXPECT_EQ(v.rows[0].d_k, 16u);
    EXPECT_EQ(v.rows[1].d_k, 512u);
    EXPECT_EQ(v.max_unscaled, std::stod(v.max_unscaled_text));
    EXPECT_EQ(v.max_scaled, std::stod(v.max_scaled_text));
  }
}

// One run gives both: the program's text and the experiment's numbers.
TEST(Lesson1, RunGivesTheOutputAndTheVariance) {
  const std::vector<Case> cases = load_cases();
  ASSERT_FALSE(cases.empty());
  for (const Case& c : {cases.front(), cases.back()}) {
    const Lesson1Run r = lesson1_run(c.seed, c.sizes);
    EXPECT_EQ(r.output, c.expected) << "seed " << c.seed;
    const Lesson1Variance v = lesson1_variance(c.seed, c.sizes);
    for (std::size_t i = 0; i < v.rows.size(); ++i) {
      EXPECT_EQ(r.variance.rows[i].d_k, v.rows[i].d_k);
      EXPECT_EQ(r.variance.rows[i].raw, v.rows[i].raw);
      EXPECT_EQ(r.variance.rows[i].scaled, v.rows[i].scaled);
      EXPECT_EQ(r.variance.rows[i].raw_text, v.rows[i].raw_text);
      EXPECT_EQ(r.variance.rows[i].scaled_text, v.rows[i].scaled_text);
    }
    EXPECT_EQ(r.variance.max_unscaled_text, v.max_unscaled_text);
    EXPECT_EQ(r.variance.max_scaled_text, v.max_scaled_text);
  }
}

TEST(Lesson1, SizeChecksNameTheArgument) {
  EXPECT_EQ(check_lesson1_sizes({}), "");
  EXPECT_EQ(check_lesson1_sizes({11, 8, 16, 16}), "T must be an integer in [1, 10], got 11");
  EXPECT_EQ(check_lesson1_sizes({4, 0, 16, 16}), "d-model must be an integer in [1, 512], got 0");
}

TEST(Cli, Lesson1DefaultsAndOptions) {
  const CliResult r = run_cli({"lesson1", "--seed", "0"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, lesson1_output(0, {}));
  const CliResult r2 = run_cli({"lesson1", "--seed=7", "--T", "2", "--d-model=3", "--d-k", "5", "--d-v", "7"});
  EXPECT_EQ(r2.code, 0);
  EXPECT_EQ(r2.out, lesson1_output(7, {2, 3, 5, 7}));
}

TEST(Cli, NormalPrintsReprOfEachDraw) {
  const CliResult r = run_cli({"normal", "--seed", "0", "--count", "3"});
  EXPECT_EQ(r.code, 0);
  // np.random.default_rng(0).standard_normal(3)
  EXPECT_EQ(r.out, "0.1257302210933933\n-0.1321048632913019\n0.6404226504432821\n");
  EXPECT_EQ(run_cli({"normal", "--seed", "5", "--count", "0"}).out, "");
}

TEST(Cli, BadArgumentsAreUsageErrors) {
  struct Bad { std::vector<std::string> args; std::string needle; };
  const Bad bad[] = {
      {{"lesson1", "--seed", "-1"}, "seed must be an integer in [0, 2^64), got \"-1\""},
      {{"lesson1", "--seed", "1.5"}, "got \"1.5\""},
      {{"lesson1", "--seed", "18446744073709551616"}, "[0, 2^64)"},
      {{"lesson1", "--T", "11"}, "T must be an integer in [1, 10], got \"11\""},
      {{"lesson1", "--T", "0"}, "T must be an integer in [1, 10]"},
      {{"lesson1", "--d-k", "abc"}, "d-k must be an integer in [1, 512], got \"abc\""},
      {{"lesson1", "--bogus", "1"}, "unknown option --bogus"},
      {{"lesson1", "--seed"}, "option --seed needs a value"},
      {{"normal", "--count", "3"}, "missing --seed"},
      {{"normal", "--seed", "1"}, "missing --count"},
      {{"normal", "--seed", "1", "--count", "10000001"}, "count must be an integer in [0, 10000000]"},
      {{"frobnicate"}, "unknown command \"frobnicate\""},
  };
  for (const Bad& b : bad) {
    const CliResult r = run_cli(b.args);
    EXPECT_EQ(r.code, 2) << b.needle;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(b.needle), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_cli({}).code, 2);
  EXPECT_EQ(run_cli({"--help"}).code, 0);
}
