#include "train/team.hpp"

namespace attn::train {

namespace {
thread_local Team* g_current = nullptr;
// Atomic reads before a thread sleeps on a condition variable: some tens of
// microseconds, about the gap between two of a step's shared loops.
constexpr int kSpins = 1 << 14;
}

Team::Team(int size, long long min_work) : min_work_(min_work) {
  workers_.reserve(size > 1 ? static_cast<std::size_t>(size - 1) : 0);
  for (int part = 1; part < size; ++part) workers_.emplace_back([this, part] { work(part); });
}

Team::~Team() {
  {
    std::lock_guard<std::mutex> lock(m_);
    stop_.store(true, std::memory_order_release);
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void Team::dispatch(void* ctx, void (*fn)(void*, int)) {
  ctx_ = ctx;  // published by the release store of generation_
  fn_ = fn;
  pending_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(m_);  // a worker about to sleep sees the new generation or the notify
    generation_.fetch_add(1, std::memory_order_release);
  }
  start_.notify_all();
  fn(ctx, 0);
  for (int i = 0; i < kSpins && pending_.load(std::memory_order_acquire) != 0; ++i) {
  }
  if (pending_.load(std::memory_order_acquire) == 0) return;
  std::unique_lock<std::mutex> lock(m_);
  done_.wait(lock, [this] { return pending_.load(std::memory_order_acquire) == 0; });
}

void Team::work(int part) {
  std::uint64_t seen = 0;
  for (;;) {
    std::uint64_t now = generation_.load(std::memory_order_acquire);
    for (int i = 0; i < kSpins && now == seen && !stop_.load(std::memory_order_relaxed); ++i)
      now = generation_.load(std::memory_order_acquire);
    if (now == seen) {
      std::unique_lock<std::mutex> lock(m_);
      start_.wait(lock, [&] { return stop_.load(std::memory_order_relaxed) || generation_.load(std::memory_order_acquire) != seen; });
      now = generation_.load(std::memory_order_acquire);
    }
    if (stop_.load(std::memory_order_acquire)) return;
    seen = now;
    fn_(ctx_, part);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(m_);  // the dispatcher checks pending_ under it before sleeping
      done_.notify_one();
    }
  }
}

Team* current_team() { return g_current; }

TeamScope::TeamScope(Team* team) : saved_(g_current) { g_current = team; }
TeamScope::~TeamScope() { g_current = saved_; }

}  // namespace attn::train
