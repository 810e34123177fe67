// Generation one step at a time (train/generate.hpp): the cached step agrees
// with the recomputed one while the window fits, a naive cache drifts once
// the window slides, a rebuilt one does not, and greedy decoding is the
// lecture's loop with argmax.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "train/generate.hpp"
#include "train/model.hpp"
#include "train/trainer.hpp"

namespace {

using namespace attn::train;

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string& text() {
  static const std::string t = read_all(std::string(ATTN_TEST_DATA_DIR) + "/../../../public/data/tinyshakespeare.txt");
  return t;
}

Trainer trained(ModelKind kind, int iters, int block = 8) {
  Config c = Config::defaults(kind);
  c.iters = iters;
  c.eval_interval = iters + 1;
  c.eval_iters = 1;
  c.block = block;
  Trainer t(Dataset::from_text(text().substr(0, 300000), c.block), c);
  while (!t.done()) t.advance();
  return t;
}

float max_diff(const std::vector<float>& a, const std::vector<float>& b) {
  float d = 0.0f;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::fabs(a[i] - b[i]));
  return d;
}

TEST(TrainGenerate, CachedAgreesWhileTheWindowFitsAndDriftsAfterASlide) {
  const Trainer t = trained(ModelKind::Head, 400);
  Decoder d(t, "\n", CacheMode::Naive, true, 0);
  float worst_before = 0.0f, worst_after = 0.0f;
  int fits = 0;
  for (int k = 0; k < 40; ++k) {
    const StepResult r = d.step();
    ASSERT_TRUE(r.compared);
    ASSERT_EQ(r.attention.size(), r.window.size());
    if (!r.slid) {
      ++fits;
      worst_before = std::max(worst_before, r.diff);
      // the newest row: the cache projects one token, one 1 x t row, one lm_head row
      EXPECT_EQ(r.cached.scores, static_cast<std::int64_t>(r.window.size()) * 32);
      if (r.window.size() > 1) EXPECT_LT(r.cached.total(), r.recompute.total());
      else EXPECT_EQ(r.cached.total(), r.recompute.total());  // one position: the same work
    } else {
      worst_after = std::max(worst_after, r.diff);
    }
  }
  EXPECT_EQ(fits, 8);  // the context and 7 generated characters fill the block of 8
  EXPECT_LE(worst_before, 1e-5f);
  EXPECT_GT(worst_after, 1e-2f);  // the kept keys carry their old positions
}

TEST(TrainGenerate, RebuiltCacheMatchesRecomputeAfterASlide) {
  const Trainer t = trained(ModelKind::Head, 300, 5);
  Decoder off(t, "To be, or not", CacheMode::Off, true, 0);
  Decoder rebuilt(t, "To be, or not", CacheMode::Rebuild, true, 0);
  for (int k = 0; k < 30; ++k) {
    const StepResult a = off.step(), b = rebuilt.step();
    EXPECT_TRUE(a.slid);  // the context is longer than the block from the start
    EXPECT_LE(max_diff(a.logits, b.logits), 1e-5f) << "step " << k;
    EXPECT_LE(max_diff(a.attention, b.attention), 1e-6f) << "step " << k;
    EXPECT_EQ(a.chosen, b.chosen);
  }
}

// The block models keep one cache per layer: while the window fits, the cached
// step's logits are the recomputed ones to rounding, with less work; after a
// slide a rebuilt cache still chooses what recompute chooses, a naive one drifts.
TEST(TrainGenerate, BlockModelsCacheEveryLayer) {
  for (const ModelKind kind : {ModelKind::Multihead, ModelKind::Ffwd, ModelKind::Blocks, ModelKind::Residual,
                               ModelKind::Layernorm, ModelKind::Gpt}) {
    SCOPED_TRACE(static_cast<int>(kind));
    const Trainer t = trained(kind, 30);
    const Model& m = t.inference_model();
    const int C = m.embd();
    Decoder naive(t, "\n", CacheMode::Naive, true, 0);
    float worst_before = 0.0f, worst_after = 0.0f;
    for (int k = 0; k < 14; ++k) {
      const StepResult r = naive.step();
      ASSERT_TRUE(r.compared);
      const auto T = static_cast<std::int64_t>(r.window.size());
      EXPECT_EQ(r.cache_floats, 2 * m.layers() * T * C);
      if (!r.slid) {
        worst_before = std::max(worst_before, r.diff);
        EXPECT_EQ(r.cached.scores, static_cast<std::int64_t>(m.layers()) * T * C);  // the newest row per layer
        if (T > 1) EXPECT_LT(r.cached.total(), r.recompute.total());
        else EXPECT_EQ(r.cached.total(), r.recompute.total());
      } else {
        worst_after = std::max(worst_after, r.diff);
      }
    }
    EXPECT_LE(worst_before, 1e-5f);
    EXPECT_GT(worst_after, 1e-2f);  // every layer's kept keys carry their old positions
    Decoder off(t, "To be, or not", CacheMode::Off, true, 0);
    Decoder rebuilt(t, "To be, or not", CacheMode::Rebuild, true, 0);
    for (int k = 0; k < 12; ++k) {
      const StepResult a = off.step(), b = rebuilt.step();
      EXPECT_LE(max_diff(a.logits, b.logits), 1e-4f) << "step " << k;
      EXPECT_EQ(a.chosen, b.chosen);
    }
  }
}

