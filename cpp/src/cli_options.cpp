#include "cli_options.hpp"

namespace attn {

// Parses "--name value" and "--name=value" pairs against an allow-list.
std::map<std::string, std::string> parse_options(const std::vector<std::string>& args,
                                                 std::initializer_list<const char*> allowed) {
  std::map<std::string, std::string> opts;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) throw CliError{"unexpected argument \"" + a + "\""};
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
    if (!known) throw CliError{"unknown option --" + name + " for " + args[0]};
    opts[name] = value;
  }
  return opts;
}

}  // namespace attn
