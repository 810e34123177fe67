// attn-cli torch ...: PyTorch's draws as Python prints them (see cli_torch.cpp).
#pragma once
#include <string>
#include <vector>

#include "cli.hpp"
#include "limits.hpp"

namespace attn::torch {

// The most values one command prints (2^24, cpp/src/limits.hpp).
inline constexpr unsigned long kCliMaxValues = limits::Cli::torch_max_values;

// args[0] == "torch". Never throws; a bad argument gives code 2, a message and
// the usage on stderr, and nothing on stdout.
CliResult run_cli(const std::vector<std::string>& args);

// The usage lines cli.cpp's help shows for this command.
std::string cli_usage();

}  // namespace attn::torch
