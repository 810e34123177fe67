// The block models' pieces and short runs against Debian PyTorch 1.13's
// (goldens by scripts/gen_block_golden.py).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "cli.hpp"
#include "torch/generator.hpp"
#include "train/model.hpp"
#include "train/ops.hpp"

namespace {

const std::string kData = ATTN_TEST_DATA_DIR;
const std::string kText = kData + "/../../../public/data/tinyshakespeare.txt";

std::string read_all(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// "name field v v v ..." lines -> map "name field" -> values
std::map<std::string, std::vector<float>> golden() {
  std::map<std::string, std::vector<float>> m;
  std::istringstream in(read_all(kData + "/train_block_ops.txt"));
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    std::string a, b, v;
    ls >> a >> b;
    std::vector<float>& out = m[a + " " + b];
    while (ls >> v) out.push_back(std::strtof(v.c_str(), nullptr));
  }
  return m;
}

void expect_close(const std::vector<float>& got, const std::vector<float>& want, float tol, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], want[i], tol * (1.0f + std::fabs(want[i]))) << what << " [" << i << "]";
}

TEST(TrainBlockOps, LayerNormForwardBackward) {
  auto g = golden();
  for (const auto& [rows, c] : std::vector<std::pair<int, int>>{{4, 16}, {3, 12}}) {
    const std::string k = "layernorm_" + std::to_string(rows) + "x" + std::to_string(c) + " ";
    const auto& x = g[k + "x"];
    ASSERT_EQ(x.size(), static_cast<std::size_t>(rows * c));
    std::vector<float> y(x.size()), mean(rows), rstd(rows), dx(x.size()), dgamma(c, 0.0f), dbeta(c, 0.0f);
    attn::train::ops::layernorm_forward<float>(x.data(), rows, c, g[k + "gamma"].data(), g[k + "beta"].data(), y.data(),
                                               mean.data(), rstd.data());
    expect_close(y, g[k + "y"], 1e-6f, "layernorm y");
    attn::train::ops::layernorm_backward<float>(x.data(), mean.data(), rstd.data(), g[k + "gamma"].data(),
                                                g[k + "dy"].data(), rows, c, dgamma.data(), dbeta.data(), dx.data());
    expect_close(dx, g[k + "dx"], 1e-5f, "layernorm dx");
    expect_close(dgamma, g[k + "dgamma"], 1e-5f, "layernorm dgamma");
    expect_close(dbeta, g[k + "dbeta"], 1e-6f, "layernorm dbeta");
  }
}

TEST(TrainBlockOps, ReluConcatProjection) {
  auto g = golden();
  std::vector<float> y(18), dx(18);
  attn::train::ops::relu_forward<float>(g["relu x"].data(), 18, y.data());
  EXPECT_EQ(y, g["relu y"]);
  attn::train::ops::relu_backward<float>(g["relu x"].data(), g["relu dy"].data(), 18, dx.data());
  EXPECT_EQ(dx, g["relu dx"]);

  // concat of (3, 2) and (3, 3): one part of each width at a time (H equal per call)
  std::vector<float> cat(15), da(6), db(9);
  for (int n = 0; n < 3; ++n) {
    for (int h = 0; h < 2; ++h) cat[n * 5 + h] = g["concat a"][n * 2 + h];
    for (int h = 0; h < 3; ++h) cat[n * 5 + 2 + h] = g["concat b"][n * 3 + h];
  }
  EXPECT_EQ(cat, g["concat y"]);
  // equal-width parts through the kernels: [a | a] -> (3, 4) and back
  const float* parts[2] = {g["concat a"].data(), g["concat a"].data()};
  std::vector<float> aa(12), back0(6), back1(6);
  attn::train::ops::concat_forward<float>(parts, 2, 3, 2, aa.data());
  for (int n = 0; n < 3; ++n)
    for (int h = 0; h < 4; ++h) EXPECT_EQ(aa[n * 4 + h], g["concat a"][n * 2 + h % 2]);
  float* dparts[2] = {back0.data(), back1.data()};
  attn::train::ops::concat_backward<float>(aa.data(), 2, 3, 2, dparts);
  EXPECT_EQ(back0, g["concat a"]);
  EXPECT_EQ(back1, g["concat a"]);
  for (int n = 0; n < 3; ++n) {
    for (int h = 0; h < 2; ++h) da[n * 2 + h] = g["concat dy"][n * 5 + h];
    for (int h = 0; h < 3; ++h) db[n * 3 + h] = g["concat dy"][n * 5 + 2 + h];
  }
  EXPECT_EQ(da, g["concat da"]);
  EXPECT_EQ(db, g["concat db"]);

  // projection Linear(6, 5) on (3, 6)
  const auto& W = g["proj W"];
  std::vector<float> Wt(30), py(15), pdx(18), dW(30, 0.0f), dbias(5, 0.0f);
  for (int o = 0; o < 5; ++o)
    for (int i = 0; i < 6; ++i) Wt[i * 5 + o] = W[o * 6 + i];
  attn::train::ops::linear_forward<float>(g["proj x"].data(), 3, 6, 5, Wt.data(), g["proj bias"].data(), py.data());
  expect_close(py, g["proj y"], 1e-6f, "proj y");
  attn::train::ops::linear_backward<float>(g["proj x"].data(), g["proj dy"].data(), 3, 6, 5, W.data(), dW.data(),
                                           dbias.data(), pdx.data());
  expect_close(pdx, g["proj dx"], 1e-6f, "proj dx");
  expect_close(dW, g["proj dW"], 1e-6f, "proj dW");
  expect_close(dbias, g["proj dbias"], 1e-6f, "proj dbias");
}

