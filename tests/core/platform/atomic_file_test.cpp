#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <optional>
#include <sstream>
#include <vector>

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

// [SECTION] Watching a commit, and removing its temporary file from another thread
//
// What a watchdog on another thread sees (app/headless/thumbnail_watchdog.h): the rename
// reported before its call, with the target still the old file and the temporary file there,
// and after it, with the target the new file and no temporary file; and removing the temporary
// file while the rename is still to come makes it fail, the target as it was.

struct CommitWatch {
    std::vector<CommitStep> steps;
    std::vector<std::string> targetAtStep;       // the target's content when each step is reported
    std::vector<bool> temporaryThereAtStep;      // whether the temporary file was there then
    std::vector<TemporaryRemoval> removalAtStep; // with removeAt set: removeTemporaryFile's answer
};

// A commit of "new" over `target` (holding "old"), watched; at `removeAt`, the observer removes
// the temporary file as a watchdog would.
bool watchedCommit(const std::filesystem::path& target, CommitWatch& watch,
                   std::optional<CommitStep> removeAt = std::nullopt) {
    AtomicFile file(target);
    file.write("new");
    const std::filesystem::path temporary = file.temporaryPath();
    return file.commit([&](CommitStep step) {
        watch.steps.push_back(step);
        std::ifstream in(target, std::ios::binary);
        watch.targetAtStep.emplace_back(std::istreambuf_iterator<char>(in),
                                        std::istreambuf_iterator<char>());
        watch.temporaryThereAtStep.push_back(std::filesystem::exists(temporary));
        if (step == removeAt) {
            watch.removalAtStep.push_back(removeTemporaryFile(temporary).outcome);
        }
    });
}

TEST_F(AtomicFileTest, CommitReportsTheRenameJustBeforeAndJustAfterIt) {
    const auto target = directory_ / "out.png";
    std::ofstream(target) << "old";
    CommitWatch watch;
    EXPECT_TRUE(watchedCommit(target, watch));
    EXPECT_EQ(watch.steps, (std::vector{CommitStep::Renaming, CommitStep::Renamed}));
    EXPECT_EQ(watch.targetAtStep, (std::vector<std::string>{"old", "new"}));
    EXPECT_EQ(watch.temporaryThereAtStep, (std::vector{true, false}));
    EXPECT_EQ(contents(target), "new");
    EXPECT_EQ(entries(), 1u);
}

// A directory at the target since the constructor looked: rename(2) answers EISDIR (Windows,
// access denied). RenameFailed comes while the temporary file is still there, so that a watchdog
// that removes it then (or blocks the writer) is never told "not there" for a rename that failed.
TEST_F(AtomicFileTest, AFailedRenameIsReportedBeforeItsTemporaryFileIsRemoved) {
    const auto target = directory_ / "out.png";
    CommitWatch watch;
    AtomicFile file(target);
    file.write("new");
    const std::filesystem::path temporary = file.temporaryPath();
    std::filesystem::create_directory(target);
    EXPECT_FALSE(file.commit([&](CommitStep step) {
        watch.steps.push_back(step);
        watch.temporaryThereAtStep.push_back(std::filesystem::exists(temporary));
    }));
    EXPECT_EQ(watch.steps, (std::vector{CommitStep::Renaming, CommitStep::RenameFailed}));
    EXPECT_EQ(watch.temporaryThereAtStep, (std::vector{true, true}));
    EXPECT_FALSE(std::filesystem::exists(temporary));
    EXPECT_TRUE(std::filesystem::is_directory(target));
    EXPECT_EQ(entries(), 1u);
}

// After a failed rename, a temporary file that cannot be removed is left beside the target:
// the diagnostics name it, so the user can remove it by hand. (Here the observer puts a
// directory in its place when the rename fails, which unlink(2) and DeleteFileW cannot remove.)
TEST_F(AtomicFileTest, ATemporaryFileThatCannotBeRemovedIsNamedInAWarning) {
    const auto target = directory_ / "out.png";
    AtomicFile file(target);
    file.write("new");
    const std::filesystem::path temporary = file.temporaryPath();
    std::filesystem::create_directory(target); // the rename fails
    EXPECT_FALSE(file.commit([&](CommitStep step) {
        if (step == CommitStep::RenameFailed) {
            std::filesystem::remove(temporary);
            std::filesystem::create_directory(temporary);
        }
    }));
    ASSERT_EQ(file.diagnostics().size(), 2u);
    EXPECT_EQ(file.diagnostics()[0].severity, Severity::Error); // cannot replace
    EXPECT_EQ(file.diagnostics()[1].severity, Severity::Warning);
    EXPECT_NE(file.diagnostics()[1].message.find("the temporary file '" + utf8FromPath(temporary) +
                                                 "' could not be removed: "),
              std::string::npos)
        << file.diagnostics()[1].message;
    EXPECT_TRUE(std::filesystem::is_directory(temporary));
}

TEST_F(AtomicFileTest, RemovingTheTemporaryFileBeforeTheRenameMakesTheRenameFail) {
    const auto target = directory_ / "out.png";
    std::ofstream(target) << "old";
    CommitWatch watch;
    EXPECT_FALSE(watchedCommit(target, watch, CommitStep::Renaming));
    EXPECT_EQ(watch.removalAtStep, std::vector{TemporaryRemoval::Removed});
    EXPECT_EQ(watch.steps, (std::vector{CommitStep::Renaming, CommitStep::RenameFailed}));
    EXPECT_EQ(contents(target), "old");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFileTest, AfterTheRenameTheTemporaryFileIsNotThere) {
    const auto target = directory_ / "out.png";
    std::ofstream(target) << "old";
    CommitWatch watch;
    EXPECT_TRUE(watchedCommit(target, watch, CommitStep::Renamed));
    EXPECT_EQ(watch.removalAtStep, std::vector{TemporaryRemoval::NotThere});
    EXPECT_EQ(contents(target), "new");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFileTest, RemoveTemporaryFileSaysWhetherItWasThere) {
    std::ofstream(directory_ / ".out.png.tmp-1") << "partial";
    EXPECT_EQ(removeTemporaryFile(directory_ / ".out.png.tmp-1").outcome,
              TemporaryRemoval::Removed);
    EXPECT_EQ(entries(), 0u);
    const TemporaryRemovalResult again = removeTemporaryFile(directory_ / ".out.png.tmp-1");
    EXPECT_EQ(again.outcome, TemporaryRemoval::NotThere);
    EXPECT_EQ(again.error, "");
    EXPECT_EQ(removeTemporaryFile({}).outcome, TemporaryRemoval::NotThere); // none created
    // Something that cannot be removed as a file (unlink: EISDIR, even as root; DeleteFileW:
    // access denied) stays, with the reason.
    std::filesystem::create_directory(directory_ / "sub");
    const TemporaryRemovalResult failed = removeTemporaryFile(directory_ / "sub");
    EXPECT_EQ(failed.outcome, TemporaryRemoval::Failed);
    EXPECT_FALSE(failed.error.empty());
    EXPECT_TRUE(std::filesystem::is_directory(directory_ / "sub"));
}

} // namespace
} // namespace bvh
