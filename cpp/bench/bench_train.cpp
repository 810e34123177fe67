// Training steps of the reading note's one-head model (batch 32, block 8,
// n_embd 32, the lecture's defaults) on the shipped Tiny Shakespeare:
//   BM_TrainHeadStep      one step (get_batch, forward, backward, AdamW)
//   BM_TrainHeadDefaultRun the whole default run (5000 steps + 10 evaluations
//                          of 2 x 200 batches), once
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

attn::train::Trainer head_trainer(int iters, int eval_interval, int eval_iters) {
  auto c = attn::train::Config::defaults(attn::train::ModelKind::Head);
  c.iters = iters;
  c.eval_interval = eval_interval;
  c.eval_iters = eval_iters;
  return attn::train::Trainer(attn::train::Dataset::from_text(text(), c.block), c);
}

void BM_TrainHeadStep(benchmark::State& state) {
  auto t = head_trainer(1 << 30, 1 << 30, 1);
  t.advance();  // step 0 (with its evaluation)
  for (auto _ : state) {
    t.advance();
    benchmark::DoNotOptimize(t.last_loss());
  }
  state.SetItemsProcessed(state.iterations());
}
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

}  // namespace
