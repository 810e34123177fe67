// attn-cli train --model bigram|position|head|multihead|ffwd|blocks|residual|layernorm|gpt [--seed 1337]
//   [SETTINGS] [--threads 1] [--data FILE] [--sample-chars 500] [--generate TEXT --greedy K [--kv-cache 1|0]]
//   [--sampled K [--temperature T] [--top-k N]] [--attention TEXT]
// SETTINGS: an option for each row of train/settings.hpp's table (--iters N,
// --lr X, --n-embd C, ...), each for the models that read it (another model
// refuses it).
// Prints what the lecture's script prints: "step {i}: train loss {:.4f}, val
// loss {:.4f}" for every i in 0..N-1 with i % K == 0, then decode() of the
// generated sequence (the context token followed by the sample) and a newline.
// With --greedy K, then one line `greedy: "<K characters, a JSON string>"`:
// the lecture's generate from TEXT (empty: token 0) with argmax in place of
// multinomial; --kv-cache 1 runs it with the key/value cache (the same text).
// With --sampled K, then one line `sampled: "<K characters>"`: the same loop
// drawing with torch.multinomial from a generator of its own seeded with
// --seed, on softmax(logits / T) over the N largest (N 0: all), as the
// generation panel samples.
// With --attention TEXT, last one line `attention: <JSON>`: the trained
// model's softmax weights on TEXT's last block characters (eval mode), as
// [layer][head][query][key] (the head model: one layer, one head).
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "commands.hpp"
#include "limits.hpp"
#include "options.hpp"
#include "train/pytorch_script.hpp"
#include "train/settings.hpp"
#include "train/generate.hpp"
#include "train/trainer.hpp"

#ifndef ATTN_DEFAULT_DATA
#define ATTN_DEFAULT_DATA "public/data/tinyshakespeare.txt"
#endif

