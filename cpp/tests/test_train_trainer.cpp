// The training engine against PyTorch 1.13 (goldens from
// scripts/gen_train_golden.py): the shipped text, the dataset, one step's
// loss and gradients and the weights after three AdamW steps for each model,
// and the lecture's printed log (the first evaluations here; the whole runs
// with scripts/compare_train_logs.sh).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "train/trainer.hpp"

namespace {

using namespace attn::train;

const std::string kText = std::string(ATTN_TEST_DATA_DIR) + "/../../../public/data/tinyshakespeare.txt";

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// FIPS 180-4 SHA-256, enough to check the shipped text.
std::string sha256_hex(const std::string& msg) {
  static const std::uint32_t K[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
      0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
      0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
      0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
      0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
      0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
      0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
      0xc67178f2};
  std::uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::string m = msg;
  const std::uint64_t bits = static_cast<std::uint64_t>(msg.size()) * 8;
  m += static_cast<char>(0x80);
  while (m.size() % 64 != 56) m += '\0';
  for (int i = 7; i >= 0; --i) m += static_cast<char>((bits >> (8 * i)) & 0xff);
  auto rotr = [](std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  for (std::size_t off = 0; off < m.size(); off += 64) {
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i) {
      const auto* p = reinterpret_cast<const unsigned char*>(m.data() + off + 4 * i);
      w[i] = (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
    }
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  char out[65];
  for (int i = 0; i < 8; ++i) std::snprintf(out + 8 * i, 9, "%08x", h[i]);
  return std::string(out, 64);
}

TEST(TrainData, ShippedTinyShakespeare) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const std::string text = read_all(kText);
  EXPECT_EQ(text.size(), 1115394u);
  EXPECT_EQ(sha256_hex(text), "86c4e6aa9db7c042ec79f339dcb96d42b0075e16b8fc2e86bf0ca57e2dc565ed");
  const Dataset d = Dataset::from_text(text, 8);
  ASSERT_EQ(d.vocab.size(), 65u);
  EXPECT_EQ(d.vocab[0], U'\n');
  EXPECT_EQ(d.vocab[1], U' ');
  EXPECT_EQ(d.vocab[64], U'z');
  EXPECT_EQ(d.train.size(), 1003854u);
  EXPECT_EQ(d.val.size(), 111540u);
  // the lecture's encode("hii there") and its decode
  EXPECT_EQ(d.encode("hii there"), (std::vector<std::int32_t>{46, 47, 47, 1, 58, 46, 43, 56, 43}));
  EXPECT_EQ(d.decode(d.encode("First Citizen:")), "First Citizen:");
  EXPECT_THROW(d.encode("caf\xc3\xa9"), std::invalid_argument);
}

TEST(TrainData, TextChecks) {
  // code points, sorted as Python sorts str
  const Dataset d = Dataset::from_text("\xe4\xbd\xa0\xe5\xa5\xbd, world \xe4\xbd\xa0\xe5\xa5\xbd!", 1);
  EXPECT_EQ(d.vocab.front(), U' ');
  EXPECT_EQ(d.vocab.back(), U'\u597d');
  EXPECT_EQ(d.train.size() + d.val.size(), 13u);
  EXPECT_EQ(d.train.size(), 11u);  // int(0.9 * 13)
  EXPECT_THROW(Dataset::from_text("\xe4\xbd\xa0\xe5\xa5\xbd, world \xe4\xbd\xa0\xe5\xa5\xbd!", 2), std::invalid_argument);
  EXPECT_THROW(Dataset::from_text("abc\xff", 1), std::invalid_argument);
  EXPECT_THROW(Dataset::from_text("\xc0\xaf", 1), std::invalid_argument);     // overlong
  EXPECT_THROW(Dataset::from_text("\xed\xa0\x80", 1), std::invalid_argument);  // surrogate
  EXPECT_THROW(Dataset::from_text("abcdefghij", 1), std::invalid_argument);    // val has 1 character
  EXPECT_NO_THROW(Dataset::from_text("abcdefghijklmnopqrst", 1));
}

// One golden file: name -> values (hex float32 bits or integers).
struct Golden {
  std::map<std::string, std::vector<std::string>> rec;
  std::vector<float> floats(const std::string& name) const {
    std::vector<float> out;
    for (const std::string& h : rec.at(name)) {
      const std::uint32_t bits = static_cast<std::uint32_t>(std::stoul(h, nullptr, 16));
      float f;
      std::memcpy(&f, &bits, sizeof f);
      out.push_back(f);
    }
    return out;
  }
  std::vector<std::int64_t> ints(const std::string& name) const {
    std::vector<std::int64_t> out;
    for (const std::string& s : rec.at(name)) out.push_back(std::stoll(s));
    return out;
  }
};

Golden load_golden(const std::string& file) {
  Golden g;
  std::istringstream in(read_all(std::string(ATTN_TEST_DATA_DIR) + "/" + file));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string name;
    std::size_t n = 0;
    ls >> name >> n;
    auto& v = g.rec[name];
    v.resize(n);
    for (auto& s : v) ls >> s;
  }
  return g;
}

void expect_close(std::span<const float> got, const std::vector<float>& want, double abs_tol, double rel_tol,
                  const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  int bad = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const double tol = abs_tol + rel_tol * std::abs(want[i]);
    if (std::abs(double(got[i]) - want[i]) > tol && ++bad <= 5)
      ADD_FAILURE() << what << "[" << i << "]: " << got[i] << " vs PyTorch " << want[i];
  }
  EXPECT_EQ(bad, 0) << what;
}

