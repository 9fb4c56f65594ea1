#include "core/live/axis_skeleton.h"
#include "core/live/stream_decoder.h"
#include "core/live/take_writer.h"
#include "core/reader/document.h"
#include "tests/core/live/filling_take_sink.h"
#include "tests/core/live/live_test_streams.h"
#include "tests/support/scratch_directory.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <limits>
#include <string>

namespace bvh::live {
namespace {

using test::smallRow;

class TakeWriterTest : public bvh::test::ScratchDirectoryTest {};

LiveFrame smallFrame(int i) {
    LiveFrame frame;
    frame.number = static_cast<std::uint64_t>(i);
    frame.valueText = smallRow(i);
    for (int c = 0; c < 9; ++c) {
        frame.values.push_back(test::smallValue(i, c));
    }
    return frame;
}

TEST_F(TakeWriterTest, WritesTheTokensAsSentAndTheFrameCountAtTheEnd) {
    const auto path = directory_ / "take.bvh";
    TakeWriter writer(path, test::smallSkeleton(), 0.01);
    ASSERT_TRUE(writer.good()) << writer.diagnostics().front().message;
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(writer.append(smallFrame(i)));
    }
    EXPECT_TRUE(writer.finish());
    EXPECT_EQ(writer.framesWritten(), 3u);

    const std::string text = contents(path);
    EXPECT_NE(text.find("Frames: 3         \nFrame Time: 0.01" + std::string(20, ' ') + "\n" +
                        smallRow(0) + "\n" + smallRow(1) + "\n" + smallRow(2) + "\n"),
              std::string::npos)
        << text;
    const Document document = loadDocument(path);
    ASSERT_TRUE(document.loaded());
    EXPECT_TRUE(document.diagnostics.empty()) << document.diagnostics.front().message;
    EXPECT_EQ(document.declaredFrameCount, 3);
    EXPECT_EQ(document.motion.frameCount, 3u);
    EXPECT_EQ(document.motion.frame(2)[8], test::smallValue(2, 8));
}

// A rate measured while the take arrives (an Axis stream that does not say its rate) replaces the
// Frame Time written at the start, in place: the rows do not move, the file reads back at it.
TEST_F(TakeWriterTest, AMeasuredFrameTimeIsWrittenOverTheFirstOneInPlace) {
    const auto path = directory_ / "take.bvh";
    TakeWriter writer(path, test::smallSkeleton(), 1.0 / 120.0);
    ASSERT_TRUE(writer.good());
    EXPECT_TRUE(writer.append(smallFrame(0)));
    EXPECT_TRUE(writer.flush());
    const std::size_t bytesBefore = contents(path).size();
    EXPECT_FALSE(writer.setFrameTime(0.0));    // not a frame time a file holds
    EXPECT_FALSE(writer.setFrameTime(7200.0)); // over an hour
    EXPECT_TRUE(writer.setFrameTime(0.0102));
    EXPECT_EQ(writer.frameTime(), 0.0102);
    EXPECT_TRUE(writer.flush());
    EXPECT_EQ(contents(path).size(), bytesBefore);
    EXPECT_TRUE(writer.append(smallFrame(1)));
    EXPECT_TRUE(writer.setFrameTime(1.0 / 98.0));
    EXPECT_TRUE(writer.finish());
    const Document document = loadDocument(path);
    ASSERT_TRUE(document.loaded());
    EXPECT_TRUE(document.diagnostics.empty()) << document.diagnostics.front().message;
    EXPECT_EQ(document.motion.frameTime, 1.0 / 98.0);
    EXPECT_FALSE(document.motion.frameTimeAssumed);
    EXPECT_EQ(document.motion.frameCount, 2u);
    EXPECT_EQ(document.motion.frame(1)[8], test::smallValue(1, 8));
}

TEST_F(TakeWriterTest, RefusesAnExistingFileAndFramesOfAnotherCount) {
    const auto path = directory_ / "take.bvh";
    {
        TakeWriter writer(path, test::smallSkeleton(), 0.01);
        LiveFrame wrong = smallFrame(0);
        wrong.values.pop_back();
        EXPECT_FALSE(writer.append(wrong));
        EXPECT_EQ(writer.framesRefused(), 1u);
        EXPECT_TRUE(writer.good());
    } // the destructor finishes
    EXPECT_EQ(loadDocument(path).motion.frameCount, 0u);
    TakeWriter again(path, test::smallSkeleton(), 0.01);
    EXPECT_FALSE(again.good());
    EXPECT_NE(again.diagnostics().front().message.find("exists"), std::string::npos);
    EXPECT_FALSE(again.append(smallFrame(0)));
}

TEST_F(TakeWriterTest, RefusesASkeletonTheWriterCannotWrite) {
    Skeleton skeleton = test::smallSkeleton();
    skeleton.names[1] = "Bad{Name";
    TakeWriter writer(directory_ / "take.bvh", skeleton, 0.01);
    EXPECT_FALSE(writer.good());
    EXPECT_FALSE(std::filesystem::exists(directory_ / "take.bvh"));
}

// While the take runs, what is on disk opens, with the count of the last flush.
TEST_F(TakeWriterTest, AFlushedTakeOpensWhileItIsStillWritten) {
    const auto path = directory_ / "take.bvh";
    TakeWriter writer(path, axisSkeleton(false), 0.01); // a flush every 100 frames
    LiveFrame frame;
    frame.values.assign(180, 1.25f);
    frame.valueText = test::axisValues(180, 0);
    for (int i = 0; i < 250; ++i) {
        writer.append(frame);
    }
    Document document = loadDocument(path);
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.declaredFrameCount, 200);
    EXPECT_GE(document.motion.frameCount, 200u);
    writer.flush();
    document = loadDocument(path);
    EXPECT_EQ(document.declaredFrameCount, 250);
    EXPECT_EQ(document.motion.frameCount, 250u);
}

