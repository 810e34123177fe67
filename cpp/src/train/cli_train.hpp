// `attn-cli train`: the lecture's training script as a command.
#pragma once
#include <string>
#include <vector>

#include "cli.hpp"

namespace attn::train {

// args[0] == "train". Reads --data FILE (default: the project's copy of Tiny
// Shakespeare) with `read`; prints the evaluation lines, then the sample.
CliResult run_train_cli(const std::vector<std::string>& args, const ReadFile& read);

std::string train_usage();  // the usage lines cli.cpp's help shows for this command

}  // namespace attn::train
