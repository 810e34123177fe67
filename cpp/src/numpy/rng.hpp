// Random draws that reproduce NumPy's `np.random.default_rng(seed)` bit for bit.
//
// Chain, as in NumPy >= 1.17 (checked against NumPy 1.24):
//   integer seed -> SeedSequence (pool of 4 uint32 words)
//               -> generate_state(4, uint64) -> PCG64 (XSL-RR 128/64) state/increment
//               -> Generator: random() = 53-bit double, standard_normal() = ziggurat.
//
// Everything here is deterministic integer arithmetic except the rare slow
// paths of the normal ziggurat (about 1.5% of draws), which call std::exp and
// std::log1p like NumPy does. Golden vectors: cpp/tests/data/rng_*.txt, made by
// scripts/gen_rng_golden.py.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace attn {

// Parses a seed written as a decimal string, 0 <= seed < 2^64. Only [0-9]+ is
// accepted (leading zeros are fine); no sign, spaces, exponent or fraction.
// On failure returns false, leaves `out` untouched and sets `error` to
//   seed must be an integer in [0, 2^64), got "<text>"
// where <text> is cut to its first 40 characters plus "…" when longer.
bool parse_seed(std::string_view text, std::uint64_t& out, std::string& error);

// NumPy's SeedSequence(seed).generate_state(n, np.uint32) for an integer seed
// (no spawn key, pool size 4): writes n_words32 words to `out`. The uint64 view
// NumPy uses for generate_state(n, np.uint64) is word pairs (lo, hi), i.e.
// out64[k] = out[2k] | (uint64)out[2k+1] << 32.
void seed_sequence_generate_state(std::uint64_t seed, std::uint32_t* out, std::size_t n_words32);

// PCG64 with the XSL-RR 128/64 output (NumPy's default BitGenerator; not
// PCG64DXSM), seeded like np.random.PCG64(seed).
class Pcg64 {
 public:
  explicit Pcg64(std::uint64_t seed);

  // np.random.PCG64(seed).random_raw(): advance the LCG, then output.
  std::uint64_t next_uint64() {
    state_ = state_ * multiplier() + inc_;
    const auto hi = static_cast<std::uint64_t>(state_ >> 64);
    const auto lo = static_cast<std::uint64_t>(state_);
    const unsigned rot = static_cast<unsigned>(state_ >> 122);
    const std::uint64_t v = hi ^ lo;
    return (v >> rot) | (v << ((64u - rot) & 63u));  // rotate right by rot
  }

  // (next_uint64() >> 11) * 2^-53, NumPy's random() / next_double.
  double next_double() {
    return static_cast<double>(next_uint64() >> 11) * 0x1.0p-53;
  }

 private:
  __extension__ typedef unsigned __int128 u128;
  static constexpr u128 multiplier() {
    return (static_cast<u128>(0x2360ED051FC65DA4ULL) << 64) | 0x4385DF649FCCF645ULL;
  }
  u128 state_ = 0;
  u128 inc_ = 0;
};

// np.random.default_rng(seed), restricted to the methods the engine needs.
class Generator {
 public:
  explicit Generator(std::uint64_t seed) : bits_(seed) {}

  double random() { return bits_.next_double(); }  // rng.random()

  // rng.standard_normal(): NumPy's 256-layer ziggurat (random_standard_normal).
  double standard_normal();

  // Fills out[0..n) with the same values as n successive scalar calls, which
  // is also what rng.standard_normal(n) returns.
  void standard_normal(double* out, std::size_t n);

  Pcg64& bit_generator() { return bits_; }

 private:
  Pcg64 bits_;
};

}  // namespace attn
