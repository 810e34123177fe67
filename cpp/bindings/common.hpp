// Argument checks shared by the two Embind modules (core.cpp, py.cpp).
//
// A rejected call *returns* a RangeError/TypeError built here; the JS loaders
// (web/engine/engine.js, web/engine/evaluator.js) throw it. Throwing from
// inside WASM would skip C++ destructors and leave the stack pointer lowered,
// so every rejected call would leak; returning keeps the heap flat.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <cstdint>
#include <string>

#include "rng.hpp"

namespace attn_bind {

using emscripten::val;

inline constexpr const char* kVersion = "0.1.0";

inline val error(const char* type, const std::string& message) {
  return val::global(type).new_(val(message));
}

// A JS value shown in a message, cut to 40 characters.
inline std::string shown(const val& v) {
  std::string s = v.isString() ? "\"" + v.as<std::string>() + "\"" : val::global("String")(v).as<std::string>();
  return s.size() > 42 ? s.substr(0, 40) + "..." : s;
}

// An integer argument in [lo, hi]. Returns an Error value or undefined.
inline val check_int(const val& v, const char* name, double lo, double hi, double& out) {
  const std::string range = "[" + std::to_string(static_cast<long long>(lo)) + ", " +
                            std::to_string(static_cast<long long>(hi)) + "]";
  if (!v.isNumber()) return error("TypeError", std::string(name) + " must be an integer in " + range + ", got " + shown(v));
  out = v.as<double>();
  if (!val::global("Number").call<bool>("isInteger", v) || out < lo || out > hi)
    return error("RangeError", std::string(name) + " must be an integer in " + range + ", got " + shown(v));
  return val::undefined();
}

// seed: a decimal string, a non-negative safe integer or a BigInt, < 2^64.
inline val check_seed(const val& v, std::uint64_t& out) {
  const std::string type = v.typeOf().as<std::string>();
  if (type != "string" && type != "number" && type != "bigint")
    return error("TypeError", "seed must be a decimal string, an integer or a BigInt in [0, 2^64), got " + shown(v));
  if (type == "string" && v["length"].as<double>() > 64)
    return error("RangeError", "seed must be an integer in [0, 2^64), got " + shown(v));
  if (type == "number" && !val::global("Number").call<bool>("isSafeInteger", v))
    return error("RangeError", "seed must be an integer in [0, 2^64), got " + shown(v));
  std::string message;
  if (!attn::parse_seed(val::global("String")(v).as<std::string>(), out, message))
    return error("RangeError", message);
  return val::undefined();
}

#define ATTN_CHECK(expr)                            \
  do {                                              \
    val attn_err_ = (expr);                         \
    if (!attn_err_.isUndefined()) return attn_err_; \
  } while (0)

// heapStats() -> {memoryBytes, usedBytes}: for leak tests and the benchmark
inline val heap_stats() {
  const struct mallinfo mi = mallinfo();
  val out = val::object();
  out.set("memoryBytes", static_cast<double>(__builtin_wasm_memory_size(0)) * 65536.0);
  out.set("usedBytes", static_cast<double>(mi.uordblks));
  return out;
}

inline val version() { return val(std::string(kVersion)); }

}  // namespace attn_bind
