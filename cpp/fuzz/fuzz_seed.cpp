// libFuzzer entry point; the harness is in harness_seed.hpp (see there).
#include "harness_seed.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  attn::fuzz::run_seed_case(data, size);
  return 0;
}