void check_steps(ModelKind kind, const char* file) {
  const Golden g = load_golden(file);
  Config c = Config::defaults(kind);
  c.batch = 4;
  c.block = 4;
  c.n_embd = 8;
  c.lr = 1e-2f;
  c.eval_iters = 2;
  c.iters = 3;
  Trainer t(Dataset::from_text(read_all(kText), c.block), c);
  ASSERT_EQ(t.data().vocab.size(), static_cast<std::size_t>(g.ints("vocab")[0]));
  const auto e = t.advance();
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->step, 0);
  const auto ev = g.floats("eval");
  EXPECT_NEAR(e->train_loss, ev[0], 2e-6);
  EXPECT_NEAR(e->val_loss, ev[1], 2e-6);
  for (int s = 0; s < 3; ++s) {
    if (s > 0) EXPECT_FALSE(t.advance().has_value());
    const std::string k = std::to_string(s);
    const auto ix = g.ints("ix" + k);
    const auto got = t.last_batch_offsets();
    EXPECT_EQ(std::vector<std::int64_t>(got.begin(), got.end()), ix) << "step " << s;
    EXPECT_NEAR(t.last_loss(), g.floats("loss" + k)[0], 2e-6) << "step " << s;
    if (s == 0) expect_close(t.gradients(), g.floats("grad0"), 1e-7, 1e-5, "grad0");
  }
  EXPECT_TRUE(t.done());
  EXPECT_EQ(t.parameter_count(), g.floats("params3").size());
  expect_close(t.parameters(), g.floats("params3"), 2e-6, 1e-5, "params3");
}

TEST(TrainStep, BigramMatchesPyTorch) { check_steps(ModelKind::Bigram, "train_step_bigram.txt"); }
TEST(TrainStep, PositionMatchesPyTorch) { check_steps(ModelKind::Position, "train_step_position.txt"); }
TEST(TrainStep, HeadMatchesPyTorch) { check_steps(ModelKind::Head, "train_step_head.txt"); }

// attn-cli train prints the lecture's log: here the first `lines` evaluation
// lines of each default run (--iters (lines - 1)·K + 1) against PyTorch's
// full log (the whole default runs: scripts/compare_train_logs.sh).
void check_log_prefix(const char* model, int interval, int lines_want = 3) {
  const std::string want = read_all(std::string(ATTN_TEST_DATA_DIR) + "/train_log_" + model + ".txt");
  const attn::CliResult r = attn::run_cli({"train", "--model", model, "--iters",
                                           std::to_string((lines_want - 1) * interval + 1), "--sample-chars", "0",
                                           "--data", kText});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream got(r.out), ref(want);
  int lines = 0;
  for (std::string a, b; std::getline(got, a);) {
    ASSERT_TRUE(std::getline(ref, b));
    EXPECT_EQ(a, b);
    ++lines;
  }
  EXPECT_EQ(lines, lines_want);
}

