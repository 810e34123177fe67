// A fixed team of threads for training's data-parallel loops. Work is split
// so that every output element is computed by one thread, by the same code
// and in the same float order as with one thread: a run's log, weights and
// samples are the same bits for every team size. Size 1 starts no thread
// (the WebAssembly builds without threads use only that).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace attn::train {

// Loops with less work than this (multiply-adds, roughly) stay on one thread:
// waking the team costs more than it saves.
inline constexpr long long kTeamWork = 1LL << 22;

class Team {
 public:
  // size threads in all: the caller and size - 1 workers; share() gives them
  // loops of at least min_work (the tests pass 0, to share every loop).
  explicit Team(int size, long long min_work = kTeamWork);
  ~Team();
  Team(const Team&) = delete;
  Team& operator=(const Team&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }
  long long min_work() const { return min_work_; }

  // f(part) for part in [0, size()): part 0 on the calling thread, the others
  // on the workers; returns when every part has returned. f must not throw.
  template <class F>
  void run(F&& f) {
    if (workers_.empty()) {
      f(0);
      return;
    }
    dispatch(&f, [](void* ctx, int part) { (*static_cast<F*>(ctx))(part); });
  }

 private:
  void dispatch(void* ctx, void (*fn)(void*, int));
  void work(int part);

  long long min_work_;
  std::vector<std::thread> workers_;
  // generation_ counts dispatches; pending_ the workers still in the current
  // one. Both are read spinning first (a step's loops follow each other in
  // microseconds), then waited on with the condition variables.
  std::mutex m_;
  std::condition_variable start_, done_;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<int> pending_{0};
  std::atomic<bool> stop_{false};
  void* ctx_ = nullptr;
  void (*fn_)(void*, int) = nullptr;
};

// The team the training kernels of this thread use (nullptr: one thread), set
// for a scope by TeamScope (Trainer does, around each call that computes).
Team* current_team();

class TeamScope {
 public:
  explicit TeamScope(Team* team);
  ~TeamScope();
  TeamScope(const TeamScope&) = delete;
  TeamScope& operator=(const TeamScope&) = delete;

 private:
  Team* saved_;
};

// Part `part` of [0, n) cut into `parts` contiguous ranges whose bounds are
// multiples of `align` (the last range takes the remainder): [first, second).
inline std::pair<int, int> part_range(int n, int parts, int part, int align) {
  const int blocks = (n + align - 1) / align;
  const int per = blocks / parts, extra = blocks % parts;
  const int b0 = part * per + (part < extra ? part : extra);
  const int b1 = b0 + per + (part < extra ? 1 : 0);
  const int lo = b0 * align, hi = b1 * align;
  return {lo < n ? lo : n, hi < n ? hi : n};
}

// f(first, last, part) over [0, n) cut as part_range cuts it, on the current
// team's threads when there is one and `work` is at least its min_work();
// otherwise one call f(0, n, 0). part (0 .. size - 1) picks a thread's scratch.
template <class F>
void share(int n, int align, long long work, F&& f) {
  Team* team = current_team();
  if (!team || team->size() == 1 || work < team->min_work() || n <= align) {
    f(0, n, 0);
    return;
  }
  const int parts = team->size();
  team->run([&](int part) {
    const auto [first, last] = part_range(n, parts, part, align);
    if (first < last) f(first, last, part);
  });
}

}  // namespace attn::train
