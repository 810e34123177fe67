// Fuzz regressions: every input that ever made a libFuzzer target (cpp/fuzz)
// fail is committed in cpp/tests/data/fuzz_regressions/<target>/ and replayed
// here through the same harness function the target runs (harness_*.hpp), as
// is the committed seed corpus (cpp/fuzz/corpus/<target>/). Under
// `npm run test:sanitize` this also runs them with ASan + UBSan.
//
// To add one: copy build/fuzz/artifacts/<target>/crash-... (or timeout-,
// leak-, oom-) to cpp/tests/data/fuzz_regressions/<target>/<what-it-was>.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {
struct FuzzCheckFailure : std::logic_error {
  using std::logic_error::logic_error;
};
}  // namespace

// A failed harness check throws (instead of trapping) so that the test names
// the input and the check.
#define ATTN_FUZZ_CHECK(cond)                                                            \
  do {                                                                                   \
    if (!(cond))                                                                         \
      throw FuzzCheckFailure(std::string("fuzz check failed: ") + #cond + " (" + __FILE__ + \
                             ":" + std::to_string(__LINE__) + ")");                     \
  } while (0)

#include "../fuzz/harness_attention.hpp"
#include "../fuzz/harness_cli.hpp"
#include "../fuzz/harness_pyeval.hpp"
#include "../fuzz/harness_seed.hpp"

namespace fs = std::filesystem;

namespace {

using Harness = void (*)(const std::uint8_t*, std::size_t);

const fs::path kRegressions = fs::path(ATTN_TEST_DATA_DIR) / "fuzz_regressions";
const fs::path kCorpus = fs::path(ATTN_TEST_DATA_DIR) / ".." / ".." / "fuzz" / "corpus";

std::vector<fs::path> inputs_in(const fs::path& dir) {
  std::vector<fs::path> files;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Runs the harness on every file of <root>/<target>/; returns how many.
std::size_t replay(const fs::path& root, const std::string& target, Harness harness) {
  const auto files = inputs_in(root / target);
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    SCOPED_TRACE(f.string());
    try {
      harness(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    } catch (const std::exception& e) {
      ADD_FAILURE() << f.string() << ": " << e.what();
    } catch (...) {
      ADD_FAILURE() << f.string() << ": unknown exception";
    }
  }
  return files.size();
}

}  // namespace

TEST(FuzzRegressions, Attention) {
  EXPECT_GE(replay(kRegressions, "fuzz_attention", attn::fuzz::run_attention_case), 1u);
  EXPECT_GE(replay(kCorpus, "fuzz_attention", attn::fuzz::run_attention_case), 1u);
}

TEST(FuzzRegressions, Lesson1Cli) {
  replay(kRegressions, "fuzz_lesson1_cli", attn::fuzz::run_cli_case);
  EXPECT_GE(replay(kCorpus, "fuzz_lesson1_cli", attn::fuzz::run_cli_case), 1u);
}

TEST(FuzzRegressions, Seed) {
  EXPECT_GE(replay(kRegressions, "fuzz_seed", attn::fuzz::run_seed_case), 1u);
  EXPECT_GE(replay(kCorpus, "fuzz_seed", attn::fuzz::run_seed_case), 1u);
}

TEST(FuzzRegressions, PyEval) {
  replay(kRegressions, "fuzz_pyeval", attn::fuzz::run_pyeval_case);
  EXPECT_GE(replay(kCorpus, "fuzz_pyeval", attn::fuzz::run_pyeval_case), 1u);
}

// The harness checks themselves: a broken invariant must be reported.
TEST(FuzzRegressions, HarnessReportsViolations) {
  EXPECT_THROW(ATTN_FUZZ_CHECK(1 + 1 == 3), FuzzCheckFailure);
  EXPECT_NO_THROW(ATTN_FUZZ_CHECK(1 + 1 == 2));
}
