// Decoder: the lecture's generate() one step at a time, with and without a
// cache of keys and values (see generate.hpp).
#include "train/generate.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <stdexcept>

#include "train/model.hpp"
#include "train/trainer.hpp"

namespace attn::train {

namespace {
// (V,) softmax(l): exp(l − max) / Σ, the −inf of a top_k cut as 0.
std::vector<float> softmax_of(const float* l, int V) {
  float mx = l[0];
  for (int v = 1; v < V; ++v) mx = std::max(mx, l[v]);
  std::vector<float> p(static_cast<std::size_t>(V));
  float sum = 0.0f;
  for (int v = 0; v < V; ++v) sum += (p[static_cast<std::size_t>(v)] = std::exp(l[v] - mx));
  for (float& x : p) x /= sum;
  return p;
}
}  // namespace

Decoder::Decoder(const Trainer& trainer, std::string_view context_utf8, CacheMode mode, bool greedy,
                 std::uint64_t seed, Sampling sampling)
    : model_(&trainer.inference_model()), mode_(mode), greedy_(greedy), sampling_(sampling),
      gen_(seed) {
  if (!(sampling.temperature > 0.0f) || !std::isfinite(sampling.temperature) || sampling.top_k < 0)
    throw std::invalid_argument("temperature must be a positive number and top_k at least 0");
  seq_ = context_utf8.empty() ? std::vector<std::int32_t>{0} : trainer.data().encode(context_utf8);
  context_ = seq_.size();
  const int C = model_->embd();
  if (model_->kind() == ModelKind::Head)
    cache_.rows.assign(static_cast<std::size_t>(model_->block()) * 3 * C, 0.0f);
  if (is_block_model(model_->kind()))
    cache_.rows.assign(static_cast<std::size_t>(model_->layers()) * model_->layer_cache_floats(), 0.0f);
  row_.assign(static_cast<std::size_t>(std::max(C, 1)), 0.0f);
}

StepResult Decoder::step() {
  Model& m = *model_;
  const int V = m.vocab(), C = m.embd(), block = m.block(), L = 3 * C;
  const std::size_t n = seq_.size();
  const int T = static_cast<int>(std::min<std::size_t>(n, static_cast<std::size_t>(block)));
  const std::int32_t* win = seq_.data() + (n - static_cast<std::size_t>(T));
  StepResult r;
  r.window.assign(win, win + T);
  r.slid = n > static_cast<std::size_t>(block);
  const bool head = m.kind() == ModelKind::Head, blocks = is_block_model(m.kind());
  const bool recompute = !(head || blocks) || mode_ != CacheMode::Rebuild;
  const bool cached = (head || blocks) && mode_ != CacheMode::Off;

  std::vector<float> rec;
  if (recompute) {
    // The lecture's step: forward on idx[:, -block_size:], logits of the last position.
    m.forward(win, nullptr, 1, T, false);
    const float* l = m.logits() + static_cast<std::ptrdiff_t>(T - 1) * V;
    rec.assign(l, l + V);
    if (head) {
      const float* p = m.attention() + static_cast<std::ptrdiff_t>(T - 1) * T;  // row T-1 of (T, T)
      r.attention.assign(p, p + T);
    }
    std::int64_t o[5];
    m.forward_ops(T, o);
    r.recompute = {o[0], o[1], o[2], o[3], o[4]};
  }

  if (cached) {
    KvCache& k = cache_;
    // A fresh cache (or one that missed more than a window): the window's tokens at positions 0..T-1.
    if (k.consumed == 0 || k.consumed > n || n - k.consumed > static_cast<std::size_t>(block)) {
      k.count = 0;
      k.consumed = n - static_cast<std::size_t>(T);
      k.stale = false;
    }
    std::vector<float> weights;
    if (blocks) {
      // Every layer's keys and values depend on the positions below it, so a slid
      // window is run again from its first token (Rebuild), or each layer drops its
      // oldest row and keeps the rest (Naive: made one position higher).
      const std::size_t per = m.layer_cache_floats();
      std::int64_t o[4] = {0, 0, 0, 0};
      for (std::size_t s = k.consumed; s < n; ++s) {
        if (k.count == block) {
          k.count = 0;
          if (mode_ == CacheMode::Rebuild) {
            for (int j = 0; j + 1 < block; ++j, ++k.count)
              m.block_step(seq_[s - static_cast<std::size_t>(block) + 1 + static_cast<std::size_t>(j)], j, k.rows.data(), o,
                           row_.data());
          } else {
            for (int l = 0; l < m.layers(); ++l) {
              float* t0 = k.rows.data() + static_cast<std::ptrdiff_t>(l) * static_cast<std::ptrdiff_t>(per);
              std::memmove(t0, t0 + L, sizeof(float) * static_cast<std::size_t>(block - 1) * L);
            }
            k.stale = true;
            k.count = block - 1;
          }
        }
        m.block_step(seq_[s], k.count, k.rows.data(), o, row_.data());
        ++k.count;
      }
      r.cached = {o[0], o[1], o[2], o[3], 0};
    } else {
      for (std::size_t s = k.consumed; s < n; ++s) {
        if (k.count == block) {
          if (mode_ == CacheMode::Rebuild) {
            // The window moved: project its earlier tokens again at their new positions 0..block-2.
            for (int j = 0; j + 1 < block; ++j)
              r.cached.qkv += m.project_row(seq_[s - static_cast<std::size_t>(block) + 1 + static_cast<std::size_t>(j)], j,
                                            k.rows.data() + static_cast<std::ptrdiff_t>(j) * L);
          } else {
            // Naive: drop the oldest row and keep the rest, made at positions one higher than they now hold.
            std::memmove(k.rows.data(), k.rows.data() + L, sizeof(float) * static_cast<std::size_t>(block - 1) * L);
            k.stale = true;
          }
          k.count = block - 1;
        }
        r.cached.qkv += m.project_row(seq_[s], k.count, k.rows.data() + static_cast<std::ptrdiff_t>(k.count) * L);
        ++k.count;
      }
      weights.resize(static_cast<std::size_t>(k.count));
      m.attend_last(k.rows.data(), k.count, weights.data(), row_.data(), &r.cached.scores, &r.cached.weighted);
    }
    k.consumed = n;
    std::vector<float> logits(static_cast<std::size_t>(V));
    r.cached.lm_head += m.lm_row(row_.data(), logits.data());
    if (mode_ == CacheMode::Rebuild) {
      r.logits = std::move(logits);
      r.attention = std::move(weights);
    } else {
      r.compared = true;
      float d = 0.0f;
      for (int v = 0; v < V; ++v) d = std::max(d, std::fabs(logits[static_cast<std::size_t>(v)] - rec[static_cast<std::size_t>(v)]));
      r.diff = d;
    }
  }
  if (cached) r.cache_floats = static_cast<std::int64_t>(2) * (blocks ? m.layers() : 1) * cache_.count * C;
  if (r.logits.empty()) r.logits = std::move(rec);

  // The choice: argmax (the first of equal maxima, as torch.argmax) or a draw from
  // softmax(logits / temperature) over the top_k largest.
  const float* l = r.logits.data();
  const bool shaped = !greedy_ && (sampling_.temperature != 1.0f || (sampling_.top_k > 0 && sampling_.top_k < V));
  std::vector<float> adj;
  if (shaped) {
    adj.resize(static_cast<std::size_t>(V));
    for (int v = 0; v < V; ++v) adj[static_cast<std::size_t>(v)] = l[v] / sampling_.temperature;
    if (sampling_.top_k > 0 && sampling_.top_k < V) {
      std::vector<float> sorted = adj;
      std::nth_element(sorted.begin(), sorted.begin() + (sampling_.top_k - 1), sorted.end(), std::greater<float>());
      const float kth = sorted[static_cast<std::size_t>(sampling_.top_k - 1)];
      for (float& a : adj)
        if (a < kth) a = -std::numeric_limits<float>::infinity();
    }
    r.model_probs = softmax_of(l, V);
    l = adj.data();
  }
  if (greedy_) {
    int best = 0;
    for (int v = 1; v < V; ++v)
      if (l[v] > l[best]) best = v;
    r.chosen = best;
    r.probs = softmax_of(l, V);
  } else {
    r.chosen = multinomial_draw(l, V, gen_, r.probs);
    float sum = 0.0f;
    for (float p : r.probs) sum += p;
    for (float& p : r.probs) p /= sum;
  }
  seq_.push_back(r.chosen);
  return r;
}

std::string greedy_generate(const Trainer& trainer, std::string_view context_utf8, int k, bool kv_cache) {
  Decoder d(trainer, context_utf8, kv_cache ? CacheMode::Rebuild : CacheMode::Off, true, 0);
  std::vector<std::int32_t> out;
  out.reserve(static_cast<std::size_t>(std::max(k, 0)));
  for (int i = 0; i < k; ++i) out.push_back(d.step().chosen);
  return trainer.data().decode(out);
}

}  // namespace attn::train
