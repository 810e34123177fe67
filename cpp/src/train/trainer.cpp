// The lecture's training loop (bigram.py and its one-head sequel) as a
// resumable state machine: torch.manual_seed, the model, AdamW, then per step
// estimate_loss (at eval steps), get_batch('train'), forward, backward, step.
#include "train/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "limits.hpp"
#include "torch/generator.hpp"
#include "train/adamw.hpp"
#include "train/data.hpp"
#include "train/generate.hpp"
#include "train/model.hpp"
#include "train/ops.hpp"
#include "train/team.hpp"

namespace attn::train {

Config Config::defaults(ModelKind model) {
  Config c;
  c.model = model;
  if (is_block_model(model)) {
    c.iters = limits::Train::block_iters;
    c.eval_interval = limits::Train::block_eval_interval;
    c.lr = static_cast<float>(limits::Train::block_lr);
    if (model == ModelKind::Gpt) {
      c.n_embd = limits::Train::gpt_n_embd;
      c.n_head = limits::Train::gpt_n_head;
      c.n_layer = limits::Train::gpt_n_layer;
      c.block = limits::Train::gpt_block;
      c.dropout = limits::Train::gpt_dropout;
    }
  } else if (model == ModelKind::Head) {
    c.iters = limits::Train::head_iters;
    c.eval_interval = limits::Train::head_eval_interval;
    c.lr = static_cast<float>(limits::Train::head_lr);
  } else {
    c.iters = limits::Train::default_iters;
    c.eval_interval = limits::Train::default_eval_interval;
    c.lr = static_cast<float>(limits::Train::default_lr);
  }
  return c;
}

namespace {
void check_config(const Config& c) {
  if (c.batch < 1) throw std::invalid_argument("batch must be at least 1");
  if (c.block < 1) throw std::invalid_argument("block must be at least 1");
  if (c.n_embd < 1) throw std::invalid_argument("n_embd must be at least 1");
  if (c.iters < 0) throw std::invalid_argument("iters must not be negative");
  if (c.eval_interval < 1) throw std::invalid_argument("eval_interval must be at least 1");
  if (c.eval_iters < 1) throw std::invalid_argument("eval_iters must be at least 1");
  if (!(c.lr >= 0.0f) || !std::isfinite(c.lr)) throw std::invalid_argument("lr must be a finite number >= 0");
  if (static_cast<long long>(c.batch) * c.block > (1LL << 24)) throw std::invalid_argument("batch * block is too large");
  if (c.threads < 1 || c.threads > limits::Train::max_threads)
    throw std::invalid_argument("threads must be between 1 and " + std::to_string(limits::Train::max_threads));
}

// The bigram table is V x V (with its gradient and AdamW's two moments, 16
// bytes per entry): a text with thousands of distinct characters would need
// hundreds of megabytes.
constexpr std::size_t kMaxBigramVocab = limits::Train::max_bigram_vocab;
ModelKind checked_kind(const Config& c, const Dataset& d) {
  check_config(c);
  if (is_block_model(c.model)) {
    using L = limits::Train;
    const auto n = [](double v) {
      char b[32];
      std::snprintf(b, sizeof b, "%g", v);
      return std::string(b);
    };
    if (c.n_head < 1 || c.n_head > L::max_n_head)
      throw std::invalid_argument("n_head " + n(c.n_head) + " must be between 1 and " + n(L::max_n_head));
    if (c.n_embd % c.n_head != 0)
      throw std::invalid_argument("n_embd " + n(c.n_embd) + " must be a multiple of n_head " + n(c.n_head) +
                                  " (each head has n_embd / n_head dimensions)");
    if (c.n_layer < 1 || c.n_layer > L::max_n_layer)
      throw std::invalid_argument("n_layer " + n(c.n_layer) + " must be between 1 and " + n(L::max_n_layer));
    if (!(c.dropout >= 0.0 && c.dropout < L::max_dropout))
      throw std::invalid_argument("dropout " + n(c.dropout) + " must be in [0, " + n(L::max_dropout) + ")");
    if (c.dropout != 0.0 && c.model != ModelKind::Gpt)
      throw std::invalid_argument("dropout " + n(c.dropout) + " is for the gpt model only");
    if (c.n_embd > L::max_n_embd)
      throw std::invalid_argument("n_embd " + n(c.n_embd) + " must be at most " + n(L::max_n_embd));
  }
  if (c.model == ModelKind::Bigram && d.vocab.size() > kMaxBigramVocab)
    throw TextError("the text has " + std::to_string(d.vocab.size()) +
                    " distinct characters: the bigram model takes at most " +
                    std::to_string(kMaxBigramVocab) + " (its table is vocabulary x vocabulary)");
  return c.model;
}
}  // namespace

struct Trainer::Impl {
  Dataset data;
  Config config;
  torch::Generator gen;
  Model model;
  AdamW opt;
  int step = 0;
  float last_loss = std::numeric_limits<float>::quiet_NaN();
  std::vector<std::int64_t> ix;
  std::vector<std::int32_t> x, y;
  std::vector<LayerSpread> spreads;  // the block models' layers at the last step
  std::unique_ptr<Team> team;        // config.threads > 1: the threads a training step shares