namespace attn::cli {

using train::Config;
using train::Dataset;
using train::Eval;
using train::ModelKind;
using train::ScriptLang;
using train::Trainer;
using train::CacheMode;
using train::Decoder;
using train::Sampling;
using train::greedy_generate;
using train::pytorch_script;
using train::Setting;
using train::SettingKind;
using train::kSettings;
using train::kebab;
using train::reads;
using train::set_setting;
using train::setting_value;

namespace {

// 1e-2, 1e-3: a learning rate as the usage writes it.
std::string lr_text(double lr) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0e", lr);
  std::string s = buf;  // "1e-02"
  const auto e = s.find("e-0");
  return e == std::string::npos ? s : s.erase(e + 2, 1);
}

// 0.05, 5: a bound as the usage writes it (%g).
std::string decimal_text(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

// "multihead, ffwd, blocks, residual, layernorm or gpt": the models of a set.
std::string models_text(train::ModelSet models) {
  std::vector<std::string> names;
  for (int m = 0; m <= static_cast<int>(ModelKind::Gpt); ++m)
    if ((models >> m) & 1u) names.emplace_back(train::kModelNames[m]);
  return listed(names);
}

// An option for each row of train/settings.hpp's table (its kebab-case name,
// attn-cli train's range), in the table's order.
std::vector<Option> setting_options() {
  std::vector<Option> out;
  const Config bigram = Config::defaults(ModelKind::Bigram);
  for (const Setting& s : kSettings) {
    Option o{.name = kebab(s), .shown = s.cli_shown ? s.cli_shown : decimal_text(setting_value(s, bigram))};
    switch (s.kind) {
      case SettingKind::Int:
        o.kind = Kind::Int;
        o.lo = static_cast<long long>(s.min);
        o.hi = static_cast<long long>(s.cli_max);
        break;
      case SettingKind::Float:
        o.kind = Kind::Decimal;
        o.min = s.min;
        o.max = s.cli_max;
        o.min_excluded = true;
        o.must = "a positive number";
        break;
      case SettingKind::Double:
        o.kind = Kind::Decimal;
        o.min = s.min;
        o.max = std::nextafter(s.cli_max, s.min);
        o.must = "a number in [" + decimal_text(s.min) + ", " + decimal_text(s.cli_max) + ")";
        break;
    }
    out.push_back(std::move(o));
  }
  return out;
}

const Command& train_command() {
  static const Command c = [] {
    using L = limits::Train;
    using C = limits::TrainCli;
    const auto count = [](const char* name, std::string shown, long long lo, long long hi) {
      return Option{.name = name, .kind = Kind::Int, .shown = std::move(shown), .lo = lo, .hi = hi};
    };
    const auto n = [](long long v) { return std::to_string(v); };
    std::vector<Option> options = {
        {.name = "model", .kind = Kind::Choice, .required = true, .choices = {std::begin(train::kModelNames), std::end(train::kModelNames)}},
        {.name = "seed", .kind = Kind::Seed, .shown = n(L::default_seed)}};
    for (Option& o : setting_options()) options.push_back(std::move(o));
    for (Option o : std::initializer_list<Option>{
             count("threads", n(L::default_threads), 1, L::max_threads),
             count("sample-chars", n(L::default_sample_chars), 0, C::max_sample_chars),
             count("greedy", "K", 0, C::max_greedy),
             count("kv-cache", "1|0", 0, 1),
             count("sampled", "K", 0, C::max_greedy),
             {.name = "temperature", .kind = Kind::Decimal, .shown = "T", .min = L::min_temperature,
              .max = L::max_temperature, .must = "a number in [" + decimal_text(L::min_temperature) + ", " +
                                                 decimal_text(L::max_temperature) + "]"},
             count("top-k", "N", 0, L::max_top_k),
             {.name = "data", .kind = Kind::Text, .shown = "FILE"},
             {.name = "generate", .kind = Kind::Text, .shown = "TEXT"},
             {.name = "attention", .kind = Kind::Text, .shown = "TEXT"},
             {.name = "emit-pytorch", .kind = Kind::Flag},
             {.name = "lang", .kind = Kind::Choice, .choices = {"en", "zh-CN"}}})
      options.push_back(std::move(o));
    return Command{.name = "train", .options = std::move(options), .dashed = true};
  }();
  return c;
}

// The usage's first lines: --model, --seed, the settings every model reads,
// --data and --sample-chars, then, from a line of their own, the settings only
// some models read and --threads; a line breaks before an option that would
// pass column 130.
std::string synopsis() {
  constexpr std::size_t kWidth = 130;
  std::vector<std::string> every, some;
  for (const Setting& s : kSettings) (s.models == train::kAllModels ? every : some).push_back("[{" + kebab(s) + "}]");
  every.insert(every.end(), {"[{data}]", "[{sample-chars}]"});
  some.push_back("[{threads}]");
  std::string out = "  train {model} [{seed}]";
  std::size_t column = usage(train_command(), out).size();
  for (const std::vector<std::string>* group : {&every, &some}) {
    bool fresh = group == &some;
    if (fresh) {
      out += "\n        ";
      column = 8;
    }
    for (const std::string& p : *group) {
      const std::size_t w = usage(train_command(), p).size();
      if (!fresh && column + 1 + w > kWidth) {
        out += "\n        ";
        column = 8;
        fresh = true;
      }
      if (!fresh) {
        out += ' ';
        ++column;
      }
      out += p;
      column += w;
      fresh = false;
    }
  }
  return out + "\n";
}

}  // namespace

std::string train_usage() {
  using L = limits::Train;
  const auto n = [](long long v) { return std::to_string(v); };
  return usage(train_command(),
               synopsis() +
               "        [{generate} {greedy} [{kv-cache}]] [{sampled} [{temperature}] [{top-k}]] [{attention}]\n"
               "      train the lecture's character model (defaults: bigram and position " + n(L::default_iters) + " iters,\n"
               "      eval every " + n(L::default_eval_interval) + ", lr " + lr_text(L::default_lr) + "; head " +
                   n(L::head_iters) + ", " + n(L::head_eval_interval) + ", " + lr_text(L::head_lr) +
                   ") on FILE (UTF-8; default: the\n"
               "      project's public/data/tinyshakespeare.txt), print its evaluation log, then a sample;\n"
               "      with --greedy, then `greedy: \"...\"`: K characters after TEXT, argmax at each step;\n"
               "      with --sampled, then `sampled: \"...\"`: K characters drawn (seeded by --seed) from\n"
               "      softmax(logits / T) over the N likeliest;\n"
               "      with --attention, then `attention: [[[[...]]]]`: [layer][head][query][key] on TEXT\n"
               "      {emit-pytorch} [{lang}]: print instead the PyTorch script that trains the same\n"
               "      run and prints the same log; it opens FILE as given (default input.txt);\n"
               "      {threads}: threads that share each step (the same log for any number)\n");
}

namespace {

std::string format_eval(const Eval& e) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "step %d: train loss %.4f, val loss %.4f\n", e.step,
                static_cast<double>(e.train_loss), static_cast<double>(e.val_loss));
  return buf;
}

// [layer][head][query][key], each weight with 9 significant digits (a float32 read back exactly).
std::string maps_json(const train::AttentionMaps& m) {
  std::string out;
  char buf[32];
  const float* w = m.weights.data();
  out += '[';
  for (int l = 0; l < m.layers; ++l) {
    out += l ? ",[" : "[";
    for (int h = 0; h < m.heads; ++h) {
      out += h ? ",[" : "[";
      for (int i = 0; i < m.T; ++i) {
        out += i ? ",[" : "[";
        for (int j = 0; j < m.T; ++j) {
          std::snprintf(buf, sizeof buf, j ? ",%.9g" : "%.9g", static_cast<double>(*w++));
          out += buf;
        }
        out += ']';
      }
      out += ']';
    }
    out += ']';
  }
  out += ']';
  return out;
}

// A JSON string (as Python's json.dumps(s, ensure_ascii=False) writes it).
std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

}  // namespace

