// FileOutput (core/platform/file_output.h): a new file only, appended to and rewritten in place,
// every byte counted.
#include "core/platform/file_output.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace bvh {
namespace {

class FileOutputTest : public test::ScratchDirectoryTest {};

TEST_F(FileOutputTest, CreatesANewFileAndNeverOpensOneThatExists) {
    const auto path = directory_ / "take.bvh";
    std::ofstream(path) << "precious";
    FileOutput file;
    EXPECT_EQ(file.create(path), FileOutput::Created::Exists);
    EXPECT_FALSE(file.isOpen());
    EXPECT_FALSE(file.error().empty());
    EXPECT_EQ(contents(path), "precious");

    std::filesystem::create_directory(directory_ / "sub");
    FileOutput missing;
    EXPECT_EQ(missing.create(directory_ / "no such folder" / "take.bvh"),
              FileOutput::Created::Failed);
    EXPECT_NE(missing.error().find("No such file"), std::string::npos) << missing.error();
}

TEST_F(FileOutputTest, AppendsRewritesInPlaceAndCuts) {
    const auto path = directory_ / "take.bvh";
    FileOutput file;
    ASSERT_EQ(file.create(path), FileOutput::Created::Created);
    FileOutput::Written written = file.append("Frames: 0   \nrow 1\nrow 2\n");
    EXPECT_EQ(written.bytes, 25u);
    EXPECT_EQ(written.error, "");
    EXPECT_EQ(file.writeAt(8, "2"), "");
    EXPECT_EQ(file.size(), 25u);
    EXPECT_EQ(file.truncate(19), "");
    EXPECT_EQ(file.size(), 19u);
    EXPECT_EQ(file.append("row 3\n").bytes, 6u);
    EXPECT_EQ(file.flushToDisk(), "");
    EXPECT_EQ(file.close(), "");
    EXPECT_EQ(contents(path), "Frames: 2   \nrow 1\nrow 3\n");
}

TEST_F(FileOutputTest, MovesItsFileWithIt) {
    const auto path = directory_ / "take.bvh";
    FileOutput first;
    ASSERT_EQ(first.create(path), FileOutput::Created::Created);
    FileOutput second = std::move(first);
    EXPECT_FALSE(first.isOpen());
    EXPECT_TRUE(second.isOpen());
    EXPECT_EQ(second.append("moved\n").bytes, 6u);
    EXPECT_EQ(second.close(), "");
    EXPECT_EQ(contents(path), "moved\n");
}

} // namespace
} // namespace bvh
