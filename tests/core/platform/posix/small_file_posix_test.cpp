// readSmallFile on what only POSIX puts in a file system: a FIFO with no writer is refused at
// once (opening it for reading would wait forever), and so is an endless device.
#include "core/platform/small_file.h"
#include "tests/support/scratch_directory.h"

#include <chrono>
#include <filesystem>
#include <gtest/gtest.h>
#include <sys/stat.h>

namespace bvh {
namespace {

using SmallFilePosix = test::ScratchDirectoryTest;

TEST_F(SmallFilePosix, ANamedPipeIsRefusedWithoutWaitingForAWriter) {
    const std::filesystem::path fifo = directory_ / "up_axes.tsv";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const auto start = std::chrono::steady_clock::now();
    const SmallFile read = readSmallFile(fifo, 4096);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
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
