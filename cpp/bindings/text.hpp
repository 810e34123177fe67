// Fixed messages with numbers in them, built at compile time:
//   text<Lit("dk must be in [1, "), limits::Heatmap::max_dk, Lit("]")>
// is a `const char*` to "dk must be in [1, 1024]", so a binding's message
// quotes cpp/src/limits.hpp without formatting code in the module.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

namespace attn_bind {

template <std::size_t N>
struct Lit {
  char s[N]{};
  constexpr Lit(const char (&a)[N]) {
    for (std::size_t i = 0; i < N; ++i) s[i] = a[i];
  }
};

namespace text_detail {

template <class T>
constexpr std::size_t length(const T& v) {
  if constexpr (std::is_integral_v<T>) {
    std::size_t n = v < 0 ? 2 : 1;
    for (auto x = v < 0 ? -v : v; x >= 10; x /= 10) ++n;
    return n;
  } else {
    return sizeof(v.s) - 1;
  }
}

template <class T, std::size_t M>
constexpr std::size_t put(std::array<char, M>& out, std::size_t at, const T& v) {
  if constexpr (std::is_integral_v<T>) {
    const std::size_t n = length(v);
    std::size_t end = at + n;
    auto x = v < 0 ? -v : v;
    if (v < 0) out[at] = '-';
    do {
      out[--end] = static_cast<char>('0' + x % 10);
      x /= 10;
    } while (x > 0);
    return at + n;
  } else {
    for (std::size_t i = 0; i + 1 < sizeof(v.s); ++i) out[at + i] = v.s[i];
    return at + sizeof(v.s) - 1;
  }
}

template <auto... Parts>
struct Text {
  static constexpr std::size_t size = (length(Parts) + ... + 0);
  static constexpr std::array<char, size + 1> chars = [] {
    std::array<char, size + 1> a{};
    std::size_t at = 0;
    ((at = put(a, at, Parts)), ...);
    return a;
  }();
};

}  // namespace text_detail

// Literal pieces (Lit("...")) and integers, concatenated: a NUL-terminated constant.
template <auto... Parts>
inline constexpr const char* text = text_detail::Text<Parts...>::chars.data();

}  // namespace attn_bind
