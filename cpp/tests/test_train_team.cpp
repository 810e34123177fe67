// Training on a team of threads (train/team.hpp): the split covers every
// element once, and products, runs and samples are the same bits as on one
// thread.
#include "train/team.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "limits.hpp"
#include "train/gemm.hpp"
#include "train/trainer.hpp"

namespace {

using namespace attn::train;

TEST(TrainTeam, PartsCoverTheRangeAtAlignedBounds) {
  for (int n : {0, 1, 3, 4, 5, 8, 17, 64, 129}) {
    for (int parts : {1, 2, 3, 8}) {
      for (int align : {1, 4}) {
        int next = 0;
        for (int p = 0; p < parts; ++p) {
          const auto [lo, hi] = part_range(n, parts, p, align);
          ASSERT_EQ(lo, next) << n << " " << parts << " " << align << " part " << p;
          ASSERT_LE(lo, hi);
          if (hi < n) ASSERT_EQ(hi % align, 0);
          next = hi;
        }
        ASSERT_EQ(next, n);
      }
    }
  }
}

TEST(TrainTeam, RunsEveryPartOnceOnItsOwnThreadAndReturnsAfterAll) {
  Team team(3);
  ASSERT_EQ(team.size(), 3);
  for (int round = 0; round < 200; ++round) {
    std::atomic<int> seen[3] = {0, 0, 0};
    std::thread::id ids[3];
    team.run([&](int part) {
      seen[part].fetch_add(1);
      ids[part] = std::this_thread::get_id();
    });
    for (int p = 0; p < 3; ++p) ASSERT_EQ(seen[p].load(), 1) << "round " << round;
    EXPECT_EQ(ids[0], std::this_thread::get_id());
    EXPECT_NE(ids[1], ids[0]);
    EXPECT_NE(ids[2], ids[1]);
  }
  Team one(1);
  int calls = 0;
  one.run([&](int part) { calls += part == 0; });
  EXPECT_EQ(calls, 1);
}

TEST(TrainTeam, ShareStaysOnOneThreadForSmallWork) {
  Team team(2);
  const TeamScope scope(&team);
  int calls = 0;
  share(100, 4, kTeamWork - 1, [&](int lo, int hi, int part) {
    ++calls;
    EXPECT_EQ(lo, 0);
    EXPECT_EQ(hi, 100);
    EXPECT_EQ(part, 0);
  });
  EXPECT_EQ(calls, 1);
  std::atomic<int> covered{0};
  share(100, 4, kTeamWork, [&](int lo, int hi, int) { covered += hi - lo; });
  EXPECT_EQ(covered.load(), 100);
}

// Every shape class of gemm_f32 (row blocks of 4 and a tail, 8-, 4- and
// scalar column blocks, panels of K and N, bias, accumulate, transposed A):
// the team's product is the one thread's, bit for bit.
TEST(TrainTeam, GemmIsTheSameBitsOnAnyTeam) {
  std::mt19937 g(11);
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  Team two(2, 0), three(3, 0);  // every product shared, however small
  for (int M : {8, 9, 37, 256}) {
    for (int N : {13, 96, 300}) {
      for (int K : {32, 300}) {
        for (int mode = 0; mode < 3; ++mode) {
          for (bool transposed : {false, true}) {
            std::vector<float> a(static_cast<std::size_t>(M) * K), b(static_cast<std::size_t>(K) * N),
                c(static_cast<std::size_t>(M) * N), bias(static_cast<std::size_t>(N));
            for (auto* v : {&a, &b, &c, &bias})
              for (float& x : *v) x = d(g);
            const std::ptrdiff_t sm = transposed ? 1 : K, sk = transposed ? M : 1;
            const auto product = [&](Team* team) {
              const TeamScope scope(team);
              std::vector<float> out = c;
              gemm_f32(M, N, K, a.data(), sm, sk, b.data(), N, out.data(), N, mode == 2, mode == 1 ? bias.data() : nullptr);
              return out;
            };
            const std::vector<float> one = product(nullptr);
            for (Team* team : {&two, &three}) {
              const std::vector<float> got = product(team);
              ASSERT_EQ(std::memcmp(got.data(), one.data(), one.size() * sizeof(float)), 0)
                  << M << "x" << N << "x" << K << " mode " << mode << " transposed " << transposed << " on "
                  << team->size() << " threads";
            }
          }
        }
      }
    }
  }
}

std::string shakespeare() {
  std::ifstream in(std::string(ATTN_TEST_DATA_DIR) + "/../../../public/data/tinyshakespeare.txt", std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Outcome {
  std::vector<Eval> evals;
  std::vector<float> losses, params;
  std::string sample;
};

Outcome train(Config c, int steps) {
  Trainer t(Dataset::from_text(shakespeare(), c.block), c);
  Outcome o;
  for (int s = 0; s < steps; ++s) {
    if (const auto e = t.advance()) o.evals.push_back(*e);
    o.losses.push_back(t.last_loss());
  }
  const auto p = t.parameters();
  o.params.assign(p.begin(), p.end());
  o.sample = t.generate("", 60);
  return o;
}

// gpt with dropout and layernorm at a size where products and heads are
// shared (kTeamWork): every loss, every weight and the sample are the
// one-thread run's.
TEST(TrainTeam, RunsAreTheSameBitsOnAnyTeam) {
  for (const ModelKind model : {ModelKind::Gpt, ModelKind::Layernorm}) {
    Config base = Config::defaults(model);
    base.n_embd = 64;
    base.n_layer = 2;
    base.block = 32;
    base.eval_interval = 2;
    base.eval_iters = 2;
    const Outcome one = train(base, 5);
    for (int threads : {2, 3}) {
      Config c = base;
      c.threads = threads;
      const Outcome many = train(c, 5);
      ASSERT_EQ(many.evals.size(), one.evals.size());
      for (std::size_t i = 0; i < one.evals.size(); ++i) {
        EXPECT_EQ(std::memcmp(&many.evals[i], &one.evals[i], sizeof(Eval)), 0) << "evaluation " << i;
      }
      EXPECT_EQ(std::memcmp(many.losses.data(), one.losses.data(), one.losses.size() * sizeof(float)), 0);
      ASSERT_EQ(many.params.size(), one.params.size());
      EXPECT_EQ(std::memcmp(many.params.data(), one.params.data(), one.params.size() * sizeof(float)), 0)
          << threads << " threads";
      EXPECT_EQ(many.sample, one.sample);
    }
  }
}

TEST(TrainTeam, ThreadsOutsideTheLimitsAreRefused) {
  for (int threads : {0, -1, attn::limits::Train::max_threads + 1}) {
    Config c = Config::defaults(ModelKind::Bigram);
    c.threads = threads;
    EXPECT_THROW(Trainer(Dataset::from_text(shakespeare(), c.block), c), std::invalid_argument) << threads;
  }
}

}  // namespace
