// libFuzzer entry point; the harness is in harness_cli.hpp (see there).
#include "harness_cli.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  attn::fuzz::run_cli_case(data, size);
  return 0;
}
