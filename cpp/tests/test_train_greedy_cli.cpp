// attn-cli train --generate TEXT --greedy K [--kv-cache 1|0]: the greedy text
// equals PyTorch's from its own training of the same settings (goldens from
// scripts/gen_train_greedy_golden.py, cpp/tests/data/train_greedy.tsv), with
// the cache and without; --sampled K with --temperature and --top-k draws what
// PyTorch draws (cpp/tests/data/train_sampled.tsv); and the usage errors.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string json_unquote(const std::string& j) {  // the goldens' strings: ASCII with \n, \", \\ escapes
  std::string out;
  for (std::size_t i = 1; i + 1 < j.size(); ++i) {
    if (j[i] == '\\') {
      const char e = j[++i];
      out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
    } else {
      out += j[i];
    }
  }
  return out;
}

attn::CliResult cli(std::vector<std::string> args) {
  args.insert(args.begin(), "train");
  return attn::run_cli(args, [](const std::string& p) -> std::optional<std::string> {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  });
}

// A golden file's cases: tab-separated fields per line ('#' lines are comments);
// the first field, the CLI's options, split at spaces into args.
struct Case {
  std::vector<std::string> fields, args;
};
std::vector<Case> golden_cases(const std::string& file, std::size_t fields) {
  std::istringstream lines(read_all(std::string(ATTN_TEST_DATA_DIR) + "/" + file));
  std::vector<Case> out;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    Case c;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, '\t');) c.fields.push_back(x);
    EXPECT_EQ(c.fields.size(), fields) << line;
    if (c.fields.size() != fields) continue;
    std::stringstream os(c.fields[0]);
    for (std::string x; os >> x;) c.args.push_back(x);
    out.push_back(std::move(c));
  }
  return out;
}

TEST(TrainGreedyCli, GreedyEqualsPyTorch) {
  const std::vector<Case> cases = golden_cases("train_greedy.tsv", 4);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::vector<std::string>& f = cases[i].fields;
    std::vector<std::string> args = cases[i].args;
    // With the cache on every other case (the engine's tests compare the two on every step).
    const std::string kv = i % 2 == 0 ? "1" : "0";
    args.insert(args.end(), {"--sample-chars", "0", "--generate", json_unquote(f[1]), "--greedy", f[2], "--kv-cache", kv});
    const attn::CliResult r = cli(args);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out.substr(r.out.rfind("greedy: ")), "greedy: " + f[3] + "\n") << f[0] << " --kv-cache " << kv;
  }
  EXPECT_GE(cases.size(), 4u);
}

TEST(TrainGreedyCli, SampledEqualsPyTorch) {
  const std::vector<Case> cases = golden_cases("train_sampled.tsv", 3);
  for (const Case& c : cases) {
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--sample-chars", "0", "--generate", json_unquote(c.fields[1])});
    const attn::CliResult r = cli(args);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out.substr(r.out.rfind("sampled: ")), "sampled: " + c.fields[2] + "\n") << c.fields[0];
  }
  EXPECT_GE(cases.size(), 5u);
}

TEST(TrainGreedyCli, BlockModelsWriteTheSameTextWithTheCache) {
  for (const char* model : {"multihead", "gpt"}) {
    const std::vector<std::string> base = {"--model", model, "--iters", "20", "--eval-interval", "20", "--eval-iters", "1",
                                           "--sample-chars", "0", "--block", "6", "--generate", "ROMEO:", "--greedy", "30"};
    std::vector<std::string> on = base, off = base;
    on.insert(on.end(), {"--kv-cache", "1"});
    off.insert(off.end(), {"--kv-cache", "0"});
    const attn::CliResult a = cli(on), b = cli(off);
    ASSERT_EQ(a.code, 0) << a.err;
    ASSERT_EQ(b.code, 0) << b.err;
    EXPECT_EQ(a.out, b.out) << model;
  }
}

TEST(TrainGreedyCli, Errors) {
  const auto err = [](std::vector<std::string> a) {
    const attn::CliResult r = cli(a);
    EXPECT_EQ(r.code, 2);
    return r.err;
  };
  EXPECT_NE(err({"--model", "bigram", "--iters", "1", "--generate", "\xe2\x82\xac", "--greedy", "3"}).find("not in the vocabulary"),
            std::string::npos);
  EXPECT_NE(err({"--model", "bigram", "--iters", "1", "--generate", "a"}).find("--greedy"), std::string::npos);
  EXPECT_NE(err({"--model", "bigram", "--iters", "1", "--greedy", "3", "--kv-cache", "2"}).find("--kv-cache"), std::string::npos);
  EXPECT_NE(err({"--model", "bigram", "--iters", "1", "--temperature", "0.5"}).find("go with --sampled"), std::string::npos);
  EXPECT_NE(err({"--model", "bigram", "--iters", "1", "--sampled", "3", "--temperature", "0"}).find("[0.05, 5]"), std::string::npos);
  EXPECT_NE(err({"--model", "bigram", "--iters", "1", "--sampled", "3", "--top-k", "-1"}).find("--top-k"), std::string::npos);
  const attn::CliResult ok = cli({"--model", "bigram", "--iters", "1", "--eval-iters", "1", "--sample-chars", "0",
                                  "--greedy", "0"});
  EXPECT_EQ(ok.out.substr(ok.out.rfind('\n', ok.out.size() - 2) + 1), "greedy: \"\"\n");
}

}  // namespace
