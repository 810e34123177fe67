// libFuzzer entry point; the harness is in harness_attention.hpp (see there).
#include "harness_attention.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  attn::fuzz::run_attention_case(data, size);
  return 0;
}
