// AtomicFile on Windows: replacing a target that another program has open, and Ctrl+C.
#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "tests/support/scratch_directory.h"

#include <chrono>
#include <fstream>
#include <gtest/gtest.h>
#include <windows.h>

namespace bvh {
namespace {

class AtomicFileWindowsTest : public test::ScratchDirectoryTest {
protected:
    // The target opened as another program would, sharing what `share` allows.
    HANDLE openAsAnotherProgram(const std::filesystem::path& path, DWORD share) {
        return ::CreateFileW(path.c_str(), GENERIC_READ, share, nullptr, OPEN_EXISTING,
                             FILE_ATTRIBUTE_NORMAL, nullptr);
    }
};

TEST_F(AtomicFileWindowsTest, ATargetHeldOpenWithoutShareDeleteFailsCleanly) {
    // Programs that open a file with FILE_SHARE_READ only (many editors and viewers) block its
    // replacement until they close it.
    const auto target = directory_ / pathFromUtf8("take 1.bvh");
    std::ofstream(target) << "old";
    const HANDLE held = openAsAnotherProgram(target, FILE_SHARE_READ);
    ASSERT_NE(held, INVALID_HANDLE_VALUE);
    bool committed = true;
    std::vector<Diagnostic> diagnostics;
    const auto start = std::chrono::steady_clock::now();
    {
        AtomicFile file(target);
        ASSERT_TRUE(file.good());
        file.write("new");
        committed = file.commit();
        diagnostics = file.diagnostics();
    }
    const auto waited = std::chrono::steady_clock::now() - start;
    ::CloseHandle(held);
    EXPECT_FALSE(committed);
    ASSERT_EQ(diagnostics.size(), 1u);
    EXPECT_EQ(diagnostics[0].message,
              "cannot replace '" + utf8FromPath(target) +
                  "': Another program has the file open (close it there and try again)");
    EXPECT_EQ(contents(target), "old");
    EXPECT_EQ(entryNames(), std::vector<std::string>{"take 1.bvh"}) << "no temporary file left";
    // It retried (a virus scanner lets go within milliseconds), but not for long.
    EXPECT_GE(waited, std::chrono::milliseconds(500));
    EXPECT_LT(waited, std::chrono::seconds(10));
}

TEST_F(AtomicFileWindowsTest, ATargetReleasedWhileRetryingIsReplaced) {
    // What a virus scanner does: holds the file for a moment, then lets go.
    const auto target = directory_ / "out.bvh";
    std::ofstream(target) << "old";
    const HANDLE held = openAsAnotherProgram(target, FILE_SHARE_READ);
    ASSERT_NE(held, INVALID_HANDLE_VALUE);
    AtomicFile file(target);
    file.write("new");
    const HANDLE release = ::CreateThread(
        nullptr, 0,
        [](void* handle) -> DWORD {
            ::Sleep(150);
            ::CloseHandle(static_cast<HANDLE>(handle));
            return 0;
        },
        held, 0, nullptr);
    ASSERT_NE(release, nullptr);
    EXPECT_TRUE(file.commit()) << (file.diagnostics().empty() ? "" : file.diagnostics()[0].message);
    ::WaitForSingleObject(release, INFINITE);
    ::CloseHandle(release);
    EXPECT_EQ(contents(target), "new");
}

TEST_F(AtomicFileWindowsTest, ATargetOpenWithFullSharingIsReplaced) {
    // A program that shares read, write and delete (as bvhscope's own reader does) does not
    // stand in the way.
    const auto target = directory_ / "out.bvh";
    std::ofstream(target) << "old";
    const HANDLE held =
        openAsAnotherProgram(target, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE);
    ASSERT_NE(held, INVALID_HANDLE_VALUE);
    bool committed = false;
    {
        AtomicFile file(target);
        file.write("new");
        committed = file.commit();
        EXPECT_TRUE(committed) << (file.diagnostics().empty() ? "" : file.diagnostics()[0].message);
    }
    ::CloseHandle(held);
    EXPECT_TRUE(committed);
    EXPECT_EQ(contents(target), "new");
    EXPECT_EQ(entryNames(), std::vector<std::string>{"out.bvh"});
}

TEST_F(AtomicFileWindowsTest, AReadOnlyTargetIsSaidToBeReadOnly) {
    const auto target = directory_ / "out.bvh";
    std::ofstream(target) << "old";
    ASSERT_TRUE(::SetFileAttributesW(target.c_str(), FILE_ATTRIBUTE_READONLY));
    std::vector<Diagnostic> diagnostics;
    {
        AtomicFile file(target);
        file.write("new");
        EXPECT_FALSE(file.commit());
        diagnostics = file.diagnostics();
    }
    ::SetFileAttributesW(target.c_str(), FILE_ATTRIBUTE_NORMAL);
    ASSERT_EQ(diagnostics.size(), 1u);
    EXPECT_NE(diagnostics[0].message.find("The file is read-only"), std::string::npos)
        << diagnostics[0].message;
    EXPECT_EQ(contents(target), "old");
    EXPECT_EQ(entries(), 1u);
}

// Ctrl+C in the console: the handler removes the temporary files, then passes the event on. A
// handler installed before it (here: one that swallows the event, so the test process lives)
// still runs, as on POSIX the previous signal handler does.
BOOL WINAPI swallowControlEvent(DWORD) {
    return TRUE;
}

TEST_F(AtomicFileWindowsTest, CtrlCRemovesTheTemporaryFilesAndPassesTheEventOn) {
    ASSERT_TRUE(::SetConsoleCtrlHandler(swallowControlEvent, TRUE));
    ASSERT_TRUE(removeTemporaryFilesOnTerminationSignals());
    std::ofstream(directory_ / "kept.bvh") << "old";
    AtomicFile kept(directory_ / "kept.bvh");
    kept.write("partial");
    ASSERT_TRUE(std::filesystem::exists(kept.temporaryPath()));
    // Sent to every process on this console, this one included; the handler runs on a thread
    // of its own.
    if (!::GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0)) {
        ::SetConsoleCtrlHandler(swallowControlEvent, FALSE);
        GTEST_SKIP() << "no console to send Ctrl+C to (error " << ::GetLastError() << ")";
    }
    for (int wait = 0; wait < 200 && std::filesystem::exists(kept.temporaryPath()); ++wait) {
        ::Sleep(10);
    }
    ::SetConsoleCtrlHandler(swallowControlEvent, FALSE);
    EXPECT_FALSE(std::filesystem::exists(kept.temporaryPath()));
    EXPECT_EQ(contents(directory_ / "kept.bvh"), "old");
}

} // namespace
} // namespace bvh
