// attn-cli's option parser. Each command lists its options in a table: name,
// kind, limits and how the usage writes the value. The same table reads the
// arguments ("--name value", "--name=value", a bare "--flag"), checks each
// value by its kind when the command asks for it, and writes the command's
// synopsis, so what the usage says and what the parser takes cannot drift.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace attn::cli {

// A usage error: the command prints its message and its usage, and exits 2.
struct CliError {
  std::string message;
};

// What a message shows of a value the user typed: in double quotes, cut to
// its first 40 characters (a UTF-8 sequence counts as one) with "…" after them.
std::string quoted(std::string_view text);

// "2^24" for 1 << 24: how the usage and the messages write a power of two.
std::string power_of_two_text(std::uint64_t value);

// "A, B or C"; items joined by `sep`.
std::string listed(const std::vector<std::string>& items);
std::string joined(const std::vector<std::string>& items, const char* sep);

// "D1,D2,...": comma-separated integers, each in [1, max_each] (a shape's
// dimensions, the torch commands' --shape). False for anything else.
bool parse_dims(std::string_view text, std::uint64_t max_each, std::vector<std::uint64_t>& out);

enum class Kind {
  Seed,     // a seed: see parse_seed_text
  Int,      // decimal digits ('-' first where lo < 0), in [lo, hi]
  Decimal,  // a decimal number (sign, point, exponent), finite, in [min, max]
  Flag,     // no value: present or not
  Choice,   // one of `choices`, exactly
  Text,     // any text, at most max_bytes bytes (0: no limit)
};

struct Option {
  std::string name{};
  Kind kind = Kind::Text;
  // The value as the usage writes it: a placeholder ("S", "FILE") or the
  // default ("1337"). A choice without one shows its choices joined by '|'.
  std::string shown{};
  bool required = false;
  // Seed: the seed is below 2^seed_bits.
  int seed_bits = 64;
  // Int: the range; hi_text is hi as the messages write it (default: its digits).
  long long lo = 0, hi = 0;
  std::string hi_text{};
  // Decimal: the range, min itself excluded when min_excluded.
  double min = 0, max = 0;
  bool min_excluded = false;
  // Choice: the accepted values, in the order messages list them.
  std::vector<std::string> choices{};
  // Text: the most bytes.
  std::size_t max_bytes = 0;
  // What a rejected value must be, where the kind's own words ("an integer in
  // [lo, hi]") do not say it: "a 64-bit integer".
  std::string must{};
};

struct Command {
  std::string name{};  // as "unknown option --x for <name>" names it: "lesson1", "torch randn"
  std::vector<Option> options{};
  bool dashed = false;  // messages name an option "--iters" (else "iters"; a seed is always "seed")
  std::size_t first = 1;  // the first argument that is an option
};

// A seed written as the web's attributes write it (web/shared/parse.ts
// parseSeed): surrounding white space and one leading '+' are dropped, then
// 1 to limits::Seed::max_digits decimal digits, value below 2^bits. Throws
// CliError "seed must be an integer in [0, 2^bits), got <text>".
std::uint64_t parse_seed_text(std::string_view text, int bits);

// The arguments a command was given, read against its table. Each getter
// checks the value by its option's kind and throws CliError when it does not
// fit; an absent option gives the fallback.
class Parsed {
 public:
  Parsed(const Command& command, std::map<std::string, std::string> values);
  bool has(const std::string& name) const;
  std::string text(const std::string& name, const std::string& fallback = {}) const;
  std::uint64_t seed(const std::string& name, std::uint64_t fallback) const;
  long long integer(const std::string& name, long long fallback) const;
  double decimal(const std::string& name, double fallback) const;
  std::size_t choice(const std::string& name, std::size_t fallback) const;  // the index in choices
  bool flag(const std::string& name) const { return has(name); }

 private:
  const Option& option(const std::string& name) const;
  std::string label(const Option& o) const;
  const Command& command_;
  std::map<std::string, std::string> values_;
};

// Reads args[command.first..]. Throws CliError for a stray argument, a missing
// value, a value given to a flag, an unknown option, then (in table order) a
// required option that is absent. A repeated option keeps its last value.
Parsed parse(const Command& command, const std::vector<std::string>& args);

// `layout` with each "{name}" of the command's options replaced by how the
// usage writes it: "--name SHOWN", a flag as "--name".
std::string usage(const Command& command, std::string_view layout);

}  // namespace attn::cli
