// The models' forward and backward passes: the hot loops of training
// (compiled with the kernel flags, see CMakeLists.txt).
#include "train/model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "torch/generator.hpp"
#include "torch/init.hpp"
#include "train/gemm.hpp"
#include "train/ops.hpp"

namespace attn::train {

namespace {
void transpose(const float* src, int rows, int cols, float* dst) {  // (rows, cols) -> (cols, rows)
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) dst[static_cast<std::ptrdiff_t>(c) * rows + r] = src[static_cast<std::ptrdiff_t>(r) * cols + c];
}
// dst (cols, rows) += src (rows, cols)^T
void add_transposed(const float* src, int rows, int cols, float* dst) {
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r) dst[static_cast<std::ptrdiff_t>(c) * rows + r] += src[static_cast<std::ptrdiff_t>(r) * cols + c];
}
}  // namespace

Model::Model(ModelKind kind, int V, int C, int block, int max_rows)
    : kind_(kind), V_(V), C_(C), block_(block), max_rows_(max_rows) {
  std::size_t off = 0;
  auto add = [&](const char* name, std::vector<int> shape) {
    std::size_t size = 1;
    for (int d : shape) size *= static_cast<std::size_t>(d);
    infos.push_back({name, std::move(shape), off, size});
    off += size;
    return infos.back().offset;
  };
  const std::size_t N = static_cast<std::size_t>(max_rows);
  if (kind == ModelKind::Bigram) {
    off_tok_ = add("token_embedding_table.weight", {V, V});
  } else {
    off_tok_ = add("token_embedding_table.weight", {V, C});
    off_pos_ = add("position_embedding_table.weight", {block, C});
    if (kind == ModelKind::Head) {
      off_qkv_ = add("sa_head.key.weight", {C, C});
      add("sa_head.query.weight", {C, C});
      add("sa_head.value.weight", {C, C});
      qkvT_.resize(static_cast<std::size_t>(3 * C) * C);
      qkv_.resize(N * 3 * C);
      dqkv_.resize(N * 3 * C);
      att_.resize(N * C);
      datt_.resize(N * C);
      P_.resize(N * block);
      work_.resize(static_cast<std::size_t>(block) * block);
    }
    off_lmw_ = add("lm_head.weight", {V, C});
    off_lmb_ = add("lm_head.bias", {V});
    lmT_.resize(static_cast<std::size_t>(V) * C);
    dWt_.resize(static_cast<std::size_t>(std::max(V, 3 * C)) * C);
    x_.resize(N * C);
    dx_.resize(N * C);
    xrow_.resize(static_cast<std::size_t>(C));
  }
  params.assign(off, 0.0f);
  grads.assign(off, 0.0f);
  logits_.resize(N * V);
  dlogits_.resize(N * V);
}

void Model::init(torch::Generator& gen) {
  const auto C = static_cast<std::size_t>(C_), V = static_cast<std::size_t>(V_);
  float* p = params.data();
  if (kind_ == ModelKind::Bigram) {
    torch::embedding_init(gen, p + off_tok_, V, V);
  } else {
    torch::embedding_init(gen, p + off_tok_, V, C);
    torch::embedding_init(gen, p + off_pos_, static_cast<std::size_t>(block_), C);
    if (kind_ == ModelKind::Head)
      for (int k = 0; k < 3; ++k)  // key, query, value: Linear(C, C, bias=False)
        torch::linear_init(gen, p + off_qkv_ + static_cast<std::size_t>(k) * C * C, nullptr, C, C);
    torch::linear_init(gen, p + off_lmw_, p + off_lmb_, C, V);
  }
  params_changed();
}

void Model::params_changed() {
  if (kind_ == ModelKind::Bigram) return;
  if (kind_ == ModelKind::Head) transpose(params.data() + off_qkv_, 3 * C_, C_, qkvT_.data());
  transpose(params.data() + off_lmw_, V_, C_, lmT_.data());
}

