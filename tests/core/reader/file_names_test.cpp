// Files as users name and save them: folders and names with spaces and non-ASCII characters
// (C:\Users\Zoë\モーション\take 1.bvh), and Windows line ends, read from disk.
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "tests/core/test_support.h"
#include "tests/support/bvh_texts.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

using test::describeDiagnostics;

std::string withCrlf(std::string_view text) {
    std::string converted;
    for (const char c : text) {
        if (c == '\n') {
            converted += '\r';
        }
        converted += c;
    }
    return converted;
}

class FileNames : public test::ScratchDirectoryTest {
protected:
    std::filesystem::path write(const std::string& utf8Folder, const std::string& utf8Name,
                                std::string_view content) {
        const std::filesystem::path folder = directory_ / pathFromUtf8(utf8Folder);
        std::filesystem::create_directories(folder);
        const std::filesystem::path path = folder / pathFromUtf8(utf8Name);
        std::ofstream(path, std::ios::binary) << content;
        return path;
    }
};

TEST_F(FileNames, ANameWithSpacesAndNonAsciiCharactersLoads) {
    const std::filesystem::path path = write("Zoë/モーション", "take 1.bvh", test::kTwoJointBvh);
    // The name as the command line or a file chooser hands it over: UTF-8 text.
    const std::string utf8 = utf8FromPath(path);
    ASSERT_NE(utf8.find("Zoë"), std::string::npos) << utf8;
    ASSERT_NE(utf8.find("モーション"), std::string::npos) << utf8;
    ASSERT_NE(utf8.find("take 1.bvh"), std::string::npos) << utf8;
    const Document document = loadDocument(pathFromUtf8(utf8));
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.skeleton.jointCount(), 2u);
    EXPECT_EQ(document.motion.frameCount, 2u);
    EXPECT_EQ(document.motion.values, parseDocument(test::kTwoJointBvh).motion.values);
}

TEST_F(FileNames, AMissingNonAsciiNameSaysSoInTheSameWordsAsAnyOther) {
    const Document document = loadDocument(directory_ / pathFromUtf8("モーション なし.bvh"));
    ASSERT_FALSE(document.loaded());
    ASSERT_EQ(document.diagnostics.size(), 1u);
    EXPECT_EQ(document.diagnostics.front().message, "cannot open: no such file or directory");
}

TEST_F(FileNames, ACrlfFileStreamedInTinyBlocksLoadsExactlyLikeItsLfVersion) {
    // Tiny blocks put a block boundary between every "\r" and its "\n" somewhere in the file.
    const std::filesystem::path lf = write("lf", "walk.bvh", test::kTwoJointBvh);
    const std::filesystem::path crlf = write("crlf", "walk.bvh", withCrlf(test::kTwoJointBvh));
    for (const std::size_t block : {std::size_t{1}, std::size_t{3}, std::size_t{64}}) {
        ParseOptions options;
        options.blockBytesPerThread = block;
        options.firstBlockBytes = block;
        const Document fromLf = loadDocument(lf, options);
        const Document fromCrlf = loadDocument(crlf, options);
        ASSERT_TRUE(fromLf.loaded() && fromCrlf.loaded()) << describeDiagnostics(fromCrlf);
        EXPECT_EQ(fromCrlf.skeleton.names, fromLf.skeleton.names);
        EXPECT_EQ(fromCrlf.skeleton.offsets, fromLf.skeleton.offsets);
        EXPECT_EQ(fromCrlf.motion.values, fromLf.motion.values);
        EXPECT_EQ(fromCrlf.motion.frameTime, fromLf.motion.frameTime);
        EXPECT_EQ(fromCrlf.diagnostics.size(), fromLf.diagnostics.size())
            << describeDiagnostics(fromCrlf);
    }
}

} // namespace
} // namespace bvh
