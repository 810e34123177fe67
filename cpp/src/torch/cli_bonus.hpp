// attn-cli torch bonus ...: lesson 1's bonus check (see cli_bonus.cpp).
#pragma once
#include <string>
#include <vector>

#include "cli.hpp"

namespace attn::torch {

// args[0] == "torch", args[1] == "bonus". Never throws; a bad argument gives
// code 2 and a one-line message on stderr, and nothing on stdout.
CliResult run_bonus_cli(const std::vector<std::string>& args);

// Its usage lines, for attn-cli torch --help.
std::string bonus_usage();

}  // namespace attn::torch
