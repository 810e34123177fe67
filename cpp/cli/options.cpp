#include "options.hpp"

#include <bit>
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "limits.hpp"

namespace attn::cli {

namespace {

// Up to 19 decimal digits (no overflow in 64 bits), nothing else.
bool digits(std::string_view text, std::uint64_t& out) {
  if (text.empty() || text.size() > 19) return false;
  std::uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  out = v;
  return true;
}

}  // namespace

std::string listed(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i)
    s += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return s;
}

std::string joined(const std::vector<std::string>& items, const char* sep) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) s += (i == 0 ? "" : sep) + items[i];
  return s;
}

bool parse_dims(std::string_view text, std::uint64_t max_each, std::vector<std::uint64_t>& out) {
  out.clear();
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    std::uint64_t d = 0;
    if (!digits(text.substr(start, comma == std::string_view::npos ? comma : comma - start), d) || d == 0 ||
        d > max_each)
      return false;
    out.push_back(d);
    if (comma == std::string_view::npos) return true;
    start = comma + 1;
  }
}

std::string quoted(std::string_view text) {
  constexpr std::size_t kEchoChars = 40;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0u) == 0x80u) continue;  // inside a UTF-8 sequence
    if (chars++ == kEchoChars) return "\"" + std::string(text.substr(0, i)) + "\u2026\"";
  }
  return "\"" + std::string(text) + "\"";
}

std::string power_of_two_text(std::uint64_t value) { return "2^" + std::to_string(std::countr_zero(value)); }

std::uint64_t parse_seed_text(std::string_view text, int bits) {
  constexpr std::string_view kSpace = " \t\n\v\f\r";
  std::string_view s = text;
  s.remove_prefix(std::min(s.size(), s.find_first_not_of(kSpace)));
  s.remove_suffix(s.size() - (s.find_last_not_of(kSpace) + 1));
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  const std::uint64_t max = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  bool ok = !s.empty() && s.size() <= static_cast<std::size_t>(limits::Seed::max_digits);
  std::uint64_t v = 0;
  for (std::size_t i = 0; ok && i < s.size(); ++i) {
    const auto d = static_cast<std::uint64_t>(s[i] - '0');
    ok = s[i] >= '0' && s[i] <= '9' && v <= (max - d) / 10;
    v = v * 10 + d;
  }
  if (!ok) throw CliError{"seed must be an integer in [0, 2^" + std::to_string(bits) + "), got " + quoted(text)};
  return v;
}

Parsed::Parsed(const Command& command, std::map<std::string, std::string> values)
    : command_(command), values_(std::move(values)) {}

const Option& Parsed::option(const std::string& name) const {
  for (const Option& o : command_.options)
    if (o.name == name) return o;
  throw CliError{"internal: " + command_.name + " has no option --" + name};
}

std::string Parsed::label(const Option& o) const { return (command_.dashed ? "--" : "") + o.name; }

bool Parsed::has(const std::string& name) const { return values_.count(name) > 0; }

std::string Parsed::text(const std::string& name, const std::string& fallback) const {
  const Option& o = option(name);
  const auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  if (o.max_bytes > 0 && it->second.size() > o.max_bytes)
    throw CliError{label(o) + " must be at most " + std::to_string(o.max_bytes) + " characters long"};
  return it->second;
}

std::uint64_t Parsed::seed(const std::string& name, std::uint64_t fallback) const {
  const Option& o = option(name);
  const auto it = values_.find(name);
  return it == values_.end() ? fallback : parse_seed_text(it->second, o.seed_bits);
}

long long Parsed::integer(const std::string& name, long long fallback) const {
  const Option& o = option(name);
  const auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  const std::string& t = it->second;
  const bool negative = o.lo < 0 && !t.empty() && t[0] == '-';
  std::uint64_t mag = 0;
  const std::uint64_t most = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  bool ok = digits(std::string_view(t).substr(negative ? 1 : 0), mag) && mag <= most;
  const long long v = negative ? static_cast<long long>(0 - mag) : static_cast<long long>(mag);
  ok = ok && v >= o.lo && v <= o.hi;
  if (!ok) {
    const std::string must = !o.must.empty() ? o.must
                             : "an integer in [" + std::to_string(o.lo) + ", " +
                                   (o.hi_text.empty() ? std::to_string(o.hi) : o.hi_text) + "]";
    throw CliError{label(o) + " must be " + must + ", got " + quoted(t)};
  }
  return v;
}

double Parsed::decimal(const std::string& name, double fallback) const {
  const Option& o = option(name);
  const auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  const std::string& t = it->second;
  bool ok = !t.empty() && t.size() <= 64;
  for (char c : t)
    ok = ok && ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E');
  double v = 0;
  if (ok) {
    char* end = nullptr;
    v = std::strtod(t.c_str(), &end);
    ok = end == t.c_str() + t.size() && std::isfinite(v) && v >= o.min && v <= o.max && !(o.min_excluded && v == o.min);
  }
  if (!ok) throw CliError{label(o) + " must be " + o.must + ", got " + quoted(t)};
  return v;
}

std::size_t Parsed::choice(const std::string& name, std::size_t fallback) const {
  const Option& o = option(name);
  const auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  for (std::size_t i = 0; i < o.choices.size(); ++i)
    if (it->second == o.choices[i]) return i;
  throw CliError{label(o) + " must be " + listed(o.choices) + ", got " + quoted(it->second)};
}

Parsed parse(const Command& command, const std::vector<std::string>& args) {
  std::map<std::string, std::string> values;
  for (std::size_t i = command.first; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) throw CliError{"unexpected argument " + quoted(a)};
    std::string name = a.substr(2), value;
    const auto eq = name.find('=');
    if (eq != std::string::npos) name.resize(eq);
    const Option* known = nullptr;
    for (const Option& o : command.options)
      if (o.name == name) known = &o;
    if (known && known->kind == Kind::Flag) {
      if (eq != std::string::npos) throw CliError{"option --" + name + " takes no value"};
      values[name];
      continue;
    }
    if (eq != std::string::npos) value = a.substr(eq + 3);
    else if (i + 1 < args.size()) value = args[++i];
    else throw CliError{"option --" + name + " needs a value"};
    if (!known) throw CliError{"unknown option --" + name + " for " + command.name};
    values[name] = value;
  }
  for (const Option& o : command.options) {
    if (!o.required || values.count(o.name)) continue;
    throw CliError{"missing --" + o.name + (o.kind == Kind::Choice ? " (" + listed(o.choices) + ")" : "")};
  }
  return Parsed(command, std::move(values));
}

std::string usage(const Command& command, std::string_view layout) {
  std::string out;
  for (std::size_t i = 0; i < layout.size();) {
    const std::size_t open = layout.find('{', i);
    const std::size_t close = open == std::string_view::npos ? open : layout.find('}', open);
    const Option* o = nullptr;
    if (close != std::string_view::npos)
      for (const Option& c : command.options)
        if (c.name == layout.substr(open + 1, close - open - 1)) o = &c;
    if (!o) {  // no placeholder here: copy through the next '{' (or the rest)
      const std::size_t stop = open == std::string_view::npos ? layout.size() : open + 1;
      out += layout.substr(i, stop - i);
      i = stop;
      continue;
    }
    out += layout.substr(i, open - i);
    out += "--" + o->name;
    const std::string shown = o->shown.empty() && o->kind == Kind::Choice ? joined(o->choices, "|") : o->shown;
    if (o->kind != Kind::Flag) out += " " + shown;
    i = close + 1;
  }
  return out;
}

}  // namespace attn::cli
