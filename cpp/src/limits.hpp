// Every limit and default the project checks or prints, written once.
//
// The engine and attn-cli use these directly; each WASM binding checks its
// arguments against them and exports its areas as `limits()`; the JS side
// reads web/engine/shared/limits.js, which scripts/gen-limits.mjs generates from this
// file (scripts/gen-limits.test.ts fails when it is stale, and the engines'
// tests compare every module's limits() with it).
//
// The generator reads this file: one `struct Name {` per area, each member on
// its own line as `static constexpr <type> name = <value>;` where <value> is a
// number or a product / left shift of numbers. Names become camelCase in JS
// (Heatmap::max_dk -> LIMITS.heatmap.maxDk).
#pragma once

#include <cstdint>

namespace attn::limits {

// One attention call (the core module's attention functions; web/engine/shared/checks.js):
// q (T, dK), k (S, dK), v (S, dV).
struct Attention {
  static constexpr int max_dim = 4096;                 // T, S, dK, dV each in [1, max_dim]
  static constexpr std::int64_t max_values = 1 << 22;  // values in any one matrix
};

// A seed given as text (the core and evaluator loaders, the py bindings;
// attn-cli's --seed, which takes the spellings of web/shared/parse.ts's parseSeed).
struct Seed {
  static constexpr int max_text_chars = 64;
  static constexpr int max_digits = 25;  // attn-cli --seed: digits, leading zeros included
  static constexpr int torch_bits = 63;  // attn-cli torch: torch.manual_seed(S), S < 2^torch_bits
};

// The core module's draws (standardNormal in web/engine/core/engine.js).
struct Rng {
  static constexpr int max_normals = 1 << 20;  // standardNormal(seed, count): count in [0, max_normals]
};

// <attn-heatmap> and the core's heatmap (cpp/lessons/heatmap.hpp).
struct Heatmap {
  static constexpr int min_tokens = 2;
  static constexpr int max_tokens = 32;
  static constexpr int max_dk = 1024;  // dk-max in [1, max_dk]
  static constexpr int default_tokens = 6;
  static constexpr int default_dk = 16;
  static constexpr int default_dk_max = 512;
};

// Lesson 1's exercise script (cpp/lessons/lesson1.hpp, attn-cli lesson1).
struct Lesson1 {
  static constexpr int max_t = 10;     // T in [1, max_t]
  static constexpr int max_dim = 512;  // d_model, d_k, d_v in [1, max_dim]
  static constexpr int default_t = 4;
  static constexpr int default_d_model = 8;
  static constexpr int default_dk = 16;
  static constexpr int default_dv = 16;
};

// The evaluator (cpp/src/pyeval/pyeval.hpp Limits) and the exercise it runs.
struct Evaluator {
  static constexpr int max_line_chars = 2000;  // one TODO line (<attn-exercise>, attn-cli exercise)
  static constexpr int max_line_tokens = 512;
  static constexpr int max_depth = 48;  // nested parentheses / operators
  static constexpr int max_array_elements = 1000000;
  // An array of at least this many bytes is Python's MemoryError (NumPy's
  // "Unable to allocate ..."): more than a learner's machine holds. Between
  // max_array_elements and this, what Python does depends on the machine.
  static constexpr std::int64_t memory_error_bytes = 68719476736;  // 64 GiB
  static constexpr int max_ndim = 16;
  static constexpr std::int64_t max_work = 50000000;  // element operations per run
  static constexpr int max_sequence_items = 64;  // a tuple or list built by + or *
  static constexpr int max_list_items = 4096;    // list(iterable)
};

// attn-cli through the CLI module's runCli (cpp/bindings/cli.cpp) and its commands.
struct Cli {
  static constexpr int max_args = 64;
  static constexpr int max_arg_chars = 4096;
  static constexpr int max_normal_count = 10000000;  // attn-cli normal --count
  static constexpr int torch_max_values = 1 << 24;   // attn-cli torch: values per call
  static constexpr int torch_max_dims = 8;           // attn-cli torch randn --shape
};

// The torch module (cpp/bindings/torch.cpp, web/engine/torch/torch.js) and <attn-tril>.
struct Torch {
  static constexpr int max_temperature = 64;  // softmaxTemperature(m): m in [0, max_temperature]
  static constexpr int element_min_temperature = 1;   // <attn-tril temperature>
  static constexpr int element_max_temperature = 16;
};

// Lesson 1's bonus (cpp/src/torch/bonus.hpp): attn-cli torch bonus, the torch
// module's bonus() and <attn-heads>. Shape (B, H, T, D), each at least 1.
struct Bonus {
  static constexpr int default_seed = 0;
  static constexpr int default_batch = 2;
  static constexpr int default_heads = 4;
  static constexpr int default_tokens = 5;
  static constexpr int default_dk = 16;
  static constexpr int max_values = 1 << 20;   // B * H * T * D: the values in each of q, k and v
  static constexpr int max_weights = 1 << 24;  // B * H * T * T: the attention weights
  static constexpr int tile = 2;               // keys per tile in the fused pass
  static constexpr int element_max_batch = 4;  // <attn-heads batch>
  static constexpr int element_max_heads = 8;  // <attn-heads heads>
  static constexpr int element_max_tokens = 16;  // <attn-heads tokens>
  static constexpr int element_max_dk = 64;      // <attn-heads dk>
  static constexpr int element_max_values = 1 << 12;  // <attn-heads>: batch * heads * tokens * dk
};

// The training engine's run settings (cpp/bindings/train.cpp, web/engine/train/train.js).
struct Train {
  static constexpr int max_iters = 1000000;
  static constexpr int max_eval_interval = 1000000;
  static constexpr int max_eval_iters = 10000;
  static constexpr int max_batch = 512;
  static constexpr int max_block = 64;
  static constexpr int max_n_embd = 256;  // the embedding width (= the head's size)
  static constexpr int max_advance = 1000000;  // steps per advance()
  static constexpr int max_generate = 100000;  // characters per generate() / sample()
  static constexpr int max_bigram_vocab = 2048;  // the bigram table is vocabulary x vocabulary
  static constexpr int default_seed = 1337;
  static constexpr int default_iters = 3000;  // bigram and position (the lecture's)
  static constexpr int default_eval_interval = 300;
  static constexpr double default_lr = 1e-2;
  static constexpr int head_iters = 5000;  // head
  static constexpr int head_eval_interval = 500;
  static constexpr double head_lr = 1e-3;
  static constexpr int default_eval_iters = 200;
  static constexpr int default_batch = 32;
  static constexpr int default_block = 8;
  static constexpr int default_n_embd = 32;
  static constexpr int default_sample_chars = 500;
  // Threads that share a training step (train/team.hpp); the results do not depend on it.
  static constexpr int default_threads = 1;
  static constexpr int max_threads = 8;
  // The block models (multihead, ffwd, blocks, residual, layernorm, gpt):
  // the lecture's part 3. n_embd must be a multiple of n_head.
  static constexpr int max_n_head = 16;
  static constexpr int max_n_layer = 8;
  static constexpr int default_n_head = 4;
  static constexpr int default_n_layer = 3;
  static constexpr int block_iters = 5000;
  static constexpr int block_eval_interval = 500;
  static constexpr double block_lr = 1e-3;
  static constexpr double max_dropout = 1;  // dropout in [0, max_dropout)
  // gpt: the browser-sized scale-up (with dropout)
  static constexpr int gpt_n_embd = 32;
  static constexpr int gpt_n_head = 4;
  static constexpr int gpt_n_layer = 4;
  static constexpr int gpt_block = 16;
  static constexpr double gpt_dropout = 0.1;
  // Sampling in generation (the decoder): logits / temperature, then the top_k largest only.
  static constexpr double min_temperature = 0.05;  // temperature in [min_temperature, max_temperature]
  static constexpr double max_temperature = 5;
  static constexpr int max_top_k = 65536;  // top_k in [0, max_top_k]; 0 keeps every character
};

// <attn-train>'s attributes and text (tighter than the engine's).
struct TrainElement {
  static constexpr int max_iters = 100000;
  static constexpr int max_eval_interval = 100000;
  static constexpr int max_eval_iters = 1000;
  static constexpr int max_sample_chars = 2000;
  static constexpr int max_generate_steps = 2000;  // the generation panel's steps per context
  static constexpr int max_generate_context = 2000;  // characters of the context the learner types
  static constexpr int max_text_bytes = 5 * 1024 * 1024;
};

// attn-cli train's ranges (native only; wider than the module's).
struct TrainCli {
  static constexpr int max_iters = 100000000;
  static constexpr int max_eval_interval = 100000000;
  static constexpr int max_eval_iters = 1000000;
  static constexpr int max_batch = 65536;
  static constexpr int max_block = 1024;
  static constexpr int max_batch_times_block = 1 << 20;
  static constexpr int max_sample_chars = 10000000;
  static constexpr int max_greedy = 10000000;  // --greedy K
};

}  // namespace attn::limits
