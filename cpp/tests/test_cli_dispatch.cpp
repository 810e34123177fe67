// run_cli runs every command, the differential test's two included
// (cpp/cli/main.cpp only calls it): exercise-batch reads the given input.
#include <gtest/gtest.h>

#include <string>

#include "cli.hpp"

TEST(CliDispatch, ExerciseErrorsIsTheTable) {
  const attn::CliResult r = attn::run_cli({"exercise-errors"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, attn::exercise_error_table());
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("\texercise\n"), std::string::npos);
}

TEST(CliDispatch, ExerciseBatchReadsTheInput) {
  const std::string in = "0 3 783d31\nnot a line\n";  // TODO 3 as "x=1"
  int reads = 0;
  const attn::CliResult r = attn::run_cli({"exercise-batch"}, attn::read_from_disk, [&] {
    ++reads;
    return in;
  });
  EXPECT_EQ(reads, 1);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, attn::run_exercise_batch(in));
  EXPECT_NE(r.out.find("1:?"), std::string::npos);  // the malformed line's record: output "?"
  EXPECT_EQ(attn::run_cli({"exercise-batch"}).out, "");  // no input: no lines
}

TEST(CliDispatch, WithArgumentsTheyAreUnknownCommands) {
  for (const char* cmd : {"exercise-batch", "exercise-errors"}) {
    const attn::CliResult r = attn::run_cli({cmd, "x"});
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind(std::string("attn-cli: unknown command \"") + cmd + "\"\n", 0), 0u);
  }
}
