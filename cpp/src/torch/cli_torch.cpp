// attn-cli torch randn | randint | uniform: what Python prints for
//   torch.manual_seed(S); v = torch.randn(*shape)          -> repr(x) for x in v.flatten().tolist()
//   torch.manual_seed(S); torch.randint(A, B, (N,))        -> str(i), one per line
//   torch.manual_seed(S); torch.empty(N).uniform_(A, B)    -> repr(x) for x in v.tolist()
// (float32 values widened to double, as .tolist() does). Seeds 0 <= S < 2^63;
// at most 2^24 values; errors give a message and exit code 2.
#include "torch/cli_torch.hpp"

#include <bit>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>

#include "cli_options.hpp"
#include "numpy/npformat.hpp"
#include "numpy/rng.hpp"
#include "torch/cli_bonus.hpp"
#include "torch/generator.hpp"

namespace attn::torch {

namespace {

static_assert((kCliMaxValues & (kCliMaxValues - 1)) == 0, "messages write the cap as a power of two");
// "2^24": the cap as the messages write it.
std::string max_values_text() { return "2^" + std::to_string(std::countr_zero(kCliMaxValues)); }

}  // namespace

std::string cli_usage() {
  return "  torch randn --seed S --shape D1,D2,...\n"
    "      torch.manual_seed(S); print torch.randn(D1, D2, ...).flatten().tolist(), one repr per line\n"
    "  torch randint --seed S --low A --high B --count N\n"
    "      torch.manual_seed(S); print torch.randint(A, B, (N,)).tolist(), one per line\n"
    "  torch uniform --seed S --low A --high B --count N\n"
    "      torch.manual_seed(S); print torch.empty(N).uniform_(A, B).tolist(), one repr per line\n"
    "      (0 <= S < 2^63; at most " + max_values_text() + " values)\n" + bonus_usage();
}

namespace {

using Options = std::map<std::string, std::string>;

// args[2..] against the subcommand's options, every one of them required.
Options parse(const std::vector<std::string>& args, std::initializer_list<const char*> allowed) {
  Options o = parse_options(args, allowed, 2, "torch " + args[1]);
  for (const char* k : allowed)
    if (!o.count(k)) throw CliError{std::string("missing --") + k};
  return o;
}

// Decimal digits only, value <= max.
bool parse_count(const std::string& text, std::uint64_t max, std::uint64_t& out) {
  if (text.empty() || text.size() > 19) return false;
  std::uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (v > max) return false;
  out = v;
  return true;
}

// An int64 written as [-]digits.
bool parse_int64(const std::string& text, std::int64_t& out) {
  const bool neg = !text.empty() && text[0] == '-';
  std::uint64_t mag = 0;
  const std::string digits = neg ? text.substr(1) : text;
  const std::uint64_t limit = neg ? (std::uint64_t{1} << 63) : (std::uint64_t{1} << 63) - 1;
  if (!parse_count(digits, limit, mag)) return false;
  out = neg ? static_cast<std::int64_t>(0 - mag) : static_cast<std::int64_t>(mag);
  return true;
}

bool parse_double(const std::string& text, double& out) {
  if (text.empty() || text.size() > 64) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E')) return false;
  }
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

CliResult fail(const std::string& message) {
  CliResult r;
  r.code = 2;
  r.err = "attn-cli torch: " + message + "\nusage:\n" + cli_usage();
  return r;
}

std::optional<std::uint64_t> seed_of(const Options& p, std::string& error) {
  const std::string& text = p.at("seed");
  std::uint64_t seed = 0;
  if (!parse_count(text, (std::uint64_t{1} << 63) - 1, seed)) {
    error = "seed must be an integer in [0, 2^63), got " + quoted(text);
    return std::nullopt;
  }
  return seed;
}

std::optional<std::uint64_t> count_of(const Options& p, std::string& error) {
  const std::string& text = p.at("count");
  std::uint64_t n = 0;
  if (!parse_count(text, kCliMaxValues, n) || n == 0) {
    error = "count must be an integer in [1, " + max_values_text() + "], got " + quoted(text);
    return std::nullopt;
  }
  return n;
}

void print_floats(const std::vector<float>& v, std::string& out) {
  out.reserve(v.size() * 22);
  for (float x : v) {
    out += np::py_float_repr(static_cast<double>(x));
    out += '\n';
  }
}

CliResult run(const std::vector<std::string>& args) {
  if (args.size() < 2) return fail("missing subcommand: randn, randint, uniform or bonus");
  const std::string& sub = args[1];
  if (sub == "bonus") return run_bonus_cli(args);
  if (sub == "--help" || sub == "-h" || sub == "help") {
    CliResult r;
    r.out = "usage:\n" + cli_usage();
    return r;
  }
  std::string error;
  if (sub == "randn") {
    const Options p = parse(args, {"seed", "shape"});
    const auto seed = seed_of(p, error);
    if (!seed) return fail(error);
    const std::string& text = p.at("shape");
    std::uint64_t total = 1;
    std::size_t start = 0, dims = 0;
    bool ok = !text.empty();
    while (ok) {
      const std::size_t comma = text.find(',', start);
      const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      std::uint64_t d = 0;
      ok = parse_count(part, kCliMaxValues, d) && d > 0 && ++dims <= limits::Cli::torch_max_dims;
      if (ok) total *= d;
      ok = ok && total <= kCliMaxValues;
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (!ok)
      return fail("shape must be 1 to " + std::to_string(limits::Cli::torch_max_dims) + " positive integers separated by commas, at most " + max_values_text() +
                  " values in all, got " +
                  quoted(text));
    Generator g(*seed);
    std::vector<float> v(total);
    g.normal_(v.data(), v.size());
    CliResult r;
    print_floats(v, r.out);
    return r;
  }
  if (sub == "randint" || sub == "uniform") {
    const Options p = parse(args, {"seed", "low", "high", "count"});
    const auto seed = seed_of(p, error);
    if (!seed) return fail(error);
    const auto n = count_of(p, error);
    if (!n) return fail(error);
    const std::string& lo_text = p.at("low");
    const std::string& hi_text = p.at("high");
    Generator g(*seed);
    CliResult r;
    if (sub == "randint") {
      std::int64_t lo = 0, hi = 0;
      if (!parse_int64(lo_text, lo)) return fail("low must be a 64-bit integer, got " + quoted(lo_text));
      if (!parse_int64(hi_text, hi)) return fail("high must be a 64-bit integer, got " + quoted(hi_text));
      if (lo >= hi) return fail("low must be less than high (torch.randint draws from [low, high))");
      std::vector<std::int64_t> v(*n);
      g.randint(v.data(), v.size(), lo, hi);
      r.out.reserve(v.size() * 8);
      for (std::int64_t x : v) {
        r.out += std::to_string(x);
        r.out += '\n';
      }
      return r;
    }
    double lo = 0, hi = 0;
    if (!parse_double(lo_text, lo) || std::fabs(lo) > FLT_MAX)
      return fail("low must be a finite number within float32's range, got " + quoted(lo_text));
    if (!parse_double(hi_text, hi) || std::fabs(hi) > FLT_MAX)
      return fail("high must be a finite number within float32's range, got " + quoted(hi_text));
    if (lo > hi) return fail("low must be at most high (uniform_ draws from [low, high))");
    // PyTorch's two checks: uniform_impl_ on the doubles it is given, then
    // uniform_real_distribution<float> on the float32 bounds (the difference rounded
    // to float32, so too large a one is inf).
    const float range = static_cast<float>(hi) - static_cast<float>(lo);
    if (hi - lo > static_cast<double>(FLT_MAX) || !(range <= FLT_MAX))
      return fail("high - low must be at most float32's largest value");
    std::vector<float> v(*n);
    g.uniform_(v.data(), v.size(), lo, hi);
    print_floats(v, r.out);
    return r;
  }
  return fail("unknown subcommand " + quoted(sub) + " (randn, randint, uniform or bonus)");
}

}  // namespace

CliResult run_cli(const std::vector<std::string>& args) {
  try {
    return run(args);
  } catch (const CliError& e) {  // parse_options: a stray argument, an unknown option or a missing value
    return fail(e.message);
  }
}

}  // namespace attn::torch