namespace {

CliResult run(const std::vector<std::string>& args, const ReadFile& read) {
  const Parsed o = parse(train_command(), args);
  const bool emit = o.flag("emit-pytorch");
  if (o.has("lang") && !emit) throw CliError{"--lang goes with --emit-pytorch"};
  const ScriptLang lang = o.choice("lang", 0) == 0 ? ScriptLang::En : ScriptLang::ZhCN;
  Config c = Config::defaults(static_cast<ModelKind>(o.choice("model", 0)));  // the choices are ModelKind's order
  c.seed = o.seed("seed", c.seed);
  for (const Setting& s : kSettings) {
    const std::string name = kebab(s);
    if (!o.has(name)) continue;
    if (!reads(s, c.model)) throw CliError{"--" + name + " goes with --model " + models_text(s.models)};
    set_setting(s, c, s.kind == SettingKind::Int ? static_cast<double>(o.integer(name, 0)) : o.decimal(name, 0));
  }
  const bool blocky = train::is_block_model(c.model);
  c.threads = static_cast<int>(o.integer("threads", c.threads));
  if (blocky && c.n_embd % c.n_head != 0)
    throw CliError{"--n-embd " + std::to_string(c.n_embd) + " must be a multiple of --n-head " + std::to_string(c.n_head)};
  if (blocky && c.block > limits::Train::max_block)
    throw CliError{"--block " + std::to_string(c.block) + ": the block models take at most " +
                   std::to_string(limits::Train::max_block)};
  if (static_cast<long long>(c.batch) * c.block > limits::TrainCli::max_batch_times_block)
    throw CliError{"--batch times --block must be at most " + std::to_string(limits::TrainCli::max_batch_times_block)};
  const int sample = static_cast<int>(o.integer("sample-chars", limits::Train::default_sample_chars));
  const bool greedy = o.has("greedy");
  const bool sampled = o.has("sampled");
  if (!greedy && (o.has("kv-cache") || (o.has("generate") && !sampled)))
    throw CliError{"--generate and --kv-cache go with --greedy K (--generate also with --sampled K)"};
  if (!sampled && (o.has("temperature") || o.has("top-k"))) throw CliError{"--temperature and --top-k go with --sampled K"};
  const int sampled_k = static_cast<int>(o.integer("sampled", 0));
  const Sampling sampling{static_cast<float>(o.decimal("temperature", 1.0)), static_cast<int>(o.integer("top-k", 0))};
  const int greedy_k = static_cast<int>(o.integer("greedy", 0));
  const bool kv_cache = o.integer("kv-cache", 0) == 1;
  const std::string context = o.text("generate");
  CliResult r;
  if (emit) {
    r.out = pytorch_script(c, sample, o.text("data", "input.txt"), lang);
    return r;
  }
  // Without --data: the project's copy, where the build found it, else
  // relative to the working directory (npm scripts run at the root).
  std::string path = o.text("data", ATTN_DEFAULT_DATA);
  std::optional<std::string> text = read(path);
  if (!text && !o.has("data")) text = read(path = "public/data/tinyshakespeare.txt");
  if (!text) throw CliError{"cannot read " + path};
  Dataset data;
  try {
    data = Dataset::from_text(*text, c.block);
  } catch (const std::invalid_argument& e) {
    throw CliError{path + ": " + e.what()};
  }
  if (greedy || sampled) {
    try {
      (void)data.encode(context);
    } catch (const std::invalid_argument& e) {
      throw CliError{"--generate: " + std::string(e.what())};
    }
  }
  const bool maps = o.has("attention");
  const std::string snippet = o.text("attention");
  if (maps) {
    if (c.model == ModelKind::Bigram || c.model == ModelKind::Position)
      throw CliError{"--attention: the bigram and position models have no attention; use head ... gpt"};
    if (snippet.empty()) throw CliError{"--attention: the text is empty"};
    try {
      (void)data.encode(snippet);
    } catch (const std::invalid_argument& e) {
      throw CliError{"--attention: " + std::string(e.what())};
    }
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
  if (greedy) r.out += "greedy: " + json_string(greedy_generate(t, context, greedy_k, kv_cache)) + "\n";
  if (sampled) {
    Decoder d(t, context, CacheMode::Off, false, c.seed, sampling);
    std::vector<std::int32_t> out;
    for (int i = 0; i < sampled_k; ++i) out.push_back(d.step().chosen);
    r.out += "sampled: " + json_string(t.data().decode(out)) + "\n";
  }
  if (maps) r.out += "attention: " + maps_json(t.attention_maps(snippet)) + "\n";
  return r;
}

}  // namespace

CliResult run_train(const std::vector<std::string>& args, const ReadFile& read) {
  return reporting_usage_errors([&] { return run(args, read); }, [](const std::string& m) {
    return "attn-cli train: " + m + "\nusage: attn-cli train [options]\n" + train_usage();
  });
}

}  // namespace attn::cli