// A kill can cut the file anywhere after the header, with `Frames:` as of any earlier flush:
// every such file opens and holds every row written completely before the cut.
TEST_F(TakeWriterTest, AFileCutAnywhereOpensWithEveryCompleteRow) {
    const auto path = directory_ / "take.bvh";
    TakeWriter writer(path, test::smallSkeleton(), 0.01);
    constexpr int kRows = 6;
    for (int i = 0; i < kRows; ++i) {
        writer.append(smallFrame(i));
    }
    writer.finish();
    const std::string text = contents(path);
    const std::size_t rowsBegin = text.find(smallRow(0));
    const std::size_t fieldAt = text.find("Frames: ") + 8;
    ASSERT_NE(rowsBegin, std::string::npos);
    for (const char* field : {"0         ", "3         ", "6         "}) {
        std::string state = text;
        state.replace(fieldAt, kFramesFieldWidth, field);
        for (std::size_t cut = rowsBegin; cut <= state.size(); ++cut) {
            const std::string cutText = state.substr(0, cut);
            const Document document = parseDocument(cutText);
            ASSERT_TRUE(document.loaded()) << "cut at " << cut;
            std::size_t completeRows = 0;
            for (std::size_t i = rowsBegin; i < cut; ++i) {
                completeRows += cutText[i] == '\n' ? 1 : 0;
            }
            ASSERT_GE(document.motion.frameCount, completeRows) << "cut at " << cut;
            for (std::size_t row = 0; row < completeRows; ++row) {
                for (int c = 0; c < 9; ++c) {
                    ASSERT_EQ(document.motion.frame(static_cast<std::uint32_t>(row))[c],
                              test::smallValue(static_cast<int>(row), c))
                        << "cut at " << cut;
                }
            }
        }
    }
}

TEST_F(TakeWriterTest, WritesFramesWithoutTokensInTheShortestForm) {
    const auto path = directory_ / "take.bvh";
    TakeWriter writer(path, test::smallSkeleton(), 0.01);
    LiveFrame frame = smallFrame(0);
    frame.valueText.clear();
    frame.values[0] = 0.1f;
    writer.append(frame);
    writer.finish();
    EXPECT_NE(contents(path).find("\n0.1 1.5 2.5 "), std::string::npos);
}

// From the bytes an Axis Neuron sends to the file: the digits are the sender's, and the file reads
// back to exactly the values decoded.
TEST_F(TakeWriterTest, RecordsADecodedAxisStreamThatReadsBackExactly) {
    StreamDecoder decoder(StreamFormat::Axis, {});
    std::vector<LiveFrame> frames;
    for (int i = 0; i < 5; ++i) {
        decoder.feed(test::axisFrame(354, i), frames);
    }
    ASSERT_EQ(frames.size(), 5u);
    const auto path = directory_ / "axis.bvh";
    TakeWriter writer(path, *decoder.skeleton(), decoder.frameTime());
    for (const LiveFrame& frame : frames) {
        ASSERT_TRUE(writer.append(frame));
    }
    ASSERT_TRUE(writer.finish());
    EXPECT_NE(contents(path).find("\n" + test::axisValues(354, 4) + "\n"), std::string::npos);
    const Document document = loadDocument(path);
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.skeleton.names, decoder.skeleton()->names);
    ASSERT_EQ(document.motion.frameCount, 5u);
    for (std::uint32_t i = 0; i < 5; ++i) {
        const auto row = document.motion.frame(i);
        EXPECT_TRUE(std::equal(row.begin(), row.end(), frames[i].values.begin()));
    }
}

