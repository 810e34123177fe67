// Trainer::sample: <attn-train>'s samples at each evaluation. Drawn from a
// generator of their own, so a run sampled in the middle prints the same log
// as one that is not; the same seed gives the same draws.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "train/trainer.hpp"

namespace {

using namespace attn::train;

std::string text() {
  std::ifstream in(std::string(ATTN_TEST_DATA_DIR) + "/../../../public/data/tinyshakespeare.txt", std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str().substr(0, 200000);
}

std::vector<float> run(bool sample_at_evals) {
  Config c = Config::defaults(ModelKind::Head);
  c.iters = 30;
  c.eval_interval = 10;
  c.eval_iters = 3;
  Trainer t(Dataset::from_text(text(), c.block), c);
  std::vector<float> out;
  while (!t.done()) {
    if (const auto e = t.advance()) {
      out.push_back(e->train_loss);
      out.push_back(e->val_loss);
      if (sample_at_evals) EXPECT_EQ(t.sample("", 40, 7 + e->step).size(), 40u);  // ASCII text
    }
    out.push_back(t.last_loss());
  }
  out.push_back(static_cast<float>(t.generate("", 20).size()));
  for (const char c : t.generate("", 20)) out.push_back(static_cast<float>(c));
  return out;
}

TEST(TrainSample, LeavesTheRunUnchanged) { EXPECT_EQ(run(true), run(false)); }

TEST(TrainSample, SameSeedSameDraws) {
  Config c = Config::defaults(ModelKind::Bigram);
  c.iters = 5;
  c.eval_interval = 5;
  c.eval_iters = 1;
  Trainer a(Dataset::from_text(text(), c.block), c);
  while (!a.done()) a.advance();
  const std::string s = a.sample("", 50, 42);
  EXPECT_EQ(a.sample("", 50, 42), s);  // the same seed, the same draws
  EXPECT_NE(a.sample("", 50, 43), s);
}

}  // namespace
