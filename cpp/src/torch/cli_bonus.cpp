// attn-cli torch bonus: what lesson 1's bonus script prints (torch/bonus.hpp),
//   shape: (B, H, T, D)
//   allclose: True|False        torch.allclose(mine, fused, atol=1e-6)
// then with --values every value of mine.flatten().tolist() as Python's repr.
#include "torch/cli_bonus.hpp"

#include <cstdint>
#include <map>

#include "cli_options.hpp"
#include "limits.hpp"
#include "numpy/npformat.hpp"
#include "torch/bonus.hpp"

namespace attn::torch {

std::string bonus_usage() {
  using L = limits::Bonus;
  return "  torch bonus [--seed S] [--shape B,H,T,D] [--causal 1|0] [--values]\n"
         "      lesson 1's bonus on torch.manual_seed(S); q, k, v = torch.randn(3, B, H, T, D).unbind(0):\n"
         "      prints shape and allclose(mine, fused, atol=1e-6); --values adds mine.flatten().tolist()\n"
         "      (defaults: seed " + std::to_string(L::default_seed) + ", shape " + std::to_string(L::default_batch) + "," +
         std::to_string(L::default_heads) + "," + std::to_string(L::default_tokens) + "," + std::to_string(L::default_dk) +
         ", causal 1; B*H*T*D at most 2^20, B*H*T*T at most 2^24)\n";
}

namespace {

CliResult fail(const std::string& message) {
  CliResult r;
  r.code = 2;
  r.err = "attn-cli torch bonus: " + message + " (attn-cli torch --help)\n";
  return r;
}

// Decimal digits only, value <= max.
bool digits(const std::string& text, std::uint64_t max, std::uint64_t& out) {
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

// "B,H,T,D": four integers >= 1.
bool parse_shape(const std::string& text, BonusShape& s) {
  int dims[4] = {0, 0, 0, 0};
  std::size_t start = 0;
  for (int n = 0; n < 4; ++n) {
    const std::size_t comma = text.find(',', start);
    if ((n < 3) == (comma == std::string::npos)) return false;
    const std::string part = text.substr(start, n < 3 ? comma - start : std::string::npos);
    std::uint64_t d = 0;
    if (!digits(part, limits::Bonus::max_values, d) || d == 0) return false;
    dims[n] = static_cast<int>(d);
    start = comma + 1;
  }
  s = BonusShape{dims[0], dims[1], dims[2], dims[3]};
  return true;
}

CliResult run(std::vector<std::string> args) {
  bool values = false;
  for (auto it = args.begin() + 2; it != args.end();) {
    if (*it == "--values") {
      values = true;
      it = args.erase(it);
    } else {
      ++it;
    }
  }
  const std::map<std::string, std::string> o = parse_options(args, {"seed", "shape", "causal"}, 2, "torch bonus");
  using L = limits::Bonus;
  std::uint64_t seed = L::default_seed;
  if (o.count("seed") && !digits(o.at("seed"), (std::uint64_t{1} << 63) - 1, seed))
    return fail("seed must be an integer in [0, 2^63), got " + quoted(o.at("seed")));
  BonusShape shape{L::default_batch, L::default_heads, L::default_tokens, L::default_dk};
  if (o.count("shape")) {
    if (!parse_shape(o.at("shape"), shape))
      return fail("shape must be four integers B,H,T,D, each at least 1, got " + quoted(o.at("shape")));
  }
  if (const char* why = bonus_shape_error(shape)) return fail(std::string(why) + ", got shape " + quoted(o.count("shape") ? o.at("shape") : ""));
  bool causal = true;
  if (o.count("causal")) {
    const std::string& c = o.at("causal");
    if (c != "1" && c != "0") return fail("causal must be 1 or 0, got " + quoted(c));
    causal = c == "1";
  }
  const BonusRun r = bonus_run(seed, shape, causal, false);
  CliResult out;
  out.out = "shape: (" + std::to_string(shape.B) + ", " + std::to_string(shape.H) + ", " + std::to_string(shape.T) +
            ", " + std::to_string(shape.D) + ")\nallclose: " + (r.allclose ? "True" : "False") + "\n";
  if (values) {
    out.out.reserve(out.out.size() + r.mine.size() * 22);
    for (float x : r.mine) {
      out.out += np::py_float_repr(static_cast<double>(x));
      out.out += '\n';
    }
  }
  return out;
}

}  // namespace

CliResult run_bonus_cli(const std::vector<std::string>& args) {
  try {
    return run(args);
  } catch (const CliError& e) {  // a stray argument, an unknown option or a missing value
    return fail(e.message);
  }
}

}  // namespace attn::torch
