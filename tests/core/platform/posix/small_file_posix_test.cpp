// readSmallFile on what only POSIX puts in a file system: a FIFO with no writer is refused at
// once (opening it for reading would wait forever), and so is an endless device.
#include "core/platform/small_file.h"
#include "tests/support/hang_guard.h"
#include "tests/support/scratch_directory.h"

#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <future>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bvh {
namespace {

using SmallFilePosix = test::ScratchDirectoryTest;

TEST_F(SmallFilePosix, ANamedPipeIsRefusedWithoutWaitingForAWriter) {
    const std::filesystem::path fifo = directory_ / "up_axes.tsv";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // Opened like a file, the pipe would never answer: the read ending at all is the proof. A
    // read stuck in open() is let go by a writer, so the test fails rather than hangs.
    std::future<SmallFile> reading =
        std::async(std::launch::async, [&] { return readSmallFile(fifo, 4096); });
    const bool ended = reading.wait_for(test::kHangGuard) == std::future_status::ready;
    if (!ended) {
        ::close(::open(fifo.c_str(), O_WRONLY | O_NONBLOCK));
    }
    const SmallFile read = reading.get();
    EXPECT_TRUE(ended) << "the read waited for a writer";
    EXPECT_FALSE(read.ok);
    EXPECT_EQ(read.error, "is a named pipe (FIFO), not a regular file");
}

TEST_F(SmallFilePosix, ALinkToAnEndlessDeviceIsRefused) {
    const std::filesystem::path link = directory_ / "settings.ini";
    std::filesystem::create_symlink("/dev/zero", link);
    const SmallFile read = readSmallFile(link, 4096);
    EXPECT_FALSE(read.ok);
    EXPECT_EQ(read.error, "is a device, not a regular file");
}

} // namespace
} // namespace bvh
