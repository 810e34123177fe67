// pyeval: a sandboxed evaluator for the small subset of Python + NumPy that
// the lesson's three TODO lines and their usual variants use.
//
//   line      := [NAME "="] expr [# comment]
//   expr      := Python expression grammar restricted to: numbers, strings,
//                True/False/None, names, tuples/lists, `...`, the operators
//                @ * / // % ** + - ~ & | ^ == != < <= > >= (chained
//                comparisons too), attribute access, calls with positional
//                and keyword arguments, indexing/slicing with ints, `:`,
//                None and `...`.
//
// Values are Python scalars (bool/int/float), strings, tuples, slices and
// n-d NumPy arrays of dtype bool, int64 or float64 with NumPy broadcasting
// and NumPy 1.24 type promotion. Only allow-listed names, attributes and
// functions exist (the table of builtins in pyeval/builtins.cpp): there is
// no import, no builtins beyond a few conversions, no attribute outside the
// allow-list. Errors read like Python/NumPy's last traceback line.
//
// No C++ exception is ever thrown (the WebAssembly build has exception
// catching disabled): every failure is recorded in Context::error and the
// evaluator unwinds by return values. Parser recursion depth, token count,
// array sizes and the total work are capped (see Limits), so any input ends
// quickly with an error at worst.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "limits.hpp"

namespace attn::py {

enum class DType : std::uint8_t { Bool = 0, Int = 1, Float = 2 };
const char* dtype_name(DType d);  // "bool", "int64", "float64"

struct Limits {
  std::size_t max_line_chars = limits::Evaluator::max_line_chars;
  std::size_t max_tokens = limits::Evaluator::max_line_tokens;
  std::size_t max_depth = limits::Evaluator::max_depth;  // nested parentheses / operators
  std::size_t max_array_elements = limits::Evaluator::max_array_elements;
  std::size_t max_ndim = limits::Evaluator::max_ndim;
  std::uint64_t max_work = limits::Evaluator::max_work;  // element operations per Context
};

// An n-d array, row-major contiguous. Bool values are stored as 0.0 / 1.0,
// int64 values as exact doubles (|x| <= 2^53 is enforced).
struct Array {
  DType dtype = DType::Float;
  std::vector<std::size_t> shape;
  std::vector<double> data;
  std::size_t size() const { return data.size(); }
};

enum class Kind : std::uint8_t {
  None, Bool, Int, Float,   // Python scalars
  Str, Tuple, List, Slice, Ellipsis,
  Array,                    // numpy.ndarray, or a NumPy scalar (np.float64...) when `np_scalar`
  Module,                   // np, math
  Function,                 // a callable: np.sqrt, softmax, a bound method (self in `self_`)
  DTypeObj,                 // bool, float, int, np.float64, np.bool_, np.int64
};

struct Value {
  Kind kind = Kind::None;
  double num = 0;                           // Bool/Int/Float
  std::string text;                         // Str; Module and Function names
  std::shared_ptr<const Array> arr;         // Array
  bool np_scalar = false;                   // a 0-d result printed as a NumPy scalar
  std::vector<Value> items;                 // Tuple/List; Slice: start, stop, step (None or Int)
  std::shared_ptr<const Value> self_;       // bound method's object
  DType dtype = DType::Float;               // DTypeObj

