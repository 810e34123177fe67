// The three character models (bigram, position, head) on one flat float32
// parameter buffer in PyTorch's parameter order, with their forward and
// hand-written backward passes on preallocated buffers (no allocation per
// step).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "train/trainer.hpp"

namespace attn::torch {
class Generator;
}

namespace attn::train {

struct ParamInfo {
  std::string name;          // PyTorch's name, e.g. "sa_head.key.weight"
  std::vector<int> shape;    // PyTorch's shape
  std::size_t offset = 0;    // into Model::params / Model::grads
  std::size_t size = 0;
};

// keep (n,) = torch.empty(n).bernoulli_(1 - p) / (1 - p) drawn from gen as
// PyTorch 1.13's CPU kernel draws it (nn.Dropout's noise in training mode).
void dropout_noise(torch::Generator& gen, double p, float* keep, std::size_t n);

class Model {
 public:
  // V vocabulary, C n_embd (= head size), block the context length (rows of
  // the position table), max_rows the largest B*T a forward pass will see.
  Model(ModelKind kind, int V, int C, int block, int max_rows);
  // The block models (multihead … gpt): n_head heads per layer, n_layer
  // Blocks (blocks, residual, layernorm, gpt), dropout p (gpt; drawn from
  // *dropout_gen in training forward passes).
  Model(ModelKind kind, int V, int C, int block, int max_rows, int n_head, int n_layer, double dropout);
  void set_dropout_generator(torch::Generator* g) { dropout_gen_ = g; }
  // Block models: layers (1 for multihead, ffwd) and heads per layer.
  int layers() const { return n_layer_; }
  int heads() const { return n_head_; }
  // Block models: layer l's head h's softmax weights (B, T, T) of the last forward.
  const float* layer_attention(int l, int h) const;
  // Block models: the spread (population std) of each layer's output and of
  // its gradient at the last forward / backward.
  using Spread = LayerSpread;
  const std::vector<Spread>& spreads() const { return spreads_; }

  // The parameters' initial values, drawn from gen in PyTorch's module order
  // (torch/init.hpp: Embedding normal_(0, 1); Linear kaiming_uniform_(a=√5)
  // then its bias uniform_(±1/√fan_in)).
  void init(torch::Generator& gen);

  // Forward on idx (B, T) with T <= block and B*T <= max_rows. With targets
  // (B, T): returns the mean cross-entropy; with for_backward also keeps what
  // backward() needs. Without targets: logits() holds (B*T, V), returns NaN.
  float forward(const std::int32_t* idx, const std::int32_t* targets, int B, int T, bool for_backward);
  // grads = d loss / d params of the last forward(..., targets, ..., true).
  void backward();
  // Call after params changed (the forward pass reads transposed copies).
  void params_changed();

  // ---- inference on one sequence (generation, train/generate.hpp) ----------
  // row (3C) = [k | q | v] of token id at position p < block (head model):
  // x (1, C) = tok[id] + pos[p]; row = x · [key; query; value]^T (C, 3C), the
  // product forward() runs, one row. Returns its multiply-adds.
  std::int64_t project_row(std::int32_t id, int p, float* row) const;
  // rows (t, 3C) of positions 0..t-1, the newest last: its query attends over
  // all t keys, no mask (each is at or before it): weights (t,) =
  // softmax(scale · q_{t-1} · k_j), out (C,) = Σ_j weights_j v_j. Adds the
  // multiply-adds to *scores and *weighted.
  void attend_last(const float* rows, int t, float* weights, float* out, std::int64_t* scores,
                   std::int64_t* weighted) const;
  // logits (V,) = feat (1, C) · lm_head.weight^T (C, V) + bias (head and
  // position models). Returns its multiply-adds.
  std::int64_t lm_row(const float* feat, float* logits) const;
  // feat (C,) = tok[id] + pos[p] (position model; the bigram model reads tok[id] as logits).
  void embed_row(std::int32_t id, int p, float* feat) const;
  const float* token_row(std::int32_t id) const { return params.data() + off_tok_ + static_cast<std::ptrdiff_t>(id) * (kind_ == ModelKind::Bigram ? V_ : C_); }
  // Block models, one position at a time (generation's per-layer cache):
  // rows holds layers() caches one after another, each (block, 3C) of every
  // head's [k | q | v] (the layer's projection layout), rows 0..t-1 in use.
  // Runs token id at position t < block through every layer: appends its
  // row to each layer's cache, its query attends per head over the t+1
  // cached rows (no mask: each is at or before it), and writes feat (C,) =
  // the features lm_head reads (after ln_f where the model has it). Adds its
  // multiply-adds to ops[0..4] (qkv, scores, weighted, ffwd; see forward_ops).
  void block_step(std::int32_t id, int t, float* rows, std::int64_t ops[4], float* feat) const;
  // Floats of one layer's cache rows in block_step: block · 3C.
  std::size_t layer_cache_floats() const { return static_cast<std::size_t>(block_) * 3 * C_; }
  // The multiply-adds forward(idx, nullptr, 1, T, false) runs: qkv T·3C·C
  // per layer, scores and weights·v Σ_{i<T} (i+1)·C each per layer (the
  // masked half is skipped), ffwd (block models: the heads' projection T·C·C
  // and the feed-forward T·C·F, T·F·C per layer; LayerNorm is not counted),
  // lm_head T·C·V. Writes them in that order to out[0..4].
  void forward_ops(int T, std::int64_t out[5]) const;
  int embd() const { return C_; }

