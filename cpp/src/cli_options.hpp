// The command line's "--name value" / "--name=value" options, shared by every
// attn-cli command (cli.cpp, train/cli_train.cpp).
#pragma once
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace attn {

// A usage error: the command prints its message and its usage, and exits 2.
struct CliError {
  std::string message;
};

// Parses args[1..] against an allow-list (args[0] is the command's name).
// Throws CliError for a stray argument, a missing value or an unknown option.
std::map<std::string, std::string> parse_options(const std::vector<std::string>& args,
                                                 std::initializer_list<const char*> allowed);

}  // namespace attn
