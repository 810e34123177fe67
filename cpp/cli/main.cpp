// The native front end: attn-cli. The commands are run_cli's (dispatch.cpp),
// the same the CLI module (cpp/bindings/cli.cpp) runs; the binary adds the
// disk and its standard input.
#include <cstdio>
#include <string>
#include <vector>

#include "cli.hpp"

int main(int argc, char** argv) {
  const attn::CliResult r = attn::run_cli(std::vector<std::string>(argv + 1, argv + argc), attn::read_from_disk, attn::read_stdin);
  std::fwrite(r.out.data(), 1, r.out.size(), stdout);
  std::fwrite(r.err.data(), 1, r.err.size(), stderr);
  return r.code;
}
