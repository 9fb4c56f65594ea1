#include "app/viewer/io/remembered_paths.h"
#include "tests/support/scratch_directory.h"

#include <gtest/gtest.h>

namespace bvhscope::viewer {
namespace {

class RememberedPathsTest : public bvh::test::ScratchDirectoryTest {};

TEST_F(RememberedPathsTest, AValuePerPathKeptAcrossSpellingsAndRuns) {
    RememberedPaths kept;
    kept.remember("/library/./takes/../", "with");
    kept.remember("/other", "without");
    kept.remember("/bad\npath", "with"); // would split its line: not kept
    kept.remember("/tab", "a\tb");
    ASSERT_NE(kept.find("/library"), nullptr);
    EXPECT_EQ(*kept.find("/library/"), "with");
    EXPECT_EQ(kept.find("/bad\npath"), nullptr);
    EXPECT_EQ(kept.find("/tab"), nullptr);
    const auto file = directory_ / "config" / "subfolders.tsv";
    ASSERT_TRUE(kept.save(file));
    // Each line is the value and the path made absolute and normal ("Z:\\library" under Wine).
    EXPECT_EQ(contents(file), "with\t" + RememberedPaths::keyOf("/library") + "\nwithout\t" +
                                  RememberedPaths::keyOf("/other") + "\n");
#ifndef _WIN32
    EXPECT_EQ(RememberedPaths::keyOf("/library/./takes/../"), "/library");
#endif

    std::string problem;
    const RememberedPaths read = RememberedPaths::load(file, 1 << 20, &problem);
    EXPECT_EQ(problem, "");
    EXPECT_EQ(read.byPath(), kept.byPath());
    // Blank, tab-less and value-less lines are skipped; CR LF is read.
    const RememberedPaths parsed = RememberedPaths::parse("\nnoTab\n\t/x\nwith\t/y\r\n");
    EXPECT_EQ(parsed.byPath().size(), 1U);
    // A file over the bound is not read, and said.
    EXPECT_TRUE(RememberedPaths::load(file, 4, &problem).empty());
    EXPECT_NE(problem.find("subfolders.tsv"), std::string::npos);
}

} // namespace
} // namespace bvhscope::viewer