TEST(TrainLog, BigramFirstEvaluations) { check_log_prefix("bigram", 300); }
TEST(TrainLog, PositionFirstEvaluations) { check_log_prefix("position", 300); }
TEST(TrainLog, HeadFirstEvaluations) { check_log_prefix("head", 500); }
// The block models whose default runs drifted from step 500 on before every
// op followed PyTorch's float order: steps 0 and 500 (about 3 s each).
TEST(TrainLog, ResidualFirstEvaluations) { check_log_prefix("residual", 500, 2); }
TEST(TrainLog, LayernormFirstEvaluations) { check_log_prefix("layernorm", 500, 2); }

TEST(TrainCli, BadArguments) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"train"},
           {"train", "--model", "gpt", "--n-embd", "30"},
           {"train", "--model", "head", "--iters", "-1"},
           {"train", "--model", "head", "--lr", "abc"},
           {"train", "--model", "head", "--lr", "0"},
           {"train", "--model", "head", "--batch", "0"},
           {"train", "--model", "head", "--bogus", "1"},
           {"train", "--model", "head", "--seed", "x"},
           {"train", "--model", "head", "--data", "/nonexistent/file.txt"},
           {"train", "--model", "head", "--iters"}}) {
    const attn::CliResult r = attn::run_cli(args);
    EXPECT_NE(r.code, 0) << args.back();
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("attn-cli train: "), std::string::npos) << r.err;
  }
}

TEST(TrainCli, ReadsItsTextThroughTheGivenReader) {
  // The WASM module has no file system: its caller hands run_cli a reader.
  const std::string text = read_all(kText);
  std::vector<std::string> asked;
  const attn::ReadFile memory = [&](const std::string& path) -> std::optional<std::string> {
    asked.push_back(path);
    if (path == "mem.txt") return text;
    return std::nullopt;
  };
  const std::vector<std::string> small = {"train", "--model", "bigram", "--iters", "3", "--eval-interval", "2",
                                          "--eval-iters", "2", "--sample-chars", "0"};
  std::vector<std::string> args = small;
  args.insert(args.end(), {"--data", "mem.txt"});
  const attn::CliResult from_memory = attn::run_cli(args, memory);
  args.back() = kText;
  const attn::CliResult from_disk = attn::run_cli(args);
  ASSERT_EQ(from_memory.code, 0) << from_memory.err;
  EXPECT_EQ(from_memory.out, from_disk.out);
  EXPECT_EQ(asked, std::vector<std::string>{"mem.txt"});
  // No --data: the project's copy where the build found it, then the copy
  // relative to the working directory; neither readable -> a message naming the last.
  asked.clear();
  const attn::CliResult none = attn::run_cli(small, memory);
  EXPECT_EQ(none.code, 2);
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_EQ(asked[1], "public/data/tinyshakespeare.txt");
  EXPECT_EQ(none.err.rfind("attn-cli train: cannot read public/data/tinyshakespeare.txt\n", 0), 0u) << none.err;
  // A value too long to echo whole is cut, as everywhere in attn-cli.
  const attn::CliResult bad = attn::run_cli({"train", "--model", std::string(50, 'm')}, memory);
  EXPECT_EQ(bad.err.rfind("attn-cli train: --model must be bigram, position, head, multihead, ffwd, blocks, residual, layernorm or gpt, got \"" + std::string(40, 'm') +
                              "\u2026\"\n",
                          0),
            0u)
      << bad.err;
}

TEST(TrainCli, SmallRunPrintsLinesAndSample) {
  const attn::CliResult r = attn::run_cli({"train", "--model", "bigram", "--iters", "5", "--eval-interval", "2",
                                           "--eval-iters", "3", "--sample-chars", "20", "--data", kText});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  for (const char* step : {"step 0: ", "step 2: ", "step 4: "}) {
    ASSERT_TRUE(std::getline(in, line));
    EXPECT_EQ(line.rfind(step, 0), 0u) << line;
  }
  // then decode(context + 20 new tokens): "\n" + 20 characters + "\n"
  const std::string rest = r.out.substr(static_cast<std::size_t>(in.tellg()));
  EXPECT_EQ(rest.size(), 22u);
  EXPECT_EQ(rest.front(), '\n');
  EXPECT_EQ(rest.back(), '\n');
}

}  // namespace

