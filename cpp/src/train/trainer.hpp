// The reading note's character models trained as the lecture trains them:
// data split, batches, PyTorch-exact initial weights, forward, backward,
// AdamW, estimate_loss and sampling. The interface the CLI (attn-cli train),
// the WASM bindings and the benchmarks share.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "limits.hpp"

namespace attn::train {

// The reading note's three models, then the lecture's part 3 (the block
// models): multi-head attention, + feed-forward, stacked blocks, + residual
// connections, + LayerNorm (pre-norm), + dropout and a larger size (gpt).
enum class ModelKind { Bigram, Position, Head, Multihead, Ffwd, Blocks, Residual, Layernorm, Gpt };
// True for the block models (they read n_head, n_layer, dropout).
constexpr bool is_block_model(ModelKind k) { return k >= ModelKind::Multihead; }

// Hyperparameters; defaults() gives the lecture's for each model
// (bigram and position: 3000 iters, eval every 300, lr 1e-2;
//  head: 5000 iters, eval every 500, lr 1e-3; all: batch 32, block 8,
//  n_embd 32, eval_iters 200, seed 1337).
struct Config {
  ModelKind model = ModelKind::Head;
  std::uint64_t seed = limits::Train::default_seed;
  int iters = limits::Train::head_iters;
  int eval_interval = limits::Train::head_eval_interval;
  int eval_iters = limits::Train::default_eval_iters;
  float lr = static_cast<float>(limits::Train::head_lr);
  int batch = limits::Train::default_batch;
  int block = limits::Train::default_block;
  int n_embd = limits::Train::default_n_embd;
  int n_head = limits::Train::default_n_head;    // block models: heads per layer, n_embd % n_head == 0
  int n_layer = limits::Train::default_n_layer;  // blocks, residual, layernorm, gpt: Blocks stacked
  double dropout = 0.0;                          // gpt only: p in [0, 1), a double as in Python
  int threads = limits::Train::default_threads;  // 1 .. max_threads: a step's work shared, the same bits
  static Config defaults(ModelKind model);
};

// A problem with the training text itself (not UTF-8, too short, too many
// distinct characters for the model), as opposed to the settings: the message
// names it.
struct TextError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Text → vocabulary (sorted distinct Unicode code points, as Python's
// sorted(set(text))), ids, 90 % / 10 % split. Throws TextError for text that
// is not UTF-8 or is shorter than block + 1 characters in either split.
struct Dataset {
  std::vector<char32_t> vocab;
  std::vector<std::int32_t> train, val;
  static Dataset from_text(std::string_view utf8, int block);
  std::vector<std::int32_t> encode(std::string_view utf8) const;  // throws on unknown characters
  std::string decode(const std::vector<std::int32_t>& ids) const;
};

struct Eval {
  int step;
  float train_loss;
  float val_loss;
};

class Model;

// One layer's spread (population standard deviation over every element) of
// its output activations and of the loss gradient reaching that output, at
// one training step (the block models; train/model.cpp).
struct LayerSpread {
  float activation = 0.0f;
  float gradient = 0.0f;
};

// The block models' attention weights on one snippet: weights (layers, heads,
// T, T), rows queries, columns keys, row-major; zeros above the diagonal.
struct AttentionMaps {
  int layers = 0, heads = 0, T = 0;
  std::vector<float> weights;
};

class Trainer {
 public:
  // Seeds the generator (torch.manual_seed(config.seed)) and builds the model,
  // drawing its initial weights in PyTorch's parameter order.
  Trainer(Dataset data, Config config);
  ~Trainer();
  Trainer(Trainer&&) noexcept;
  Trainer& operator=(Trainer&&) noexcept;

  const Config& config() const;
  const Dataset& data() const;
  int step() const;   // the next training step, 0 .. iters
  bool done() const;  // step() == iters

  // The lecture's loop body for step(): if step() % eval_interval == 0,
  // estimate_loss() first (returned); then get_batch('train'), forward,
  // backward, AdamW. The step's training loss is last_loss(); a non-finite
  // loss leaves the weights untouched and is reported by last_loss().
  std::optional<Eval> advance();
  float last_loss() const;

  // Continues the text from a context (empty: one token 0, as the lecture),
  // sampling from the trainer's own generator. Returns only the new text.
  std::string generate(std::string_view context_utf8, int max_new_chars);
  // The same, from a generator seeded with `seed` (torch.manual_seed(seed)),
  // leaving the trainer's own generator as it was: a sample in the middle of
  // a run that does not change the rest of the run (<attn-train>'s samples
  // at each evaluation).
  std::string sample(std::string_view context_utf8, int max_new_chars, std::uint64_t seed);

  // The head model's attention weights on the last `block` characters of
  // snippet (T = its length, at most block): (T, T), rows queries, columns
  // keys, row-major. Throws std::logic_error for models without a head.
  std::vector<float> attention(std::string_view snippet_utf8) const;
  // Every head of every layer on the last `block` characters of snippet, in
  // eval mode (no dropout): the head model as 1 layer × 1 head. Throws
  // std::logic_error for the bigram and position models, std::invalid_argument
  // for an empty snippet or one with characters outside the vocabulary.
  AttentionMaps attention_maps(std::string_view snippet_utf8) const;
  // The block models: each layer's spreads at the last training step
  // (advance()); empty before the first step and for the other models.
  const std::vector<LayerSpread>& layer_spreads() const;

  // The model, for inference on one sequence (train/generate.hpp's Decoder):
  // its forward pass writes the trainer's scratch buffers, never the weights.
  Model& inference_model() const;

  // Parameter count and a flat view of parameters/gradients for tests.
  std::size_t parameter_count() const;
  // Every parameter, flat, in model.parameters() order (PyTorch's shapes,
  // row-major), and their gradients from the last training step.
  std::span<const float> parameters() const;
  std::span<const float> gradients() const;
  // torch.randint's offsets of the last batch drawn (batch values).
  std::span<const std::int64_t> last_batch_offsets() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace attn::train
