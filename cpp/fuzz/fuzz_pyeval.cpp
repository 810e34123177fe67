// libFuzzer entry point; the harness is in harness_pyeval.hpp (see there).
#include "harness_pyeval.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  attn::fuzz::run_pyeval_case(data, size);
  return 0;
}