// A full disk stops the take at the write that failed: the file keeps the complete rows written
// before it, a row cut by the failure goes, and `Frames:` says exactly the rows that stay.
TEST_F(TakeWriterTest, AFailedWriteEndsTheTakeWithExactlyTheRowsWrittenAndCounted) {
    const auto path = directory_ / "take.bvh";
    const std::size_t headerBytes = [&] {
        TakeWriter probe(directory_ / "probe.bvh", test::smallSkeleton(), 1.0);
        probe.finish();
        return contents(directory_ / "probe.bvh").size();
    }();
    const auto rowsBytes = [](int rows) {
        std::size_t bytes = 0;
        for (int i = 0; i < rows; ++i) {
            bytes += smallRow(i).size() + 1;
        }
        return bytes;
    };
    // Room for the header, 3 rows and half of the 4th.
    test::FillingDisk disk{headerBytes + rowsBytes(3) + smallRow(3).size() / 2};
    TakeWriter writer(path, test::smallSkeleton(), 1.0, disk.opener()); // a flush every frame
    ASSERT_TRUE(writer.good());
    int accepted = 0;
    while (accepted < 10 && writer.append(smallFrame(accepted))) {
        ++accepted;
    }
    EXPECT_EQ(accepted, 3) << "the 4th frame's write fails, and says so at once";
    EXPECT_FALSE(writer.good());
    EXPECT_NE(writer.diagnostics().front().message.find("No space left on device"),
              std::string::npos);
    EXPECT_EQ(writer.framesWritten(), 3u);
    EXPECT_EQ(writer.framesLost(), 1u);
    EXPECT_FALSE(writer.append(smallFrame(5))); // nothing more is written
    EXPECT_FALSE(writer.finish());
    EXPECT_TRUE(writer.holdsItsRows());

    const std::string text = contents(path);
    EXPECT_EQ(text.size(), headerBytes + rowsBytes(3));
    const Document document = loadDocument(path);
    ASSERT_TRUE(document.loaded());
    EXPECT_TRUE(document.diagnostics.empty()) << document.diagnostics.front().message;
    EXPECT_EQ(document.declaredFrameCount, 3);
    EXPECT_EQ(document.motion.frameCount, 3u);
}

// Rows held between flushes are lost with the write that fails, and counted: the frames written
// are the rows in the file, never the frames accepted.
TEST_F(TakeWriterTest, RowsHeldForAFlushThatFailsAreCountedAsLost) {
    const auto path = directory_ / "take.bvh";
    test::FillingDisk disk{std::numeric_limits<std::uint64_t>::max()};
    TakeWriter writer(path, test::smallSkeleton(), 0.01, disk.opener()); // a flush every 100
    ASSERT_TRUE(writer.good());
    disk.room = disk.appended + 3; // 5 rows and a bit fit
    for (int i = 0; i < 5; ++i) {
        disk.room += smallRow(i).size() + 1;
    }
    for (int i = 0; i < 40; ++i) {
        EXPECT_TRUE(writer.append(smallFrame(i)));
    }
    EXPECT_FALSE(writer.flush());
    EXPECT_EQ(writer.framesWritten(), 5u);
    EXPECT_EQ(writer.framesLost(), 35u);
    writer.finish();
    EXPECT_TRUE(writer.holdsItsRows());
    const Document document = loadDocument(path);
    ASSERT_TRUE(document.loaded());
    EXPECT_TRUE(document.diagnostics.empty()) << document.diagnostics.front().message;
    EXPECT_EQ(document.motion.frameCount, 5u);
    EXPECT_EQ(document.declaredFrameCount, 5);
}

TEST_F(TakeWriterTest, AHeaderThatDoesNotFitLeavesNoTake) {
    test::FillingDisk disk{10};
    TakeWriter writer(directory_ / "take.bvh", test::smallSkeleton(), 0.01, disk.opener());
    EXPECT_FALSE(writer.good());
    EXPECT_FALSE(writer.holdsItsRows());
    EXPECT_NE(writer.diagnostics().front().message.find("No space left on device"),
              std::string::npos);
    EXPECT_FALSE(writer.append(smallFrame(0)));
}

} // namespace
} // namespace bvh::live