  Impl(Dataset d, Config c)
      : data(std::move(d)),
        config(c),
        gen(c.seed),
        model(checked_kind(c, data), static_cast<int>(data.vocab.size()), c.n_embd, c.block, c.batch * c.block, c.n_head,
              c.n_layer, c.dropout),
        opt(model.params.size(), AdamW::python_double(c.lr)),
        ix(static_cast<std::size_t>(c.batch)),
        x(static_cast<std::size_t>(c.batch) * c.block),
        y(x.size()) {
    if (data.vocab.empty() || data.train.size() < static_cast<std::size_t>(c.block) + 1 ||
        data.val.size() < static_cast<std::size_t>(c.block) + 1)
      throw std::invalid_argument("both splits need at least block + 1 characters");
    // torch.manual_seed(1337) comes first in the script; the model is the
    // first thing that draws.
    gen.manual_seed(c.seed);
    model.init(gen);
    model.set_dropout_generator(&gen);
    if (c.threads > 1) team = std::make_unique<Team>(c.threads);
  }

  float batch_loss(const std::vector<std::int32_t>& split, bool train) {
    get_batch(gen, split, config.batch, config.block, ix.data(), x.data(), y.data());
    return model.forward(x.data(), y.data(), config.batch, config.block, train);
  }

  std::string generate(std::string_view context_utf8, int max_new_chars, torch::Generator& g);

  std::vector<float> losses;  // estimate_loss's (eval_iters,)

