// Lesson 1, section 5 with the learner's three lines: the program's output as
// NumPy would print it, and a verdict per TODO judged by what the line
// computes (never by comparing its text).
//
//   TODO 1  scores  = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)
//   TODO 2  mask    = np.triu(np.ones((T, T), dtype=bool), k=1)
//   TODO 3  weights = softmax(scores)
//
// A line may be the whole assignment or just its right-hand side (ends
// trimmed as <attn-exercise> trims them; one trailing `;` allowed). Inside
// attention(Q, K, V, causal) a line sees exactly the names the copied program
// gives it: Q, K, V, causal, d_k, T (TODO 2 and 3), scores (TODO 2 and 3), mask
// (TODO 3, causal only), np and the lesson's softmax, and Python's builtins.
// There is no `math` (the program does not import it: NameError, as Python).
//
// Three verdicts (scripts/diff checks them against Python + NumPy):
//   correct                the line computes the reference result
//   wrong: <reason>        Python would raise, or give other numbers
//   unsupported: <what>    valid Python this checker cannot run (a builtin or
//                          NumPy function it lacks, lambda, :=, ...): the line
//                          may be right; never counted as a mistake
// The line runs first on the lesson's own sizes (T = 4, d_k = d_v = 16), so a
// failure is described with the shapes the learner sees, then on random (T, d)
// inputs of other sizes (T != d so transposes show), each time with the
// reference values for every other name; results are compared with allclose
// (rtol 1e-6, atol 1e-9, NaN where the reference has NaN). Right on the
// lesson's sizes only: `sizes_only` (hard-coded numbers). A correct line that
// uses K.T gets a tip (code batched_transpose) when it would fail on a batched
// (B, H, T, d) input. A correct line without a tip has an empty reason.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lesson1.hpp"
#include "limits.hpp"

namespace attn {

// A verdict's reason as data, so that a UI can word it in its own language:
// a stable code (one of kVerdictCodes) and its parameters, all strings
// (shapes as NumPy prints them, e.g. "(4, 4)"; values as Python reprs; Python
// error lines as Python prints them). Codes and parameters:
//
//   ok                               correct, nothing to add (reason "")
//   empty                            still `...` (or blank)
//   syntax            text           the SyntaxError line
//   target            got todo want  assigns to `got` instead of `want`
//   error             text           raises: the Python error line
//   error_t_later     text           raises UnboundLocalError for T in TODO 1
//   not_array         type value want what
//                                    not an array: Python type, short repr,
//                                    wanted shape, "scores" or "weights"
//   shape             got want       wrong shape
//   shape_contract    got want       wrong shape, last axis d_k (not contracted)
//   no_scale | div_dk | mul_sqrt | transposed
//   scores_values     index got want first element off Q·Kᵀ/√d_k
//   mask_where_error  text           np.where(mask, -np.inf, scores) raises
//   mask_shape        mask got want  np.where's result has the wrong shape
//   mask_not_bool     dtype          right pattern, not boolean
//   mask_k0 | mask_lower | mask_inverted | mask_none | mask_all
//   mask_cells        index got want first wrong cell ("True"/"False")
//   softmax_axis | not_normalized | double_scale | ignores_mask
//   weights_nan       index got want NaN where the reference has none
//   row_sums          sums           rows don't sum to 1
//   weights_values    index got want first element off softmax(scores)
//   unsupported       construct what [args]
//                                    the checker cannot run this form (the
//                                    line may be right; not counted wrong):
//                                    `construct` its English wording, `what`
//                                    its code (pyeval/pyeval.hpp kConstructs)
//                                    and its named arguments (limit, name, ...)
//   sizes_only                       right for T = 4, d_k = 16 only (fixed numbers)
//
// Wrappers (their params are empty; the wrapped reason is inner_code/params):
//   causal_false                     wrong only with causal=False
//   pytorch_transpose                wrong, and written the PyTorch way
//                                    (K.transpose(-2, -1)): a hint added
// A tip on a correct line (no params):
//   batched_transpose                K.T reverses all axes of a batched array
using VerdictParams = std::vector<std::pair<std::string, std::string>>;

inline constexpr const char* kVerdictCodes[] = {
    "ok", "empty", "syntax", "target", "error", "error_t_later", "not_array", "shape", "shape_contract",
    "no_scale", "div_dk", "mul_sqrt", "transposed", "scores_values", "mask_where_error", "mask_shape",
    "mask_not_bool", "mask_k0", "mask_lower", "mask_inverted", "mask_none", "mask_all", "mask_cells",
    "softmax_axis", "not_normalized", "double_scale", "ignores_mask", "weights_nan", "row_sums",
    "weights_values", "causal_false", "batched_transpose", "unsupported", "sizes_only", "pytorch_transpose"};

struct TodoVerdict {
  std::string source;  // the line as given
  bool correct = false;
  std::string reason;  // why it is wrong, or a note on a correct line ("" otherwise), in English
  std::string code = "ok";      // the reason as a code (see above)
  VerdictParams params;         // and its parameters
  std::string inner_code;       // for causal_false / pytorch_transpose: the wrapped reason
  VerdictParams inner_params;
};

// The value of parameter `name` ("" if absent).
std::string verdict_param(const VerdictParams& params, const std::string& name);

struct ExerciseResult {
  std::string output;               // the program's stdout (ends with the error line if it raised)
  std::string error_type;           // the type of that error ("SyntaxError", "NameError", ...), "" if none
  std::vector<TodoVerdict> todos;   // 3 verdicts
};

// Longest line accepted per TODO (longer lines are a SyntaxError).
inline constexpr std::size_t kExerciseMaxLine = limits::Evaluator::max_line_chars;

// The reference answers (the lesson's).
extern const char* const kExerciseReference[3];

// Runs the section-5 program with `lines` as TODO 1..3 under
// np.random.default_rng(seed) and judges each line. An empty line (or `...`)
// is the unfilled TODO. With the reference lines, `output` equals
// lesson1_output(seed, sizes) byte for byte.
// `head_only`: the output stops after the attention call's prints (see lesson1_program).
ExerciseResult run_exercise(std::uint64_t seed, const std::array<std::string, 3>& lines,
                            const Lesson1Sizes& sizes = {}, bool head_only = false);

// Only the verdict for TODO `k` (0-based) of `line`.
TodoVerdict judge_todo(int k, const std::string& line);

// output, then one line per TODO: "TODO 1: correct", "TODO 1: correct; tip: ...",
// "TODO 1: wrong: <reason>" or "TODO 1: unsupported: <construct> (...)".
std::string format_exercise(const ExerciseResult& r);

}  // namespace attn
