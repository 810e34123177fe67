// A training run's settings, once. Each row is a setting: its JS name (the
// kebab-case of it is <attn-train>'s attribute and attn-cli train's option),
// the PyTorch script's variable, its kind, its Config member, the engine's
// range (limits.hpp Train), <attn-train>'s attribute range (limits.hpp
// TrainElement where it is tighter), attn-cli train's largest value
// (limits.hpp TrainCli where it is wider) and how its usage writes the value,
// the models that read it, and where <attn-train>'s form shows it.
//
// Every boundary reads the rows: the train binding (cpp/bindings/train.cpp)
// checks a run's settings against them and exports them with
// Config::defaults(model) for every model as settings();
// scripts/gen-train-settings.mjs writes that export to
// web/engine/train/settings.js, from which the loader, the runner, the PyTorch
// script, the embed widget and <attn-train> take their fields, types and
// options; attn-cli train (cpp/cli/train.cpp) builds its options from them,
// and pytorch_script.cpp fills the template's {{script}} placeholders from
// them. A new setting is one row here, its Config member, and its line in the
// script's template (web/train-script/template.ts) under an @if of the models
// that read it.
#pragma once

#include <cfloat>
#include <cmath>
#include <string>

#include "limits.hpp"
#include "train/trainer.hpp"