  Eval estimate_loss() {
    Eval e{step, 0.0f, 0.0f};
    for (int s = 0; s < 2; ++s) {
      // losses = torch.zeros(eval_iters) (float32), losses.mean(): on the CPU
      // PyTorch's sum, then divided by eval_iters
      losses.resize(static_cast<std::size_t>(config.eval_iters));
      for (int k = 0; k < config.eval_iters; ++k) losses[static_cast<std::size_t>(k)] = batch_loss(s == 0 ? data.train : data.val, false);
      const float mean = ops::torch_sum_contiguous<float>(losses.data(), config.eval_iters) / static_cast<float>(config.eval_iters);
      (s == 0 ? e.train_loss : e.val_loss) = mean;
    }
    return e;
  }
};

Trainer::Trainer(Dataset data, Config config) : impl_(std::make_unique<Impl>(std::move(data), config)) {}
Trainer::~Trainer() = default;
Trainer::Trainer(Trainer&&) noexcept = default;
Trainer& Trainer::operator=(Trainer&&) noexcept = default;

const Config& Trainer::config() const { return impl_->config; }
const Dataset& Trainer::data() const { return impl_->data; }
int Trainer::step() const { return impl_->step; }
bool Trainer::done() const { return impl_->step >= impl_->config.iters; }
float Trainer::last_loss() const { return impl_->last_loss; }
std::size_t Trainer::parameter_count() const { return impl_->model.params.size(); }
std::span<const float> Trainer::parameters() const { return impl_->model.params; }
std::span<const float> Trainer::gradients() const { return impl_->model.grads; }
std::span<const std::int64_t> Trainer::last_batch_offsets() const { return impl_->ix; }

std::optional<Eval> Trainer::advance() {
  Impl& s = *impl_;
  if (done()) return std::nullopt;
  const TeamScope scope(s.team.get());
  std::optional<Eval> out;
  if (s.step % s.config.eval_interval == 0) out = s.estimate_loss();
  s.last_loss = s.batch_loss(s.data.train, true);
  if (std::isfinite(s.last_loss)) {
    s.model.backward();
    if (is_block_model(s.config.model)) s.spreads = s.model.spreads();
    s.opt.step(s.model.params.data(), s.model.grads.data());
    s.model.params_changed();
  }
  ++s.step;
  return out;
}

std::string Trainer::generate(std::string_view context_utf8, int max_new_chars) {
  return impl_->generate(context_utf8, max_new_chars, impl_->gen);
}

std::string Trainer::Impl::generate(std::string_view context_utf8, int max_new_chars, torch::Generator& g) {
  Impl& s = *this;
  std::vector<std::int32_t> ids = context_utf8.empty() ? std::vector<std::int32_t>{0} : s.data.encode(context_utf8);
  const int V = s.model.vocab();
  const int block = s.config.block;
  std::vector<float> probs(static_cast<std::size_t>(V));
  std::vector<std::int32_t> out;
  out.reserve(static_cast<std::size_t>(std::max(0, max_new_chars)));
  for (int k = 0; k < max_new_chars; ++k) {
    // idx_cond = idx[:, -block_size:] (the bigram model reads only the last token)
    const int T = std::min<int>(static_cast<int>(ids.size()), block);
    const std::int32_t* ctx = ids.data() + (ids.size() - static_cast<std::size_t>(T));
    s.model.forward(ctx, nullptr, 1, T, false);
    const float* l = s.model.logits() + static_cast<std::ptrdiff_t>(T - 1) * V;
    const int best = multinomial_draw(l, V, g, probs);
    ids.push_back(best);
    out.push_back(best);
  }
  return s.data.decode(out);
}

Model& Trainer::inference_model() const { return impl_->model; }

// probs = F.softmax(logits[:, -1, :]); torch.multinomial(probs, 1) on CPU:
// argmax(probs / q) with q ~ Exp(1) drawn per category as -log(1 - u), u a
// double uniform from random64 (53 bits).
std::int32_t multinomial_draw(const float* l, int V, torch::Generator& g, std::vector<float>& probs) {
  probs.resize(static_cast<std::size_t>(V));
  float m = l[0];
  for (int v = 1; v < V; ++v) m = std::max(m, l[v]);
  float sum = 0.0f;
  for (int v = 0; v < V; ++v) {
    probs[static_cast<std::size_t>(v)] = std::exp(l[v] - m);
    sum += probs[static_cast<std::size_t>(v)];
  }
  int best = 0;
  float best_val = -1.0f;
  for (int v = 0; v < V; ++v) {
    const float p = probs[static_cast<std::size_t>(v)] / sum;
    const double u = static_cast<double>(g.random64() & ((1ULL << 53) - 1)) * 0x1p-53;
    const float q = static_cast<float>(-1.0 * std::log(1.0 - u));
    const float r = p / q;
    if (r > best_val) {
      best_val = r;
      best = v;
    }
  }
  return best;
}

std::string Trainer::sample(std::string_view context_utf8, int max_new_chars, std::uint64_t seed) {
  Impl& s = *impl_;
  const torch::Generator saved = s.gen;
  s.gen.manual_seed(seed);
  std::string out;
  try {
    out = generate(context_utf8, max_new_chars);
  } catch (...) {
    s.gen = saved;
    throw;
  }
  s.gen = saved;
  return out;
}

std::vector<float> Trainer::attention(std::string_view snippet_utf8) const {
  Impl& s = *impl_;
  if (s.config.model != ModelKind::Head) throw std::logic_error("only the head model has attention weights");
  std::vector<std::int32_t> ids = s.data.encode(snippet_utf8);
  if (ids.empty()) throw std::invalid_argument("the snippet is empty");
  const int T = std::min<int>(static_cast<int>(ids.size()), s.config.block);
  const std::int32_t* ctx = ids.data() + (ids.size() - static_cast<std::size_t>(T));
  s.model.forward(ctx, nullptr, 1, T, false);
  return std::vector<float>(s.model.attention(), s.model.attention() + static_cast<std::ptrdiff_t>(T) * T);
}

AttentionMaps Trainer::attention_maps(std::string_view snippet_utf8) const {
  Impl& s = *impl_;
  const ModelKind k = s.config.model;
  if (k != ModelKind::Head && !is_block_model(k)) throw std::logic_error("the bigram and position models have no attention");
  std::vector<std::int32_t> ids = s.data.encode(snippet_utf8);
  if (ids.empty()) throw std::invalid_argument("the snippet is empty");
  const int T = std::min<int>(static_cast<int>(ids.size()), s.config.block);
  const std::int32_t* ctx = ids.data() + (ids.size() - static_cast<std::size_t>(T));
  s.model.forward(ctx, nullptr, 1, T, false);
  AttentionMaps m;
  m.T = T;
  m.layers = k == ModelKind::Head ? 1 : s.model.layers();
  m.heads = k == ModelKind::Head ? 1 : s.model.heads();
  const std::size_t TT = static_cast<std::size_t>(T) * T;
  m.weights.resize(static_cast<std::size_t>(m.layers) * m.heads * TT);
  for (int l = 0; l < m.layers; ++l)
    for (int h = 0; h < m.heads; ++h) {
      const float* src = k == ModelKind::Head ? s.model.attention() : s.model.layer_attention(l, h);
      std::copy(src, src + TT, m.weights.begin() + static_cast<std::ptrdiff_t>((static_cast<std::size_t>(l) * m.heads + h) * TT));
    }
  return m;
}

const std::vector<LayerSpread>& Trainer::layer_spreads() const { return impl_->spreads; }

}  // namespace attn::train
