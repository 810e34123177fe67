// attn-cli train --model bigram|position|head [--seed 1337] [--iters N]
//   [--eval-interval K] [--eval-iters 200] [--lr X] [--batch 32] [--block 8]
//   [--data FILE] [--sample-chars 500]
// Prints what the lecture's script prints: "step {i}: train loss {:.4f}, val
// loss {:.4f}" for every i in 0..N-1 with i % K == 0, then decode() of the
// generated sequence (the context token followed by the sample) and a newline.
#include "train/cli_train.hpp"

#include "cli_options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <stdexcept>

#include "train/pytorch_script.hpp"
#include "train/trainer.hpp"

#ifndef ATTN_DEFAULT_DATA
#define ATTN_DEFAULT_DATA "public/data/tinyshakespeare.txt"
#endif

namespace attn::train {

namespace {

// 1e-2, 1e-3: a learning rate as the usage writes it.
std::string lr_text(double lr) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0e", lr);
  std::string s = buf;  // "1e-02"
  const auto e = s.find("e-0");
  return e == std::string::npos ? s : s.erase(e + 2, 1);
}

}  // namespace

std::string train_usage() {
  using L = limits::Train;
  const auto n = [](long long v) { return std::to_string(v); };
  return "  train --model bigram|position|head [--seed " + n(L::default_seed) + "] [--iters N] [--eval-interval K]\n"
         "        [--eval-iters " + n(L::default_eval_iters) + "] [--lr X] [--batch " + n(L::default_batch) +
         "] [--block " + n(L::default_block) + "] [--data FILE] [--sample-chars " + n(L::default_sample_chars) + "]\n"
         "      train the lecture's character model (defaults: bigram and position " + n(L::default_iters) + " iters,\n"
         "      eval every " + n(L::default_eval_interval) + ", lr " + lr_text(L::default_lr) + "; head " + n(L::head_iters) +
         ", " + n(L::head_eval_interval) + ", " + lr_text(L::head_lr) + ") on FILE (UTF-8; default: the\n"
         "      project's public/data/tinyshakespeare.txt), print its evaluation log, then a sample\n"
         "      --emit-pytorch [--lang en|zh-CN]: print instead the PyTorch script that trains the same\n"
         "      run and prints the same log; it opens FILE as given (default input.txt)\n";
}

namespace {

using Bad = CliError;

long long int_opt(const std::map<std::string, std::string>& o, const char* name, long long lo, long long hi,
                  long long fallback) {
  const auto it = o.find(name);
  if (it == o.end()) return fallback;
  const std::string& t = it->second;
  bool ok = !t.empty() && t.size() <= 12;
  long long v = 0;
  for (char c : t) {
    if (c < '0' || c > '9') { ok = false; break; }
    v = v * 10 + (c - '0');
  }
  if (!ok || v < lo || v > hi)
    throw Bad{std::string("--") + name + " must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
              "], got " + quoted(t)};
  return v;
}

// --emit-pytorch and --lang, taken out before the other options are parsed.
struct ScriptRequest {
  bool emit = false;
  ScriptLang lang = ScriptLang::En;
  std::vector<std::string> rest;
};

ScriptRequest take_script_options(const std::vector<std::string>& args) {
  ScriptRequest s;
  std::optional<std::string> lang;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--emit-pytorch") s.emit = true;
    else if (a.rfind("--lang=", 0) == 0) lang = a.substr(7);
    else if (a == "--lang") {
      if (i + 1 == args.size()) throw Bad{"option --lang needs a value"};
      lang = args[++i];
    } else s.rest.push_back(a);
  }
  if (lang) {
    if (!s.emit) throw Bad{"--lang goes with --emit-pytorch"};
    if (*lang == "en") s.lang = ScriptLang::En;
    else if (*lang == "zh-CN") s.lang = ScriptLang::ZhCN;
    else throw Bad{"--lang must be en or zh-CN, got " + quoted(*lang)};
  }
  return s;
}

std::string format_eval(const Eval& e) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "step %d: train loss %.4f, val loss %.4f\n", e.step,
                static_cast<double>(e.train_loss), static_cast<double>(e.val_loss));
  return buf;
}

}  // namespace

