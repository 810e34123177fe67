// What the Embind modules (cpp/bindings/*.cpp) share: the version, the
// results copied out as typed arrays, the heap figures, the shape rule of an
// attention call, the table of JS-owned objects and the errors they return.
//
// Results cross as registered value objects (plain JS objects with the
// registered fields) or value arrays; arrays of numbers as fresh typed arrays
// (copy_out: one copy out of the heap, no JS Array of boxed numbers). No
// binding builds a result object field by field.
//
// A rejected call *returns* a RangeError/TypeError; the JS loaders
// (web/engine/core/engine.js, web/engine/py/evaluator.js) throw it. Throwing from
// inside WASM would skip C++ destructors and leave the stack pointer lowered,
// so every rejected call would leak; returning keeps the heap flat.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "attention.hpp"
#include "limits.hpp"
#include "limits_js.hpp"
#include "text.hpp"

namespace attn_bind {

namespace L = attn::limits;

using emscripten::val;

inline constexpr const char* kVersion = "0.1.0";

// @returns {string}
inline val version() { return val(kVersion); }

// A seed as the loaders pass it: the high and low 32 bits of a uint64.
inline std::uint64_t seed_of(unsigned hi, unsigned lo) { return (std::uint64_t{hi} << 32) | lo; }

// Objects owned by JS through integer handles (1-based; 0 is never valid).
template <class T>
class Table {
 public:
  int add(std::unique_ptr<T> p) {
    for (std::size_t i = 0; i < slots_.size(); ++i)
      if (!slots_[i]) { slots_[i] = std::move(p); return static_cast<int>(i) + 1; }
    slots_.push_back(std::move(p));
    return static_cast<int>(slots_.size());
  }
  T* get(int h) const {
    return h >= 1 && static_cast<std::size_t>(h) <= slots_.size() ? slots_[static_cast<std::size_t>(h) - 1].get() : nullptr;
  }
  bool remove(int h) {
    if (!get(h)) return false;
    slots_[static_cast<std::size_t>(h) - 1].reset();
    return true;
  }
  // Removes every object for which pred(object) holds.
  template <class Pred>
  void remove_if(Pred pred) {
    for (auto& s : slots_)
      if (s && pred(*s)) s.reset();
  }

 private:
  std::vector<std::unique_ptr<T>> slots_;
};

// A scale as the JS API passes it: 0 none, 1 sqrt(d_k), 2 d_k.
inline bool scale_of(int code, attn::Scale& out) {
  if (code < 0 || code > 2) return false;
  out = static_cast<attn::Scale>(code);
  return true;
}

// A RangeError with a fixed message.
inline val range_error(const char* message) { return val::global("RangeError").new_(val(message)); }

// An Error of the global constructor `type` ("TypeError", "RangeError", ...).
inline val error(const char* type, const std::string& message) { return val::global(type).new_(val(message)); }

// A JS value as a message shows it (strings in quotes), cut to 40 characters.
inline std::string shown(const val& v) {
  std::string s = v.isString() ? "\"" + v.as<std::string>() + "\"" : val::global("String")(v).as<std::string>();
  return s.size() > 42 ? s.substr(0, 40) + "..." : s;
}

// A fresh Float64Array / Float32Array holding a copy of v (never a view into
// the WASM heap, which may move).
template <class F>
val copy_out(const std::vector<F>& v) {
  return val::global(sizeof(F) == 8 ? "Float64Array" : "Float32Array")
      .new_(emscripten::typed_memory_view(v.size(), v.data()));
}

// heapStats() -> HeapStats {memoryBytes: WASM memory bytes, usedBytes: bytes in use by malloc}:
// for leak tests and the benchmark
struct HeapStats {
  double memoryBytes = 0;  // the WASM memory's size in bytes
  double usedBytes = 0;    // bytes in use by malloc
};
inline HeapStats heap_stats() {
  const struct mallinfo mi = mallinfo();
  return {static_cast<double>(__builtin_wasm_memory_size(0)) * 65536.0, static_cast<double>(mi.uordblks)};
}

// The sizes of one attention call (q: (T, dK), k: (S, dK), v: (S, dV)):
// each in [1, Attention::max_dim], every matrix at most Attention::max_values
// values (web/engine/shared/checks.js's checkShape says the same with full messages).
inline bool shape_ok(int T, int S, int dk, int dv) {
  const auto in = [](int n) { return n >= 1 && n <= L::Attention::max_dim; };
  const double lim = static_cast<double>(L::Attention::max_values);
  return in(T) && in(S) && in(dk) && in(dv) && double(T) * S <= lim && double(T) * dk <= lim &&
         double(S) * dk <= lim && double(S) * dv <= lim && double(T) * dv <= lim;
}
inline constexpr const char* kShapeMessage =
    text<Lit("T, S, dK and dV must be in [1, "), L::Attention::max_dim, Lit("] and keep every matrix at most "),
         L::Attention::max_values, Lit(" values")>;

}  // namespace attn_bind

// The types every module returns (each module is one binding file, so this runs once in each).
EMSCRIPTEN_BINDINGS(attention_lab_common) {
  emscripten::value_object<attn_bind::HeapStats>("HeapStats")
      .field("memoryBytes", &attn_bind::HeapStats::memoryBytes)
      .field("usedBytes", &attn_bind::HeapStats::usedBytes);
}
