// The command line's "--name value" / "--name=value" options, shared by every
// attn-cli command (cli.cpp, torch/cli_torch.cpp, train/cli_train.cpp).
#pragma once
#include <cstddef>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// A usage error: the command prints its message and its usage, and exits 2.
struct CliError {
  std::string message;
};

// What a message shows of a value the user typed: in double quotes, cut to
// its first 40 bytes with "…" after them.
std::string quoted(const std::string& text);

// Parses args[first..] against an allow-list. `command` names the command in
// "unknown option --x for <command>" (default: args[0]).
// Throws CliError for a stray argument, a missing value or an unknown option.
std::map<std::string, std::string> parse_options(const std::vector<std::string>& args,
                                                 std::initializer_list<const char*> allowed,
                                                 std::size_t first = 1, std::string_view command = {});

}  // namespace attn
