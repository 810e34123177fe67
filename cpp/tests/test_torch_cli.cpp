// attn-cli torch ...: the text equals what Python prints with Debian's PyTorch
// (cpp/tests/data/torch_cli_*.txt from scripts/gen_torch_golden.py), and bad
// seeds, shapes and bounds give a message, no output and exit code 2.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"

namespace {

std::string golden(const std::string& name) {
  std::ifstream in(std::string(ATTN_TEST_DATA_DIR) + "/" + name);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void expect_output(const std::vector<std::string>& args, const std::string& file) {
  const attn::CliResult r = attn::run_cli(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, golden(file));
}

void expect_text(const std::vector<std::string>& args, const std::string& text) {
  const attn::CliResult r = attn::run_cli(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, text);
}

TEST(TorchCli, RandnAsPythonPrintsIt) {
  expect_output({"torch", "randn", "--seed", "1337", "--shape", "4,8,2"}, "torch_cli_randn_1337_4x8x2.txt");
  expect_output({"torch", "randn", "--seed=7", "--shape=3,5"}, "torch_cli_randn_7_3x5.txt");
}

TEST(TorchCli, RandintAndUniform) {
  expect_output({"torch", "randint", "--seed", "9223372036854775807", "--low", "-5", "--high", "17", "--count", "40"},
                "torch_cli_randint_max_m5_17_40.txt");
  expect_output({"torch", "uniform", "--seed", "12", "--low", "-2", "--high", "3", "--count", "25"},
                "torch_cli_uniform_12_m2_3_25.txt");
}

TEST(TorchCli, BadArgumentsExitWithAMessage) {
  const std::vector<std::vector<std::string>> bad = {
      {"torch"},
      {"torch", "rand", "--seed", "1", "--shape", "2"},
      {"torch", "randn", "--seed", "-1", "--shape", "2"},
      {"torch", "randn", "--seed", "9223372036854775808", "--shape", "2"},
      {"torch", "randn", "--seed", "1.5", "--shape", "2"},
      {"torch", "randn", "--shape", "2"},
      {"torch", "randn", "--seed", "1", "--shape", "0,2"},
      {"torch", "randn", "--seed", "1", "--shape", "4,-2"},
      {"torch", "randn", "--seed", "1", "--shape", "4,,2"},
      {"torch", "randn", "--seed", "1", "--shape", ""},
      {"torch", "randn", "--seed", "1", "--shape", "4096,4097"},
      {"torch", "randn", "--seed", "1", "--shape", "2", "--count", "3"},
      {"torch", "randint", "--seed", "1", "--low", "5", "--high", "5", "--count", "3"},
      {"torch", "randint", "--seed", "1", "--low", "a", "--high", "5", "--count", "3"},
      {"torch", "randint", "--seed", "1", "--low", "0", "--high", "9223372036854775808", "--count", "3"},
      {"torch", "randint", "--seed", "1", "--low", "0", "--high", "5", "--count", "0"},
      {"torch", "randint", "--seed", "1", "--low", "0", "--high", "5", "--count", "16777217"},
      {"torch", "uniform", "--seed", "1", "--low", "2", "--high", "1", "--count", "3"},
      {"torch", "uniform", "--seed", "1", "--low", "nan", "--high", "1", "--count", "3"},
      {"torch", "uniform", "--seed", "1", "--low", "-1e39", "--high", "1", "--count", "3"},
      {"torch", "uniform", "--seed", "1", "--low", "0", "--high", "1"},
  };
  for (const auto& args : bad) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    const attn::CliResult r = attn::run_cli(args);
    EXPECT_EQ(r.code, 2) << joined;
    EXPECT_EQ(r.out, "") << joined;
    EXPECT_EQ(r.err.rfind("attn-cli torch: ", 0), 0u) << joined << r.err;
  }
}

TEST(TorchCli, OptionMessagesNameTheSubcommand) {
  const auto err = [](std::vector<std::string> args) { return attn::run_cli(args).err; };
  const auto first_line = [](const std::string& e) { return e.substr(0, e.find('\n')); };
  EXPECT_EQ(first_line(err({"torch", "randn", "--seed", "1", "--shape", "2", "--count", "3"})),
            "attn-cli torch: unknown option --count for torch randn");
  EXPECT_EQ(first_line(err({"torch", "randn", "stray"})), "attn-cli torch: unexpected argument \"stray\"");
  EXPECT_EQ(first_line(err({"torch", "randn", std::string(45, 'x')})),
            "attn-cli torch: unexpected argument \"" + std::string(40, 'x') + "\u2026\"");
  EXPECT_EQ(first_line(err({"torch", "uniform", "--seed", "1", "--low", "0", "--high"})),
            "attn-cli torch: option --high needs a value");
  EXPECT_EQ(first_line(err({"torch", "uniform", "--seed=1", "--low=0", "--high=1"})),
            "attn-cli torch: missing --count");
}

TEST(TorchCli, UniformRangeCheckedAsPyTorchChecksIt) {
  // uniform_ checks to - from <= FLT_MAX twice: on the doubles it is given, then on the
  // float32 bounds. Here the doubles are more than FLT_MAX apart (PyTorch raises), though
  // the float32 values are less.
  const attn::CliResult over = attn::run_cli({"torch", "uniform", "--seed", "1", "--low", "-1.2611634023950024e+37",
                                              "--high", "3.2767071291881967e+38", "--count", "3"});
  EXPECT_EQ(over.code, 2);
  EXPECT_EQ(over.out, "");
  EXPECT_EQ(over.err.rfind("attn-cli torch: high - low must be at most", 0), 0u) << over.err;
  // Here to - from is below FLT_MAX but the float32 difference rounds up to inf:
  // uniform_real_distribution<float> raises.
  const attn::CliResult inf = attn::run_cli({"torch", "uniform", "--seed", "1", "--low", "-5.3201296622812095e+37",
                                             "--high", "2.870810495710885e+38", "--count", "3"});
  EXPECT_EQ(inf.code, 2);
  EXPECT_EQ(inf.out, "");
  // And here both differences pass (PyTorch draws), though the float32 values are
  // exactly more than FLT_MAX apart (their difference rounds down to FLT_MAX), the case
  // a check of the float32 values in double refused;
  // torch.manual_seed(5); torch.empty(4).uniform_(lo, hi).tolist():
  expect_text({"torch", "uniform", "--seed", "5", "--low", "-2.6056285356121166e+38", "--high", "7.971948764626764e+37",
               "--count", "4"},
              "2.19571915471552e+37\n-2.176495436187155e+38\n4.823305065338474e+37\n1.844383325844205e+37\n");
}

TEST(TorchCli, LimitsAreInclusive) {
  const attn::CliResult r = attn::run_cli({"torch", "randint", "--seed", "0", "--low", "-9223372036854775808",
                                           "--high", "9223372036854775807", "--count", "3"});
  EXPECT_EQ(r.code, 0) << r.err;
  const attn::CliResult h = attn::run_cli({"torch", "--help"});
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("torch randn"), std::string::npos);
}

}  // namespace
