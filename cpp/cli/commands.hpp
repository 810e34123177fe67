// attn-cli's commands, one file each; dispatch.cpp's run_cli picks one by its
// first arguments. Each run_* takes the whole argument list (args[0] is the
// command) and never throws: a usage error gives exit code 2, the command's
// message and usage on stderr, and nothing on stdout.
#pragma once
#include <string>
#include <vector>

#include "cli.hpp"
#include "options.hpp"

namespace attn::cli {

// run()'s result; for a CliError, exit code 2, err_text(its message) on
// stderr and nothing on stdout.
template <class Run, class ErrText>
CliResult reporting_usage_errors(Run&& run, ErrText&& err_text) {
  try {
    return run();
  } catch (const CliError& e) {
    CliResult r;
    r.code = 2;
    r.err = err_text(e.message);
    return r;
  }
}

// The NumPy side (lesson.cpp): lesson1, exercise, normal. Their usage errors
// show the top-level usage, so dispatch.cpp formats them: these throw CliError.
CliResult run_lesson1(const std::vector<std::string>& args);
CliResult run_exercise(const std::vector<std::string>& args);
CliResult run_normal(const std::vector<std::string>& args);
std::string lesson_usage();  // their usage lines

// torch randn | randint | uniform, and torch's own help and errors (torch.cpp).
CliResult run_torch(const std::vector<std::string>& args);
std::string torch_summary();  // the line the top-level usage shows for torch

// torch bonus (torch_bonus.cpp); args[1] == "bonus".
CliResult run_torch_bonus(const std::vector<std::string>& args);
std::string torch_bonus_usage();

// train (train.cpp): reads its --data with `read`.
CliResult run_train(const std::vector<std::string>& args, const ReadFile& read);
std::string train_usage();

}  // namespace attn::cli
