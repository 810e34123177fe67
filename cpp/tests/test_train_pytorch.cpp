// The training script attn-cli hands out (train --emit-pytorch): for every run
// of cpp/tests/data/pytorch/runs.txt, the script it emits is the committed
// NAME.py (the one Debian's PyTorch ran, scripts/gen_pytorch_goldens.py), and
// the engine's output for the same options is the NAME.log PyTorch printed,
// line by line. No PyTorch here.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "train/pytorch_script.hpp"

namespace {

const std::string kDir = std::string(ATTN_TEST_DATA_DIR) + "/pytorch";

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct GoldenRun {
  std::string name;
  std::vector<std::string> options;
};

std::vector<GoldenRun> runs() {
  std::vector<GoldenRun> out;
  std::istringstream in(read_file(kDir + "/runs.txt").value_or(""));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto bar = line.find('|');
    GoldenRun r;
    r.name = line.substr(0, line.find_last_not_of(' ', bar - 1) + 1);
    std::istringstream words(line.substr(bar + 1));
    for (std::string w; words >> w;) r.options.push_back(w);
    out.push_back(r);
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The texts a script opens: input.txt is the project's Tiny Shakespeare
// (without --data the CLI reads it itself), other names are files here.
std::optional<std::string> reader(const std::string& path) {
  return read_file(!path.empty() && path[0] == '/' ? path : kDir + "/" + path);
}

TEST(TrainPytorchScript, ManifestListsTheGoldens) {
  const auto all = runs();
  ASSERT_GE(all.size(), 5u);
  for (const GoldenRun& r : all) {
    EXPECT_TRUE(read_file(kDir + "/" + r.name + ".py")) << r.name;
    EXPECT_TRUE(read_file(kDir + "/" + r.name + ".log")) << r.name;
  }
}

TEST(TrainPytorchScript, EmittedScriptIsTheOnePyTorchRan) {
  for (const GoldenRun& r : runs()) {
    std::vector<std::string> args = {"train"};
    args.insert(args.end(), r.options.begin(), r.options.end());
    args.push_back("--emit-pytorch");
    const attn::CliResult out = attn::run_cli(args, reader);
    ASSERT_EQ(out.code, 0) << r.name << ": " << out.err;
    EXPECT_EQ(out.out, read_file(kDir + "/" + r.name + ".py").value_or("")) << r.name;
  }
}

// The engine's whole output (every evaluation line, then the sample) for the run `name`.
void check_log(const std::string& name) {
  for (const GoldenRun& r : runs()) {
    if (r.name != name) continue;
    std::vector<std::string> args = {"train"};
    for (std::size_t i = 0; i < r.options.size(); ++i) {
      if (r.options[i] == "--lang") { ++i; continue; }  // only the script's comments
      args.push_back(r.options[i]);
    }
    const attn::CliResult out = attn::run_cli(args, reader);
    ASSERT_EQ(out.code, 0) << out.err;
    const auto ours = lines_of(out.out);
    const auto theirs = lines_of(read_file(kDir + "/" + name + ".log").value_or(""));
    ASSERT_FALSE(theirs.empty());
    EXPECT_EQ(ours.size(), theirs.size());
    for (std::size_t i = 0; i < std::min(ours.size(), theirs.size()); ++i)
      EXPECT_EQ(ours[i], theirs[i]) << name << ", line " << i + 1;
    return;
  }
  FAIL() << name << " is not in runs.txt";
}

TEST(TrainPytorchLog, Bigram) { check_log("bigram"); }
TEST(TrainPytorchLog, Position) { check_log("position"); }
TEST(TrainPytorchLog, Head) { check_log("head"); }
TEST(TrainPytorchLog, HeadCustom) { check_log("head_custom"); }
TEST(TrainPytorchLog, PositionZh) { check_log("position_zh"); }
TEST(TrainPytorchLog, OwnText) { check_log("own_text"); }
TEST(TrainPytorchLog, BigramOwnZh) { check_log("bigram_own_zh"); }

// dropout is written as Python's repr of the double, so Python reads the same p.
TEST(TrainPytorchScript, DropoutLiteral) {
  auto script = [](double p) {
    attn::train::Config c = attn::train::Config::defaults(attn::train::ModelKind::Gpt);
    c.dropout = p;
    return attn::train::pytorch_script(c, 0, "input.txt", attn::train::ScriptLang::En);
  };
  EXPECT_NE(script(0.1).find("\ndropout = 0.1\n"), std::string::npos);
  EXPECT_NE(script(0.15).find("\ndropout = 0.15\n"), std::string::npos);
  EXPECT_NE(script(0.0).find("\ndropout = 0.0\n"), std::string::npos);
  EXPECT_NE(script(1e-5).find("\ndropout = 1e-05\n"), std::string::npos);
}

TEST(TrainPytorchScript, LearningRateLiteral) {
  using attn::train::lr_literal;
  EXPECT_EQ(lr_literal(1e-3f), "1e-3");
  EXPECT_EQ(lr_literal(1e-2f), "1e-2");
  EXPECT_EQ(lr_literal(2.5e-4f), "2.5e-4");
  EXPECT_EQ(lr_literal(0.1f), "0.1");
  EXPECT_EQ(lr_literal(0.375f), "0.375");
  EXPECT_EQ(lr_literal(3.0f), "3.0");
  EXPECT_EQ(lr_literal(1234.5f), "1234.5");
  EXPECT_EQ(lr_literal(1e20f), "1e20");
  EXPECT_EQ(lr_literal(0.0012345678f), "1.2345678e-3");
  EXPECT_THROW(lr_literal(0.0f), std::invalid_argument);
}

TEST(TrainPytorchScript, PythonStringLiteral) {
  using attn::train::py_string;
  EXPECT_EQ(py_string("input.txt"), "'input.txt'");
  EXPECT_EQ(py_string("it's\\x"), "'it\\'s\\\\x'");
  EXPECT_EQ(py_string("a\nb\t"), "'a\\x0ab\\x09'");
  EXPECT_EQ(py_string("文本.txt"), "'文本.txt'");
}

TEST(TrainPytorchScript, Options) {
  const auto emit = [](std::vector<std::string> extra) {
    std::vector<std::string> args = {"train", "--model", "head"};
    args.insert(args.end(), extra.begin(), extra.end());
    return attn::run_cli(args, [](const std::string&) { return std::optional<std::string>(); });
  };
  // nothing is read: the script opens its file itself, by the name given
  const attn::CliResult en = emit({"--emit-pytorch"});
  ASSERT_EQ(en.code, 0) << en.err;
  EXPECT_NE(en.out.find("data_path = 'input.txt'\n"), std::string::npos);
  EXPECT_NE(en.out.find("learning_rate = 1e-3\n"), std::string::npos);
  const attn::CliResult zh = emit({"--data=../texts/my text.txt", "--lang", "zh-CN", "--emit-pytorch"});
  ASSERT_EQ(zh.code, 0) << zh.err;
  EXPECT_NE(zh.out.find("data_path = '../texts/my text.txt'\n"), std::string::npos);
  EXPECT_NE(zh.out.find("# 这次运行的设置\n"), std::string::npos);
  EXPECT_EQ(zh.out.find("# This run's settings"), std::string::npos);
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
           {"--lang", "en"}, {"--emit-pytorch", "--lang", "fr"}, {"--emit-pytorch", "--lang"},
           {"--emit-pytorch", "--iters", "x"}}) {
    const attn::CliResult r = emit(bad);
    EXPECT_EQ(r.code, 2) << bad.back();
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(r.err.rfind("attn-cli train: ", 0), 0u) << r.err;
  }
}

}  // namespace
