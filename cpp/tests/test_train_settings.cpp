// attn-cli train takes its run settings from train/settings.hpp's table: for
// every row, each model that reads the setting accepts its option (the
// kebab-case of the row's name) and the PyTorch script it prints holds the
// value under the row's script name; every other model refuses the option.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli.hpp"
#include "train/pytorch_script.hpp"
#include "train/settings.hpp"

namespace {

using attn::train::Config;
using attn::train::kModelNames;
using attn::train::kSettings;
using attn::train::ModelKind;
using attn::train::Setting;

TEST(TrainSettingsCli, EachRowsOptionIsTakenByTheModelsThatReadItOnly) {
  for (const Setting& s : kSettings) {
    const std::string option = "--" + attn::train::kebab(s);
    int readers = 0;
    for (int m = 0; m <= static_cast<int>(ModelKind::Gpt); ++m) {
      const ModelKind model = static_cast<ModelKind>(m);
      // Twice the model's default (0.5 where it is 0): a value the script shows only if the option was read.
      Config c = Config::defaults(model);
      const double d = attn::train::setting_value(s, c);
      attn::train::set_setting(s, c, d != 0 ? 2 * d : 0.5);
      const std::string value = attn::train::script_value(s, c);
      const attn::CliResult r = attn::run_cli({"train", "--model", kModelNames[m], option, value, "--emit-pytorch"});
      const std::string what = option + " " + value + " for " + kModelNames[m];
      if (attn::train::reads(s, model)) {
        ++readers;
        ASSERT_EQ(r.code, 0) << what << ": " << r.err;
        EXPECT_NE(r.out.find("\n" + std::string(s.script) + " = " + value + "\n"), std::string::npos) << what;
        EXPECT_NE(value, attn::train::script_value(s, Config::defaults(model))) << what;
      } else {
        EXPECT_NE(r.code, 0) << what;
        EXPECT_TRUE(r.out.empty()) << what;
        EXPECT_NE(r.err.find(option + " goes with --model "), std::string::npos) << what << ": " << r.err;
      }
    }
    EXPECT_GT(readers, 0) << s.name;
  }
}

TEST(TrainSettingsCli, TheUsageListsEachRowsOption) {
  const attn::CliResult r = attn::run_cli({"train"});
  for (const Setting& s : kSettings)
    EXPECT_NE(r.err.find("[--" + attn::train::kebab(s) + " "), std::string::npos) << s.name;
}

TEST(TrainSettingsTable, PreciseModelSets) {
  // The engine's model code reads n_embd from position on, n_head from
  // multihead on, n_layer from blocks on (multihead and ffwd have one layer)
  // and dropout in gpt alone.
  const auto set = [](const char* name) {
    for (const Setting& s : kSettings)
      if (std::string(s.name) == name) return s.models;
    return attn::train::ModelSet{0};
  };
  EXPECT_EQ(set("nEmbd"), attn::train::models_from(ModelKind::Position));
  EXPECT_EQ(set("nHead"), attn::train::models_from(ModelKind::Multihead));
  EXPECT_EQ(set("nLayer"), attn::train::models_from(ModelKind::Blocks));
  EXPECT_EQ(set("dropout"), 1u << static_cast<int>(ModelKind::Gpt));
  EXPECT_EQ(set("batch"), attn::train::kAllModels);
}

}  // namespace
