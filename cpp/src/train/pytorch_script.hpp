// The PyTorch script for a training run (attn-cli train --emit-pytorch): the
// template web/train-script/template.ts, rendered as
// web/train-script/pytorch-script.ts renders it, byte for byte.
#pragma once
#include <string>

#include "train/settings.hpp"
#include "train/trainer.hpp"

namespace attn::train {

enum class ScriptLang { En, ZhCN };

// `data` is the path the script opens, as given (relative to the directory
// the script runs in). Throws std::invalid_argument for an lr that is not a
// positive finite float32.
std::string pytorch_script(const Config& config, int sample_chars, const std::string& data, ScriptLang lang);

// The learning rate as the script writes it (1e-3, 2.5e-4, 0.1, 3.0, 1e20):
// the shortest decimal of at most 9 digits whose float32 is lr.
std::string lr_literal(float lr);
// A setting's value in the config as the script writes it (the template's
// {{script}}): an integer's digits, lr_literal, a double as Python's repr.
std::string script_value(const Setting& s, const Config& c);
// A Python string literal: single quotes, \\ \' and \xNN for control characters.
std::string py_string(const std::string& s);

}  // namespace attn::train
