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

// [SECTION] Outputs and renames for files written in place

TEST_F(AtomicFileTest, AnOutputTargetIsARegularFileOrNothing) {
    const OutputTarget absent = inspectOutputTarget(directory_ / "new.bvh");
    EXPECT_FALSE(absent.exists);
    EXPECT_EQ(absent.problem, "");
    std::ofstream(directory_ / "old.bvh") << "old";
    EXPECT_EQ(inspectOutputTarget(directory_ / "old.bvh").problem, "");
    std::filesystem::create_directory(directory_ / "sub");
    EXPECT_EQ(inspectOutputTarget(directory_ / "sub").problem,
              "cannot write '" + utf8FromPath(directory_ / "sub") + "': it is a directory");
    EXPECT_NE(inspectOutputTarget("").problem.find("not a file name"), std::string::npos);
}

// The rename of a finished file never replaces anything: a file at the name stays, and the
// renamed file stays where it was.
TEST_F(AtomicFileTest, RenameWithoutReplacingKeepsWhatIsThere) {
    std::ofstream(directory_ / "take.partial.bvh") << "take";
    std::ofstream(directory_ / "take.bvh") << "notes";
    const RenameResult taken =
        renameWithoutReplacing(directory_ / "take.partial.bvh", directory_ / "take.bvh");
    EXPECT_EQ(taken.outcome, RenameOutcome::NameTaken);
    EXPECT_FALSE(taken.error.empty());
    EXPECT_EQ(contents(directory_ / "take.bvh"), "notes");
    EXPECT_EQ(contents(directory_ / "take.partial.bvh"), "take");

    std::filesystem::create_directory(directory_ / "empty.bvh");
    EXPECT_EQ(
        renameWithoutReplacing(directory_ / "take.partial.bvh", directory_ / "empty.bvh").outcome,
        RenameOutcome::NameTaken);
    EXPECT_TRUE(std::filesystem::is_directory(directory_ / "empty.bvh"));

    const RenameResult renamed =
        renameWithoutReplacing(directory_ / "take.partial.bvh", directory_ / "take-2.bvh");
    EXPECT_EQ(renamed.outcome, RenameOutcome::Renamed) << renamed.error;
    EXPECT_EQ(contents(directory_ / "take-2.bvh"), "take");
    EXPECT_FALSE(std::filesystem::exists(directory_ / "take.partial.bvh"));
}

// --overwrite's rename: over a regular file, never over a directory (even an empty one, which a
// plain rename would remove).
TEST_F(AtomicFileTest, RenameOverRegularFileReplacesOnlyARegularFile) {
    std::ofstream(directory_ / "take.partial.bvh") << "take";
    std::filesystem::create_directory(directory_ / "empty.bvh");
    const RenameResult refused =
        renameOverRegularFile(directory_ / "take.partial.bvh", directory_ / "empty.bvh");
    EXPECT_EQ(refused.outcome, RenameOutcome::NameTaken);
    EXPECT_EQ(refused.error, "it is a directory");
    EXPECT_TRUE(std::filesystem::is_directory(directory_ / "empty.bvh"));

    std::ofstream(directory_ / "take.bvh") << "old";
    EXPECT_EQ(
        renameOverRegularFile(directory_ / "take.partial.bvh", directory_ / "take.bvh").outcome,
        RenameOutcome::Renamed);
    EXPECT_EQ(contents(directory_ / "take.bvh"), "take");
    EXPECT_EQ(entryNames().size(), 2u);
}

} // namespace
} // namespace bvh
