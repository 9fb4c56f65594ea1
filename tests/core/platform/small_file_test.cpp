// readSmallFile (core/platform/small_file.h): a whole small file, bounded before it is read; its
// lines (textLines) and writing one (writeSmallFile).
#include "core/platform/small_file.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {
namespace {

using SmallFileTest = test::ScratchDirectoryTest;

void writeText(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

TEST_F(SmallFileTest, ReadsAWholeFileUpToItsBound) {
    const std::filesystem::path path = directory_ / "a.txt";
    writeText(path, std::string("auto\t/x/walk.bvh\n\0tail", 22));
    const SmallFile read = readSmallFile(path, 22);
    ASSERT_TRUE(read.ok) << read.error;
    EXPECT_EQ(read.text, std::string("auto\t/x/walk.bvh\n\0tail", 22)); // bytes as they are
}

TEST_F(SmallFileTest, AFileOneByteOverItsBoundIsRefusedUnread) {
    const std::filesystem::path path = directory_ / "a.txt";
    writeText(path, std::string(101, 'x'));
    const SmallFile read = readSmallFile(path, 100);
    EXPECT_FALSE(read.ok);
    EXPECT_FALSE(read.missing);
    EXPECT_TRUE(read.text.empty());
    EXPECT_EQ(read.error, "is 101 bytes, more than the 100 such a file may be");
}

TEST_F(SmallFileTest, AHugeSparseFileIsRefusedWithoutReadingIt) {
    const std::filesystem::path path = directory_ / "huge.tsv";
    writeText(path, "");
    std::filesystem::resize_file(path, std::uintmax_t{1} << 30); // 1 GiB of holes, no disk
    const SmallFile read = readSmallFile(path, std::uint64_t{4} << 20);
    EXPECT_FALSE(read.ok);
    EXPECT_EQ(read.error, "is 1073741824 bytes, more than the 4194304 such a file may be");
}

TEST_F(SmallFileTest, AMissingFileSaysSo) {
    const SmallFile read = readSmallFile(directory_ / "none.ini", 100);
    EXPECT_FALSE(read.ok);
    EXPECT_TRUE(read.missing);
    EXPECT_NE(read.error.find("no such file"), std::string::npos) << read.error;
}

TEST_F(SmallFileTest, ADirectoryIsNotAFile) {
    const SmallFile read = readSmallFile(directory_, 100);
    EXPECT_FALSE(read.ok);
    EXPECT_FALSE(read.missing);
    EXPECT_EQ(read.error, "is a directory, not a regular file");
}

TEST(TextLines, LfAndCrLfEndsGoAndALastLineWithoutAnEndCounts) {
    using Lines = std::vector<std::string_view>;
    EXPECT_EQ(textLines("a\r\nb\n\nc"), (Lines{"a", "b", "", "c"}));
    EXPECT_EQ(textLines("a\n"), (Lines{"a"}));       // a final LF starts no line
    EXPECT_EQ(textLines("a\r\r\n"), (Lines{"a\r"})); // only the CR of a CR LF end goes
    EXPECT_TRUE(textLines("").empty());
}

TEST_F(SmallFileTest, WritingMakesTheFolderAndReplacesTheWholeFile) {
    const std::filesystem::path path = directory_ / "config" / "bvhscope" / "list.txt";
    EXPECT_TRUE(writeSmallFile(path, "a long first text\n").empty());
    EXPECT_TRUE(writeSmallFile(path, "b\n").empty());
    const SmallFile read = readSmallFile(path, 100);
    ASSERT_TRUE(read.ok) << read.error;
    EXPECT_EQ(read.text, "b\n");
}

} // namespace
} // namespace bvh
