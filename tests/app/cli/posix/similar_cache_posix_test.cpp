// `bvhscope similar` keeps its motion index in $XDG_CACHE_HOME/bvhscope, and a later query
// answers from it: the same ranking, and a take changed since is read again.
#include "app/cli/command_line.h"
#include "tests/app/cli/cli_test_support.h"
#include "tests/support/generated_library.h"
#include "tests/support/saved_environment_variable.h"

namespace bvhscope::cli::test {
namespace {

TEST(SimilarCache, ALaterQueryAnswersFromTheIndexInTheCacheFolder) {
    const TemporaryDirectory directory;
    const bvh::test::SavedVariable saved("XDG_CACHE_HOME");
    setenv("XDG_CACHE_HOME", directory.pathText("cache").c_str(), 1);
    const auto library = directory.path() / "library";
    const auto takes = bvh::test::writeGeneratedLibrary(library, 1); // 15 takes, walks first
    const std::vector<std::string> query = {bvh::utf8FromPath(takes[0]),
                                            bvh::utf8FromPath(library)};
    const auto first = run(runSimilar, query);
    ASSERT_EQ(first.status, kExitOk) << first.err;
    const auto index = directory.path() / "cache" / "bvhscope" / "motion-index.bin";
    ASSERT_TRUE(std::filesystem::exists(index));
    const auto indexTime = std::filesystem::last_write_time(index);

    // Nothing changed: the same answer, and the index is not written again.
    const auto again = run(runSimilar, query);
    EXPECT_EQ(again.out, first.out);
    EXPECT_EQ(std::filesystem::last_write_time(index), indexTime);

    // A take rewritten as another action is read again: its place in the ranking changes.
    const std::string changed = bvh::utf8FromPath(takes[14]); // the last squat
    std::ofstream(takes[14], std::ios::binary)
        << bvh::test::generatedTake("walk", "normal", bvh::test::generatedVariation(3));
    const auto after = run(runSimilar, query); // the query is a walk
    ASSERT_EQ(after.status, kExitOk);
    EXPECT_NE(after.out, first.out);
    EXPECT_NE(after.out.find(changed), std::string::npos);
    EXPECT_LT(after.out.find(changed), first.out.find(changed)) << after.out;
}

} // namespace
} // namespace bvhscope::cli::test