// PyTorch keeps where u < 1 - p with p Python's double. Seed 28077's draw
// 19716 is u = 0.89999999902…, between 1 - double(0.1f) and 0.9: torch keeps
// it (torch.manual_seed(28077); torch.empty(19717).bernoulli_(0.9)[19716] is
// 1), and a p stored as float would drop it. The default gpt run drew such a
// value after step 3000 and left PyTorch's log.
TEST(TrainBlockOps, DropoutThresholdIsOneMinusTheDoubleP) {
  static_assert(std::is_same_v<decltype(attn::train::Config{}.dropout), double>);
  EXPECT_EQ(attn::train::Config::defaults(attn::train::ModelKind::Gpt).dropout, 0.1);
  const auto kept_last = [](double p) {
    attn::torch::Generator gen(28077);
    std::vector<float> keep(19717);
    attn::train::dropout_noise(gen, p, keep.data(), keep.size());
    return keep.back() != 0.0f;
  };
  EXPECT_TRUE(kept_last(0.1));
  EXPECT_FALSE(kept_last(static_cast<double>(0.1f)));
}

TEST(TrainBlockOps, DropoutMasksArePyTorchs) {
  auto g = golden();
  struct Case { std::uint64_t seed; double p; int n; const char* key; };
  for (const Case& c : {Case{7, 0.1, 40, "dropout_7_0.1_40 "}, Case{1337, 0.5, 33, "dropout_1337_0.5_33 "},
                        Case{42, 0.25, 64, "dropout_42_0.25_64 "}}) {
    attn::torch::Generator gen(c.seed);
    std::vector<float> x(c.n), dy(c.n), keep(c.n), y(c.n), dx(c.n);
    gen.normal_(x.data(), x.size());
    gen.normal_(dy.data(), dy.size());
    EXPECT_EQ(x, g[std::string(c.key) + "x"]);
    attn::train::dropout_noise(gen, c.p, keep.data(), keep.size());
    attn::train::ops::dropout_apply<float>(x.data(), keep.data(), x.size(), y.data());
    attn::train::ops::dropout_apply<float>(dy.data(), keep.data(), dy.size(), dx.data());
    EXPECT_EQ(y, g[std::string(c.key) + "y"]) << c.key;
    EXPECT_EQ(dx, g[std::string(c.key) + "dx"]) << c.key;
    int kept = 0;
    for (float k : keep) kept += k != 0.0f;
    EXPECT_GT(kept, 0);
    EXPECT_LT(kept, c.n);
  }
}

// attn-cli train's arguments for a block model's short run (scripts/gen_block_golden.py's SHORT).
std::vector<std::string> short_run(const std::string& model) {
  std::vector<std::string> args = {"train", "--model", model, "--iters", "41", "--eval-interval", "20", "--eval-iters",
                                   "4", "--batch", "8", "--block", "8", "--n-embd", "16", "--n-head", "4",
                                   "--sample-chars", "0", "--data", kText};
  if (model != "multihead" && model != "ffwd") args.insert(args.end(), {"--n-layer", "2"});
  if (model == "gpt") args.insert(args.end(), {"--dropout", "0.2"});
  return args;
}

// Each block model's short run prints PyTorch's log line for line.
void check_short_log(const std::string& model) {
  const attn::CliResult r = attn::run_cli(short_run(model));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, read_all(kData + "/train_log_" + model + "_short.txt"));
}

