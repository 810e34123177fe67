// Embind surface of the CLI module (attn_cli): attn-cli in WASM, for Node
// (scripts/attn-node.mjs: `npm run lesson1|normal|torch|exercise|train`) and
// the tests. Never loaded by a page: the site and the library do not ship it.
// The only module besides the trainer built with C++ exception catching (the
// CLI reports usage errors by throwing). Thin: check, call, copy out.
//   runCli(args, readFile?)   attn-cli's commands, same bytes out; `train`
//                             reads its --data file through readFile(path)
//                             -> Uint8Array | null (the module has no file
//                             system; without readFile no file can be read)
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "common.hpp"

using emscripten::val;

namespace {

using attn_bind::error;
using attn_bind::shown;

// readFile(path)'s bytes; nothing without a readFile, or when it returns
// anything but a Uint8Array (web/engine/cli/cli.js turns a wrong result or a
// throw into a TypeError after the run, outside any C++ frame).
std::optional<std::string> read_with(const val& read_file, const std::string& path) {
  if (read_file.isUndefined()) return std::nullopt;
  const val bytes = read_file(path);
  if (!bytes.instanceof(val::global("Uint8Array"))) return std::nullopt;
  std::string s(bytes["length"].as<std::size_t>(), '\0');
  val(emscripten::typed_memory_view(s.size(), reinterpret_cast<unsigned char*>(s.data()))).call<void>("set", bytes);
  return s;
}

// runCli(args: string[], readFile?: (path) => Uint8Array | null) -> {code, stdout, stderr}
// (attn::CliResult as a value object)
// @param {readonly string[]} args
// @param {((path: string) => Uint8Array | null) | undefined} read_file
// @returns {CliResult | TypeError | RangeError}
val js_run_cli(val args, val read_file) {
  if (!args.isArray()) return error("TypeError", "args must be an array of strings, got " + shown(args));
  const double n = args["length"].as<double>();
  constexpr int kMaxArgs = attn::limits::Cli::max_args, kMaxArgChars = attn::limits::Cli::max_arg_chars;
  if (n > kMaxArgs)
    return error("RangeError", "args must hold at most " + std::to_string(kMaxArgs) + " strings, got " + shown(args["length"]));
  for (int i = 0; i < static_cast<int>(n); ++i) {
    const val a = args[i];
    if (!a.isString()) return error("TypeError", "args[" + std::to_string(i) + "] must be a string, got " + shown(a));
    if (a["length"].as<double>() > kMaxArgChars)
      return error("RangeError", "args[" + std::to_string(i) + "] must be at most " + std::to_string(kMaxArgChars) +
                                     " characters long");
  }
  std::vector<std::string> argv;
  for (int i = 0; i < static_cast<int>(n); ++i) argv.push_back(args[i].as<std::string>());
  if (!read_file.isUndefined() && read_file.typeOf().as<std::string>() != "function")
    return error("TypeError", "readFile must be a function, got " + shown(read_file));
  return val(attn::run_cli(argv, [&](const std::string& path) { return read_with(read_file, path); }));
}

// limits() -> {cli, lesson1, evaluator, seed, trainCli}: cpp/src/limits.hpp's
// areas this module checks (runCli's arguments, then its commands' options)
struct LimitsJs {
  attn_bind::limits_js::Cli cli;
  attn_bind::limits_js::Lesson1 lesson1;
  attn_bind::limits_js::Evaluator evaluator;
  attn_bind::limits_js::Seed seed;
  attn_bind::limits_js::TrainCli trainCli;
};
LimitsJs js_limits() { return {}; }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab_cli) {
  using namespace emscripten;
  function("version", &attn_bind::version);
  function("runCli", &js_run_cli);
  function("heapStats", &attn_bind::heap_stats);
  attn_bind::limits_js::register_cli();
  attn_bind::limits_js::register_lesson1();
  attn_bind::limits_js::register_evaluator();
  attn_bind::limits_js::register_seed();
  attn_bind::limits_js::register_train_cli();
  value_object<attn::CliResult>("CliResult")
      .field("code", &attn::CliResult::code)
      .field("stdout", &attn::CliResult::out)
      .field("stderr", &attn::CliResult::err);
  value_object<LimitsJs>("Limits")
      .field("cli", &LimitsJs::cli)
      .field("lesson1", &LimitsJs::lesson1)
      .field("evaluator", &LimitsJs::evaluator)
      .field("seed", &LimitsJs::seed)
      .field("trainCli", &LimitsJs::trainCli);
  function("limits", &js_limits);
}
