// Training steps of the reading note's one-head model (batch 32, block 8,
// n_embd 32, the lecture's defaults) on the shipped Tiny Shakespeare:
//   BM_TrainHeadStep      one step (get_batch, forward, backward, AdamW)
//   BM_TrainHeadDefaultRun the whole default run (5000 steps + 10 evaluations
//                          of 2 x 200 batches), once
//   BM_TrainHeadCurve/C/T one step at n_embd C and block T (batch 32): the
//                          bench's curve over C 32, 64, 128 × T 8, 32, 64
//   BM_TrainBlockCurve/M/C/T one step of block model M (ModelKind's index)
//                          at n_embd C and block T, its other settings
//                          (n_head, n_layer, dropout, batch) Config::defaults':
//                          multihead … layernorm at their defaults, gpt at its
//                          default, at n_embd 64, block 32 and at n_embd 128, block 64
// items_per_second is steps per second, on CPU time.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "train/trainer.hpp"

namespace {

const std::string& text() {
  static const std::string t = [] {
    std::ifstream in(ATTN_TRAIN_BENCH_DATA, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }();
  return t;
}

attn::train::Trainer head_trainer(int iters, int eval_interval, int eval_iters, int n_embd = 0, int block = 0) {
  auto c = attn::train::Config::defaults(attn::train::ModelKind::Head);
  if (n_embd > 0) c.n_embd = n_embd;
  if (block > 0) c.block = block;
  c.iters = iters;
  c.eval_interval = eval_interval;
  c.eval_iters = eval_iters;
  return attn::train::Trainer(attn::train::Dataset::from_text(text(), c.block), c);
}

// One timed step per iteration, after step 0 (with its evaluation).
void time_steps(benchmark::State& state, attn::train::Trainer t) {
  t.advance();
  for (auto _ : state) {
    t.advance();
    benchmark::DoNotOptimize(t.last_loss());
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_TrainHeadStep(benchmark::State& state) { time_steps(state, head_trainer(1 << 30, 1 << 30, 1)); }
BENCHMARK(BM_TrainHeadStep)->Unit(benchmark::kMicrosecond);

void BM_TrainHeadDefaultRun(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    auto t = head_trainer(5000, 500, 200);
    state.ResumeTiming();
    while (!t.done()) benchmark::DoNotOptimize(t.advance());
  }
  state.SetItemsProcessed(state.iterations() * 5000);
}
BENCHMARK(BM_TrainHeadDefaultRun)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_TrainHeadCurve(benchmark::State& state) {
  time_steps(state, head_trainer(1 << 30, 1 << 30, 1, static_cast<int>(state.range(0)), static_cast<int>(state.range(1))));
}
BENCHMARK(BM_TrainHeadCurve)->ArgsProduct({{32, 64, 128}, {8, 32, 64}})->Unit(benchmark::kMicrosecond);

attn::train::Trainer block_trainer(attn::train::ModelKind kind, int n_embd, int block) {
  auto c = attn::train::Config::defaults(kind);
  c.n_embd = n_embd;
  c.block = block;
  c.iters = 1 << 30;
  c.eval_interval = 1 << 30;
  c.eval_iters = 1;
  return attn::train::Trainer(attn::train::Dataset::from_text(text(), c.block), c);
}

void BM_TrainBlockCurve(benchmark::State& state) {
  time_steps(state, block_trainer(static_cast<attn::train::ModelKind>(state.range(0)), static_cast<int>(state.range(1)),
                                  static_cast<int>(state.range(2))));
}

// Each block model at its defaults (Config::defaults), then gpt at n_embd 64, block 32 and at n_embd 128, block 64.
void block_curve_args(benchmark::internal::Benchmark* b) {
  using attn::train::ModelKind;
  for (auto k : {ModelKind::Multihead, ModelKind::Ffwd, ModelKind::Blocks, ModelKind::Residual, ModelKind::Layernorm, ModelKind::Gpt}) {
    const auto c = attn::train::Config::defaults(k);
    b->Args({static_cast<int>(k), c.n_embd, c.block});
  }
  b->Args({static_cast<int>(ModelKind::Gpt), 64, 32});
  b->Args({static_cast<int>(ModelKind::Gpt), 128, 64});
}
BENCHMARK(BM_TrainBlockCurve)->Apply(block_curve_args)->Unit(benchmark::kMicrosecond);

}  // namespace
