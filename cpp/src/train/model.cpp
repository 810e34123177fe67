// The models' forward and backward passes: the hot loops of training
// (compiled with the train_kernel flags, see CMakeLists.txt).
#include "train/model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "limits.hpp"
#include "torch/generator.hpp"
#include "torch/init.hpp"
#include "train/gemm.hpp"
#include "train/ops.hpp"
#include "train/team.hpp"

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
    : Model(kind, V, C, block, max_rows, 1, 1, 0.0f) {}

Model::Model(ModelKind kind, int V, int C, int block, int max_rows, int n_head, int n_layer, double dropout)
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
    if (is_block_model(kind)) {
      deep_ = kind >= ModelKind::Blocks;
      ffn_ = kind != ModelKind::Multihead;
      proj_ = wide_ = resid_ = kind >= ModelKind::Residual;
      ln_ = kind >= ModelKind::Layernorm;
      p_ = kind == ModelKind::Gpt ? dropout : 0.0;
      n_head_ = n_head;
      n_layer_ = deep_ ? n_layer : 1;
      F_ = wide_ ? 4 * C : C;
      const int hs = C / n_head;
      const std::size_t PT = static_cast<std::size_t>(n_head) * N * static_cast<std::size_t>(block);  // heads x (B, T, T)
      L_.resize(static_cast<std::size_t>(n_layer_));
      for (int l = 0; l < n_layer_; ++l) {
        Layer& y = L_[static_cast<std::size_t>(l)];
        const std::string pre = deep_ ? "blocks." + std::to_string(l) + "." : "";
        const std::string sa = deep_ ? pre + "sa." : "sa_heads.";
        const std::string ff = deep_ ? pre + "ffwd." : "ffwd.";
        for (int h = 0; h < n_head; ++h) {
          const std::string hp = sa + "heads." + std::to_string(h) + ".";
          const std::size_t k = add((hp + "key.weight").c_str(), {hs, C});
          if (h == 0) y.qkv = k;
          add((hp + "query.weight").c_str(), {hs, C});
          add((hp + "value.weight").c_str(), {hs, C});
        }
        if (proj_) {
          y.proj_w = add((sa + "proj.weight").c_str(), {C, C});
          y.proj_b = add((sa + "proj.bias").c_str(), {C});
          y.projT.resize(static_cast<std::size_t>(C) * C);
        }
        if (ffn_) {
          y.f1_w = add((ff + "net.0.weight").c_str(), {F_, C});
          y.f1_b = add((ff + "net.0.bias").c_str(), {F_});
          y.f1T.resize(static_cast<std::size_t>(F_) * C);
          if (wide_) {
            y.f2_w = add((ff + "net.2.weight").c_str(), {C, F_});
            y.f2_b = add((ff + "net.2.bias").c_str(), {C});
            y.f2T.resize(static_cast<std::size_t>(F_) * C);
          }
        }
        if (ln_) {
          y.ln1_w = add((pre + "ln1.weight").c_str(), {C});
          y.ln1_b = add((pre + "ln1.bias").c_str(), {C});
          y.ln2_w = add((pre + "ln2.weight").c_str(), {C});
          y.ln2_b = add((pre + "ln2.bias").c_str(), {C});
        }
        y.qkvT.resize(static_cast<std::size_t>(3 * C) * C);
        const std::size_t NC = N * static_cast<std::size_t>(C), NF = N * static_cast<std::size_t>(F_);
        y.xin.resize(NC);
        if (ln_) {
          y.h1.resize(NC);
          y.h2.resize(NC);
          y.mean1.resize(N);
          y.rstd1.resize(N);
          y.mean2.resize(N);
          y.rstd2.resize(N);
        }
        y.qkv_.resize(3 * NC);
        y.P.resize(PT);
        if (p_ > 0.0) {
          y.Pd.resize(PT);
          y.keepP.resize(PT);
          y.keep1.resize(NC);
          y.keep2.resize(NC);
        }
        y.cat.resize(NC);
        y.proj.resize(NC);
        y.sa.resize(NC);
        y.xmid.resize(NC);
        y.f1.resize(NF);
        y.r.resize(NF);
        y.f2.resize(NC);
        y.ff.resize(NC);
        y.xout.resize(NC);
      }
      if (ln_) {
        off_lnf_w_ = add("ln_f.weight", {C});
        off_lnf_b_ = add("ln_f.bias", {C});
        xf_.resize(N * C);
        meanf_.resize(N);
        rstdf_.resize(N);
      }
      const std::size_t NC = N * static_cast<std::size_t>(C);
      g_.resize(NC);
      dmid_.resize(NC);
      dt1_.resize(NC);
      dt2_.resize(NC);
      dF1_.resize(N * F_);
      dF2_.resize(N * F_);
      dqkvb_.resize(3 * NC);
      bwork_.resize(static_cast<std::size_t>(limits::Train::max_threads) * block * block);  // one (T, T) per thread
      spreads_.resize(static_cast<std::size_t>(n_layer_));
      step_.resize(static_cast<std::size_t>(6 * C + F_));
    }
    off_lmw_ = add("lm_head.weight", {V, C});
    off_lmb_ = add("lm_head.bias", {V});
    lmT_.resize(static_cast<std::size_t>(V) * C);
    dWt_.resize(static_cast<std::size_t>(std::max({V, 3 * C, F_})) * C);
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
    if (is_block_model(kind_)) block_init(gen);
    torch::linear_init(gen, p + off_lmw_, p + off_lmb_, C, V);
  }
  params_changed();
}

