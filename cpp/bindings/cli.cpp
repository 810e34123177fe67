// Embind surface of the CLI module (attn_cli): attn-cli in WASM, for Node
// (scripts/attn-node.mjs: `npm run lesson1|normal|torch|exercise`) and the
// tests. Never loaded by a page: the site and the library do not ship it.
// The only module besides the trainer built with C++ exception catching (the
// CLI reports usage errors by throwing). Thin: check, call, copy out.
//   runCli(args)   attn-cli's commands (all but train), same bytes out
#include <string>
#include <vector>

#include "cli.hpp"
#include "common.hpp"

using emscripten::val;

namespace {

val error(const char* type, const std::string& message) {
  return val::global(type).new_(val(message));
}

// A JS value shown in a message, cut to 40 characters.
std::string shown(const val& v) {
  std::string s = v.isString() ? "\"" + v.as<std::string>() + "\"" : val::global("String")(v).as<std::string>();
  return s.size() > 42 ? s.substr(0, 40) + "..." : s;
}

// runCli(args: string[]) -> {code, stdout, stderr}
val js_run_cli(val args) {
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
  const attn::CliResult r = attn::run_cli(argv);
  val out = val::object();
  out.set("code", r.code);
  out.set("stdout", val(r.out));
  out.set("stderr", val(r.err));
  return out;
}

// limits() -> {cli, lesson1, evaluator, seed}: cpp/src/limits.hpp's areas
// this module checks (runCli's arguments, then its commands' options)
val js_limits() {
  val o = val::object();
  o.set("cli", attn_bind::limits_js::cli());
  o.set("lesson1", attn_bind::limits_js::lesson1());
  o.set("evaluator", attn_bind::limits_js::evaluator());
  o.set("seed", attn_bind::limits_js::seed());
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab_cli) {
  using namespace emscripten;
  function("version", &attn_bind::version);
  function("runCli", &js_run_cli);
  function("heapStats", &attn_bind::heap_stats);
  function("limits", &js_limits);
}