float Model::forward(const std::int32_t* idx, const std::int32_t* targets, int B, int T, bool for_backward) {
  using namespace ops;
  const int N = B * T;
  idx_ = idx;
  B_ = B;
  T_ = T;
  const float* tok = params.data() + off_tok_;
  if (kind_ == ModelKind::Bigram) {
    embedding_forward<float>(idx, B, T, V_, tok, nullptr, logits_.data());
  } else {
    embedding_forward<float>(idx, B, T, C_, tok, params.data() + off_pos_, x_.data());
    const float* feat = x_.data();
    if (kind_ == ModelKind::Head) {
      // qkv (N, 3C) = x (N, C) · [key; query; value]^T (C, 3C)
      gemm_f32(N, 3 * C_, C_, x_.data(), C_, 1, qkvT_.data(), 3 * C_, qkv_.data(), 3 * C_, false, nullptr);
      const float scale = static_cast<float>(std::pow(static_cast<double>(C_), -0.5));
      head_forward<float>(qkv_.data(), B, T, C_, scale, P_.data(), att_.data());
      feat = att_.data();
    }
    // logits (N, V) = feat (N, C) · lm_head.weight^T (C, V) + bias
    gemm_f32(N, V_, C_, feat, C_, 1, lmT_.data(), V_, logits_.data(), V_, false, params.data() + off_lmb_);
  }
  if (!targets) return std::numeric_limits<float>::quiet_NaN();
  return cross_entropy<float>(logits_.data(), targets, N, V_, for_backward ? dlogits_.data() : nullptr);
}

void Model::backward() {
  using namespace ops;
  const int N = B_ * T_;
  std::fill(grads.begin(), grads.end(), 0.0f);
  float* dtok = grads.data() + off_tok_;
  if (kind_ == ModelKind::Bigram) {
    embedding_backward<float>(idx_, B_, T_, V_, dlogits_.data(), dtok, nullptr);
    return;
  }
  const float* feat = kind_ == ModelKind::Head ? att_.data() : x_.data();
  float* dfeat = kind_ == ModelKind::Head ? datt_.data() : dx_.data();
  // lm_head: dW^T (C, V) = feat^T (C, N) · dlogits (N, V); db = Σ_n dlogits;
  // dfeat (N, C) = dlogits (N, V) · W (V, C)
  gemm_f32(C_, V_, N, feat, 1, C_, dlogits_.data(), V_, dWt_.data(), V_, false, nullptr);
  add_transposed(dWt_.data(), C_, V_, grads.data() + off_lmw_);
  float* db = grads.data() + off_lmb_;
  for (int n = 0; n < N; ++n) {
    const float* g = dlogits_.data() + static_cast<std::ptrdiff_t>(n) * V_;
    for (int v = 0; v < V_; ++v) db[v] += g[v];
  }
  gemm_f32(N, C_, V_, dlogits_.data(), V_, 1, params.data() + off_lmw_, C_, dfeat, C_, false, nullptr);
  if (kind_ == ModelKind::Head) {
    const float scale = static_cast<float>(std::pow(static_cast<double>(C_), -0.5));
    head_backward<float>(qkv_.data(), P_.data(), datt_.data(), B_, T_, C_, scale, work_.data(), dqkv_.data());
    // key, query, value: dW^T (C, 3C) = x^T · dqkv; dx (N, C) = dqkv (N, 3C) · W (3C, C)
    gemm_f32(C_, 3 * C_, N, x_.data(), 1, C_, dqkv_.data(), 3 * C_, dWt_.data(), 3 * C_, false, nullptr);
    add_transposed(dWt_.data(), C_, 3 * C_, grads.data() + off_qkv_);
    gemm_f32(N, C_, 3 * C_, dqkv_.data(), 3 * C_, 1, params.data() + off_qkv_, C_, dx_.data(), C_, false, nullptr);
  }
  embedding_backward<float>(idx_, B_, T_, C_, dx_.data(), dtok, grads.data() + off_pos_);
}