void Model::params_changed() {
  if (kind_ == ModelKind::Bigram) return;
  if (kind_ == ModelKind::Head) transpose(params.data() + off_qkv_, 3 * C_, C_, qkvT_.data());
  for (Layer& y : L_) {
    const float* p = params.data();
    transpose(p + y.qkv, 3 * C_, C_, y.qkvT.data());
    if (proj_) transpose(p + y.proj_w, C_, C_, y.projT.data());
    if (ffn_) transpose(p + y.f1_w, F_, C_, y.f1T.data());
    if (wide_) transpose(p + y.f2_w, C_, F_, y.f2T.data());
  }
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
    if (is_block_model(kind_)) {
      block_forward(B, T, for_backward);
      feat = block_feat();
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
  const bool blk = is_block_model(kind_);
  const float* feat = blk ? block_feat() : kind_ == ModelKind::Head ? att_.data() : x_.data();
  float* dfeat = blk ? block_dfeat() : kind_ == ModelKind::Head ? datt_.data() : dx_.data();
  // lm_head: dW^T (C, V) = feat^T (C, N) · dlogits (N, V); db = Σ_n dlogits;
  // dfeat (N, C) = dlogits (N, V) · W (V, C)
  gemm_f32(C_, V_, N, feat, 1, C_, dlogits_.data(), V_, dWt_.data(), V_, false, nullptr);
  add_transposed(dWt_.data(), C_, V_, grads.data() + off_lmw_);
  torch_sum_rows<float>(dlogits_.data(), N, V_, V_, grads.data() + off_lmb_);
  gemm_f32(N, C_, V_, dlogits_.data(), V_, 1, params.data() + off_lmw_, C_, dfeat, C_, false, nullptr);
  if (kind_ == ModelKind::Head) {
    const float scale = static_cast<float>(std::pow(static_cast<double>(C_), -0.5));
    head_backward<float>(qkv_.data(), P_.data(), datt_.data(), B_, T_, C_, scale, work_.data(), dqkv_.data());
    // key, query, value: dW^T (C, 3C) = x^T · dqkv; dx (N, C) = dqkv (N, 3C) · W (3C, C)
    gemm_f32(C_, 3 * C_, N, x_.data(), 1, C_, dqkv_.data(), 3 * C_, dWt_.data(), 3 * C_, false, nullptr);
    add_transposed(dWt_.data(), C_, 3 * C_, grads.data() + off_qkv_);
    // dx = the value, query and key Linears' input gradients, each from 0,
    // added in the order PyTorch's autograd delivers them
    for (int r = 2; r >= 0; --r) {
      float* dst = r == 2 ? dx_.data() : datt_.data();
      gemm_f32(N, C_, C_, dqkv_.data() + r * C_, 3 * C_, 1, params.data() + off_qkv_ + static_cast<std::size_t>(r) * C_ * C_,
               C_, dst, C_, false, nullptr);
      if (r != 2)
        for (std::size_t i = 0; i < static_cast<std::size_t>(N) * C_; ++i) dx_[i] += datt_[i];
    }
  }
  if (blk) block_backward();
  embedding_backward<float>(idx_, B_, T_, C_, dx_.data(), dtok, grads.data() + off_pos_);
}


// ---- the block models ----------------------------------------------------------

namespace {
// population std of n values (double accumulation)
float spread(const float* a, std::size_t n) {
  double s = 0.0, s2 = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    s += a[i];
    s2 += static_cast<double>(a[i]) * a[i];
  }
  const double m = s / static_cast<double>(n);
  const double v = s2 / static_cast<double>(n) - m * m;
  return static_cast<float>(std::sqrt(v > 0.0 ? v : 0.0));
}
}  // namespace

