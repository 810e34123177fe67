#include "train/team.hpp"

namespace attn::train {

namespace {
thread_local Team* g_current = nullptr;
}

Team::Team(int size) {
  workers_.reserve(size > 1 ? static_cast<std::size_t>(size - 1) : 0);
  for (int part = 1; part < size; ++part) workers_.emplace_back([this, part] { work(part); });
}

Team::~Team() {
  {
    std::lock_guard<std::mutex> lock(m_);
    stop_ = true;
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void Team::dispatch(void* ctx, void (*fn)(void*, int)) {
  {
    std::lock_guard<std::mutex> lock(m_);
    ctx_ = ctx;
    fn_ = fn;
    pending_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  fn(ctx, 0);
  std::unique_lock<std::mutex> lock(m_);
  done_.wait(lock, [this] { return pending_ == 0; });
}

void Team::work(int part) {
  std::uint64_t seen = 0;
  for (;;) {
    void* ctx;
    void (*fn)(void*, int);
    {
      std::unique_lock<std::mutex> lock(m_);
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      ctx = ctx_;
      fn = fn_;
    }
    fn(ctx, part);
    bool last;
    {
      std::lock_guard<std::mutex> lock(m_);
      last = --pending_ == 0;
    }
    if (last) done_.notify_one();
  }
}

Team* current_team() { return g_current; }

TeamScope::TeamScope(Team* team) : saved_(g_current) { g_current = team; }
TeamScope::~TeamScope() { g_current = saved_; }

}  // namespace attn::train
