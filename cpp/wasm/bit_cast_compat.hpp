// Emscripten 3.1.6's libc++ has <bit> but not std::bit_cast (C++20), which
// the PyTorch generator (cpp/src/torch/mathfun.*) uses. Force-included in the
// WASM builds of the engine only (CMakeLists.txt); clang's __builtin_bit_cast
// is what later libc++ versions implement it with.
#pragma once
#include <bit>
#include <type_traits>

#if !defined(__cpp_lib_bit_cast)
namespace std {
template <class To, class From>
  requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> && is_trivially_copyable_v<From>)
constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
}  // namespace std
#endif
