// Shared by the libFuzzer targets (cpp/fuzz/fuzz_*.cpp) and the regression
// test (cpp/tests/test_fuzz_regressions.cpp): a byte reader and the check
// macro. Header-only and compiler-neutral (no libFuzzer header), so the
// GoogleTest build with g++ can include it too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

// A violated invariant: print it and trap, which libFuzzer reports as a crash
// and saves the input. The regression test defines its own version first.
#ifndef ATTN_FUZZ_CHECK
#define ATTN_FUZZ_CHECK(cond)                                                          \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      __builtin_trap();                                                                \
    }                                                                                  \
  } while (0)
#endif

namespace attn::fuzz {

// Consumes the input front to back; reads past the end return zeros, so every
// input, even an empty one, decodes to something.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}

  bool empty() const { return n_ == 0; }
  std::size_t remaining() const { return n_; }

  std::uint8_t u8() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(u8()) << (8 * i);
    return v;
  }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(u8()) << (8 * i);
    return v;
  }
  // The rest of the input as bytes.
  std::string rest() {
    std::string s(reinterpret_cast<const char*>(p_), n_);
    p_ += n_;
    n_ = 0;
    return s;
  }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

// Splits `text` on `sep`, keeping at most `max_parts` parts of at most
// `max_len` bytes each (longer parts are cut).
inline std::vector<std::string> split(const std::string& text, char sep, std::size_t max_parts,
                                      std::size_t max_len) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (parts.size() < max_parts) {
    const std::size_t end = text.find(sep, start);
    std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (part.size() > max_len) part.resize(max_len);
    parts.push_back(std::move(part));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return parts;
}

}  // namespace attn::fuzz