void Model::block_init(torch::Generator& gen) {
  // Module order: per layer the heads (key, query, value), proj, ffwd's
  // Linears; LayerNorms draw nothing (weight 1, bias 0).
  const auto C = static_cast<std::size_t>(C_), F = static_cast<std::size_t>(F_);
  const std::size_t hs = C / static_cast<std::size_t>(n_head_);
  float* p = params.data();
  for (Layer& y : L_) {
    for (int k = 0; k < 3 * n_head_; ++k) torch::linear_init(gen, p + y.qkv + static_cast<std::size_t>(k) * hs * C, nullptr, C, hs);
    if (proj_) torch::linear_init(gen, p + y.proj_w, p + y.proj_b, C, C);
    if (ffn_) torch::linear_init(gen, p + y.f1_w, p + y.f1_b, C, F);
    if (wide_) torch::linear_init(gen, p + y.f2_w, p + y.f2_b, F, C);
    if (ln_) {
      std::fill(p + y.ln1_w, p + y.ln1_w + C, 1.0f);
      std::fill(p + y.ln2_w, p + y.ln2_w + C, 1.0f);
    }
  }
  if (ln_) std::fill(p + off_lnf_w_, p + off_lnf_w_ + C, 1.0f);
}

// keep (n,) = bernoulli_(1 - p) / (1 - p): PyTorch 1.13's CPU kernel for a
// float tensor and a scalar p draws, element by element, u = a double uniform
// from random64 (53 bits) and keeps where u < 1 - p; the noise is then
// divided by (1 - p) as float.
void Model::draw_noise(float* keep, std::size_t n) { dropout_noise(*dropout_gen_, p_, keep, n); }

void dropout_noise(torch::Generator& gen, double p, float* keep, std::size_t n) {
  const double q = 1.0 - p;
  const float s = 1.0f / static_cast<float>(q);
  for (std::size_t i = 0; i < n; ++i) {
    const double u = static_cast<double>(gen.random64() & ((1ULL << 53) - 1)) * 0x1p-53;
    keep[i] = u < q ? s : 0.0f;
  }
}

const float* Model::block_feat() const { return ln_ ? xf_.data() : L_.back().xout.data(); }
float* Model::block_dfeat() { return g_.data(); }

const float* Model::layer_attention(int l, int h) const {
  return L_[static_cast<std::size_t>(l)].P.data() + static_cast<std::ptrdiff_t>(h) * B_ * T_ * T_;
}

