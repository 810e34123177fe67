// attn-cli's option parser (cpp/cli/options.hpp): one table per command reads
// the arguments, checks each value by its kind and writes the usage.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "options.hpp"

namespace {

using namespace attn::cli;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const CliError& e) {
    return e.message;
  }
  return "(no error)";
}

const Command& demo() {
  static const Command c{
      .name = "demo",
      .options = {{.name = "mode", .kind = Kind::Choice, .required = true, .choices = {"fast", "slow", "exact"}},
                  {.name = "seed", .kind = Kind::Seed, .shown = "S"},
                  {.name = "n", .kind = Kind::Int, .shown = "N", .lo = 1, .hi = 5},
                  {.name = "offset", .kind = Kind::Int, .shown = "K", .lo = -3, .hi = 3},
                  {.name = "rate", .kind = Kind::Decimal, .shown = "X", .min = 0, .max = 2, .min_excluded = true,
                   .must = "a number in (0, 2]"},
                  {.name = "note", .kind = Kind::Text, .shown = "TEXT", .max_bytes = 4},
                  {.name = "verbose", .kind = Kind::Flag}}};
  return c;
}

Parsed parsed(std::vector<std::string> args) {
  args.insert(args.begin(), "demo");
  return parse(demo(), args);
}

TEST(CliOptions, ReadsEveryKind) {
  const Parsed p = parsed({"--mode", "slow", "--seed=12", "--n", "5", "--offset", "-3", "--rate", "0.5",
                           "--verbose", "--note", "abcd"});
  EXPECT_EQ(p.choice("mode", 0), 1u);
  EXPECT_EQ(p.seed("seed", 0), 12u);
  EXPECT_EQ(p.integer("n", 0), 5);
  EXPECT_EQ(p.integer("offset", 0), -3);
  EXPECT_EQ(p.decimal("rate", 0), 0.5);
  EXPECT_EQ(p.text("note"), "abcd");
  EXPECT_TRUE(p.flag("verbose"));
  const Parsed q = parsed({"--mode=exact", "--mode", "fast"});  // the last one counts
  EXPECT_EQ(q.choice("mode", 2), 0u);
  EXPECT_EQ(q.seed("seed", 9), 9u);
  EXPECT_EQ(q.integer("n", 3), 3);
  EXPECT_FALSE(q.flag("verbose"));
  EXPECT_EQ(q.text("note", "x"), "x");
}

TEST(CliOptions, RefusesWhatTheTableDoesNotHold) {
  EXPECT_EQ(error_of([] { parsed({"--mode", "fast", "--bogus", "1"}); }), "unknown option --bogus for demo");
  EXPECT_EQ(error_of([] { parsed({"--mode", "fast", "--bogus=1"}); }), "unknown option --bogus for demo");
  EXPECT_EQ(error_of([] { parsed({"--mode", "fast", "--n"}); }), "option --n needs a value");
  EXPECT_EQ(error_of([] { parsed({"--mode", "fast", "--verbose=1"}); }), "option --verbose takes no value");
  EXPECT_EQ(error_of([] { parsed({"--mode", "fast", "stray"}); }), "unexpected argument \"stray\"");
  EXPECT_EQ(error_of([] { parsed({"--n", "2"}); }), "missing --mode (fast, slow or exact)");
  // A flag takes no value: the next argument is read on its own.
  EXPECT_EQ(error_of([] { parsed({"--mode", "fast", "--verbose", "2"}); }), "unexpected argument \"2\"");
}

TEST(CliOptions, ChecksValuesAgainstTheirLimits) {
  const Parsed p = parsed({"--mode", "quick", "--n", "6", "--offset", "4", "--rate", "0", "--note", "abcde", "--seed", "-1"});
  EXPECT_EQ(error_of([&] { p.choice("mode", 0); }), "mode must be fast, slow or exact, got \"quick\"");
  EXPECT_EQ(error_of([&] { p.integer("n", 0); }), "n must be an integer in [1, 5], got \"6\"");
  EXPECT_EQ(error_of([&] { p.integer("offset", 0); }), "offset must be an integer in [-3, 3], got \"4\"");
  EXPECT_EQ(error_of([&] { p.decimal("rate", 1); }), "rate must be a number in (0, 2], got \"0\"");
  EXPECT_EQ(error_of([&] { p.text("note"); }), "note must be at most 4 characters long");
  EXPECT_EQ(error_of([&] { p.seed("seed", 0); }), "seed must be an integer in [0, 2^64), got \"-1\"");
  const Parsed q = parsed({"--mode", "fast", "--n", "0", "--offset", "-", "--rate", "0x1"});
  EXPECT_EQ(error_of([&] { q.integer("n", 1); }), "n must be an integer in [1, 5], got \"0\"");
  EXPECT_EQ(error_of([&] { q.integer("offset", 0); }), "offset must be an integer in [-3, 3], got \"-\"");
  EXPECT_EQ(error_of([&] { q.decimal("rate", 1); }), "rate must be a number in (0, 2], got \"0x1\"");
  // A negative integer only where the range has one.
  EXPECT_EQ(error_of([] { parsed({"--mode", "fast", "--n", "-1"}).integer("n", 1); }),
            "n must be an integer in [1, 5], got \"-1\"");
}

