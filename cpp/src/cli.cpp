#include "cli.hpp"

#include "cli_options.hpp"

#include <array>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>

#include "train/cli_train.hpp"
#include "exercise.hpp"
#include "pyeval.hpp"
#include "lesson1.hpp"
#include "npformat.hpp"
#include "rng.hpp"
#include "torch/cli_torch.hpp"

namespace attn {

namespace {

const char* const kUsageCommands =
    "      print what lesson 1's exercise script prints under np.random.default_rng(S)\n"
    "  exercise --todo1 LINE --todo2 LINE --todo3 LINE [--seed S]\n"
    "      run lesson 1's exercise program with these three lines (in a sandboxed\n"
    "      Python/NumPy subset), print its output, then a verdict per TODO\n"
    "  normal --seed S --count N\n"
    "      print N draws of default_rng(S).standard_normal(), one per line, as repr(float)\n"
    "  torch randn|randint|uniform|bonus ...\n      PyTorch's CPU draws bit for bit, and lesson 1's bonus check (attn-cli torch --help)\n";

// The usage text; its defaults are Lesson1Sizes{}'s (cpp/src/limits.hpp).
std::string usage() {
  const Lesson1Sizes d;
  return "usage: attn-cli <command> [options]\n"
         "\n"
         "commands:\n"
         "  lesson1 --seed S [--T " + std::to_string(d.T) + " --d-model " + std::to_string(d.d_model) +
         " --d-k " + std::to_string(d.d_k) + " --d-v " + std::to_string(d.d_v) + "]\n" + kUsageCommands;
}

using Usage = CliError;

// An integer option in [lo, hi]; digits only.
unsigned long int_option(const std::map<std::string, std::string>& opts, const char* name,
                         unsigned long lo, unsigned long hi, unsigned long fallback) {
  const auto it = opts.find(name);
  if (it == opts.end()) return fallback;
  const std::string& text = it->second;
  const std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  unsigned long v = 0;
  bool ok = !text.empty() && text.size() <= 12;
  for (char c : text) {
    if (c < '0' || c > '9') { ok = false; break; }
    v = v * 10 + static_cast<unsigned long>(c - '0');
  }
  if (!ok || v < lo || v > hi)
    throw Usage{std::string(name) + " must be an integer in " + range + ", got " + quoted(text)};
  return v;
}

std::uint64_t seed_option(const std::map<std::string, std::string>& opts, bool required) {
  const auto it = opts.find("seed");
  if (it == opts.end()) {
    if (required) throw Usage{"missing --seed"};
    return 0;
  }
  std::uint64_t seed = 0;
  std::string error;
  if (!parse_seed(it->second, seed, error)) throw Usage{error};
  return seed;
}

}  // namespace

std::optional<std::string> read_from_disk(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(s).str();
}

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

CliResult run_cli(const std::vector<std::string>& args, const ReadFile& read) {
  CliResult r;
  try {
    if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
      (args.empty() ? r.err : r.out) = usage();
      (args.empty() ? r.err : r.out) += train::train_usage();
      r.code = args.empty() ? 2 : 0;
      return r;
    }
    const std::string& cmd = args[0];
    if (cmd == "train") return train::run_train_cli(args, read);
    if (cmd == "lesson1") {
      const auto o = parse_options(args, {"seed", "T", "d-model", "d-k", "d-v"});
      Lesson1Sizes s;
      s.T = int_option(o, "T", 1, kLesson1MaxT, s.T);
      s.d_model = int_option(o, "d-model", 1, kLesson1MaxDim, s.d_model);
      s.d_k = int_option(o, "d-k", 1, kLesson1MaxDim, s.d_k);
      s.d_v = int_option(o, "d-v", 1, kLesson1MaxDim, s.d_v);
      r.out = lesson1_output(seed_option(o, false), s);
      return r;
    }
    if (cmd == "exercise") {
      const auto o = parse_options(args, {"seed", "todo1", "todo2", "todo3"});
      std::array<std::string, 3> lines;
      const char* names[3] = {"todo1", "todo2", "todo3"};
      for (int k = 0; k < 3; ++k) {
        const auto it = o.find(names[k]);
        if (it == o.end()) continue;  // missing: the TODO stays `...`
        if (it->second.size() > kExerciseMaxLine)
          throw Usage{std::string("--") + names[k] + " must be at most " + std::to_string(kExerciseMaxLine) +
                      " characters long"};
        lines[static_cast<std::size_t>(k)] = it->second;
      }
      r.out = format_exercise(run_exercise(seed_option(o, false), lines));
      return r;
    }
    if (cmd == "torch") return torch::run_cli(args);
    if (cmd == "normal") {
      const auto o = parse_options(args, {"seed", "count"});
      const std::uint64_t seed = seed_option(o, true);
      if (!o.count("count")) throw Usage{"missing --count"};
      const unsigned long n = int_option(o, "count", 0, kMaxNormalCount, 0);
      Generator rng(seed);
      r.out.reserve(n * 21);
      for (unsigned long i = 0; i < n; ++i) {
        r.out += np::py_float_repr(rng.standard_normal());
        r.out += '\n';
      }
      return r;
    }
    throw Usage{"unknown command " + quoted(cmd)};
  } catch (const Usage& u) {
    r.code = 2;
    r.out.clear();
    r.err = "attn-cli: " + u.message + "\n" + usage();
  }
  return r;
}

}  // namespace attn
