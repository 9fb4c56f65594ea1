#include "app/live/served_take.h"
#include "core/live/axis_skeleton.h"
#include "core/writer/writer.h"
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

// Three position channels, then `motion` after the MOTION line.
std::string threeValueBvh(std::string_view motion) {
    return "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 3 Xposition Yposition "
           "Zposition\n\tEnd Site\n\t{\n\t\tOFFSET 0 5 0\n\t}\n}\nMOTION\n" +
           std::string(motion);
}

// Every served row read back as values, as a receiver reads it, next to the reader's frames.
void expectRowsReadAsTheReaderRead(const ServedTake& take, const std::filesystem::path& file) {
    const bvh::Document document = bvh::loadDocument(file);
    ASSERT_EQ(take.frameCount(), document.motion.frameCount);
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        std::vector<float> values;
        std::istringstream row{std::string(take.row(frame))};
        for (float value = 0; row >> value;) {
            values.push_back(value);
        }
        const std::span<const float> read = document.motion.frame(frame);
        EXPECT_EQ(values, std::vector<float>(read.begin(), read.end()))
            << "frame " << frame << ": '" << take.row(frame) << "'";
    }
}

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

// An Axis stream carries no skeleton, so `serve --format axis` warns about a file that a
// receiver given none would read on Axis Neuron's skeleton wrongly.
TEST_F(ServedTakeTest, SaysWhereTheSkeletonDiffersFromAxisNeuronsBroadcast) {
    std::vector<bvh::Diagnostic> diagnostics;
    const bvh::Skeleton axis = bvh::live::axisSkeleton(false);
    bvh::Motion motion;
    motion.channelCount = static_cast<std::uint32_t>(axis.totalChannels());
    motion.frameCount = 1;
    motion.frameTime = 1.0 / 120.0;
    motion.values.assign(axis.totalChannels(), 0.0F);
    const auto asAxis =
        loadServedTake(write("axis.bvh", bvh::formatBvh(axis, motion)), diagnostics);
    ASSERT_TRUE(asAxis);
    EXPECT_EQ(asAxis->axisLayoutDifference, "");
    const auto nineValues = loadServedTake(write("nine.bvh", test::kNineValueBvh), diagnostics);
    ASSERT_TRUE(nineValues);
    EXPECT_EQ(nineValues->axisLayoutDifference,
              "9 values a frame, where Axis Neuron sends 354 (with displacement) or 180");
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
    // A short row: the reader keeps the frame (with a warning) and fills it from the frame
    // before; that frame is served as the values read, the others keep the file's digits.
    std::string text(test::kNineValueBvh);
    text.replace(text.find("0.2 91 0 10 20 30 4 5 6"), 23, "0.2 91");
    std::vector<bvh::Diagnostic> diagnostics;
    const std::filesystem::path file = write("short.bvh", text);
    const auto take = loadServedTake(file, diagnostics);
    ASSERT_TRUE(take);
    expectRowsReadAsTheReaderRead(*take, file);
    EXPECT_EQ(take->row(0), "0.100000 90.5 -1e-3 0 0 0 1 2 3");
    EXPECT_EQ(take->row(1), "0.2 91 -0.001 0 0 0 1 2 3");
    EXPECT_EQ(take->row(2), "0.3 92 0 11 21 31 7 8 9");
    EXPECT_EQ(take->rowsFromValues, 1u);
    EXPECT_TRUE(take->header.ends_with("Frame Time: 0.0083333\n")) << take->header;
}

TEST_F(ServedTakeTest, RowsCutOddlyAreServedAsTheFramesTheReaderRead) {
    // 12 values in all, 4 frames of 3: but the reader makes a frame of each line, filling the
    // short one from the frame before and cutting the long one. Cutting the values into threes
    // again would shift them.
    const std::filesystem::path file =
        write("odd.bvh",
              threeValueBvh("Frames: 4\nFrame Time: 0.01\n1.50 2 3\n4 5\n6 7 8 9\n10.0 11 12\n"));
    std::vector<bvh::Diagnostic> diagnostics;
    const auto take = loadServedTake(file, diagnostics);
    ASSERT_TRUE(take);
    expectRowsReadAsTheReaderRead(*take, file);
    EXPECT_EQ(take->row(0), "1.50 2 3"); // lines that hold their frame keep their digits
    EXPECT_EQ(take->row(3), "10.0 11 12");
}

TEST_F(ServedTakeTest, LinesOfWordsBlankLinesAndCrLineEndsKeepRowsInStep) {
    const std::filesystem::path file =
        write("words.bvh", threeValueBvh("Frame Time: 0.01\r\nFrames: 4\r\n\r\n1.50 2 3\r"
                                         "take two\r\n\r\n4.0 5 6\n7 nan 9\n10.00 11 12\n"));
    std::vector<bvh::Diagnostic> diagnostics;
    const auto take = loadServedTake(file, diagnostics);
    ASSERT_TRUE(take);
    expectRowsReadAsTheReaderRead(*take, file);
    EXPECT_EQ(take->row(0), "1.50 2 3");
    EXPECT_EQ(take->row(1), "4.0 5 6");
    EXPECT_EQ(take->row(2), "7 5 9"); // the NaN is the frame before's value, as the reader has it
    EXPECT_EQ(take->row(3), "10.00 11 12");
    EXPECT_EQ(take->rowsFromValues, 1u);
}

TEST_F(ServedTakeTest, AnAssumedFrameTimeIsTheOneRateSentAndWrittenInTheHeader) {
    const std::filesystem::path file =
        write("zero.bvh", threeValueBvh("Frames: 2\nFrame Time: 0\n1 2 3\n4 5 6\n"));
    std::vector<bvh::Diagnostic> diagnostics;
    const auto take = loadServedTake(file, diagnostics);
    ASSERT_TRUE(take);
    EXPECT_TRUE(take->frameTimeAssumed);
    EXPECT_EQ(take->frameTime, bvh::kAssumedFrameTime);
    const bvh::Document header = bvh::parseDocument(take->header);
    EXPECT_FALSE(header.motion.frameTimeAssumed) << take->header;
    EXPECT_EQ(header.motion.frameTime, bvh::kAssumedFrameTime);
    EXPECT_TRUE(take->header.starts_with("HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n"));
}

TEST_F(ServedTakeTest, AFrameTimeValueOnTheNextLineReadsBackTheSame) {
    // The value of Frame Time on the line after it: the text up to MOTION is the file's, and the
    // header reads back with the file's Frame Time; the row after it is the reader's frame 0.
    const std::filesystem::path file =
        write("late.bvh", threeValueBvh("Frames: 2\nFrame Time:\n0.01\n1 2 3\n4 5 6\n"));
    std::vector<bvh::Diagnostic> diagnostics;
    const auto take = loadServedTake(file, diagnostics);
    ASSERT_TRUE(take);
    const bvh::Document header = bvh::parseDocument(take->header);
    EXPECT_EQ(header.motion.frameTime, 0.01) << take->header;
    expectRowsReadAsTheReaderRead(*take, file);
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
