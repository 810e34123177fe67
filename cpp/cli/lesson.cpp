// attn-cli lesson1 | exercise | normal: the NumPy side of lesson 1, and the
// exercise's batch mode (run_exercise_batch, cli.hpp).
#include <algorithm>
#include <array>
#include <cstdint>

#include "commands.hpp"
#include "exercise.hpp"
#include "lesson1.hpp"
#include "numpy/npformat.hpp"
#include "options.hpp"
#include "numpy/rng.hpp"
#include "pyeval/pyeval.hpp"

namespace attn::cli {

namespace {

// Lesson1Sizes{}'s defaults, as the usage shows them (cpp/src/limits.hpp).
const Command& lesson1_command() {
  static const Command c = [] {
    const Lesson1Sizes d;
    const auto size = [](const char* name, std::size_t fallback, std::size_t hi) {
      return Option{.name = name, .kind = Kind::Int, .shown = std::to_string(fallback), .lo = 1,
                    .hi = static_cast<long long>(hi)};
    };
    return Command{.name = "lesson1",
                   .options = {size("T", d.T, kLesson1MaxT), size("d-model", d.d_model, kLesson1MaxDim),
                               size("d-k", d.d_k, kLesson1MaxDim), size("d-v", d.d_v, kLesson1MaxDim),
                               {.name = "seed", .kind = Kind::Seed, .shown = "S"}}};
  }();
  return c;
}

const Command& exercise_command() {
  static const Command c = [] {
    const auto todo = [](const char* name) {
      return Option{.name = name, .kind = Kind::Text, .shown = "LINE", .max_bytes = kExerciseMaxLine};
    };
    return Command{.name = "exercise",
                   .options = {todo("todo1"), todo("todo2"), todo("todo3"),
                               {.name = "seed", .kind = Kind::Seed, .shown = "S"}},
                   .dashed = true};
  }();
  return c;
}

const Command& normal_command() {
  static const Command c{.name = "normal",
                         .options = {{.name = "seed", .kind = Kind::Seed, .shown = "S", .required = true},
                                     {.name = "count", .kind = Kind::Int, .shown = "N", .required = true, .lo = 0,
                                      .hi = limits::Cli::max_normal_count}}};
  return c;
}

}  // namespace

std::string lesson_usage() {
  return usage(lesson1_command(), "  lesson1 {seed} [{T} {d-model} {d-k} {d-v}]\n"
                                  "      print what lesson 1's exercise script prints under np.random.default_rng(S)\n") +
         usage(exercise_command(), "  exercise {todo1} {todo2} {todo3} [{seed}]\n"
                                   "      run lesson 1's exercise program with these three lines (in a sandboxed\n"
                                   "      Python/NumPy subset), print its output, then a verdict per TODO\n") +
         usage(normal_command(), "  normal {seed} {count}\n"
                                 "      print N draws of default_rng(S).standard_normal(), one per line, as repr(float)\n");
}

CliResult run_lesson1(const std::vector<std::string>& args) {
  const Parsed o = parse(lesson1_command(), args);
  Lesson1Sizes s;
  s.T = static_cast<std::size_t>(o.integer("T", static_cast<long long>(s.T)));
  s.d_model = static_cast<std::size_t>(o.integer("d-model", static_cast<long long>(s.d_model)));
  s.d_k = static_cast<std::size_t>(o.integer("d-k", static_cast<long long>(s.d_k)));
  s.d_v = static_cast<std::size_t>(o.integer("d-v", static_cast<long long>(s.d_v)));
  CliResult r;
  r.out = lesson1_output(o.seed("seed", 0), s);
  return r;
}

CliResult run_exercise(const std::vector<std::string>& args) {
  const Parsed o = parse(exercise_command(), args);
  std::array<std::string, 3> lines;  // an absent TODO stays `...`
  lines[0] = o.text("todo1");
  lines[1] = o.text("todo2");
  lines[2] = o.text("todo3");
  CliResult r;
  r.out = format_exercise(attn::run_exercise(o.seed("seed", 0), lines));
  return r;
}

CliResult run_normal(const std::vector<std::string>& args) {
  const Parsed o = parse(normal_command(), args);
  const std::uint64_t seed = o.seed("seed", 0);
  const auto n = static_cast<unsigned long>(o.integer("count", 0));
  Generator rng(seed);
  CliResult r;
  r.out.reserve(n * 21);
  for (unsigned long i = 0; i < n; ++i) {
    r.out += np::py_float_repr(rng.standard_normal());
    r.out += '\n';
  }
  return r;
}

}  // namespace attn::cli

namespace attn {

std::string run_exercise_batch(const std::string& input) {
  std::string out;
  auto field = [&out](const std::string& f) { out += std::to_string(f.size()) + ":" + f; };
  std::size_t pos = 0;
  while (pos < input.size()) {
    std::size_t end = input.find('\n', pos);
    if (end == std::string::npos) end = input.size();
    const std::string rec = input.substr(pos, end - pos);
    pos = end + 1;
    if (rec.empty()) continue;
    const std::size_t a = rec.find(' '), b = a == std::string::npos ? a : rec.find(' ', a + 1);
    std::uint64_t seed = 0;
    std::string error;
    int k = b == std::string::npos ? 0 : rec[a + 1] - '0';
    std::string line;
    bool ok = b != std::string::npos && b == a + 2 && k >= 1 && k <= 3 && parse_seed(rec.substr(0, a), seed, error) &&
              (rec.size() - b - 1) % 2 == 0;
    for (std::size_t i = b + 1; ok && i + 1 < rec.size(); i += 2) {
      auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
      const int hi = hex(rec[i]), lo = hex(rec[i + 1]);
      ok = hi >= 0 && lo >= 0;
      line += static_cast<char>(hi * 16 + lo);
    }
    if (!ok) {
      field("?");
      out += "\n";
      continue;
    }
    std::array<std::string, 3> lines{kExerciseReference[0], kExerciseReference[1], kExerciseReference[2]};
    lines[static_cast<std::size_t>(k - 1)] = line;
    const ExerciseResult r = run_exercise(seed, lines, {}, true);
    const TodoVerdict& v = r.todos[static_cast<std::size_t>(k - 1)];
    field(r.output);
    field(r.error_type);
    field(v.correct ? "correct" : v.code == "unsupported" ? "unsupported" : "wrong");
    field(v.code);
    field(v.reason);
    field(v.inner_code);
    std::string entry;
    if (!r.error_type.empty() && r.error_type != py::Context::kUnsupported) {
      // the output's last line: "<type>: <message>"
      const std::size_t start = r.output.rfind('\n', r.output.size() - 2);
      const std::string last = r.output.substr(start == std::string::npos ? 0 : start + 1);
      py::Error e;
      e.type = r.error_type;
      e.message = last.substr(std::min(last.size(), r.error_type.size() + 2));
      if (!e.message.empty() && e.message.back() == '\n') e.message.pop_back();
      for (const py::PyErrorEntry& t : py::py_error_table())
        if (r.error_type == py::exc_name(t.exc)) e.exc = t.exc;
      const py::PyErrorEntry* found = py::find_py_error(e);
      entry = found ? found->code : "?";
    }
    field(entry);
    out += "\n";
  }
  return out;
}

std::string exercise_error_table() {
  std::string out;
  for (const py::PyErrorEntry& t : py::py_error_table())
    out += std::string(t.code) + "\t" + py::exc_name(t.exc) + "\t" + t.message + "\t" + t.where + "\t" + (t.exercise ? "exercise" : "math") + "\n";
  return out;
}

}  // namespace attn
