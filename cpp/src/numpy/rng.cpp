// NumPy-compatible random draws; see rng.hpp for the overall chain.
#include "numpy/rng.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "numpy/ziggurat_tables.hpp"

namespace attn {

// ---------------------------------------------------------------------------
// parse_seed

namespace {

constexpr std::size_t kSeedEchoChars = 40;

// First `max_chars` characters of `text`, counting a UTF-8 sequence as one
// character so a multi-byte character is never split, plus "…" if cut.
std::string echo_for_error(std::string_view text, std::size_t max_chars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const bool starts_char = (byte & 0xC0u) != 0x80u;
    if (starts_char) {
      if (chars == max_chars) return std::string(text.substr(0, i)) + "\u2026";
      ++chars;
    }
  }
  return std::string(text);
}

}  // namespace

bool parse_seed(std::string_view text, std::uint64_t& out, std::string& error) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  bool ok = !text.empty();
  std::uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') {
      ok = false;
      break;
    }
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kMax - digit) / 10) {  // value * 10 + digit would wrap
      ok = false;
      break;
    }
    value = value * 10 + digit;
  }
  if (!ok) {
    error = "seed must be an integer in [0, 2^64), got \"" + echo_for_error(text, kSeedEchoChars) + "\"";
    return false;
  }
  out = value;
  return true;
}

// ---------------------------------------------------------------------------
// SeedSequence (numpy/random/bit_generator.pyx), integer entropy only.

namespace {

constexpr std::uint32_t kHashInitA = 0x43b0d7e5u;
constexpr std::uint32_t kHashMultA = 0x931e8875u;
constexpr std::uint32_t kHashInitB = 0x8b51f9ddu;
constexpr std::uint32_t kHashMultB = 0x58f38dedu;
constexpr std::uint32_t kMixMultL = 0xca01f9ddu;
constexpr std::uint32_t kMixMultR = 0x4973f715u;
constexpr unsigned kXorShift = 16;
constexpr std::size_t kPoolWords = 4;

// Hashes one word; the multiplier advances on every call.
std::uint32_t hash_word(std::uint32_t value, std::uint32_t& multiplier) {
  value ^= multiplier;
  multiplier *= kHashMultA;
  value *= multiplier;
  return value ^ (value >> kXorShift);
}

std::uint32_t mix_words(std::uint32_t x, std::uint32_t y) {
  const std::uint32_t m = kMixMultL * x - kMixMultR * y;
  return m ^ (m >> kXorShift);
}

struct SeedPool {
  std::uint32_t words[kPoolWords];
};

SeedPool make_pool(std::uint64_t seed) {
  // NumPy splits a Python int into little-endian 32-bit words; 0 is one word.
  std::uint32_t entropy[2] = {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)};
  const std::size_t n_entropy = (seed >> 32) != 0 ? 2 : 1;

  SeedPool pool{};
  std::uint32_t mult = kHashInitA;
  for (std::size_t i = 0; i < kPoolWords; ++i) {
    pool.words[i] = hash_word(i < n_entropy ? entropy[i] : 0u, mult);
  }
  for (std::size_t src = 0; src < kPoolWords; ++src) {
    for (std::size_t dst = 0; dst < kPoolWords; ++dst) {
      if (src != dst) pool.words[dst] = mix_words(pool.words[dst], hash_word(pool.words[src], mult));
    }
  }
  // At most 2 entropy words < pool size, so nothing is left to fold in.
  return pool;
}

}  // namespace

void seed_sequence_generate_state(std::uint64_t seed, std::uint32_t* out, std::size_t n_words32) {
  const SeedPool pool = make_pool(seed);
  std::uint32_t mult = kHashInitB;
  for (std::size_t i = 0; i < n_words32; ++i) {
    std::uint32_t v = pool.words[i % kPoolWords] ^ mult;
    mult *= kHashMultB;
    v *= mult;
    out[i] = v ^ (v >> kXorShift);
  }
}

// ---------------------------------------------------------------------------
// PCG64