  const float* logits() const { return logits_.data(); }   // (B*T, V)
  const float* attention() const { return P_.data(); }     // (B, T, T), head model
  ModelKind kind() const { return kind_; }
  int vocab() const { return V_; }
  int block() const { return block_; }

  std::vector<float> params, grads;
  std::vector<ParamInfo> infos;

 private:
  friend struct ModelProbe;  // cpp/tools/dump_state.cpp (native only)
  ModelKind kind_;
  int V_, C_, block_, max_rows_;
  std::size_t off_tok_ = 0, off_pos_ = 0, off_qkv_ = 0, off_lmw_ = 0, off_lmb_ = 0;
  // transposed weights: (C, 3C) of [key; query; value] and (C, V) of lm_head
  std::vector<float> qkvT_, lmT_, dWt_;
  // activations (rows = B*T) and their gradients
  std::vector<float> x_, qkv_, P_, att_, logits_, dlogits_, datt_, dqkv_, dx_, work_;
  mutable std::vector<float> xrow_;  // (C) project_row's input
  mutable std::vector<float> step_;  // block_step's scratch: x, h, cat, proj, mid (C each), f1 (F), f2 (C)
  const std::int32_t* idx_ = nullptr;
  int B_ = 0, T_ = 0;

  // ---- block models ----
  struct Layer {
    std::size_t qkv = 0, proj_w = 0, proj_b = 0, f1_w = 0, f1_b = 0, f2_w = 0, f2_b = 0;
    std::size_t ln1_w = 0, ln1_b = 0, ln2_w = 0, ln2_b = 0;
    std::vector<float> qkvT, projT, f1T, f2T;  // transposed weights
    // activations (N rows)
    std::vector<float> xin, h1, mean1, rstd1, qkv_, P, Pd, keepP, cat, proj, keep1, sa, xmid, h2, mean2, rstd2,
        f1, r, f2, keep2, ff, xout;
  };
  bool ffn_ = false, proj_ = false, wide_ = false, resid_ = false, ln_ = false, deep_ = false;
  int n_head_ = 0, n_layer_ = 0, F_ = 0;
  double p_ = 0.0;  // as Python's float, so 1 - p is PyTorch's bernoulli_ threshold
  bool dropping_ = false;
  torch::Generator* dropout_gen_ = nullptr;
  std::size_t off_lnf_w_ = 0, off_lnf_b_ = 0;
  std::vector<Layer> L_;
  std::vector<float> xf_, meanf_, rstdf_, g_, dmid_, dt1_, dt2_, dF1_, dF2_, dqkvb_, bwork_;
  std::vector<Spread> spreads_;
  const float* block_feat() const;
  float* block_dfeat();
  void block_init(torch::Generator& gen);
  void block_forward(int B, int T, bool train);
  void block_backward();
  void draw_noise(float* keep, std::size_t n);
};

}  // namespace attn::train
