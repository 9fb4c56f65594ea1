#include "app/live/served_take.h"
#include "tests/app/live/live_io_test_support.h"
#include "tests/support/scratch_directory.h"

#include <gtest/gtest.h>

namespace bvhscope::live {
namespace {

using namespace std::string_view_literals;

class ServedTakeTest : public bvh::test::ScratchDirectoryTest {
protected:
    std::filesystem::path write(const std::string& name, std::string_view text) {
        const std::filesystem::path path = directory_ / name;
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
};

TEST_F(ServedTakeTest, KeepsTheFilesHeaderAndDigits) {
    std::vector<bvh::Diagnostic> diagnostics;
    const auto take = loadServedTake(write("walk take.bvh", test::kNineValueBvh), diagnostics);
    ASSERT_TRUE(take);
    EXPECT_EQ(take->frameCount(), 3u);
    EXPECT_EQ(take->valueCount, 9u);
    EXPECT_DOUBLE_EQ(take->frameTime, 0.0083333);
    EXPECT_TRUE(take->header.starts_with("HIERARCHY\nROOT Hips\n"));
    EXPECT_TRUE(take->header.ends_with("Frames: 3\nFrame Time: 0.0083333\n")) << take->header;
    EXPECT_EQ(take->row(0), "0.100000 90.5 -1e-3 0 0 0 1 2 3");
    EXPECT_EQ(take->row(2), "0.3 92 0 11 21 31 7 8 9");
    EXPECT_EQ(take->avatarName, "walk_take");
}

TEST_F(ServedTakeTest, FormatsAxisFramesWithNulBytesAndCrLf) {
    std::vector<bvh::Diagnostic> diagnostics;
    const auto take = loadServedTake(write("Avatar00.bvh", test::kNineValueBvh), diagnostics);
    ASSERT_TRUE(take);
    std::string bytes;
    appendServedFrame(bvh::live::StreamFormat::Axis, *take, 1, LineEnd::CrLf, bytes);
    EXPECT_EQ(bytes, "\0"
                     "0 Avatar00 \0"
                     "0.2 91 0 10 20 30 4 5 6 ||\r\n"sv);
    bytes.clear();
    appendServedFrame(bvh::live::StreamFormat::Lines, *take, 2, LineEnd::Cr, bytes);
    EXPECT_EQ(bytes, "0.3 92 0 11 21 31 7 8 9\r");
}

TEST_F(ServedTakeTest, CrLfLineEndsKeepTheDigits) {
    std::string text(test::kNineValueBvh);
    for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 2)) {
        text.insert(at, "\r");
    }
    std::vector<bvh::Diagnostic> diagnostics;
    const auto take = loadServedTake(write("crlf.bvh", text), diagnostics);
    ASSERT_TRUE(take);
    EXPECT_EQ(take->row(0), "0.100000 90.5 -1e-3 0 0 0 1 2 3");
    EXPECT_EQ(take->header.find('\r'), std::string::npos);
}

TEST_F(ServedTakeTest, RowsTheReaderMendedAreServedAsTheValuesItRead) {
    // A short row: the reader keeps the frame (with a warning) and fills it; the text's tokens no
    // longer line up with frames, so the values read are served.
    std::string text(test::kNineValueBvh);
    text.replace(text.find("0.2 91 0 10 20 30 4 5 6"), 23, "0.2 91");
    std::vector<bvh::Diagnostic> diagnostics;
    const auto take = loadServedTake(write("short.bvh", text), diagnostics);
    ASSERT_TRUE(take);
    const bvh::Document document = bvh::loadDocument(directory_ / "short.bvh");
    ASSERT_EQ(take->frameCount(), document.motion.frameCount);
    EXPECT_EQ(take->row(0), "0.1 90.5 -0.001 0 0 0 1 2 3");
    std::vector<float> values;
    std::istringstream row{std::string(take->row(1))};
    for (float value = 0; row >> value;) {
        values.push_back(value);
    }
    const std::span<const float> read = document.motion.frame(1);
    EXPECT_EQ(values, std::vector<float>(read.begin(), read.end()));
    EXPECT_TRUE(take->header.ends_with("Frame Time: 0.0083333\n")) << take->header;
}

TEST_F(ServedTakeTest, AFileWithoutFramesOrThatDoesNotLoadIsRefused) {
    std::vector<bvh::Diagnostic> diagnostics;
    EXPECT_FALSE(loadServedTake(write("broken.bvh", "HIERARCHY\nROOT {\n"), diagnostics));
    EXPECT_TRUE(bvh::hasErrors(diagnostics));
    std::string noFrames(test::kNineValueBvh.substr(0, test::kNineValueBvh.find("Frames:")));
    noFrames += "Frames: 0\nFrame Time: 0.1\n";
    EXPECT_FALSE(loadServedTake(write("empty.bvh", noFrames), diagnostics));
    EXPECT_TRUE(bvh::hasErrors(diagnostics));
    EXPECT_FALSE(loadServedTake(directory_ / "missing.bvh", diagnostics));
}

} // namespace
} // namespace bvhscope::live