namespace {

Config small_head() {
  Config c = Config::defaults(ModelKind::Head);
  c.iters = 30;
  c.eval_interval = 10;
  c.eval_iters = 3;
  return c;
}

// Samples with their own seed (what the element shows at evaluations) and
// attention() leave the run as it would be without them.
TEST(TrainTrainer, SideSamplesDoNotChangeTheRun) {
  const std::string text = read_all(kText);
  Trainer plain(Dataset::from_text(text, 8), small_head());
  Trainer sampled(Dataset::from_text(text, 8), small_head());
  while (!plain.done()) {
    const auto a = plain.advance();
    const auto b = sampled.advance();
    ASSERT_EQ(a.has_value(), b.has_value());
    if (a) {
      EXPECT_EQ(a->train_loss, b->train_loss);
      EXPECT_EQ(a->val_loss, b->val_loss);
      const std::string s1 = sampled.sample("ROMEO:", 40, 99);
      EXPECT_EQ(s1.size(), 40u);
      EXPECT_EQ(sampled.sample("ROMEO:", 40, 99), s1);  // same seed, same weights: same text
      sampled.attention("To be or");
    }
    EXPECT_EQ(plain.last_loss(), sampled.last_loss());
  }
  EXPECT_TRUE(std::equal(plain.parameters().begin(), plain.parameters().end(), sampled.parameters().begin()));
  // the final sample from the trainer's own generator, as the lecture
  EXPECT_EQ(plain.generate("", 100), sampled.generate("", 100));
}

TEST(TrainTrainer, AttentionWeightsOfTheHead) {
  Trainer t(Dataset::from_text(read_all(kText), 8), small_head());
  while (!t.done()) t.advance();
  const std::vector<float> w = t.attention("First Citizen");  // the last 8 characters
  ASSERT_EQ(w.size(), 64u);
  for (int i = 0; i < 8; ++i) {
    float row = 0.0f;
    for (int j = 0; j < 8; ++j) {
      if (j > i) EXPECT_EQ(w[i * 8 + j], 0.0f);
      EXPECT_GE(w[i * 8 + j], 0.0f);
      row += w[i * 8 + j];
    }
    EXPECT_NEAR(row, 1.0f, 1e-6f);
  }
  EXPECT_EQ(w[0], 1.0f);
  EXPECT_EQ(t.attention("abc").size(), 9u);
  EXPECT_EQ(t.attention("Citizen") .size(), 49u);
  EXPECT_THROW(t.attention(""), std::invalid_argument);
  EXPECT_THROW(t.attention("caf\xc3\xa9"), std::invalid_argument);
  Config b = Config::defaults(ModelKind::Bigram);
  Trainer bigram(Dataset::from_text(read_all(kText), 8), b);
  EXPECT_THROW(bigram.attention("abc"), std::logic_error);
}

// A learning rate that blows the weights up: the first non-finite loss
// leaves the weights as they were.
TEST(TrainTrainer, NonFiniteLossLeavesWeightsUntouched) {
  Config c = small_head();
  c.iters = 200;
  c.lr = 1e30f;
  Trainer t(Dataset::from_text(read_all(kText), 8), c);
  std::vector<float> before;
  bool blew_up = false;
  while (!t.done()) {
    before.assign(t.parameters().begin(), t.parameters().end());
    t.advance();
    if (!std::isfinite(t.last_loss())) {
      blew_up = true;
      EXPECT_TRUE(std::equal(before.begin(), before.end(), t.parameters().begin()));
      break;
    }
  }
  EXPECT_TRUE(blew_up);
}

}  // namespace

namespace {

TEST(TrainTrainer, BigramVocabularyLimit) {
  std::string text;
  for (char32_t c = 0x4e00; c < 0x4e00 + 2100; ++c) {  // 2100 distinct CJK characters, twice
    for (int k = 0; k < 2; ++k) {
      text += static_cast<char>(0xE0 | (c >> 12));
      text += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      text += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  const Dataset d = Dataset::from_text(text, 8);
  EXPECT_EQ(d.vocab.size(), 2100u);
  EXPECT_THROW(Trainer(d, Config::defaults(ModelKind::Bigram)), std::invalid_argument);
  Config h = Config::defaults(ModelKind::Head);
  h.iters = 2;
  h.eval_iters = 1;
  Trainer t(d, h);  // V x n_embd tables: fine
  while (!t.done()) t.advance();
  EXPECT_TRUE(std::isfinite(t.last_loss()));
}

}  // namespace
