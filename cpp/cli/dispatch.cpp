// attn-cli's dispatcher: run_cli picks the command by its first arguments;
// the top-level usage and help.
#include <cstdio>
#include <fstream>
#include <sstream>

#include "commands.hpp"
#include "options.hpp"

namespace attn {

namespace {

// The top-level usage (an error shows it; help adds train's lines).
std::string usage() {
  return "usage: attn-cli <command> [options]\n"
         "\n"
         "commands:\n" + cli::lesson_usage() + cli::torch_summary();
}

// lesson1, exercise, normal and an unknown command: a usage error shows the
// top-level usage.
CliResult run_with_top_usage(CliResult (*run)(const std::vector<std::string>&), const std::vector<std::string>& args) {
  return cli::reporting_usage_errors([&] { return run(args); },
                                     [](const std::string& m) { return "attn-cli: " + m + "\n" + usage(); });
}

}  // namespace

std::optional<std::string> read_from_disk(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(s).str();
}

std::string read_stdin() {
  std::string in;
  char buf[65536];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, stdin)) > 0;) in.append(buf, n);
  return in;
}

CliResult run_cli(const std::vector<std::string>& args, const ReadFile& read, const ReadInput& input) {
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    CliResult r;
    (args.empty() ? r.err : r.out) = usage() + cli::train_usage();
    r.code = args.empty() ? 2 : 0;
    return r;
  }
  const std::string& cmd = args[0];
  // The differential test's two commands (cli.hpp), without options or usage.
  if (args.size() == 1 && (cmd == "exercise-batch" || cmd == "exercise-errors")) {
    CliResult r;
    r.out = cmd == "exercise-errors" ? exercise_error_table() : run_exercise_batch(input ? input() : std::string());
    return r;
  }
  if (cmd == "lesson1") return run_with_top_usage(cli::run_lesson1, args);
  if (cmd == "exercise") return run_with_top_usage(cli::run_exercise, args);
  if (cmd == "normal") return run_with_top_usage(cli::run_normal, args);
  if (cmd == "torch") return args.size() > 1 && args[1] == "bonus" ? cli::run_torch_bonus(args) : cli::run_torch(args);
  if (cmd == "train") return cli::run_train(args, read);
  return run_with_top_usage([](const std::vector<std::string>& a) -> CliResult {
    throw cli::CliError{"unknown command " + cli::quoted(a[0])};
  }, args);
}

}  // namespace attn
