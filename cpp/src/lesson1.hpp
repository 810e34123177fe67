// Lesson 1, section 5: the exercise program with its three TODOs filled in by
// the reference answer, run on NumPy-exact draws, printing what NumPy prints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace attn {

struct Lesson1Sizes {
  std::size_t T = 4, d_model = 8, d_k = 16, d_v = 16;
};

// Allowed ranges (inclusive) for the sizes.
inline constexpr std::size_t kLesson1MaxT = 10;
inline constexpr std::size_t kLesson1MaxDim = 512;

// Empty when valid; otherwise a message naming the argument, its range and the value.
std::string check_lesson1_sizes(const Lesson1Sizes& s);

// The exact stdout of the lesson's script under np.random.default_rng(seed).
std::string lesson1_output(std::uint64_t seed, const Lesson1Sizes& sizes);

}  // namespace attn
