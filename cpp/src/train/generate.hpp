// Generation one character at a time from a trained model, as the lecture's
// generate() runs it (crop to the last block characters, forward, last
// position), and the same step with a cache of the earlier positions' keys and
// values: only the newest position is projected and attends, a 1 × t row with
// no mask (every cached key is in the past).
//
// With absolute position embeddings a cache stays right only while the window
// has not slid: once the text outgrows block, every kept key was made with
// the position it had when it entered, one more than it has in the cropped
// window. CacheMode::Naive keeps those keys anyway (the drift is what
// <attn-train> shows); CacheMode::Rebuild projects the window again after a
// slide, so its logits are the recomputed ones.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "torch/generator.hpp"

namespace attn::train {

class Trainer;
class Model;

enum class CacheMode { Off, Rebuild, Naive };

// Multiply-adds of one step, by part (the engine counts the loops it runs).
struct StepOps {
  std::int64_t qkv = 0;        // key, query, value projections
  std::int64_t scores = 0;     // q · k
  std::int64_t weighted = 0;   // weights · v
  std::int64_t ffwd = 0;       // block models: the heads' output projection and the feed-forward
  std::int64_t lm_head = 0;    // logits
  std::int64_t total() const { return qkv + scores + weighted + ffwd + lm_head; }
};

struct StepResult {
  std::vector<std::int32_t> window;  // the ids the model saw (the last <= block), positions 0..T-1
  std::vector<float> logits;         // (V,) of the path that chose (see Decoder)
  std::vector<float> probs;          // (V,) the distribution the choice is drawn from: softmax(logits / temperature, top_k)
  std::vector<float> model_probs;    // (V,) softmax(logits), when sampling changed it (else empty)
  std::vector<float> attention;      // (T,) head model: the newest position's weights over the window
  std::int64_t cache_floats = 0;     // keys and values held after the step: 2 × layers × T × C (C = heads × head size)
  std::int32_t chosen = 0;
  bool slid = false;                 // the sequence is longer than block: the window has moved
  StepOps recompute;                 // full window, T × T masked attention (counted when run)
  StepOps cached;                    // newest row only (counted when the cache ran)
  bool compared = false;             // both paths ran (CacheMode::Naive)
  float diff = 0.0f;                 // max |cached − recomputed| over the logits, when compared
};

// The keys and values of the positions in the window (up to block rows of
// [k | q | v], the layout the model's projection writes): one (block, 3C)
// table for the head model, one per layer for the block models (every
// head's [k | q | v] side by side in a row).
struct KvCache {
  std::vector<float> rows;   // (layers, block, 3C)
  int count = 0;             // rows in use
  std::size_t consumed = 0;  // tokens of the sequence already in it
  bool stale = false;        // kept keys made at other positions (a naive slide)
};

// How a sampled step draws (nanoGPT's generate): logits / temperature, then
// every logit below the top_k-th largest (ties kept) set to −inf, softmax,
// torch.multinomial. temperature 1 and top_k 0 (or ≥ the vocabulary) leave
// the model's distribution as it is. Greedy steps take the argmax, which
// neither changes.
struct Sampling {
  float temperature = 1.0f;
  int top_k = 0;
};

// A generation in progress: the sequence (context + generated ids), the cache
// and, for sampling, a generator of its own (torch.manual_seed(seed)), so the
// trainer and its run are never touched.
class Decoder {
 public:
  // context "" means one token 0 (the lecture's torch.zeros((1, 1))); throws
  // std::invalid_argument for characters outside the vocabulary.
  Decoder(const Trainer& trainer, std::string_view context_utf8, CacheMode mode, bool greedy, std::uint64_t seed,
          Sampling sampling = {});

  // One step: logits for the next id, the choice, appended to the sequence.
  // Off: recompute only. Rebuild: the cache only (projecting the window again
  // after a slide); its choice. Naive: both, the choice from the recomputed
  // logits (the lecture's), diff = their largest difference.
  StepResult step();

  const std::vector<std::int32_t>& sequence() const { return seq_; }
  std::size_t context_length() const { return context_; }

 private:
  Model* model_;
  CacheMode mode_;
  bool greedy_;
  Sampling sampling_;
  torch::Generator gen_;
  std::vector<std::int32_t> seq_;
  std::size_t context_;
  KvCache cache_;
  std::vector<float> row_;  // (3C) scratch, (C) attention output or the block models' features
};

// The lecture's generate with argmax in place of multinomial, k new
// characters from context ("" = token 0). kv_cache: the cache where it is
// valid, rebuilt after a slide (the same characters).
std::string greedy_generate(const Trainer& trainer, std::string_view context_utf8, int k, bool kv_cache);

// torch.multinomial(softmax(logits), 1) as PyTorch's CPU kernel draws it (see
// docs/training.md): argmax(p / q), q = −log(1 − u) per category.
std::int32_t multinomial_draw(const float* logits, int V, torch::Generator& gen, std::vector<float>& probs);

}  // namespace attn::train
