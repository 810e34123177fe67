// attn-cli torch ...: PyTorch's draws as Python prints them (see cli_torch.cpp).
#pragma once
#include <string>
#include <vector>

#include "cli.hpp"

namespace attn::torch {

// The most values one command prints (2^24).
inline constexpr unsigned long kCliMaxValues = 1ul << 24;

// args[0] == "torch". Never throws; a bad argument gives code 2, a message and
// the usage on stderr, and nothing on stdout.
CliResult run_cli(const std::vector<std::string>& args);

// The usage lines cli.cpp's help shows for this command.
extern const char* const kCliUsage;

}  // namespace attn::torch
