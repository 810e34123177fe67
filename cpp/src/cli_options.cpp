#include "cli_options.hpp"

namespace attn {

std::string quoted(const std::string& text) {
  return "\"" + (text.size() > 40 ? text.substr(0, 40) + "\u2026" : text) + "\"";
}

// Parses "--name value" and "--name=value" pairs against an allow-list.
std::map<std::string, std::string> parse_options(const std::vector<std::string>& args,
                                                 std::initializer_list<const char*> allowed, std::size_t first,
                                                 std::string_view command) {
  std::map<std::string, std::string> opts;
  for (std::size_t i = first; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) throw CliError{"unexpected argument " + quoted(a)};
    std::string name = a.substr(2), value;
    const auto eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      throw CliError{"option --" + name + " needs a value"};
    }
    bool known = false;
    for (const char* k : allowed) known = known || name == k;
    if (!known)
      throw CliError{"unknown option --" + name + " for " + (command.empty() ? args[0] : std::string(command))};
    opts[name] = value;
  }
  return opts;
}

}  // namespace attn