namespace attn::train {

// Int: an integer in [min, max]. Float: a float32 in (min, max] (the learning
// rate: positive and finite as a float32). Double: a number in [min, max).
enum class SettingKind { Int, Float, Double };

// Where <attn-train>'s form shows a setting: Run, a field of its own or none
// (iters, lr, the evaluation's); Size, the sizes fieldset, in the table's order.
enum class SettingGroup { Run, Size };

// A set of models: bit 1 << ModelKind.
using ModelSet = unsigned;
constexpr ModelSet models_from(ModelKind first) {
  return ((1u << (static_cast<int>(ModelKind::Gpt) + 1)) - 1) & ~((1u << static_cast<int>(first)) - 1);
}
inline constexpr ModelSet kAllModels = models_from(ModelKind::Bigram);

struct Setting {
  const char* name;    // the JS name (camelCase)
  const char* script;  // the PyTorch script's variable
  SettingKind kind;
  int Config::*int_member;
  float Config::*float_member;
  double Config::*double_member;
  double min, max;                  // the engine's range
  double element_min, element_max;  // <attn-train>'s attribute range
  double cli_max;                   // attn-cli train's largest value (its smallest is min)
  const char* cli_shown;            // attn-cli train's usage: the value's placeholder, or nullptr for bigram's default
  ModelSet models;                  // the models that read it
  SettingGroup group;
};

// Whether model m reads setting s.
constexpr bool reads(const Setting& s, ModelKind m) { return (s.models >> static_cast<int>(m)) & 1u; }

namespace setting_rows {
using L = limits::Train;
using E = limits::TrainElement;
using C = limits::TrainCli;
constexpr Setting integer(const char* name, const char* script, int Config::*m, int min, int max, int emin, int emax,
                          int cli_max, const char* shown, ModelSet models, SettingGroup group) {
  return {name,        script,      SettingKind::Int, m,     nullptr,        nullptr, double(min), double(max),
          double(emin), double(emax), double(cli_max),  shown, models, group};
}
}  // namespace setting_rows

// In the order the binding checks them (its first failure is the error), the
// JS side lists them and <attn-train>'s form shows them.
inline constexpr Setting kSettings[] = {
    setting_rows::integer("iters", "max_iters", &Config::iters, 0, setting_rows::L::max_iters, 1,
                          setting_rows::E::max_iters, setting_rows::C::max_iters, "N", kAllModels, SettingGroup::Run),
    setting_rows::integer("evalInterval", "eval_interval", &Config::eval_interval, 1, setting_rows::L::max_eval_interval,
                          1, setting_rows::E::max_eval_interval, setting_rows::C::max_eval_interval, "K", kAllModels,
                          SettingGroup::Run),
    setting_rows::integer("evalIters", "eval_iters", &Config::eval_iters, 1, setting_rows::L::max_eval_iters, 1,
                          setting_rows::E::max_eval_iters, setting_rows::C::max_eval_iters, nullptr, kAllModels,
                          SettingGroup::Run),
    {"lr", "learning_rate", SettingKind::Float, nullptr, &Config::lr, nullptr, 0, FLT_MAX, 0, FLT_MAX, FLT_MAX, "X",
     kAllModels, SettingGroup::Run},
    setting_rows::integer("nEmbd", "n_embd", &Config::n_embd, 1, setting_rows::L::max_n_embd, 1,
                          setting_rows::L::max_n_embd, setting_rows::L::max_n_embd, "C", models_from(ModelKind::Position),
                          SettingGroup::Size),
    setting_rows::integer("nHead", "n_head", &Config::n_head, 1, setting_rows::L::max_n_head, 1,
                          setting_rows::L::max_n_head, setting_rows::L::max_n_head, "H",
                          models_from(ModelKind::Multihead), SettingGroup::Size),
    setting_rows::integer("nLayer", "n_layer", &Config::n_layer, 1, setting_rows::L::max_n_layer, 1,
                          setting_rows::L::max_n_layer, setting_rows::L::max_n_layer, "L", models_from(ModelKind::Blocks),
                          SettingGroup::Size),
    {"dropout", "dropout", SettingKind::Double, nullptr, nullptr, &Config::dropout, 0, setting_rows::L::max_dropout, 0,
     setting_rows::L::max_dropout, setting_rows::L::max_dropout, "P", models_from(ModelKind::Gpt), SettingGroup::Size},
    setting_rows::integer("batch", "batch_size", &Config::batch, 1, setting_rows::L::max_batch, 1,
                          setting_rows::L::max_batch, setting_rows::C::max_batch, nullptr, kAllModels, SettingGroup::Size),
    setting_rows::integer("block", "block_size", &Config::block, 1, setting_rows::L::max_block, 1,
                          setting_rows::L::max_block, setting_rows::C::max_block, nullptr, kAllModels, SettingGroup::Size),
};

// The models' names in ModelKind's order (the JS side's model names).
inline constexpr const char* kModelNames[] = {"bigram", "position", "head",      "multihead", "ffwd",
                                              "blocks", "residual", "layernorm", "gpt"};
static_assert(sizeof(kModelNames) / sizeof(kModelNames[0]) == static_cast<int>(ModelKind::Gpt) + 1);

// The setting's name in kebab-case (nEmbd -> n-embd): <attn-train>'s attribute, attn-cli train's option.
inline std::string kebab(const Setting& s) {
  std::string out;
  for (const char* p = s.name; *p; ++p) {
    if (*p >= 'A' && *p <= 'Z') {
      out += '-';
      out += static_cast<char>(*p - 'A' + 'a');
    } else {
      out += *p;
    }
  }
  return out;
}

// A setting's value in a config, as a double.
inline double setting_value(const Setting& s, const Config& c) {
  if (s.int_member) return c.*s.int_member;
  if (s.float_member) return c.*s.float_member;
  return c.*s.double_member;
}

// Whether v is in the setting's range (an integer for Int).
inline bool setting_ok(const Setting& s, double v) {
  switch (s.kind) {
    case SettingKind::Int:
      return v >= s.min && v <= s.max && v == static_cast<double>(static_cast<long long>(v));
    case SettingKind::Float:
      return v > s.min && v <= s.max * 2 && std::isfinite(static_cast<float>(v));
    case SettingKind::Double:
      return v >= s.min && v < s.max;
  }
  return false;
}

// Sets the setting in a config (v passed setting_ok).
inline void set_setting(const Setting& s, Config& c, double v) {
  if (s.int_member) c.*s.int_member = static_cast<int>(v);
  else if (s.float_member) c.*s.float_member = static_cast<float>(v);
  else c.*s.double_member = v;
}

}  // namespace attn::train
