// Fuzz harness for the evaluator (pyeval/pyeval.hpp): parse_line + eval and
// exec_line on up to 4 arbitrary lines (newline-separated), in the
// environment the lesson's TODO lines see (np, math, softmax, Q, K, V, d_k, T,
// x with NaN/Inf, and `scores`, `mask`, `weights` as not-yet-bound locals).
//
// Must hold for every input: no crash, no C++ exception (the evaluator
// promises none, the WebAssembly build cannot catch them), a failure always
// carries an error type and message, every array value is well formed
// (data.size() == prod(shape), within the limits, bool 0/1, int64 integral
// and in range, Python ints within 2^53), and
// str()/repr() of every result works.
//
// Byte 0 picks the sizes (T 1..4, d_k 1..4, d_v 1..4), whether the evaluator
// runs with the default Limits or with smaller ones (faster runs), and (bit 7)
// whether the lines also go through the exercise's judge (exercise.hpp:
// judge_todo, line i as TODO i % 3 + 1), which must return a verdict with a
// reason whenever the line is wrong.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "harness_common.hpp"
#include "exercise.hpp"
#include "pyeval/pyeval.hpp"

namespace attn::fuzz {

inline void check_py_value(const py::Value& v, const py::Limits& lim, int depth = 0) {
  ATTN_FUZZ_CHECK(depth < 200);
  if (v.kind == py::Kind::Array) {
    ATTN_FUZZ_CHECK(v.arr != nullptr);
    const py::Array& a = *v.arr;
    ATTN_FUZZ_CHECK(a.shape.size() <= lim.max_ndim);
    std::size_t n = 1;
    for (std::size_t d : a.shape) n *= d;
    ATTN_FUZZ_CHECK(n == a.data.size());
    ATTN_FUZZ_CHECK(a.data.size() <= lim.max_array_elements);
    for (double x : a.data) {
      if (a.dtype == py::DType::Bool) ATTN_FUZZ_CHECK(x == 0.0 || x == 1.0);
      // int64 values are integral doubles in [-2^63, 2^63) (overflow wraps to
      // -2^63 like NumPy; pyeval.hpp's "|x| <= 2^53" holds for Python ints only)
      if (a.dtype == py::DType::Int)
        ATTN_FUZZ_CHECK(std::nearbyint(x) == x && x >= -9223372036854775808.0 && x < 9223372036854775808.0);
    }
  }
  if (v.kind == py::Kind::Bool) ATTN_FUZZ_CHECK(v.num == 0.0 || v.num == 1.0);
  if (v.kind == py::Kind::Int)
    ATTN_FUZZ_CHECK(std::nearbyint(v.num) == v.num && std::fabs(v.num) <= 9007199254740992.0);
  for (const py::Value& item : v.items) check_py_value(item, lim, depth + 1);
  if (v.self_) check_py_value(*v.self_, lim, depth + 1);
}

inline void check_py_outcome(const py::Value& v, const py::Context& cx) {
  if (cx.failed()) {
    ATTN_FUZZ_CHECK(!cx.error->type.empty());
    ATTN_FUZZ_CHECK(!cx.error->message.empty());
    (void)cx.error->line();
    return;
  }
  check_py_value(v, cx.limits);
  (void)py::py_str(v);
  (void)py::py_repr(v);
  (void)py::type_name(v);
}

inline void run_pyeval_case(const std::uint8_t* data, std::size_t size) {
  Reader r(data, size);
  const std::uint8_t cfg = r.u8();
  const std::size_t T = 1 + (cfg & 3), d_k = 1 + ((cfg >> 2) & 3), d_v = 1 + ((cfg >> 4) & 3);
  py::Limits limits;
  if (!(cfg & 64)) {  // smaller caps: more executions per second
    limits.max_array_elements = 100'000;
    limits.max_work = 2'000'000;
  }

  py::Env env;
  py::add_builtins(env);
  auto fill = [](std::size_t rows, std::size_t cols, double seed) {
    std::vector<double> v(rows * cols);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::sin(seed + 0.7 * static_cast<double>(i)) * 2.0;
    return py::float_array({rows, cols}, std::move(v));
  };
  env.set("Q", fill(T, d_k, 1.0));
  env.set("K", fill(T, d_k, 2.0));
  env.set("V", fill(T, d_v, 3.0));
  env.set("d_k", py::Value::integer(static_cast<double>(d_k)));
  env.set("T", py::Value::integer(static_cast<double>(T)));
  env.set("x", py::float_array({5}, {0.0, -0.0, INFINITY, -INFINITY, NAN}));
  env.locals = {"scores", "mask", "weights"};

  const std::vector<std::string> lines = split(r.rest(), '\n', 4, 4096);
  if (cfg & 128) {
    for (std::size_t i = 0; i < lines.size() && i < 3; ++i) {
      const TodoVerdict v = judge_todo(static_cast<int>(i), lines[i]);
      ATTN_FUZZ_CHECK(v.source == lines[i]);
      if (!v.correct) ATTN_FUZZ_CHECK(!v.reason.empty());
    }
    return;
  }
  for (const std::string& line : lines) {
    {  // the two halves separately (no binding)
      py::Context cx;
      cx.limits = limits;
      py::Statement st = py::parse_line(line, cx);
      if (cx.failed()) {
        ATTN_FUZZ_CHECK(st.expr == nullptr);
        check_py_outcome(py::Value::none(), cx);
      } else if (st.expr) {
        py::Env scratch = env;
        const py::Value v = py::eval(*st.expr, scratch, cx);
        check_py_outcome(v, cx);
      }
    }
    {  // parse + eval + bind, as the exercise runs a TODO line
      py::Context cx;
      cx.limits = limits;
      const py::Value v = py::exec_line(line, env, cx);
      check_py_outcome(v, cx);
    }
  }
}

}  // namespace attn::fuzz
