// attn-cli torch bonus: what lesson 1's bonus script prints (torch/bonus.hpp),
//   shape: (B, H, T, D)
//   allclose: True|False        torch.allclose(mine, fused, atol=1e-6)
// then with --values every value of mine.flatten().tolist() as Python's repr.
#include "commands.hpp"
#include "limits.hpp"
#include "numpy/npformat.hpp"
#include "options.hpp"
#include "torch/bonus.hpp"

namespace attn::cli {

namespace {

using L = limits::Bonus;
using torch::BonusRun;
using torch::BonusShape;
using torch::bonus_shape_error;

const Command& bonus_command() {
  static const Command c{
      .name = "torch bonus",
      .options = {{.name = "seed", .kind = Kind::Seed, .shown = "S", .seed_bits = limits::Seed::torch_bits},
                  {.name = "shape", .kind = Kind::Text, .shown = "B,H,T,D"},
                  {.name = "causal", .kind = Kind::Choice, .choices = {"1", "0"}},
                  {.name = "values", .kind = Kind::Flag}},
      .first = 2};
  return c;
}

CliResult run(const std::vector<std::string>& args) {
  const Parsed o = parse(bonus_command(), args);
  const std::uint64_t seed = o.seed("seed", L::default_seed);
  BonusShape shape{L::default_batch, L::default_heads, L::default_tokens, L::default_dk};
  if (o.has("shape")) {
    std::vector<std::uint64_t> d;
    if (!parse_dims(o.text("shape"), L::max_values, d) || d.size() != 4)
      throw CliError{"shape must be four integers B,H,T,D, each at least 1, got " + quoted(o.text("shape"))};
    shape = BonusShape{static_cast<int>(d[0]), static_cast<int>(d[1]), static_cast<int>(d[2]), static_cast<int>(d[3])};
  }
  if (const char* why = bonus_shape_error(shape)) throw CliError{std::string(why) + ", got shape " + quoted(o.text("shape"))};
  const bool causal = o.choice("causal", 0) == 0;
  const BonusRun r = torch::bonus_run(seed, shape, causal, false);
  CliResult out;
  out.out = "shape: (" + std::to_string(shape.B) + ", " + std::to_string(shape.H) + ", " + std::to_string(shape.T) +
            ", " + std::to_string(shape.D) + ")\nallclose: " + (r.allclose ? "True" : "False") + "\n";
  if (o.flag("values")) {
    out.out.reserve(out.out.size() + r.mine.size() * 22);
    for (float x : r.mine) {
      out.out += np::py_float_repr(static_cast<double>(x));
      out.out += '\n';
    }
  }
  return out;
}

}  // namespace

std::string torch_bonus_usage() {
  return usage(bonus_command(),
               "  torch bonus [{seed}] [{shape}] [{causal}] [{values}]\n"
               "      lesson 1's bonus on torch.manual_seed(S); q, k, v = torch.randn(3, B, H, T, D).unbind(0):\n"
               "      prints shape and allclose(mine, fused, atol=1e-6); --values adds mine.flatten().tolist()\n"
               "      (defaults: seed " + std::to_string(L::default_seed) + ", shape " + std::to_string(L::default_batch) +
                   "," + std::to_string(L::default_heads) + "," + std::to_string(L::default_tokens) + "," +
                   std::to_string(L::default_dk) + ", causal 1; B*H*T*D at most " + power_of_two_text(L::max_values) +
                   ", B*H*T*T at most " + power_of_two_text(L::max_weights) + ")\n");
}

CliResult run_torch_bonus(const std::vector<std::string>& args) {
  return reporting_usage_errors([&] { return run(args); },
                                [](const std::string& m) { return "attn-cli torch bonus: " + m + " (attn-cli torch --help)\n"; });
}

}  // namespace attn::cli
