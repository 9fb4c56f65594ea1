#include "core/platform/utf8_path.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

// "Zoë" (ë is C3 AB), "モーション" (three bytes a character) and a space: the names of issue 20.
const std::string kUserFolder = "Zo\xC3\xAB";
const std::string kTakeFolder = "\xE3\x83\xA2\xE3\x83\xBC\xE3\x82\xB7\xE3\x83\xA7\xE3\x83\xB3";
const std::string kTakeFile = "take 1.bvh";

TEST(Utf8Path, RoundTripsNonAsciiNames) {
    const std::string utf8 = kUserFolder + "/" + kTakeFolder + "/" + kTakeFile;
    const std::filesystem::path path = pathFromUtf8(utf8);
    EXPECT_EQ(utf8FromPath(path.filename()), kTakeFile);
    EXPECT_EQ(utf8FromPath(path.parent_path().filename()), kTakeFolder);
    EXPECT_EQ(utf8FromPath(path.parent_path().parent_path()), kUserFolder);
}

class Utf8PathFiles : public test::ScratchDirectoryTest {};

TEST_F(Utf8PathFiles, FileNamedInUtf8IsCreatedListedAndReadBack) {
    const std::filesystem::path folder =
        directory_ / pathFromUtf8(kUserFolder) / pathFromUtf8(kTakeFolder);
    std::filesystem::create_directories(folder);
    const std::filesystem::path file = folder / pathFromUtf8(kTakeFile);
    {
        std::ofstream out(file, std::ios::binary);
        out << "HIERARCHY\r\n";
    }
    std::string listed;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        listed = utf8FromPath(entry.path().filename());
    }
    EXPECT_EQ(listed, kTakeFile);
    EXPECT_EQ(contents(pathFromUtf8(utf8FromPath(file))), "HIERARCHY\r\n");
}

} // namespace
} // namespace bvh