// ---- inference on one sequence ---------------------------------------------

std::int64_t Model::project_row(std::int32_t id, int p, float* row) const {
  const float* e = params.data() + off_tok_ + static_cast<std::ptrdiff_t>(id) * C_;
  const float* q = params.data() + off_pos_ + static_cast<std::ptrdiff_t>(p) * C_;
  float* xp = xrow_.data();
  for (int c = 0; c < C_; ++c) xp[c] = e[c] + q[c];
  // row (1, 3C) = x (1, C) · [key; query; value]^T (C, 3C)
  gemm_f32(1, 3 * C_, C_, xp, C_, 1, qkvT_.data(), 3 * C_, row, 3 * C_, false, nullptr);
  return static_cast<std::int64_t>(3) * C_ * C_;
}

void Model::attend_last(const float* rows, int t, float* weights, float* out, std::int64_t* scores,
                        std::int64_t* weighted) const {
  const int H = C_, L = 3 * C_;
  const float scale = static_cast<float>(std::pow(static_cast<double>(C_), -0.5));
  const float* q = rows + static_cast<std::ptrdiff_t>(t - 1) * L + H;
  // weights (t,) = scale · q (H,) · k_j (H,) for every cached j, then softmax
  for (int j = 0; j < t; ++j) {
    const float* k = rows + static_cast<std::ptrdiff_t>(j) * L;
    float d = 0.0f;
    for (int h = 0; h < H; ++h) d += q[h] * k[h];
    weights[j] = d * scale;
  }
  float m = weights[0];
  for (int j = 1; j < t; ++j) m = weights[j] > m ? weights[j] : m;
  float sum = 0.0f;
  for (int j = 0; j < t; ++j) {
    weights[j] = ops::exp_nonpositive<float>(weights[j] - m);
    sum += weights[j];
  }
  const float inv = 1.0f / sum;
  for (int j = 0; j < t; ++j) weights[j] *= inv;
  // out (H,) = Σ_j weights_j v_j (H,)
  for (int h = 0; h < H; ++h) out[h] = 0.0f;
  for (int j = 0; j < t; ++j) {
    const float p = weights[j];
    const float* v = rows + static_cast<std::ptrdiff_t>(j) * L + 2 * H;
    for (int h = 0; h < H; ++h) out[h] += p * v[h];
  }
  *scores += static_cast<std::int64_t>(t) * H;
  *weighted += static_cast<std::int64_t>(t) * H;
}

std::int64_t Model::lm_row(const float* feat, float* logits) const {
  // logits (1, V) = feat (1, C) · lm_head.weight^T (C, V) + bias (V,)
  gemm_f32(1, V_, C_, feat, C_, 1, lmT_.data(), V_, logits, V_, false, params.data() + off_lmb_);
  return static_cast<std::int64_t>(C_) * V_;
}

void Model::embed_row(std::int32_t id, int p, float* feat) const {
  // feat (C,) = tok[id] (C,) + pos[p] (C,)
  const float* e = params.data() + off_tok_ + static_cast<std::ptrdiff_t>(id) * C_;
  const float* q = params.data() + off_pos_ + static_cast<std::ptrdiff_t>(p) * C_;
  for (int c = 0; c < C_; ++c) feat[c] = e[c] + q[c];
}

void Model::forward_ops(int T, std::int64_t out[4]) const {
  const std::int64_t t = T, C = C_, V = V_;
  out[0] = out[1] = out[2] = out[3] = 0;
  if (kind_ == ModelKind::Bigram) return;  // a table lookup
  if (kind_ == ModelKind::Head) {
    out[0] = t * 3 * C * C;
    out[1] = t * (t + 1) / 2 * C;
    out[2] = out[1];
  }
  out[3] = t * C * V;
}

}  // namespace attn::train