TEST(TrainBlockLog, Multihead) { check_short_log("multihead"); }
TEST(TrainBlockLog, Ffwd) { check_short_log("ffwd"); }
TEST(TrainBlockLog, Blocks) { check_short_log("blocks"); }
TEST(TrainBlockLog, Residual) { check_short_log("residual"); }
TEST(TrainBlockLog, Layernorm) { check_short_log("layernorm"); }
TEST(TrainBlockLog, Gpt) { check_short_log("gpt"); }

TEST(TrainBlockCli, BadSettingsNameTheRule) {
  struct Bad { std::vector<std::string> args; const char* says; };
  for (const Bad& b : std::vector<Bad>{
           {{"--model", "multihead", "--n-embd", "30"}, "multiple of --n-head"},
           {{"--model", "gpt", "--dropout", "1"}, "[0, 1)"},
           {{"--model", "gpt", "--dropout", "-0.1"}, "[0, 1)"},
           {{"--model", "residual", "--dropout", "0.1"}, "--model gpt"},
           {{"--model", "head", "--n-head", "2"}, "--n-head goes with --model multihead, ffwd"},
           {{"--model", "ffwd", "--n-layer", "2"}, "--n-layer goes with --model blocks"},
           {{"--model", "blocks", "--n-layer", "9"}, "n-layer"},
           {{"--model", "blocks", "--n-head", "17"}, "n-head"},
           {{"--model", "layernorm", "--n-embd", "512"}, "n-embd"},
           {{"--model", "gpt", "--block", "65"}, "at most 64"}}) {
    std::vector<std::string> args = {"train"};
    args.insert(args.end(), b.args.begin(), b.args.end());
    args.insert(args.end(), {"--data", kText});
    const attn::CliResult r = attn::run_cli(args);
    EXPECT_NE(r.code, 0) << b.says;
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find(b.says), std::string::npos) << r.err;
  }
}

}  // namespace

// --attention TEXT after each short run: every head of every layer is
// PyTorch's (train_attention_short.tsv, made by scripts/gen_block_golden.py)
// within 1e-4, in the same [layer][head][query][key] nesting; rows sum to 1
// and nothing is above the diagonal.
std::string nesting_of(const std::string& json) {
  static const std::regex number(R"(-?[0-9][0-9.eE+-]*)");
  return std::regex_replace(json, number, "#");
}
std::vector<double> numbers_of(const std::string& json) {
  static const std::regex number(R"(-?[0-9][0-9.eE+-]*)");
  std::vector<double> out;
  for (auto it = std::sregex_iterator(json.begin(), json.end(), number); it != std::sregex_iterator(); ++it)
    out.push_back(std::stod(it->str()));
  return out;
}

TEST(TrainBlockAttention, EveryHeadOfEveryLayerIsPyTorchs) {
  std::istringstream golden(read_all(kData + "/train_attention_short.tsv"));
  std::string line;
  int models = 0;
  while (std::getline(golden, line)) {
    const std::size_t tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos);
    const std::string model = line.substr(0, tab), want = line.substr(tab + 1);
    std::vector<std::string> args = short_run(model);
    args.insert(args.end(), {"--attention", "Before we proceed any further"});
    const attn::CliResult r = attn::run_cli(args);
    ASSERT_EQ(r.code, 0) << r.err;
    const std::size_t at = r.out.find("attention: ");
    ASSERT_NE(at, std::string::npos) << model;
    // The log before it is unchanged by the extra line.
    EXPECT_EQ(r.out.substr(0, at), read_all(kData + "/train_log_" + model + "_short.txt")) << model;
    std::string got = r.out.substr(at + 11);
    got.pop_back();  // the newline
    EXPECT_EQ(nesting_of(got), nesting_of(want)) << model;
    const std::vector<double> g = numbers_of(got), w = numbers_of(want);
    ASSERT_EQ(g.size(), w.size()) << model;
    const int layers = model == "multihead" || model == "ffwd" ? 1 : 2, heads = 4, T = 8;
    ASSERT_EQ(g.size(), static_cast<std::size_t>(layers * heads * T * T)) << model;
    for (std::size_t i = 0; i < g.size(); ++i) EXPECT_NEAR(g[i], w[i], 1e-4) << model << " weight " << i;
    for (int m = 0; m < layers * heads; ++m)
      for (int q = 0; q < T; ++q) {
        double sum = 0;
        for (int k = 0; k < T; ++k) {
          const double v = g[static_cast<std::size_t>((m * T + q) * T + k)];
          sum += v;
          if (k > q) EXPECT_EQ(v, 0.0) << model << " map " << m << " row " << q;
        }
        EXPECT_NEAR(sum, 1.0, 1e-6) << model << " map " << m << " row " << q;
      }
    ++models;
  }
  EXPECT_EQ(models, 6);
}