  static Value none() { return {}; }
  static Value boolean(bool b) { Value v; v.kind = Kind::Bool; v.num = b ? 1 : 0; return v; }
  static Value integer(double i) { Value v; v.kind = Kind::Int; v.num = i; return v; }
  static Value real(double x) { Value v; v.kind = Kind::Float; v.num = x; return v; }
  static Value array(Array a, bool np_scalar = false);
  bool is_array() const { return kind == Kind::Array; }
};

// Python's type name of a value, as in error messages: 'float', 'numpy.ndarray'.
std::string type_name(const Value& v);
// str(v) and repr(v) as Python/NumPy print them.
std::string py_str(const Value& v);
std::string py_repr(const Value& v);

// What an "unsupported" error is about: a stable code and up to two
// arguments, so that a UI words it in its own language (the English wording,
// Error::message, is the CLI's). kConstructs is in the enum's order.
enum class Construct : std::uint8_t {
  LineTokens, StringPrefix, Complex, LongLiteral, BigInteger, StringEscape, NonAsciiName, SeveralStatements,
  AssignTarget, KeywordExpression, DictSet, Operator, Nesting, ArgumentUnpacking, Starred, LineLength,
  Argument, Dtype, FractionalK, KArgument, UfuncKeywords, IntConversion, Float16, WhereString, WhereArgument,
  TensordotAxes, TensordotRepeated, NumpyName, ArrayAttribute, NumberAttribute, Function, EinsumOperands,
  EinsumRepeated, EinsumEllipsis, StringConversion, KeywordArguments, CopyArguments, DtypeOut, BuiltinKeywords,
  PowModulus, LongList, ArrayObject, FullArray, WhereOneArgument, FancyIndex, BoolIndex, StringIteration,
  StringOperators, LongSequence, Int64Overflow, ArrayTooLarge, TooMuchWork, TooManyDims, BigIndex, ProgramName,
};

struct ConstructInfo {
  const char* code;     // stable: web/elements/attn-exercise/constructs.ts words it
  const char* english;  // {0} and {1} stand for the arguments
  const char* arg0;     // the arguments' names ("" = none)
  const char* arg1;
};

inline constexpr ConstructInfo kConstructs[] = {
    {"line-tokens", "lines of more than {0} tokens", "limit", ""},
    {"string-prefix", "string prefixes such as {0}''", "prefix", ""},
    {"complex", "complex numbers", "", ""},
    {"long-literal", "a number literal of more than 400 digits", "", ""},
    {"big-integer", "integers beyond 2**53", "", ""},
    {"string-escape", "the string escape \\{0}", "escape", ""},
    {"non-ascii-name", "names with non-ASCII letters", "", ""},
    {"several-statements", "several statements on one line", "", ""},
    {"assign-target", "assigning to anything but a name", "", ""},
    {"keyword-expression", "'{0}' expressions", "keyword", ""},
    {"dict-set", "dictionaries and sets", "", ""},
    {"operator", "the {0} operator", "op", ""},
    {"nesting", "expressions nested more than {0} levels deep", "limit", ""},
    {"argument-unpacking", "argument unpacking", "", ""},
    {"starred", "starred expressions", "", ""},
    {"line-length", "lines longer than {0} characters", "limit", ""},
    {"argument", "the {0} argument of {1}()", "argument", "function"},
    {"dtype", "the dtype {0}", "dtype", ""},
    {"fractional-k", "a k that is not a whole number", "", ""},
    {"k-argument", "this k argument", "", ""},
    {"ufunc-keywords", "{0}'s out and keyword arguments", "function", ""},
    {"int-conversion", "converting NaN, infinity or numbers beyond 2**53 to int64", "", ""},
    {"float16", "float16 results ({0} of booleans)", "function", ""},
    {"where-string", "np.where with a string condition", "", ""},
    {"where-argument", "np.where with a {0} argument", "type", ""},
    {"tensordot-axes", "this axes argument of np.tensordot", "", ""},
    {"tensordot-repeated", "repeated axes in np.tensordot", "", ""},
    {"numpy-name", "{0}", "name", ""},
    {"array-attribute", "{0}", "name", ""},
    {"number-attribute", "{0} of a Python number", "name", ""},
    {"function", "{0}()", "function", ""},
    {"einsum-operands", "np.einsum with more than two operands", "", ""},
    {"einsum-repeated", "np.einsum with repeated subscripts in one operand", "", ""},
    {"einsum-ellipsis", "np.einsum with '...' elsewhere than at the start of the output", "", ""},
    {"string-conversion", "{0}() of a string", "function", ""},
    {"keyword-arguments", "{0}'s keyword arguments", "function", ""},
    {"copy-arguments", "copy's arguments", "", ""},
    {"dtype-out", "the dtype and out arguments of {0}()", "function", ""},
    {"builtin-keywords", "{0}() with keyword arguments", "function", ""},
    {"pow-modulus", "pow() with a modulus", "", ""},
    {"long-list", "lists this long", "", ""},
    {"array-object", "np.array of this object", "", ""},
    {"full-array", "np.full with an array fill_value", "", ""},
    {"where-one-argument", "np.where with one argument", "", ""},
    {"fancy-index", "indexing with arrays or sequences", "", ""},
    {"bool-index", "indexing with True/False", "", ""},
    {"string-iteration", "iterating over a string", "", ""},
    {"string-operators", "operators on strings", "", ""},
    {"long-sequence", "sequences this long", "", ""},
    {"int64-overflow", "int64 results beyond 2**53", "", ""},
    {"array-too-large", "arrays of more than {0} elements", "limit", ""},
    {"too-much-work", "more than {0} element operations", "limit", ""},
    {"too-many-dims", "arrays of more than {0} dimensions", "limit", ""},
    {"big-index", "integers this large as sizes or indices", "", ""},
    {"program-name", "the name {0}", "name", ""},
};
static_assert(std::size(kConstructs) == static_cast<std::size_t>(Construct::ProgramName) + 1);

inline const ConstructInfo& construct_info(Construct c) { return kConstructs[static_cast<std::size_t>(c)]; }
// The English wording: the template with its arguments.
std::string construct_text(Construct c, const std::string& arg0, const std::string& arg1);

// The exceptions Python and NumPy raise that this evaluator reproduces. An
// error is one of these (Python's: the line is wrong, and Python says so in
// these words) or "unsupported" (the checker's own limit: the line may be
// right). Context::raise takes only an Exc, so no checker limit can dress up
// as a Python error.
enum class Exc : std::uint8_t {
  SyntaxError, TypeError, ValueError, IndexError, NameError, UnboundLocalError, AttributeError,
  ZeroDivisionError, OverflowError, AxisError, MemoryError, UFuncOutputCastingError,
};
// The name Python prints: "TypeError", "numpy.AxisError", ...
const char* exc_name(Exc e);

struct Error {
  std::string type;     // exc_name(exc), or "unsupported"
  std::string message;
  Exc exc = Exc::TypeError;  // when type is not "unsupported"
  // type "unsupported": what the checker cannot run, and its arguments (message = their English wording)
  Construct construct = Construct::Complex;
  std::string arg0, arg1;
  // An array too large to build (ArrayTooLarge, or NumPy's MemoryError or
  // "array is too big"): its shape, and the depth in the syntax tree
  // (1 = the whole expression) of the node whose value it is, or would be:
  // nodes that keep an array that large (elementwise operators, @, .T,
  // softmax, ...) move it up without building anything.
  std::vector<std::size_t> shape;
  std::size_t depth = 0;
  std::string line() const { return type + ": " + message; }
};

// Names visible to a line. `locals` are the names the enclosing function
// assigns somewhere: reading one that is not bound yet raises
// UnboundLocalError like Python, any other unknown name raises NameError.
struct Env {
  std::map<std::string, Value> vars;
  std::set<std::string> locals;
  // Names the real program defines but this evaluator does not model (rng,
  // X, W_q, ...): reading one is "unsupported", not a NameError.
  std::set<std::string> program_globals;
  void set(const std::string& name, Value v) { vars[name] = std::move(v); }
};

struct Node;
struct NodeDeleter { void operator()(Node*) const; };
using NodePtr = std::unique_ptr<Node, NodeDeleter>;

struct Statement {
  std::string target;   // "" when the line is a bare expression
  std::vector<std::string> more_targets;  // `a = b = expr`: b, ... (bound too)
  NodePtr expr;
  bool ellipsis_only = false;  // the line is just `...` (a TODO left as is)
};

struct Context {
  Limits limits;
  std::optional<Error> error;
  std::uint64_t work = 0;
  std::size_t depth = 0;  // the syntax tree node eval() is in (1 = the root)
  bool failed() const { return error.has_value(); }
  // Python raises `exc` here, with this message.
  void raise(Exc exc, std::string message) {
    if (!error) error = Error{exc_name(exc), std::move(message), exc, Construct::Complex, {}, {}, {}, 0};
  }
  // The line may be valid Python, but this evaluator cannot run `construct`
  // (error type "unsupported"): never reported as the learner's mistake.
  void unsupported(Construct construct, std::string arg0 = {}, std::string arg1 = {}) {
    if (error) return;
    error = Error{kUnsupported, construct_text(construct, arg0, arg1), Exc::TypeError, construct, std::move(arg0),
                  std::move(arg1), {}, 0};
  }
  bool is_unsupported() const { return error && error->type == kUnsupported; }
  static constexpr const char* kUnsupported = "unsupported";
};

// The errors Python and NumPy raise that this evaluator reproduces, as a
// table (pyeval/errors.cpp): the exception, its message with {} for each
// part that varies, and where Python raises it. Every Python error the
// evaluator raises matches one entry, and the differential suite confirms
// each entry against Python + NumPy (same type and message).
struct PyErrorEntry {
  const char* code;     // stable
  Exc exc;
  const char* message;
  const char* where;
  bool exercise = true;  // the exercise's program can raise it (false: only after `import math`)
};
std::span<const PyErrorEntry> py_error_table();
// The entry a Python error matches: null for none, and for "unsupported".
const PyErrorEntry* find_py_error(const Error& e);

// Parses one line. On failure sets cx.error (SyntaxError "... (col N)",
// 1-based column in the line) and returns a Statement with a null expr.
Statement parse_line(std::string_view line, Context& cx);

// Evaluates a parsed expression; on failure sets cx.error and returns None.
Value eval(const Node& node, Env& env, Context& cx);

// parse + eval; for a statement with a target, also binds it in env.
// Returns the value (None on failure, with cx.error set).
Value exec_line(std::string_view line, Env& env, Context& cx);
Value eval_expr(std::string_view expr, Env& env, Context& cx);

// The globals every TODO line sees: np, the lesson's softmax and the builtins
// this evaluator has (no math: the lesson's program does not import it).
void add_builtins(Env& env);
// `import math` (its sqrt, exp, log, pi, e, inf, nan), for a program that imports it.
void add_math(Env& env);

// Helpers for callers building environments and checking results.
Value float_array(std::vector<std::size_t> shape, std::vector<double> data);
// Broadcasts two shapes; false when they are incompatible.
bool broadcast_shapes(const std::vector<std::size_t>& a, const std::vector<std::size_t>& b,
                      std::vector<std::size_t>& out);
// The value as an array (Python scalars become 0-d arrays; bool/int/float
// tuples/lists become 1-d arrays). Null when it has no array form.
std::shared_ptr<const Array> as_array(const Value& v);

}  // namespace attn::py
