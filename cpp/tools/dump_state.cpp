// attn_dump_state: the engine's training state step by step, in the layout
// scripts/dump_block_state.py writes for PyTorch, to compare bit for bit.
// Native only (not in the WASM builds).
//
//   attn_dump_state MODEL STEPS OUT.bin [--acts] [--lr X] [--eval-iters N] [--n-layer L] [--n-head H] [--n-embd C] [--block T] [--batch B] [--dropout P]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "train/model.hpp"
#include "train/trainer.hpp"

namespace attn::train {
struct ModelProbe {
  // Every layer's activations (N rows) in the order PyTorch's forward hooks
  // see them: [ln1] (N, C), sa (proj or cat) (N, C), [ln2] (N, C), net.0
  // before the ReLU (N, F), ffwd (N, C), block output (N, C).
  static void write(const Model& m, int N, std::FILE* f) {
    const std::size_t NC = static_cast<std::size_t>(N) * m.C_, NF = static_cast<std::size_t>(N) * m.F_;
    auto put = [&](const std::vector<float>& v, std::size_t n) { std::fwrite(v.data(), 4, n, f); };
    for (const auto& y : m.L_) {
      if (m.ln_) put(y.h1, NC);
      put(m.proj_ ? y.proj : y.cat, NC);
      if (m.ln_) put(y.h2, NC);
      put(y.f1, NF);
      put(m.wide_ ? y.f2 : y.r, NC);
      put(y.xout, NC);
    }
  }
};
}  // namespace attn::train

int main(int argc, char** argv) {
  using namespace attn::train;
  if (argc < 4) {
    std::fprintf(stderr, "usage: attn_dump_state MODEL STEPS OUT.bin [--acts] [--lr X] [--eval-iters N] [--n-layer L] [--n-head H] [--n-embd C] [--block T] [--batch B] [--dropout P]\n");
    return 2;
  }
  const std::string name = argv[1];
  const char* names[] = {"bigram", "position", "head", "multihead", "ffwd", "blocks", "residual", "layernorm", "gpt"};
  int kind = -1;
  for (int i = 0; i < 9; ++i)
    if (name == names[i]) kind = i;
  if (kind < 0) return 2;
  Config c = Config::defaults(static_cast<ModelKind>(kind));
  bool acts = false;
  for (int i = 4; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--acts")) acts = true;
    else if (!std::strcmp(argv[i], "--lr")) c.lr = std::strtof(argv[++i], nullptr);
    else if (!std::strcmp(argv[i], "--eval-iters")) c.eval_iters = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--n-layer")) c.n_layer = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--n-head")) c.n_head = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--n-embd")) c.n_embd = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--block")) c.block = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--batch")) c.batch = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--dropout")) c.dropout = std::strtod(argv[++i], nullptr);
  }
  std::ifstream in("public/data/tinyshakespeare.txt", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  Trainer t(Dataset::from_text(ss.str(), c.block), c);
  std::FILE* f = std::fopen(argv[3], "wb");
  const int steps = std::atoi(argv[2]);
  for (int s = 0; s < steps; ++s) {
    t.advance();
    if (acts) ModelProbe::write(t.inference_model(), c.batch * c.block, f);
    const float loss = t.last_loss();
    std::fwrite(&loss, 4, 1, f);
    std::fwrite(t.gradients().data(), 4, t.gradients().size(), f);
    std::fwrite(t.parameters().data(), 4, t.parameters().size(), f);
  }
  std::fclose(f);
  return 0;
}
