#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace bvh {
namespace {

class AtomicFileTest : public test::ScratchDirectoryTest {};

TEST_F(AtomicFileTest, CommitReplacesTheTargetAndLeavesNothingElse) {
    const auto target = directory_ / "out.bvh";
    std::ofstream(target) << "old";
    {
        AtomicFile file(target);
        ASSERT_TRUE(file.good());
        file.write("new ");
        file.write("content");
        EXPECT_EQ(contents(target), "old") << "the target is untouched until commit";
        EXPECT_TRUE(file.commit());
    }
    EXPECT_EQ(contents(target), "new content");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFileTest, AbandonedWritesRemoveTheTemporaryFile) {
    const auto target = directory_ / "out.bvh";
    {
        AtomicFile file(target);
        file.write("partial");
        EXPECT_TRUE(std::filesystem::exists(file.temporaryPath()));
    }
    EXPECT_FALSE(std::filesystem::exists(target));
    EXPECT_EQ(entries(), 0u);
}

TEST_F(AtomicFileTest, AMissingDirectoryIsAnErrorAtLineZero) {
    AtomicFile file(directory_ / "no" / "such" / "out.bvh");
    EXPECT_FALSE(file.good());
    file.write("ignored");
    EXPECT_FALSE(file.commit());
    ASSERT_EQ(file.diagnostics().size(), 1u);
    EXPECT_EQ(file.diagnostics()[0].line, 0u);
    EXPECT_NE(file.diagnostics()[0].message.find("No such file"), std::string::npos)
        << file.diagnostics()[0].message;
    EXPECT_EQ(entries(), 0u);
}

TEST_F(AtomicFileTest, ADirectoryTargetIsRefused) {
    std::filesystem::create_directory(directory_ / "sub");
    AtomicFile file(directory_ / "sub");
    EXPECT_FALSE(file.good());
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFileTest, ReplacesAFileWhoseNameHasSpacesAndNonAsciiCharacters) {
    // C:\Users\Zoë\モーション\take 1.bvh: UTF-8 in the program's strings, UTF-16 for Windows.
    const std::filesystem::path folder =
        directory_ / pathFromUtf8("Zoë") / pathFromUtf8("モーション");
    std::filesystem::create_directories(folder);
    const std::filesystem::path target = folder / pathFromUtf8("take 1.bvh");
    std::ofstream(target) << "old";
    {
        AtomicFile file(target);
        ASSERT_TRUE(file.good());
        EXPECT_EQ(file.temporaryPath().parent_path(), folder) << "renamed within its folder";
        file.write("new");
        EXPECT_TRUE(file.commit());
    }
    EXPECT_EQ(contents(target), "new");
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        names.push_back(utf8FromPath(entry.path().filename()));
    }
    EXPECT_EQ(names, std::vector<std::string>{"take 1.bvh"});
}

TEST_F(AtomicFileTest, DiagnosticsNameTheFileInUtf8) {
    const std::filesystem::path missing = directory_ / pathFromUtf8("no such ディレクトリ");
    AtomicFile file(missing / pathFromUtf8("Zoë take 1.bvh"));
    ASSERT_FALSE(file.good());
    ASSERT_EQ(file.diagnostics().size(), 1u);
    EXPECT_NE(file.diagnostics()[0].message.find("'" + utf8FromPath(missing) + "'"),
              std::string::npos)
        << file.diagnostics()[0].message;
}

} // namespace
} // namespace bvh