TEST(TrainGenerate, BlockRecomputeOpsCountEveryLayer) {
  const Trainer t = trained(ModelKind::Gpt, 1);
  const Model& m = t.inference_model();
  std::int64_t o[5];
  m.forward_ops(4, o);
  const std::int64_t C = m.embd(), V = m.vocab(), Ly = m.layers();
  EXPECT_EQ(o[0], Ly * 4 * 3 * C * C);
  EXPECT_EQ(o[1], Ly * 10 * C);  // rows 1 + 2 + 3 + 4 of the causal half
  EXPECT_EQ(o[3], Ly * 4 * (C * C + 2 * C * 4 * C));
  EXPECT_EQ(o[4], 4 * C * V);
}

// The lecture's loop written out: crop, forward, last row, argmax.
std::vector<std::int32_t> reference_greedy(const Trainer& t, std::vector<std::int32_t> ids, int k) {
  Model& m = t.inference_model();
  std::vector<std::int32_t> out;
  for (int i = 0; i < k; ++i) {
    const int T = std::min<int>(static_cast<int>(ids.size()), m.block());
    m.forward(ids.data() + ids.size() - T, nullptr, 1, T, false);
    const float* l = m.logits() + static_cast<std::ptrdiff_t>(T - 1) * m.vocab();
    const int best = static_cast<int>(std::max_element(l, l + m.vocab()) - l);
    ids.push_back(best);
    out.push_back(best);
  }
  return out;
}

TEST(TrainGenerate, GreedyIsTheReferenceLoop) {
  for (const ModelKind kind : {ModelKind::Bigram, ModelKind::Position, ModelKind::Head, ModelKind::Layernorm}) {
    const Trainer t = trained(kind, kind == ModelKind::Layernorm ? 20 : 200);
    const std::string ctx = text().substr(1000, 18);  // longer than the block: cropped from the first step
    const std::string want = t.data().decode(reference_greedy(t, t.data().encode(ctx), 60));
    EXPECT_EQ(greedy_generate(t, ctx, 60, false), want);
    EXPECT_EQ(greedy_generate(t, ctx, 60, true), want);
    EXPECT_EQ(greedy_generate(t, "", 60, true), t.data().decode(reference_greedy(t, {0}, 60)));
  }
}

TEST(TrainGenerate, WindowProbabilitiesAndOps) {
  const Trainer t = trained(ModelKind::Position, 50);
  Decoder d(t, "", CacheMode::Naive, false, 7);
  for (int k = 0; k < 12; ++k) {
    const StepResult r = d.step();
    EXPECT_EQ(static_cast<int>(r.window.size()), std::min(k + 1, 8));
    EXPECT_EQ(r.slid, k + 1 > 8);
    EXPECT_TRUE(r.attention.empty());  // no head
    EXPECT_FALSE(r.compared);          // nothing to cache
    float sum = 0.0f;
    for (float p : r.probs) sum += p;
    EXPECT_NEAR(sum, 1.0f, 1e-5f);
    EXPECT_EQ(r.recompute.lm_head, static_cast<std::int64_t>(r.window.size()) * 32 * static_cast<std::int64_t>(t.data().vocab.size()));
    EXPECT_EQ(d.sequence().back(), r.chosen);
  }
}

TEST(TrainGenerate, SamplingLeavesTheRunAlone) {
  Trainer a = trained(ModelKind::Head, 20);
  Trainer b = trained(ModelKind::Head, 20);
  Decoder d(a, "", CacheMode::Off, false, 1337);
  std::vector<std::int32_t> first;
  for (int k = 0; k < 20; ++k) first.push_back(d.step().chosen);
  Decoder again(a, "", CacheMode::Off, false, 1337);
  for (int k = 0; k < 20; ++k) EXPECT_EQ(again.step().chosen, first[static_cast<std::size_t>(k)]);
  EXPECT_EQ(a.generate("", 30), b.generate("", 30));  // the run's own generator was not drawn from
}

TEST(TrainGenerate, TemperatureAndTopKShapeTheDraw) {
  const Trainer t = trained(ModelKind::Head, 100);
  Decoder greedy(t, "KING", CacheMode::Off, true, 0);
  Decoder top1(t, "KING", CacheMode::Off, false, 9, Sampling{0.7f, 1});
  Decoder top3(t, "KING", CacheMode::Off, false, 9, Sampling{1.0f, 3});
  Decoder plain(t, "KING", CacheMode::Off, false, 9);
  for (int k = 0; k < 20; ++k) {
    const StepResult g = greedy.step(), a = top1.step(), b = top3.step(), c = plain.step();
    EXPECT_EQ(a.chosen, g.chosen);  // the only character left
    EXPECT_FLOAT_EQ(a.probs[static_cast<std::size_t>(a.chosen)], 1.0f);
    ASSERT_EQ(b.model_probs.size(), b.probs.size());
    EXPECT_EQ(std::count_if(b.probs.begin(), b.probs.end(), [](float p) { return p > 0.0f; }), 3);
    EXPECT_GT(b.probs[static_cast<std::size_t>(b.chosen)], 0.0f);
    EXPECT_TRUE(c.model_probs.empty());  // nothing changed the distribution
  }
  EXPECT_THROW(Decoder(t, "", CacheMode::Off, false, 1, Sampling{0.0f, 0}), std::invalid_argument);
  EXPECT_THROW(Decoder(t, "", CacheMode::Off, false, 1, Sampling{1.0f, -1}), std::invalid_argument);
}

TEST(TrainGenerate, UnknownCharacterIsRejected) {
  const Trainer t = trained(ModelKind::Bigram, 1);
  EXPECT_THROW(Decoder(t, "caf\xc3\xa9", CacheMode::Off, true, 0), std::invalid_argument);
}

}  // namespace
