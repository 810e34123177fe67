// attn-cli as a pure function: the front end both the native binary
// (cpp/cli/main.cpp) and the CLI module (cpp/bindings/cli.cpp) call, so both
// print the same bytes. The commands are cpp/cli's other files; the engine
// (cpp/src) knows nothing of them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace attn {

struct CliResult {
  int code = 0;        // 0 ok, 2 usage error
  std::string out;     // stdout
  std::string err;     // stderr
};

// A file's bytes, or nothing if it cannot be read: how `train --data FILE`
// reads its text. The native binary reads the disk (read_from_disk); the WASM
// module, which has no file system, is handed Node's readFileSync
// (cpp/bindings/cli.cpp, scripts/attn-node.mjs).
using ReadFile = std::function<std::optional<std::string>(const std::string& path)>;
std::optional<std::string> read_from_disk(const std::string& path);

// Standard input, whole: what `exercise-batch` reads. The native binary reads
// its own (read_stdin); the WASM module has none and passes nothing, so there
// the command reads no lines.
using ReadInput = std::function<std::string()>;
std::string read_stdin();

// args excludes the program name, e.g. {"lesson1", "--seed", "0"}.
CliResult run_cli(const std::vector<std::string>& args, const ReadFile& read = read_from_disk,
                  const ReadInput& input = {});

// `attn-cli exercise-batch`: the differential test's batch mode (one process
// for thousands of lines; scripts/diff). Each input line is
//   SEED K HEX
// (K = 1..3 the TODO under test, HEX its line as hex-encoded UTF-8; the other
// two TODOs hold the reference lines). For each, the output is one record of
// length-prefixed fields "<bytes>:<text>" separated by nothing:
//   output (up to the attention call's prints), error type, then for TODO K:
//   verdict (correct|wrong|unsupported), code, reason, inner code,
//   then the entry of py_error_table() the output's Python error matches
//   ("" without one or when unsupported, "?" when it matches none)
// followed by "\n". A malformed input line gives a record with output "?".
std::string run_exercise_batch(const std::string& input);
// `attn-cli exercise-errors`: py_error_table(), one entry a line:
// code, exception type, message ({} for what varies), where, and "exercise"
// (its program can raise it) or "math" (only after `import math`), tab-separated.
std::string exercise_error_table();

}  // namespace attn
