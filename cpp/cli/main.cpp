// The native front end: attn-cli. The commands are run_cli's (dispatch.cpp),
// the same the CLI module (cpp/bindings/cli.cpp) runs.
#include <cstdio>
#include <string>
#include <vector>

#include "cli.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && args[0] == "exercise-batch") {  // reads stdin (see cli.hpp)
    std::string in;
    char buf[65536];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, stdin)) > 0;) in.append(buf, n);
    const std::string out = attn::run_exercise_batch(in);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  }
  if (args.size() == 1 && args[0] == "exercise-errors") {
    const std::string out = attn::exercise_error_table();
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  }
  const attn::CliResult r = attn::run_cli(args);
  std::fwrite(r.out.data(), 1, r.out.size(), stdout);
  std::fwrite(r.err.data(), 1, r.err.size(), stderr);
  return r.code;
}
