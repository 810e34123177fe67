// attn-cli torch randn | randint | uniform: what Python prints for
//   torch.manual_seed(S); v = torch.randn(*shape)          -> repr(x) for x in v.flatten().tolist()
//   torch.manual_seed(S); torch.randint(A, B, (N,))        -> str(i), one per line
//   torch.manual_seed(S); torch.empty(N).uniform_(A, B)    -> repr(x) for x in v.tolist()
// (float32 values widened to double, as .tolist() does). Seeds 0 <= S < 2^63;
// at most 2^24 values; errors give a message and exit code 2. torch bonus is
// torch_bonus.cpp's.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>

#include "commands.hpp"
#include "limits.hpp"
#include "numpy/npformat.hpp"
#include "options.hpp"
#include "torch/generator.hpp"

namespace attn::cli {

namespace {

constexpr std::uint64_t kMaxValues = limits::Cli::torch_max_values;
static_assert((kMaxValues & (kMaxValues - 1)) == 0, "messages write the cap as a power of two");

const std::vector<std::string> kSubcommands = {"randn", "randint", "uniform", "bonus"};

Option seed_option() {
  return {.name = "seed", .kind = Kind::Seed, .shown = "S", .required = true, .seed_bits = limits::Seed::torch_bits};
}

Option count_option() {
  return {.name = "count", .kind = Kind::Int, .shown = "N", .required = true, .lo = 1,
          .hi = static_cast<long long>(kMaxValues), .hi_text = power_of_two_text(kMaxValues)};
}

const Command& randn_command() {
  static const Command c{.name = "torch randn",
                         .options = {seed_option(), {.name = "shape", .kind = Kind::Text, .shown = "D1,D2,...", .required = true}},
                         .first = 2};
  return c;
}

const Command& randint_command() {
  static const Command c = [] {
    const auto bound = [](const char* name, const char* shown) {
      return Option{.name = name, .kind = Kind::Int, .shown = shown, .required = true,
                    .lo = std::numeric_limits<long long>::min(), .hi = std::numeric_limits<long long>::max(),
                    .must = "a 64-bit integer"};
    };
    return Command{.name = "torch randint",
                   .options = {seed_option(), bound("low", "A"), bound("high", "B"), count_option()},
                   .first = 2};
  }();
  return c;
}

const Command& uniform_command() {
  static const Command c = [] {
    const auto bound = [](const char* name, const char* shown) {
      return Option{.name = name, .kind = Kind::Decimal, .shown = shown, .required = true, .min = -FLT_MAX,
                    .max = FLT_MAX, .must = "a finite number within float32's range"};
    };
    return Command{.name = "torch uniform",
                   .options = {seed_option(), bound("low", "A"), bound("high", "B"), count_option()},
                   .first = 2};
  }();
  return c;
}

std::string usage() {
  return cli::usage(randn_command(),
                    "  torch randn {seed} {shape}\n"
                    "      torch.manual_seed(S); print torch.randn(D1, D2, ...).flatten().tolist(), one repr per line\n") +
         cli::usage(randint_command(),
                    "  torch randint {seed} {low} {high} {count}\n"
                    "      torch.manual_seed(S); print torch.randint(A, B, (N,)).tolist(), one per line\n") +
         cli::usage(uniform_command(),
                    "  torch uniform {seed} {low} {high} {count}\n"
                    "      torch.manual_seed(S); print torch.empty(N).uniform_(A, B).tolist(), one repr per line\n") +
         "      (0 <= S < 2^" + std::to_string(limits::Seed::torch_bits) + "; at most " +
         power_of_two_text(kMaxValues) + " values)\n" + torch_bonus_usage();
}

void print_floats(const std::vector<float>& v, std::string& out) {
  out.reserve(v.size() * 22);
  for (float x : v) {
    out += np::py_float_repr(static_cast<double>(x));
    out += '\n';
  }
}

CliResult randn(const std::vector<std::string>& args) {
  const Parsed p = parse(randn_command(), args);
  torch::Generator g(p.seed("seed", 0));
  const std::string shape = p.text("shape");
  std::vector<std::uint64_t> dims;
  std::uint64_t total = 1;
  bool ok = parse_dims(shape, kMaxValues, dims) && dims.size() <= limits::Cli::torch_max_dims;
  for (std::size_t i = 0; ok && i < dims.size(); ++i) ok = (total *= dims[i]) <= kMaxValues;
  if (!ok)
    throw CliError{"shape must be 1 to " + std::to_string(limits::Cli::torch_max_dims) +
                   " positive integers separated by commas, at most " + power_of_two_text(kMaxValues) +
                   " values in all, got " + quoted(shape)};
  std::vector<float> v(total);
  g.normal_(v.data(), v.size());
  CliResult r;
  print_floats(v, r.out);
  return r;
}

CliResult randint(const std::vector<std::string>& args) {
  const Parsed p = parse(randint_command(), args);
  torch::Generator g(p.seed("seed", 0));
  const auto n = static_cast<std::size_t>(p.integer("count", 0));
  const std::int64_t lo = p.integer("low", 0), hi = p.integer("high", 0);
  if (lo >= hi) throw CliError{"low must be less than high (torch.randint draws from [low, high))"};
  std::vector<std::int64_t> v(n);
  g.randint(v.data(), v.size(), lo, hi);
  CliResult r;
  r.out.reserve(v.size() * 8);
  for (std::int64_t x : v) {
    r.out += std::to_string(x);
    r.out += '\n';
  }
  return r;
}

CliResult uniform(const std::vector<std::string>& args) {
  const Parsed p = parse(uniform_command(), args);
  torch::Generator g(p.seed("seed", 0));
  const auto n = static_cast<std::size_t>(p.integer("count", 0));
  const double lo = p.decimal("low", 0), hi = p.decimal("high", 0);
  if (lo > hi) throw CliError{"low must be at most high (uniform_ draws from [low, high))"};
  // PyTorch's two checks: uniform_impl_ on the doubles it is given, then
  // uniform_real_distribution<float> on the float32 bounds (the difference rounded
  // to float32, so too large a one is inf).
  const float range = static_cast<float>(hi) - static_cast<float>(lo);
  if (hi - lo > static_cast<double>(FLT_MAX) || !(range <= FLT_MAX))
    throw CliError{"high - low must be at most float32's largest value"};
  std::vector<float> v(n);
  g.uniform_(v.data(), v.size(), lo, hi);
  CliResult r;
  print_floats(v, r.out);
  return r;
}

CliResult run(const std::vector<std::string>& args) {
  if (args.size() < 2) throw CliError{"missing subcommand: " + listed(kSubcommands)};
  const std::string& sub = args[1];
  if (sub == "--help" || sub == "-h" || sub == "help") {
    CliResult r;
    r.out = "usage:\n" + usage();
    return r;
  }
  if (sub == "randn") return randn(args);
  if (sub == "randint") return randint(args);
  if (sub == "uniform") return uniform(args);
  throw CliError{"unknown subcommand " + quoted(sub) + " (" + listed(kSubcommands) + ")"};
}

}  // namespace

std::string torch_summary() {
  return "  torch " + joined(kSubcommands, "|") +
         " ...\n      PyTorch's CPU draws bit for bit, and lesson 1's bonus check (attn-cli torch --help)\n";
}

CliResult run_torch(const std::vector<std::string>& args) {
  return reporting_usage_errors([&] { return run(args); },
                                [](const std::string& m) { return "attn-cli torch: " + m + "\nusage:\n" + usage(); });
}

}  // namespace attn::cli
