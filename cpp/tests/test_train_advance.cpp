// train/advance.hpp: a run in slices gives the same steps, evaluations and
// losses as Trainer::advance() called one step at a time.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "train/advance.hpp"
#include "train/trainer.hpp"

namespace {

using namespace attn::train;

Trainer small_run() {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "first citizen: we are accounted poor citizens.\n";
  Config c = Config::defaults(ModelKind::Bigram);
  c.iters = 7;
  c.eval_interval = 3;
  c.eval_iters = 2;
  c.batch = 4;
  return Trainer(Dataset::from_text(text, c.block), c);
}

TEST(TrainAdvance, SlicesMatchSingleSteps) {
  Trainer one = small_run();
  std::vector<Eval> evals;
  std::vector<float> losses;
  while (!one.done()) {
    if (const auto e = one.advance()) evals.push_back(*e);
    losses.push_back(one.last_loss());
  }

  Trainer sliced = small_run();
  const Advanced a = advance_steps(sliced, 4);
  EXPECT_EQ(a.step, 4);
  EXPECT_EQ(a.bad_step, -1);
  EXPECT_EQ(a.last_loss, losses[3]);
  ASSERT_EQ(a.evals.size(), 2u);  // steps 0 and 3
  EXPECT_EQ(a.evals[1].step, 3);

  const Advanced b = advance_steps(sliced, 100);  // stops at the end of the run
  EXPECT_EQ(b.step, 7);
  EXPECT_TRUE(sliced.done());
  EXPECT_EQ(b.last_loss, losses.back());
  ASSERT_EQ(b.evals.size(), 1u);  // step 6
  ASSERT_EQ(evals.size(), 3u);
  EXPECT_EQ(b.evals[0].step, evals[2].step);
  EXPECT_EQ(b.evals[0].train_loss, evals[2].train_loss);
  EXPECT_EQ(b.evals[0].val_loss, evals[2].val_loss);

  const Advanced c = advance_steps(sliced, 5);  // a finished run does nothing
  EXPECT_EQ(c.step, 7);
  EXPECT_TRUE(c.evals.empty());
}

TEST(TrainAdvance, StopsAtANonFiniteLoss) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "first citizen: we are accounted poor citizens.\n";
  Config c = Config::defaults(ModelKind::Bigram);
  c.iters = 50;
  c.eval_interval = 100;
  c.batch = 4;
  c.lr = 3e38f;  // the first update overflows the weights
  Trainer t(Dataset::from_text(text, c.block), c);
  const Advanced a = advance_steps(t, 50);
  ASSERT_GE(a.bad_step, 0);
  EXPECT_EQ(a.step, a.bad_step + 1);
  EXPECT_FALSE(t.done());
}

}  // namespace
