// Native front end: attn-cli. All logic lives in cli.cpp (shared with WASM).
#include <cstdio>
#include <string>
#include <vector>

#include "cli.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const attn::CliResult r = attn::run_cli(args);
  std::fwrite(r.out.data(), 1, r.out.size(), stdout);
  std::fwrite(r.err.data(), 1, r.err.size(), stderr);
  return r.code;
}
