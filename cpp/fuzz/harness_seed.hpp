// Fuzz harness for attn::parse_seed (rng.hpp) on arbitrary bytes: it accepts
// exactly the texts [0-9]+ whose value is < 2^64, with that value, and
// otherwise leaves `out` alone and writes the documented message. The
// reference below works on the decimal digits as a big number (no overflow).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "harness_common.hpp"
#include "numpy/rng.hpp"

namespace attn::fuzz {

inline void run_seed_case(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  // Reference: digits only, then compare the digit string without leading
  // zeros against 2^64 - 1 = 18446744073709551615 (20 digits).
  bool digits = !text.empty();
  for (char c : text) digits = digits && c >= '0' && c <= '9';
  bool expect_ok = false;
  std::uint64_t expect = 0;
  if (digits) {
    std::size_t first = text.find_first_not_of('0');
    const std::string_view sig = first == std::string_view::npos ? std::string_view() : text.substr(first);
    static constexpr std::string_view kMax = "18446744073709551615";
    expect_ok = sig.size() < kMax.size() || (sig.size() == kMax.size() && sig <= kMax);
    if (expect_ok)
      for (char c : sig) expect = expect * 10 + static_cast<std::uint64_t>(c - '0');
  }

  constexpr std::uint64_t kSentinel = 0x5EED5EED5EED5EEDull;
  std::uint64_t out = kSentinel;
  std::string error = "untouched";
  const bool ok = parse_seed(text, out, error);
  ATTN_FUZZ_CHECK(ok == expect_ok);
  if (ok) {
    ATTN_FUZZ_CHECK(out == expect);
    ATTN_FUZZ_CHECK(error == "untouched");
    return;
  }
  ATTN_FUZZ_CHECK(out == kSentinel);
  // seed must be an integer in [0, 2^64), got "<first 40 characters>[…]"
  static constexpr std::string_view kPrefix = "seed must be an integer in [0, 2^64), got \"";
  // <text> is cut before its 41st character (UTF-8 lead or ASCII byte; a
  // continuation byte never starts one) and gets "…" appended.
  std::string expect_echo(text);
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0u) == 0x80u) continue;
    if (chars++ == 40) {
      expect_echo = std::string(text.substr(0, i)) + "\u2026";
      break;
    }
  }
  ATTN_FUZZ_CHECK(error == std::string(kPrefix) + expect_echo + "\"");
}

}  // namespace attn::fuzz
