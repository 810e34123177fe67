// Renders the training program's template (see pytorch_script.hpp); the rules
// of its language are written in web/train-script/template.ts.
#include "train/pytorch_script.hpp"

#include "numpy/npformat.hpp"
#include "train/settings.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string_view>

namespace attn::train {

namespace {

constexpr std::string_view kTemplate =
#include "train/pytorch_template.inc"
    ;

const char* model_name(ModelKind m) {
  switch (m) {
    case ModelKind::Bigram: return "bigram";
    case ModelKind::Position: return "position";
    case ModelKind::Head: return "head";
    case ModelKind::Multihead: return "multihead";
    case ModelKind::Ffwd: return "ffwd";
    case ModelKind::Blocks: return "blocks";
    case ModelKind::Residual: return "residual";
    case ModelKind::Layernorm: return "layernorm";
    case ModelKind::Gpt: return "gpt";
  }
  return "head";
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "@if a b": is `model` one of the words?
bool lists(std::string_view words, std::string_view model) {
  std::size_t i = 0;
  while (i <= words.size()) {
    std::size_t j = words.find(' ', i);
    if (j == std::string_view::npos) j = words.size();
    if (words.substr(i, j - i) == model) return true;
    i = j + 1;
  }
  return false;
}

}  // namespace

// A setting's value as the script writes it: an integer's digits, the
// learning rate's literal, a double as Python's repr.
std::string script_value(const Setting& s, const Config& c) {
  switch (s.kind) {
    case SettingKind::Int: return std::to_string(c.*s.int_member);
    case SettingKind::Float: return lr_literal(c.*s.float_member);
    case SettingKind::Double: return np::py_float_repr(c.*s.double_member);
  }
  return {};
}

std::string lr_literal(float lr) {
  if (!(lr > 0.0f) || !std::isfinite(lr)) throw std::invalid_argument("lr must be a positive finite float32");
  char buf[64];
  for (int p = 1; p <= 9; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p - 1, static_cast<double>(lr));
    if (std::strtof(buf, nullptr) == lr) break;
  }
  const std::string sci = buf;  // d.ddde-03
  const std::size_t epos = sci.find('e');
  std::string digits;
  for (std::size_t i = 0; i < epos; ++i)
    if (sci[i] != '.') digits += sci[i];
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int e = std::atoi(sci.c_str() + epos + 1);
  if (e < -1 || e >= 16)
    return digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "") + "e" + std::to_string(e);
  if (e == -1) return "0." + digits;
  const std::size_t n = static_cast<std::size_t>(e) + 1;
  std::string whole = digits.substr(0, std::min(n, digits.size()));
  whole.resize(n, '0');
  const std::string frac = digits.size() > n ? digits.substr(n) : "0";
  return whole + "." + frac;
}

std::string py_string(const std::string& s) {
  std::string out = "'";
  for (unsigned char c : s) {
    if (c == '\\' || c == '\'') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "'";
}

std::string pytorch_script(const Config& c, int sample_chars, const std::string& data, ScriptLang lang) {
  const std::string model = model_name(c.model);
  std::map<std::string, std::string, std::less<>> values = {
      {"file", "train_" + model + ".py"},
      {"model", model},
      {"data", py_string(data)},
      {"seed", std::to_string(c.seed)},
      {"sample_chars", std::to_string(sample_chars)},
  };
  for (const Setting& s : kSettings) values[s.script] = script_value(s, c);
  const std::string_view tag = lang == ScriptLang::ZhCN ? "zh|" : "en|";
  const std::string_view other = lang == ScriptLang::ZhCN ? "en|" : "zh|";
  std::string out;
  out.reserve(kTemplate.size());
  bool keep = true;
  std::size_t pos = 0;
  while (pos < kTemplate.size()) {
    std::size_t end = kTemplate.find('\n', pos);
    if (end == std::string_view::npos) break;  // the template ends with a newline
    std::string_view line = kTemplate.substr(pos, end - pos);
    pos = end + 1;
    if (starts_with(line, "@if ")) {
      keep = lists(line.substr(4), model);
      continue;
    }
    if (line == "@end") {
      keep = true;
      continue;
    }
    if (!keep || starts_with(line, "@region ") || starts_with(line, "@endregion ") || starts_with(line, other))
      continue;
    if (starts_with(line, tag)) line.remove_prefix(tag.size());
    for (std::size_t i = 0; i < line.size();) {
      const std::size_t open = line.find("{{", i);
      if (open == std::string_view::npos) {
        out += line.substr(i);
        break;
      }
      const std::size_t close = line.find("}}", open);
      if (close == std::string_view::npos) throw std::logic_error("template: unclosed {{");
      const auto it = values.find(line.substr(open + 2, close - open - 2));
      if (it == values.end()) throw std::logic_error("template: unknown setting");
      out += line.substr(i, open - i);
      out += it->second;
      i = close + 2;
    }
    out += '\n';
  }
  return out;
}

}  // namespace attn::train