void Model::block_forward(int B, int T, bool train) {
  using namespace ops;
  const int N = B * T, C = C_, H = C_ / n_head_;
  const std::size_t NC = static_cast<std::size_t>(N) * C;
  const std::size_t BTT = static_cast<std::size_t>(B) * T * T;
  const float scale = static_cast<float>(std::pow(static_cast<double>(H), -0.5));
  dropping_ = train && p_ > 0.0 && dropout_gen_;
  const float* p = params.data();
  const float* in = x_.data();
  for (std::size_t l = 0; l < L_.size(); ++l) {
    Layer& y = L_[l];
    // h1 = ln1(x) or x
    const float* h1 = in;
    if (ln_) {
      layernorm_forward<float>(in, N, C, p + y.ln1_w, p + y.ln1_b, y.h1.data(), y.mean1.data(), y.rstd1.data());
      h1 = y.h1.data();
    }
    // qkv (N, 3C) = h1 (N, C) · [every head's key; query; value]^T (C, 3C)
    gemm_f32(N, 3 * C, C, h1, C, 1, y.qkvT.data(), 3 * C, y.qkv_.data(), 3 * C, false, nullptr);
    // The heads' dropout masks, head by head as PyTorch draws them; then the
    // heads, batch rows shared among the team's threads.
    if (dropping_)
      for (int h = 0; h < n_head_; ++h) draw_noise(y.keepP.data() + h * BTT, BTT);
    // (work: the scores and the weighted values, B·T·T·H multiply-adds each per head)
    share(B, 1, 2LL * static_cast<long long>(BTT) * C, [&](int b0, int b1, int) {
      const std::size_t o = static_cast<std::size_t>(b0) * T * T;
      for (int h = 0; h < n_head_; ++h) {
        const float* keep = dropping_ ? y.keepP.data() + h * BTT + o : nullptr;
        // cat[:, h*H : (h+1)*H] (N, H) = head h's attention
        mh_head_forward<float>(y.qkv_.data() + static_cast<std::size_t>(b0) * T * 3 * C + h * 3 * H, 3 * C, b1 - b0, T, H,
                               scale, keep, y.P.data() + h * BTT + o, keep ? y.Pd.data() + h * BTT + o : nullptr,
                               y.cat.data() + static_cast<std::size_t>(b0) * T * C + h * H, C);
      }
    });
    const float* sa = y.cat.data();
    if (proj_) {
      // proj (N, C) = cat (N, C) · proj.weight^T (C, C) + bias
      gemm_f32(N, C, C, y.cat.data(), C, 1, y.projT.data(), C, y.proj.data(), C, false, p + y.proj_b);
      sa = y.proj.data();
      if (dropping_) {
        draw_noise(y.keep1.data(), NC);
        dropout_apply<float>(y.proj.data(), y.keep1.data(), NC, y.sa.data());
        sa = y.sa.data();
      }
    }
    const float* mid = sa;
    if (resid_) {
      for (std::size_t i = 0; i < NC; ++i) y.xmid[i] = in[i] + sa[i];
      mid = y.xmid.data();
    }
    const float* out = mid;
    if (ffn_) {
      const float* h2 = mid;
      if (ln_) {
        layernorm_forward<float>(mid, N, C, p + y.ln2_w, p + y.ln2_b, y.h2.data(), y.mean2.data(), y.rstd2.data());
        h2 = y.h2.data();
      }
      // f1 (N, F) = h2 (N, C) · net.0.weight^T (C, F) + bias; r = relu(f1)
      gemm_f32(N, F_, C, h2, C, 1, y.f1T.data(), F_, y.f1.data(), F_, false, p + y.f1_b);
      relu_forward<float>(y.f1.data(), static_cast<std::size_t>(N) * F_, y.r.data());
      const float* ff = y.r.data();
      if (wide_) {
        // f2 (N, C) = r (N, F) · net.2.weight^T (F, C) + bias
        gemm_f32(N, C, F_, y.r.data(), F_, 1, y.f2T.data(), C, y.f2.data(), C, false, p + y.f2_b);
        ff = y.f2.data();
        if (dropping_) {
          draw_noise(y.keep2.data(), NC);
          dropout_apply<float>(y.f2.data(), y.keep2.data(), NC, y.ff.data());
          ff = y.ff.data();
        }
      }
      if (resid_) {
        for (std::size_t i = 0; i < NC; ++i) y.xout[i] = mid[i] + ff[i];
      } else {
        std::copy(ff, ff + NC, y.xout.data());
      }
      out = y.xout.data();
    } else {
      std::copy(mid, mid + NC, y.xout.data());
      out = y.xout.data();
    }
    spreads_[l].activation = spread(out, NC);
    in = out;
  }
  if (ln_) layernorm_forward<float>(in, N, C, p + off_lnf_w_, p + off_lnf_b_, xf_.data(), meanf_.data(), rstdf_.data());
}