CliResult run_train_cli(const std::vector<std::string>& all_args, const ReadFile& read) {
  CliResult r;
  try {
    const ScriptRequest script = take_script_options(all_args);
    const std::vector<std::string>& args = script.rest;
    const auto o = parse_options(args, {"model", "seed", "iters", "eval-interval", "eval-iters", "lr",
                                        "batch", "block", "data", "sample-chars"});
    const auto m = o.find("model");
    if (m == o.end()) throw Bad{"missing --model (bigram, position or head)"};
    ModelKind kind;
    if (m->second == "bigram") kind = ModelKind::Bigram;
    else if (m->second == "position") kind = ModelKind::Position;
    else if (m->second == "head") kind = ModelKind::Head;
    else throw Bad{"--model must be bigram, position or head, got " + quoted(m->second)};
    Config c = Config::defaults(kind);
    if (const auto it = o.find("seed"); it != o.end()) {
      const std::string& t = it->second;
      char* end = nullptr;
      errno = 0;
      const unsigned long long s = std::strtoull(t.c_str(), &end, 10);
      if (t.empty() || t.size() > 20 || t[0] < '0' || t[0] > '9' || *end != '\0' || errno == ERANGE)
        throw Bad{"--seed must be an integer in [0, 18446744073709551615], got " + quoted(t)};
      c.seed = s;
    }
    using L = limits::TrainCli;
    c.iters = static_cast<int>(int_opt(o, "iters", 0, L::max_iters, c.iters));
    c.eval_interval = static_cast<int>(int_opt(o, "eval-interval", 1, L::max_eval_interval, c.eval_interval));
    c.eval_iters = static_cast<int>(int_opt(o, "eval-iters", 1, L::max_eval_iters, c.eval_iters));
    c.batch = static_cast<int>(int_opt(o, "batch", 1, L::max_batch, c.batch));
    c.block = static_cast<int>(int_opt(o, "block", 1, L::max_block, c.block));
    if (static_cast<long long>(c.batch) * c.block > L::max_batch_times_block)
      throw Bad{"--batch times --block must be at most " + std::to_string(L::max_batch_times_block)};
    const int sample =
        static_cast<int>(int_opt(o, "sample-chars", 0, L::max_sample_chars, limits::Train::default_sample_chars));
    if (const auto it = o.find("lr"); it != o.end()) {
      const std::string& t = it->second;
      char* end = nullptr;
      const double v = t.empty() ? NAN : std::strtod(t.c_str(), &end);
      if (t.empty() || *end != '\0' || !std::isfinite(v) || !(v > 0) || !std::isfinite(static_cast<float>(v)))
        throw Bad{"--lr must be a positive number, got " + quoted(t)};
      c.lr = static_cast<float>(v);
    }
    if (script.emit) {
      r.out = pytorch_script(c, sample, o.count("data") ? o.at("data") : "input.txt", script.lang);
      return r;
    }
    // Without --data: the project's copy, where the build found it, else
    // relative to the working directory (npm scripts run at the root).
    std::string path = o.count("data") ? o.at("data") : ATTN_DEFAULT_DATA;
    std::optional<std::string> text = read(path);
    if (!text && !o.count("data")) text = read(path = "public/data/tinyshakespeare.txt");
    if (!text) throw Bad{"cannot read " + path};
    Dataset data;
    try {
      data = Dataset::from_text(*text, c.block);
    } catch (const std::invalid_argument& e) {
      throw Bad{path + ": " + e.what()};
    }
    Trainer t(std::move(data), c);
    while (!t.done()) {
      if (const auto e = t.advance()) r.out += format_eval(*e);
    }
    if (sample > 0) {
      r.out += t.data().decode({0});
      r.out += t.generate("", sample);
      r.out += '\n';
    }
  } catch (const Bad& b) {
    r.code = 2;
    r.out.clear();
    r.err = "attn-cli train: " + b.message + "\nusage: attn-cli train [options]\n" + train_usage();
  }
  return r;
}

}  // namespace attn::train