TEST(CliOptions, MessagesNameOptionsAsTheCommandDoes) {
  Command dashed = demo();
  dashed.dashed = true;
  const Parsed p = parse(dashed, {"demo", "--mode", "fast", "--n", "9", "--seed", "x"});
  EXPECT_EQ(error_of([&] { p.integer("n", 1); }), "--n must be an integer in [1, 5], got \"9\"");
  EXPECT_EQ(error_of([&] { p.seed("seed", 0); }), "seed must be an integer in [0, 2^64), got \"x\"");  // the same in every command
}

TEST(CliOptions, OneSeedRuleWithTheWebsSpellings) {
  using attn::cli::parse_seed_text;
  EXPECT_EQ(parse_seed_text("7", 64), 7u);
  EXPECT_EQ(parse_seed_text("+7", 64), 7u);
  EXPECT_EQ(parse_seed_text(" 007\t", 64), 7u);
  EXPECT_EQ(parse_seed_text("18446744073709551615", 64), 18446744073709551615u);
  EXPECT_EQ(parse_seed_text(std::string(24, '0') + "1", 64), 1u);  // 25 digits
  EXPECT_EQ(parse_seed_text("9223372036854775807", 63), 9223372036854775807u);
  const std::vector<std::string> bad_seeds = {"",    " ",   "+",     "++1", "-1", "1.5", "1e3", "0x10", "1 2",
                                              "18446744073709551616", std::string(25, '0') + "1"};
  for (const std::string& bad : bad_seeds)
    EXPECT_EQ(error_of([&] { parse_seed_text(bad, 64); }), "seed must be an integer in [0, 2^64), got \"" + bad + "\"")
        << bad;
  EXPECT_EQ(error_of([] { parse_seed_text("9223372036854775808", 63); }),
            "seed must be an integer in [0, 2^63), got \"9223372036854775808\"");
}

TEST(CliOptions, EchoesAtMostFortyCharacters) {
  EXPECT_EQ(attn::cli::quoted(std::string(40, 'x')), "\"" + std::string(40, 'x') + "\"");
  EXPECT_EQ(attn::cli::quoted(std::string(41, 'x')), "\"" + std::string(40, 'x') + "\u2026\"");
  std::string e;
  for (int i = 0; i < 41; ++i) e += "\u00e9";  // two bytes each: never cut inside one
  EXPECT_EQ(attn::cli::quoted(e), "\"" + e.substr(0, 80) + "\u2026\"");
}

TEST(CliOptions, UsageIsWrittenFromTheTable) {
  EXPECT_EQ(attn::cli::usage(demo(), "  demo {mode} [{seed}] [{n} {offset}] [{rate}] [{note}] [{verbose}]\n"),
            "  demo --mode fast|slow|exact [--seed S] [--n N --offset K] [--rate X] [--note TEXT] [--verbose]\n");
  // Braces that name no option are text.
  EXPECT_EQ(attn::cli::usage(demo(), "{x} {n}{"), "{x} --n N{");
}

TEST(CliOptions, Dims) {
  std::vector<std::uint64_t> d;
  EXPECT_TRUE(attn::cli::parse_dims("2,3,4", 4, d));
  EXPECT_EQ(d, (std::vector<std::uint64_t>{2, 3, 4}));
  for (const char* bad : {"", ",", "2,", ",2", "2,,3", "0,2", "5", "2,-1", "a"})
    EXPECT_FALSE(attn::cli::parse_dims(bad, 4, d)) << bad;
}

// The commands take that one rule: a seed the web accepts gives the same output.
TEST(CliOptions, CommandsTakeTheWebsSeedSpellings) {
  EXPECT_EQ(attn::run_cli({"normal", "--seed", "+5", "--count", "3"}).out,
            attn::run_cli({"normal", "--seed", "5", "--count", "3"}).out);
  const attn::CliResult torch = attn::run_cli({"torch", "randn", "--seed", " 00000000000000000000003", "--shape", "4"});
  EXPECT_EQ(torch.code, 0) << torch.err;
  EXPECT_EQ(torch.out, attn::run_cli({"torch", "randn", "--seed", "3", "--shape", "4"}).out);
  const attn::CliResult train = attn::run_cli({"train", "--model", "bigram", "--seed", "x"});
  EXPECT_EQ(train.err.substr(0, train.err.find('\n')), "attn-cli train: seed must be an integer in [0, 2^64), got \"x\"");
}

// Each command's synopsis in the help comes from its table.
TEST(CliOptions, HelpShowsTheTables) {
  const std::string torch = attn::run_cli({"torch", "--help"}).out;
  EXPECT_NE(torch.find("  torch bonus [--seed S] [--shape B,H,T,D] [--causal 1|0] [--values]\n"), std::string::npos);
  EXPECT_NE(torch.find("  torch randint --seed S --low A --high B --count N\n"), std::string::npos);
  const std::string help = attn::run_cli({"--help"}).out;
  EXPECT_NE(help.find("  train --model bigram|position|head|multihead|ffwd|blocks|residual|layernorm|gpt [--seed 1337]"), std::string::npos);
  EXPECT_NE(help.find("      --emit-pytorch [--lang en|zh-CN]: print instead"), std::string::npos);
}

}  // namespace
