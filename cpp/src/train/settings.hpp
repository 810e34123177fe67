// A training run's settings, once: each setting's JS name, its Config member,
// its kind, the engine's range (limits.hpp Train), <attn-train>'s attribute
// range (limits.hpp TrainElement where it is tighter) and the models that
// read it. The train binding (cpp/bindings/train.cpp) checks a run's settings
// against this table and exports it with Config::defaults(model) for every
// model as settings(); scripts/gen-train-settings.mjs writes that export to
// web/engine/train/settings.js, which the loader, the runner and <attn-train>
// read. A new setting is one row here (and its Config member).
#pragma once

#include <cfloat>
#include <cmath>

#include "limits.hpp"
#include "train/trainer.hpp"

namespace attn::train {

// Int: an integer in [min, max]. Float: a float32 in (min, max] (the learning
// rate: positive and finite as a float32). Double: a number in [min, max).
enum class SettingKind { Int, Float, Double };

// The models that read a setting: every model, the block models
// (is_block_model), or gpt only.
enum class SettingModels { All, Block, Gpt };

struct Setting {
  const char* name;  // the JS name (camelCase); <attn-train>'s attribute is its kebab-case
  SettingKind kind;
  int Config::*int_member;
  float Config::*float_member;
  double Config::*double_member;
  double min, max;                  // the engine's range
  double element_min, element_max;  // <attn-train>'s attribute range
  SettingModels models;
};

namespace setting_rows {
using L = limits::Train;
using E = limits::TrainElement;
constexpr Setting integer(const char* name, int Config::*m, int min, int max, int emin, int emax,
                          SettingModels models = SettingModels::All) {
  return {name, SettingKind::Int, m, nullptr, nullptr, double(min), double(max), double(emin), double(emax), models};
}
}  // namespace setting_rows

// In the order the binding checks them (its first failure is the error) and
// the JS side lists them.
inline constexpr Setting kSettings[] = {
    setting_rows::integer("iters", &Config::iters, 0, setting_rows::L::max_iters, 1, setting_rows::E::max_iters),
    setting_rows::integer("evalInterval", &Config::eval_interval, 1, setting_rows::L::max_eval_interval, 1,
                          setting_rows::E::max_eval_interval),
    setting_rows::integer("evalIters", &Config::eval_iters, 1, setting_rows::L::max_eval_iters, 1,
                          setting_rows::E::max_eval_iters),
    {"lr", SettingKind::Float, nullptr, &Config::lr, nullptr, 0, FLT_MAX, 0, FLT_MAX, SettingModels::All},
    setting_rows::integer("batch", &Config::batch, 1, setting_rows::L::max_batch, 1, setting_rows::L::max_batch),
    setting_rows::integer("block", &Config::block, 1, setting_rows::L::max_block, 1, setting_rows::L::max_block),
    setting_rows::integer("nEmbd", &Config::n_embd, 1, setting_rows::L::max_n_embd, 1, setting_rows::L::max_n_embd),
    setting_rows::integer("nHead", &Config::n_head, 1, setting_rows::L::max_n_head, 1, setting_rows::L::max_n_head,
                          SettingModels::Block),
    setting_rows::integer("nLayer", &Config::n_layer, 1, setting_rows::L::max_n_layer, 1, setting_rows::L::max_n_layer,
                          SettingModels::Block),
    {"dropout", SettingKind::Double, nullptr, nullptr, &Config::dropout, 0, setting_rows::L::max_dropout, 0,
     setting_rows::L::max_dropout, SettingModels::Gpt},
};

// The models' names in ModelKind's order (the JS side's model names).
inline constexpr const char* kModelNames[] = {"bigram", "position", "head",      "multihead", "ffwd",
                                              "blocks", "residual", "layernorm", "gpt"};
static_assert(sizeof(kModelNames) / sizeof(kModelNames[0]) == static_cast<int>(ModelKind::Gpt) + 1);

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
