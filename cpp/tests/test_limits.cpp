// cpp/src/limits.hpp is the one place a limit is written: the engine's
// constants, attn-cli's usage and its messages quote it.
#include <gtest/gtest.h>

#include <string>

#include "cli.hpp"
#include "exercise.hpp"
#include "heatmap.hpp"
#include "lesson1.hpp"
#include "limits.hpp"
#include "pyeval/pyeval.hpp"
#include "train/trainer.hpp"

namespace attn {
namespace {

std::string n(long long v) { return std::to_string(v); }

TEST(Limits, EngineConstantsAreTheHeaders) {
  EXPECT_EQ(kHeatmapMinTokens, static_cast<std::size_t>(limits::Heatmap::min_tokens));
  EXPECT_EQ(kHeatmapMaxTokens, static_cast<std::size_t>(limits::Heatmap::max_tokens));
  EXPECT_EQ(kHeatmapMaxDk, static_cast<std::size_t>(limits::Heatmap::max_dk));
  EXPECT_EQ(kExerciseMaxLine, static_cast<std::size_t>(limits::Evaluator::max_line_chars));
  EXPECT_EQ(py::Limits{}.max_line_chars, static_cast<std::size_t>(limits::Evaluator::max_line_chars));
  const Lesson1Sizes s;
  EXPECT_EQ(s.T, static_cast<std::size_t>(limits::Lesson1::default_t));
  EXPECT_EQ(s.d_k, static_cast<std::size_t>(limits::Lesson1::default_dk));
  const auto head = train::Config::defaults(train::ModelKind::Head);
  EXPECT_EQ(head.iters, limits::Train::head_iters);
  EXPECT_EQ(head.batch, limits::Train::default_batch);
  EXPECT_EQ(train::Config::defaults(train::ModelKind::Bigram).eval_interval, limits::Train::default_eval_interval);
}

TEST(Limits, CliUsageAndMessagesQuoteTheHeader) {
  using L1 = limits::Lesson1;
  const CliResult help = run_cli({"help"});
  EXPECT_NE(help.out.find("lesson1 --seed S [--T " + n(L1::default_t) + " --d-model " + n(L1::default_d_model) +
                          " --d-k " + n(L1::default_dk) + " --d-v " + n(L1::default_dv) + "]"),
            std::string::npos)
      << help.out;
  const CliResult t = run_cli({"lesson1", "--T", n(L1::max_t + 1)});
  EXPECT_EQ(t.code, 2);
  EXPECT_NE(t.err.find("T must be an integer in [1, " + n(L1::max_t) + "]"), std::string::npos) << t.err;
  const CliResult line = run_cli({"exercise", "--todo1", std::string(limits::Evaluator::max_line_chars + 1, 'x')});
  EXPECT_NE(line.err.find("--todo1 must be at most " + n(limits::Evaluator::max_line_chars) + " characters long"),
            std::string::npos)
      << line.err;
  static_assert(limits::Cli::torch_max_values == 1 << 24);  // written "2^24" in the torch messages
  const CliResult count = run_cli({"torch", "randint", "--seed", "1", "--low", "0", "--high", "2", "--count", "0"});
  EXPECT_NE(count.err.find("count must be an integer in [1, 2^24]"), std::string::npos) << count.err;
#if !defined(__EMSCRIPTEN__)
  const CliResult tr = run_cli({"help"});
  EXPECT_NE(tr.out.find("[--batch " + n(limits::Train::default_batch) + "] [--block " + n(limits::Train::default_block) + "]"),
            std::string::npos);
#endif
}

}  // namespace
}  // namespace attn
