#include "tests/app/cli/cli_test_support.h"

namespace bvhscope::cli {
namespace {

using test::run;

TEST(CheckCommand, CleanFilePassesWithSummary) {
    test::TemporaryDirectory directory;
    std::string file = directory.write("chain.bvh", test::kChainBvh);
    auto result = run(runCheck, {file});
    EXPECT_EQ(result.status, 0);
    EXPECT_EQ(result.out, "1 file checked: 1 loaded, 0 failed, 0 warnings\n");
}

TEST(CheckCommand, WarningsAreListedAndStillPass) {
    test::TemporaryDirectory directory;
    std::string text(test::kChainBvh);
    text.replace(text.find("Frames: 2"), 9, "Frames: 5");
    std::string file = directory.write("short.bvh", text);
    auto result = run(runCheck, {file});
    EXPECT_EQ(result.status, 0);
    EXPECT_NE(result.out.find(file + ":17:9: warning: 'Frames: 5' but only 2 rows are present"),
              std::string::npos)
        << result.out;
    auto quiet = run(runCheck, {"--quiet", file});
    EXPECT_EQ(quiet.out, "1 file checked: 1 loaded, 0 failed, 1 warning\n");
}

TEST(CheckCommand, AnErrorInAnyFileFailsTheRun) {
    test::TemporaryDirectory directory;
    std::string good = directory.write("good.bvh", test::kChainBvh);
    std::string bad = directory.write("bad.bvh", "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0\n}\n");
    auto result = run(runCheck, {good, bad});
    EXPECT_EQ(result.status, 1);
    EXPECT_NE(result.out.find(bad + ":5:1: error: OFFSET needs 3 numbers; found '}'"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("2 files checked: 1 loaded, 1 failed"), std::string::npos);
}

TEST(CheckCommand, MissingFileIsAnError) {
    auto result = run(runCheck, {"/no/such/file.bvh"});
    EXPECT_EQ(result.status, 1);
    EXPECT_NE(result.out.find("/no/such/file.bvh: error: cannot open"), std::string::npos);
}

TEST(CheckCommand, HelpAndVersion) {
    EXPECT_EQ(run(runCheck, {"--help"}).status, 0);
    EXPECT_EQ(run(runCheck, {"--version"}).status, 0);
    EXPECT_EQ(run(runCheck, {}).status, 2);
}

} // namespace
} // namespace bvhscope::cli