void Model::block_backward() {
  using namespace ops;
  const int N = B_ * T_, C = C_, H = C_ / n_head_, T = T_, B = B_;
  const std::size_t NC = static_cast<std::size_t>(N) * C, NF = static_cast<std::size_t>(N) * F_;
  const std::size_t BTT = static_cast<std::size_t>(B) * T * T;
  const float scale = static_cast<float>(std::pow(static_cast<double>(H), -0.5));
  const float* p = params.data();
  float* gr = grads.data();
  // g_ holds d feat (N, C)
  float* g = g_.data();
  if (ln_) {
    const float* last = L_.back().xout.data();
    layernorm_backward<float>(last, meanf_.data(), rstdf_.data(), p + off_lnf_w_, g_.data(), N, C, gr + off_lnf_w_,
                              gr + off_lnf_b_, dt1_.data());
    std::copy(dt1_.begin(), dt1_.begin() + static_cast<std::ptrdiff_t>(NC), g_.begin());
  }
  for (std::size_t li = L_.size(); li-- > 0;) {
    Layer& y = L_[li];
    const float* in = li == 0 ? x_.data() : L_[li - 1].xout.data();
    const float* mid = resid_ ? y.xmid.data() : (proj_ ? (dropping_ ? y.sa.data() : y.proj.data()) : y.cat.data());
    spreads_[li].gradient = spread(g, NC);
    // g = d xout (N, C); dmid (N, C) = d mid
    float* dmid = dmid_.data();
    if (ffn_) {
      const float* dff = g;
      float* dr = dF1_.data();
      if (wide_) {
        const float* df2 = dff;
        if (dropping_) {
          dropout_apply<float>(dff, y.keep2.data(), NC, dt2_.data());
          df2 = dt2_.data();
        }
        // net.2: dW^T (F, C) = r^T (F, N) · df2 (N, C); db; dr (N, F) = df2 (N, C) · W (C, F)
        gemm_f32(F_, C, N, y.r.data(), 1, F_, df2, C, dWt_.data(), C, false, nullptr);
        add_transposed(dWt_.data(), F_, C, gr + y.f2_w);
        torch_sum_rows<float>(df2, N, C, C, gr + y.f2_b);
        gemm_f32(N, F_, C, df2, C, 1, p + y.f2_w, F_, dr, F_, false, nullptr);
      } else {
        std::copy(dff, dff + NF, dr);
      }
      relu_backward<float>(y.f1.data(), dr, NF, dr);
      const float* h2 = ln_ ? y.h2.data() : mid;
      // net.0: dW^T (C, F) = h2^T (C, N) · df1 (N, F); db; dh2 (N, C) = df1 (N, F) · W (F, C)
      gemm_f32(C, F_, N, h2, 1, C, dr, F_, dWt_.data(), F_, false, nullptr);
      add_transposed(dWt_.data(), C, F_, gr + y.f1_w);
      torch_sum_rows<float>(dr, N, F_, F_, gr + y.f1_b);
      float* dh2 = ln_ ? dt1_.data() : dmid;
      gemm_f32(N, C, F_, dr, F_, 1, p + y.f1_w, C, dh2, C, false, nullptr);
      if (ln_)
        layernorm_backward<float>(mid, y.mean2.data(), y.rstd2.data(), p + y.ln2_w, dh2, N, C, gr + y.ln2_w, gr + y.ln2_b,
                                  dmid);
      if (resid_)
        for (std::size_t i = 0; i < NC; ++i) dmid[i] += g[i];
    } else {
      std::copy(g, g + NC, dmid);
    }
    // dmid = d sa (also d in through the residual)
    float* dcat = dt1_.data();
    if (proj_) {
      const float* dproj = dmid;
      if (dropping_) {
        dropout_apply<float>(dmid, y.keep1.data(), NC, dt2_.data());
        dproj = dt2_.data();
      }
      gemm_f32(C, C, N, y.cat.data(), 1, C, dproj, C, dWt_.data(), C, false, nullptr);
      add_transposed(dWt_.data(), C, C, gr + y.proj_w);
      torch_sum_rows<float>(dproj, N, C, C, gr + y.proj_b);
      gemm_f32(N, C, C, dproj, C, 1, p + y.proj_w, C, dcat, C, false, nullptr);
    } else {
      dcat = dmid;
    }
    // (work: the gradients of the scores, the values, the queries and the keys)
    share(B, 1, 4LL * static_cast<long long>(BTT) * C, [&](int b0, int b1, int part) {
      const std::size_t o = static_cast<std::size_t>(b0) * T * T, rows = static_cast<std::size_t>(b0) * T;
      float* work = bwork_.data() + static_cast<std::size_t>(part) * T * T;
      for (int h = 0; h < n_head_; ++h) {
        const bool d = dropping_;
        mh_head_backward<float>(y.qkv_.data() + rows * 3 * C + h * 3 * H, 3 * C, y.P.data() + h * BTT + o,
                                d ? y.keepP.data() + h * BTT + o : nullptr, d ? y.Pd.data() + h * BTT + o : nullptr,
                                dcat + rows * C + h * H, C, b1 - b0, T, H, scale, work, dqkvb_.data() + rows * 3 * C + h * 3 * H);
      }
    });
    const float* h1 = ln_ ? y.h1.data() : in;
    // heads: dW^T (C, 3C) = h1^T · dqkv
    gemm_f32(C, 3 * C, N, h1, 1, C, dqkvb_.data(), 3 * C, dWt_.data(), 3 * C, false, nullptr);
    add_transposed(dWt_.data(), C, 3 * C, gr + y.qkv);
    // dh1 (N, C) = Σ over the 3 × n_head Linears of dqkv part (N, H) · W part (H, C),
    // each from 0, added in the order PyTorch's autograd delivers them: after
    // the residual branch's gradient (residual), heads last to first, in each
    // value, query, key
    float* dh1 = ln_ ? dt2_.data() : g;
    float* part = dt1_.data();
    bool first = true;
    if (resid_ && !ln_) {
      std::copy(dmid, dmid + NC, dh1);
      first = false;
    }
    for (int h = n_head_ - 1; h >= 0; --h)
      for (int r = 2; r >= 0; --r) {
        const int o = h * 3 * H + r * H;
        gemm_f32(N, C, H, dqkvb_.data() + o, 3 * C, 1, p + y.qkv + static_cast<std::size_t>(o) * C, C,
                 first ? dh1 : part, C, false, nullptr);
        if (!first)
          for (std::size_t i = 0; i < NC; ++i) dh1[i] += part[i];
        first = false;
      }
    if (ln_) {
      // d in = ln1 backward (dh1) + dmid
      layernorm_backward<float>(in, y.mean1.data(), y.rstd1.data(), p + y.ln1_w, dh1, N, C, gr + y.ln1_w, gr + y.ln1_b, g);
      for (std::size_t i = 0; i < NC; ++i) g[i] += dmid[i];
    }
  }
  std::copy(g, g + NC, dx_.data());
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

void Model::block_step(std::int32_t id, int t, float* rows, std::int64_t ops[4], float* feat) const {
  using namespace ops;
  const int C = C_, H = C_ / n_head_, L = 3 * C_;
  const float scale = static_cast<float>(std::pow(static_cast<double>(H), -0.5));
  const float* p = params.data();
  float* x = step_.data();
  float *h = x + C, *cat = h + C, *proj = cat + C, *mid = proj + C, *f2 = mid + C, *f1 = f2 + C;
  float mean = 0.0f, rstd = 0.0f;
  embed_row(id, t, x);  // x (C,) = tok[id] + pos[t]
  std::vector<float> w(static_cast<std::size_t>(t) + 1);
  for (std::size_t l = 0; l < L_.size(); ++l) {
    const Layer& y = L_[l];
    float* cache = rows + static_cast<std::ptrdiff_t>(l) * static_cast<std::ptrdiff_t>(layer_cache_floats());
    float* row = cache + static_cast<std::ptrdiff_t>(t) * L;
    const float* h1 = x;
    if (ln_) {
      layernorm_forward<float>(x, 1, C, p + y.ln1_w, p + y.ln1_b, h, &mean, &rstd);
      h1 = h;
    }
    // row (1, 3C) = h1 (1, C) · [every head's key; query; value]^T (C, 3C)
    gemm_f32(1, L, C, h1, C, 1, y.qkvT.data(), L, row, L, false, nullptr);
    ops[0] += static_cast<std::int64_t>(L) * C;
    for (int hd = 0; hd < n_head_; ++hd) {
      // w (t+1,) = softmax(scale · q (H,) · k_j (H,)) over the cached rows j; cat[hd*H ..] (H,) = Σ_j w_j v_j
      const float* q = row + hd * 3 * H + H;
      for (int j = 0; j <= t; ++j) {
        const float* k = cache + static_cast<std::ptrdiff_t>(j) * L + hd * 3 * H;
        float d = 0.0f;
        for (int e = 0; e < H; ++e) d += q[e] * k[e];
        w[static_cast<std::size_t>(j)] = d * scale;
      }
      float m = w[0];
      for (int j = 1; j <= t; ++j) m = w[static_cast<std::size_t>(j)] > m ? w[static_cast<std::size_t>(j)] : m;
      const float inv = 1.0f / exp_shifted_sum<float>(w.data(), m, t + 1, w.data());
      float* o = cat + hd * H;
      for (int e = 0; e < H; ++e) o[e] = 0.0f;
      for (int j = 0; j <= t; ++j) {
        const float pj = w[static_cast<std::size_t>(j)] * inv;
        const float* v = cache + static_cast<std::ptrdiff_t>(j) * L + hd * 3 * H + 2 * H;
        for (int e = 0; e < H; ++e) o[e] += pj * v[e];
      }
    }
    ops[1] += static_cast<std::int64_t>(t + 1) * C;
    ops[2] += static_cast<std::int64_t>(t + 1) * C;
    const float* sa = cat;
    if (proj_) {
      // proj (1, C) = cat (1, C) · proj.weight^T (C, C) + bias
      gemm_f32(1, C, C, cat, C, 1, y.projT.data(), C, proj, C, false, p + y.proj_b);
      ops[3] += static_cast<std::int64_t>(C) * C;
      sa = proj;
    }
    for (int c = 0; c < C; ++c) mid[c] = resid_ ? x[c] + sa[c] : sa[c];
    if (ffn_) {
      const float* h2 = mid;
      if (ln_) {
        layernorm_forward<float>(mid, 1, C, p + y.ln2_w, p + y.ln2_b, h, &mean, &rstd);
        h2 = h;
      }
      // f1 (1, F) = h2 (1, C) · net.0.weight^T (C, F) + bias; relu
      gemm_f32(1, F_, C, h2, C, 1, y.f1T.data(), F_, f1, F_, false, p + y.f1_b);
      relu_forward<float>(f1, static_cast<std::size_t>(F_), f1);
      ops[3] += static_cast<std::int64_t>(C) * F_;
      const float* ff = f1;
      if (wide_) {
        // f2 (1, C) = relu (1, F) · net.2.weight^T (F, C) + bias
        gemm_f32(1, C, F_, f1, F_, 1, y.f2T.data(), C, f2, C, false, p + y.f2_b);
        ops[3] += static_cast<std::int64_t>(F_) * C;
        ff = f2;
      }
      for (int c = 0; c < C; ++c) x[c] = resid_ ? mid[c] + ff[c] : ff[c];
    } else {
      std::copy(mid, mid + C, x);
    }
  }
  if (ln_) layernorm_forward<float>(x, 1, C, p + off_lnf_w_, p + off_lnf_b_, feat, &mean, &rstd);
  else std::copy(x, x + C, feat);
}

void Model::forward_ops(int T, std::int64_t out[5]) const {
  const std::int64_t t = T, C = C_, V = V_;
  out[0] = out[1] = out[2] = out[3] = out[4] = 0;
  if (kind_ == ModelKind::Bigram) return;  // a table lookup
  if (kind_ == ModelKind::Head || is_block_model(kind_)) {
    const std::int64_t layers = kind_ == ModelKind::Head ? 1 : n_layer_;
    out[0] = layers * t * 3 * C * C;
    out[1] = layers * t * (t + 1) / 2 * C;
    out[2] = out[1];
    const std::int64_t F = F_;
    if (is_block_model(kind_)) out[3] = layers * t * ((proj_ ? C * C : 0) + (ffn_ ? C * F : 0) + (wide_ ? F * C : 0));
  }
  out[4] = t * C * V;
}

}  // namespace attn::train
