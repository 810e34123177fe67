// Fuzz harness for attn::run_cli (cli.hpp): the input is an argv token list
// (tokens separated by NUL bytes, at most 12 tokens of at most 256 bytes).
// run_cli must never crash or throw, must return 0 (success) or a non-zero
// code with a message on stderr, and must be deterministic (the WebAssembly
// build relies on the same bytes for the same arguments).
//
// Size caps so that a run stays fast: a `--count` above 2000 for `normal`
// (valid up to 10^7) is skipped; everything else is bounded by the CLI itself
// (lesson1 sizes <= 10 x 512).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli.hpp"
#include "harness_common.hpp"

namespace attn::fuzz {

inline constexpr std::size_t kCliMaxTokens = 12;
inline constexpr std::size_t kCliMaxTokenLen = 256;
inline constexpr unsigned long kCliMaxCount = 2000;

// True when some token asks for more than kCliMaxCount draws: `--count N` or
// `--count=N` anywhere (an over-approximation of what run_cli reads).
inline bool cli_count_too_big(const std::vector<std::string>& args) {
  auto big = [](const std::string& v) {
    std::size_t digits = 0;
    unsigned long value = 0;
    for (char c : v) {
      if (c < '0' || c > '9') return false;
      if (++digits > 9) return true;
      value = value * 10 + static_cast<unsigned long>(c - '0');
    }
    return value > kCliMaxCount;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--count" && i + 1 < args.size() && big(args[i + 1])) return true;
    if (args[i].rfind("--count=", 0) == 0 && big(args[i].substr(8))) return true;
  }
  return false;
}

// Work that is slow by design, not a hang: `train` trains for seconds (its
// options and errors are covered by ctest), and `torch ... --shape` may ask
// for millions of values. Shapes above kCliMaxCount values are skipped.
inline bool cli_slow_by_design(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] == "train") return true;
  auto big_shape = [](const std::string& v) {
    double product = 1;
    unsigned long dim = 0;
    for (char c : v) {
      if (c == ',') { product *= static_cast<double>(dim); dim = 0; }
      else if (c >= '0' && c <= '9') { dim = dim * 10 + static_cast<unsigned long>(c - '0'); if (dim > kCliMaxCount) return true; }
      else return false;  // not a shape: the CLI refuses it at once
    }
    return product * static_cast<double>(dim) > kCliMaxCount;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--shape" && i + 1 < args.size() && big_shape(args[i + 1])) return true;
    if (args[i].rfind("--shape=", 0) == 0 && big_shape(args[i].substr(8))) return true;
  }
  return false;
}

inline void run_cli_case(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> args;
  if (!text.empty()) args = split(text, '\0', kCliMaxTokens, kCliMaxTokenLen);
  if (cli_count_too_big(args) || cli_slow_by_design(args)) return;

  const CliResult a = run_cli(args);  // an exception escaping here is a crash
  ATTN_FUZZ_CHECK(a.code >= 0 && a.code <= 2);
  if (a.code != 0) ATTN_FUZZ_CHECK(!a.err.empty());
  const CliResult b = run_cli(args);
  ATTN_FUZZ_CHECK(a.code == b.code && a.out == b.out && a.err == b.err);
}

}  // namespace attn::fuzz
