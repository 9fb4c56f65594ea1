// AtomicFile on POSIX: a write that fails part way (a file size limit standing in for a full
// disk) and the termination signals, each signal test in a forked child (a gtest death test).
#include "core/platform/atomic_file.h"
#include "tests/support/file_size_limit.h"
#include "tests/support/scratch_directory.h"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace bvh {
namespace {

class AtomicFileFullDiskTest : public test::ScratchDirectoryTest {};

TEST_F(AtomicFileFullDiskTest, AWriteFailureMidFileKeepsTheOldTargetAndLeavesNoTemporaryFile) {
    // write() fails with EFBIG part way (tests/support/file_size_limit.h).
    const auto target = directory_ / "out.bvh";
    std::ofstream(target) << "old";
    bool committed = true;
    std::vector<Diagnostic> diagnostics;
    {
        const test::FileSizeLimit fullDisk(4096);
        AtomicFile file(target);
        file.write(std::string(100000, 'x'));
        committed = file.commit();
        diagnostics = file.diagnostics();
    }
    EXPECT_FALSE(committed);
    ASSERT_EQ(diagnostics.size(), 1u);
    EXPECT_NE(diagnostics[0].message.find("cannot write"), std::string::npos)
        << diagnostics[0].message;
    EXPECT_EQ(contents(target), "old");
    EXPECT_EQ(entries(), 1u);
}

// [SECTION] Termination signals
//
// Each runs in a forked child (a gtest death test) and looks at the directory afterwards. The
// handlers are installed once per process, and only ever in these children: the parent's
// signal dispositions stay as they were, so every child starts from them.

class AtomicFileSignalTest : public test::ScratchDirectoryTest {
protected:
    std::vector<std::string> names() const {
        std::vector<std::string> list;
        for (const auto& entry : std::filesystem::directory_iterator(directory_)) {
            list.push_back(entry.path().filename().string());
        }
        std::ranges::sort(list);
        return list;
    }
};

TEST_F(AtomicFileSignalTest, SigtermRemovesEveryOpenTemporaryFileAndEndsTheProcess) {
    std::ofstream(directory_ / "kept.bvh") << "old";
    EXPECT_EXIT(
        {
            ::signal(SIGTERM, SIG_DFL); // as in a terminal, whatever the test runner set
            ASSERT_TRUE(removeTemporaryFilesOnTerminationSignals());
            AtomicFile committed(directory_ / "committed.bvh");
            committed.write("done");
            committed.commit();
            { AtomicFile abandoned(directory_ / "abandoned.bvh"); }
            AtomicFile kept(directory_ / "kept.bvh");
            kept.write("partial");
            AtomicFile another(directory_ / "another.bvh");
            another.write("partial");
            ::raise(SIGTERM);
            std::_Exit(0); // not reached: SIGTERM's default action ends the process
        },
        testing::KilledBySignal(SIGTERM), "");
    EXPECT_EQ(names(), (std::vector<std::string>{"committed.bvh", "kept.bvh"}));
    EXPECT_EQ(contents(directory_ / "kept.bvh"), "old");
    EXPECT_EQ(contents(directory_ / "committed.bvh"), "done");
}

TEST_F(AtomicFileSignalTest, TheHandlerThatWasThereBeforeStillRuns) {
    // A program with its own SIGINT handler (here: exit with status 42) keeps it; the temporary
    // file is removed first.
    EXPECT_EXIT(
        {
            struct sigaction own {};
            own.sa_handler = [](int) { std::_Exit(42); };
            sigemptyset(&own.sa_mask);
            ::sigaction(SIGINT, &own, nullptr);
            ASSERT_TRUE(removeTemporaryFilesOnTerminationSignals());
            AtomicFile file(directory_ / "out.bvh");
            file.write("partial");
            ::raise(SIGINT);
            std::_Exit(0);
        },
        testing::ExitedWithCode(42), "");
    EXPECT_EQ(entries(), 0u);
}

TEST_F(AtomicFileSignalTest, AnIgnoredSignalStaysIgnored) {
    // Started under nohup: SIGHUP is ignored and must stay so, the write goes on.
    EXPECT_EXIT(
        {
            ::signal(SIGHUP, SIG_IGN);
            ASSERT_TRUE(removeTemporaryFilesOnTerminationSignals());
            bool committed = false;
            {
                AtomicFile file(directory_ / "out.bvh");
                file.write("first half, ");
                ::raise(SIGHUP);
                file.write("second half");
                committed = file.commit();
            }
            std::_Exit(committed ? 7 : 8);
        },
        testing::ExitedWithCode(7), "");
    EXPECT_EQ(names(), std::vector<std::string>{"out.bvh"});
    EXPECT_EQ(contents(directory_ / "out.bvh"), "first half, second half");
}

} // namespace
} // namespace bvh
