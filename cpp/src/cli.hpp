// attn-cli's commands as a pure function, shared by the native binary and the
// WebAssembly module so both print the same bytes.
#pragma once

#include <string>
#include <vector>

namespace attn {

struct CliResult {
  int code = 0;        // 0 ok, 2 usage error
  std::string out;     // stdout
  std::string err;     // stderr
};

// args excludes the program name, e.g. {"lesson1", "--seed", "0"}.
CliResult run_cli(const std::vector<std::string>& args);

// Largest --count accepted by `normal`.
inline constexpr unsigned long kMaxNormalCount = 10'000'000;

}  // namespace attn