Pcg64::Pcg64(std::uint64_t seed) {
  std::uint32_t w[8];
  seed_sequence_generate_state(seed, w, 8);
  auto word64 = [&w](int k) { return static_cast<std::uint64_t>(w[2 * k]) | (static_cast<std::uint64_t>(w[2 * k + 1]) << 32); };
  // pcg64_set_seed(seed = words 0..1, inc = words 2..3); the first word of
  // each pair is the high half of the 128-bit value.
  const u128 init_state = (static_cast<u128>(word64(0)) << 64) | word64(1);
  const u128 init_seq = (static_cast<u128>(word64(2)) << 64) | word64(3);
  // pcg_setseq_128_srandom_r
  inc_ = (init_seq << 1) | 1u;
  state_ = 0;
  next_uint64();
  state_ += init_state;
  next_uint64();
}

// ---------------------------------------------------------------------------
// Standard normal: NumPy's random_standard_normal, 256-layer ziggurat.
//
// One 64-bit draw r is split as: bits 0-7 layer index, bit 8 sign, bits 9-60
// a 52-bit magnitude (bits 61-63 unused). The draw is accepted at once if the
// magnitude is below the layer's threshold (~98.5% of draws). Otherwise layer 0
// samples the tail beyond r (Marsaglia's method, fresh uniforms until
// accepted) and other layers test the wedge against exp(-x^2/2) with one more
// uniform, starting over with a new 64-bit draw on rejection.

namespace {

using detail::kZigNormalF;
using detail::kZigNormalInvR;
using detail::kZigNormalK;
using detail::kZigNormalR;
using detail::kZigNormalW;

constexpr std::uint64_t kMagnitudeMask = (std::uint64_t{1} << 52) - 1;

// Negates by flipping the sign bit: identical to -x for IEEE doubles, and
// immune to -fno-signed-zeros (magnitude 0 must still give -0.0).
// (memcpy rather than std::bit_cast: emscripten 3.1's libc++ lacks it.)
inline double apply_sign(double x, std::uint64_t negative) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  bits ^= negative << 63;
  std::memcpy(&x, &bits, sizeof bits);
  return x;
}

// Slow path for a draw rejected by the fast test. Returns true with the value
// in `x` if accepted; false means start over with a new 64-bit draw.
[[gnu::noinline]] bool normal_slow_path(Pcg64& bits, unsigned idx, std::uint64_t magnitude, double& x) {
  if (idx == 0) {
    for (;;) {
      // NumPy uses log1p(-u) (= log(1 - u)) so u == 0 cannot give log(0).
      const double xx = -kZigNormalInvR * std::log1p(-bits.next_double());
      const double yy = -std::log1p(-bits.next_double());
      if (yy + yy > xx * xx) {
        x = apply_sign(kZigNormalR + xx, (magnitude >> 8) & 1u);
        return true;
      }
    }
  }
  // The product goes through a volatile so it is rounded on its own: NumPy's
  // x86-64 build does not fuse it with the add, and neither may we (with
  // -march=native -ffp-contract=fast GCC emits an FMA here otherwise, which
  // could flip a borderline comparison).
  volatile double scaled = (kZigNormalF[idx - 1] - kZigNormalF[idx]) * bits.next_double();
  const double y = scaled + kZigNormalF[idx];
  return y < std::exp(-0.5 * x * x);
}

inline double normal_draw(Pcg64& bits) {
  for (;;) {
    const std::uint64_t r = bits.next_uint64();
    const auto idx = static_cast<unsigned>(r & 0xffu);
    const std::uint64_t magnitude = (r >> 9) & kMagnitudeMask;
    double x = apply_sign(static_cast<double>(magnitude) * kZigNormalW[idx], (r >> 8) & 1u);
    if (magnitude < kZigNormalK[idx]) [[likely]] {
      return x;
    }
    if (normal_slow_path(bits, idx, magnitude, x)) return x;
  }
}

}  // namespace

double Generator::standard_normal() { return normal_draw(bits_); }

void Generator::standard_normal(double* out, std::size_t n) {
  Pcg64 bits = bits_;  // local copy keeps the 256-bit state in registers
  for (std::size_t i = 0; i < n; ++i) out[i] = normal_draw(bits);
  bits_ = bits;
}

}  // namespace attn
