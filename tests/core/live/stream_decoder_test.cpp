#include "core/live/axis_skeleton.h"
#include "core/live/stream_decoder.h"
#include "tests/core/live/live_test_streams.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <string>

namespace bvh::live {
namespace {

using namespace std::string_literals;
using test::decodeInPieces;
using test::decodeWhole;
using test::expectSameFrames;
using test::smallRow;

DecoderOptions withSmallSkeleton() {
    DecoderOptions options;
    options.skeleton = test::smallSkeleton();
    return options;
}

// Decoding in any two pieces gives what decoding the whole gives.
void expectSameAtEveryCut(StreamFormat format, const DecoderOptions& options,
                          const std::string& text) {
    const auto whole = decodeWhole(format, options, text);
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        const auto pieces = decodeInPieces(format, options, text, {cut});
        expectSameFrames(pieces.frames, whole.frames, "cut at " + std::to_string(cut));
        EXPECT_EQ(pieces.counters.malformedLines, whole.counters.malformedLines);
    }
}

// [SECTION] bvh

TEST(StreamDecoderBvh, ReadsTheHeaderThenRowsWithTheTokensAsSent) {
    const std::string text = std::string(test::kSmallHeader) + smallRow(0) + "\n" + smallRow(1) +
                             "\r\n" + smallRow(2) + "\n";
    StreamDecoder decoder(StreamFormat::Bvh, {});
    std::vector<LiveFrame> frames;
    decoder.feed(text, frames);
    ASSERT_NE(decoder.skeleton(), nullptr);
    EXPECT_EQ(decoder.skeleton()->totalChannels(), 9u);
    EXPECT_DOUBLE_EQ(decoder.frameTime(), 0.01);
    ASSERT_EQ(frames.size(), 3u);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(frames[i].number, static_cast<std::uint64_t>(i));
        EXPECT_EQ(frames[i].valueText, smallRow(i));
        ASSERT_EQ(frames[i].values.size(), 9u);
        for (int c = 0; c < 9; ++c) {
            EXPECT_EQ(frames[i].values[c], test::smallValue(i, c));
        }
    }
    EXPECT_EQ(decoder.counters().malformedLines, 0u);
    EXPECT_EQ(decoder.skeletonGeneration(), 1u);
}

TEST(StreamDecoderBvh, DecodesTheSameWhereverTheBytesAreCut) {
    const std::string text = std::string(test::kSmallHeader) + smallRow(0) + "\r\n" + smallRow(1) +
                             "\r" + smallRow(2) + "\n";
    expectSameAtEveryCut(StreamFormat::Bvh, {}, text);
    EXPECT_EQ(decodeWhole(StreamFormat::Bvh, {}, text).frames.size(), 3u);
}

TEST(StreamDecoderBvh, ANewHierarchyReplacesTheSkeleton) {
    std::string second(test::kSmallHeader);
    second.replace(second.find("Chest"), 5, "Torso");
    const std::string text =
        std::string(test::kSmallHeader) + smallRow(0) + "\n" + second + smallRow(1) + "\n";
    StreamDecoder decoder(StreamFormat::Bvh, {});
    std::vector<LiveFrame> frames;
    decoder.feed(text, frames);
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames[1].number, 1u);
    EXPECT_EQ(decoder.skeletonGeneration(), 2u);
    EXPECT_EQ(decoder.skeleton()->names[1], "Torso");
}

TEST(StreamDecoderBvh, AHeaderThatDoesNotReadSkipsItsRowsAndSaysWhy) {
    const std::string text = "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0\nMOTION\nFrames: 1\n"
                             "Frame Time: 0.01\n1 2 3\n";
    StreamDecoder decoder(StreamFormat::Bvh, {});
    std::vector<LiveFrame> frames;
    decoder.feed(text, frames);
    EXPECT_TRUE(frames.empty());
    EXPECT_EQ(decoder.skeleton(), nullptr);
    EXPECT_NE(decoder.problem().find("header does not read"), std::string::npos)
        << decoder.problem();
    EXPECT_EQ(decoder.counters().malformedLines, 2u); // the header's last line and the row
}

// Header lines may be long (the fixed cap); once the header gives the value count, rows are
// capped by it, and the buffer a long header line grew is given back.
TEST(StreamDecoderBvh, CapsRowsByTheHeadersValueCount) {
    std::string header(test::kSmallHeader);
    header.insert(header.find("\tOFFSET 0 90 0") + 14, std::string(20000, ' '));
    StreamDecoder decoder(StreamFormat::Bvh, {});
    std::vector<LiveFrame> frames;
    decoder.feed(header, frames);
    EXPECT_EQ(decoder.splitter().maxLineBytes(), lineCapForValueCount(9));
    decoder.feed(smallRow(0) + "\n" + std::string(6000, '1') + "\n" + smallRow(1) + "\n", frames);
    EXPECT_EQ(frames.size(), 2u);
    EXPECT_EQ(decoder.counters().overlongLines, 1u);
    EXPECT_LE(decoder.splitter().bufferCapacity(), decoder.splitter().maxLineBytes());
}

TEST(StreamDecoderBvh, RowsBeforeAnyHeaderAreMalformed) {
    const auto decoded = decodeWhole(StreamFormat::Bvh, {}, "1 2 3\n4 5 6\n");
    EXPECT_TRUE(decoded.frames.empty());
    EXPECT_EQ(decoded.counters.unparsableLines, 2u);
}

TEST(StreamDecoderBvh, AReconnectionExpectsTheHeaderAgainAndKeepsCounting) {
    StreamDecoder decoder(StreamFormat::Bvh, {});
    std::vector<LiveFrame> frames;
    decoder.feed(std::string(test::kSmallHeader) + smallRow(0) + "\n" + smallRow(1), frames);
    decoder.finish();
    decoder.reset();
    decoder.feed(std::string(test::kSmallHeader) + smallRow(2) + "\n", frames);
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames[1].number, 1u);
    EXPECT_EQ(frames[1].valueText, smallRow(2));
    EXPECT_EQ(decoder.counters().partialLinesDropped, 1u); // row 1, cut by the disconnection
}

// Every connection is a new skeleton: the last one's is forgotten at reset() (frames before the
// new header have none), and the generation never repeats, even when `auto` makes a new decoder.
TEST(StreamDecoderBvh, EveryConnectionIsANewSkeletonGeneration) {
    for (const StreamFormat format : {StreamFormat::Bvh, StreamFormat::Auto}) {
        StreamDecoder decoder(format, {});
        std::vector<LiveFrame> frames;
        decoder.feed(std::string(test::kSmallHeader) + smallRow(0) + "\n", frames);
        const std::uint32_t first = decoder.skeletonGeneration();
        ASSERT_NE(decoder.skeleton(), nullptr);
        decoder.finish();
        decoder.reset();
        EXPECT_EQ(decoder.skeleton(), nullptr);
        EXPECT_GT(decoder.skeletonGeneration(), first);
        const std::uint32_t between = decoder.skeletonGeneration();
        decoder.feed(std::string(test::kSmallHeader) + smallRow(1) + "\n", frames);
        ASSERT_NE(decoder.skeleton(), nullptr);
        EXPECT_GT(decoder.skeletonGeneration(), between);
        EXPECT_EQ(frames.size(), 2u);
    }
}

// A Frame Time line among the rows is a new rate (a new take for a recorder); MOTION and
// Frames: lines restated with it are not malformed rows. A frame time the reader would refuse
// keeps the rate.
TEST(StreamDecoderBvh, AFrameTimeLineAmongTheRowsChangesTheRate) {
    StreamDecoder decoder(StreamFormat::Bvh, {});
    std::vector<LiveFrame> frames;
    decoder.feed(std::string(test::kSmallHeader) + smallRow(0) + "\n", frames);
    const std::uint32_t generation = decoder.skeletonGeneration();
    decoder.feed("MOTION\nFrames: 30\nFrame Time: 0.00833333\n" + smallRow(1) + "\n", frames);
    EXPECT_DOUBLE_EQ(decoder.frameTime(), 0.00833333);
    EXPECT_EQ(decoder.skeletonGeneration(), generation + 1);
    EXPECT_EQ(frames.size(), 2u);
    EXPECT_EQ(decoder.counters().malformedLines, 0u);

    decoder.feed("Frame Time: 0.00833333\n", frames); // the same rate: nothing changes
    EXPECT_EQ(decoder.skeletonGeneration(), generation + 1);
    decoder.feed("Frame Time: 5e-07\nFrame Time: fast\n", frames);
    EXPECT_DOUBLE_EQ(decoder.frameTime(), 0.00833333);
    EXPECT_EQ(decoder.counters().malformedLines, 2u);
    EXPECT_NE(decoder.problem().find("not a frame time"), std::string::npos) << decoder.problem();
}

// [SECTION] lines

TEST(StreamDecoderLines, DecodesRowsEndedByLfCrLfOrBareCrWithNuls) {
    const std::string text = "\0"s + smallRow(0) + "\n" + smallRow(1) + "\0\r\n"s + smallRow(2) +
                             "\r" + smallRow(3) + "\r";
    const auto decoded = decodeWhole(StreamFormat::Lines, withSmallSkeleton(), text);
    ASSERT_EQ(decoded.frames.size(), 4u);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(decoded.frames[i].valueText, smallRow(i));
    }
    EXPECT_EQ(decoded.counters.malformedLines, 0u);
    expectSameAtEveryCut(StreamFormat::Lines, withSmallSkeleton(), text);
}

TEST(StreamDecoderLines, SaysBothCountsWhenTheStreamDoesNotMatchTheSkeleton) {
    StreamDecoder decoder(StreamFormat::Lines, withSmallSkeleton());
    std::vector<LiveFrame> frames;
    decoder.feed("1 2 3 4 5 6\n" + smallRow(0) + "\n", frames);
    ASSERT_EQ(frames.size(), 1u);
    ASSERT_TRUE(decoder.mismatch());
    EXPECT_EQ(decoder.mismatch()->expected, 9u);
    EXPECT_EQ(decoder.mismatch()->received, 6u);
    EXPECT_NE(decoder.problem().find("6 values"), std::string::npos) << decoder.problem();
    EXPECT_NE(decoder.problem().find("9 channels"), std::string::npos) << decoder.problem();
    EXPECT_EQ(decoder.counters().countChangedLines, 1u);
}

TEST(StreamDecoderLines, WithoutASkeletonTheFirstRowFixesTheCount) {
    StreamDecoder decoder(StreamFormat::Lines, {});
    std::vector<LiveFrame> frames;
    decoder.feed("1 2 3\n4 5 6 7\n8 9 10\n", frames);
    EXPECT_EQ(frames.size(), 2u);
    EXPECT_EQ(decoder.skeleton(), nullptr);
    ASSERT_TRUE(decoder.mismatch());
    EXPECT_EQ(decoder.mismatch()->expected, 3u);
    EXPECT_EQ(decoder.mismatch()->received, 4u);
}

// [SECTION] axis

TEST(StreamDecoderAxis, ChoosesTheBuiltInSkeletonWithDisplacementFor354Values) {
    std::string text;
    for (int i = 0; i < 3; ++i) {
        text += test::axisFrame(354, i);
    }
    StreamDecoder decoder(StreamFormat::Axis, {});
    std::vector<LiveFrame> frames;
    decoder.feed(text, frames);
    ASSERT_EQ(frames.size(), 3u);
    ASSERT_NE(decoder.skeleton(), nullptr);
    EXPECT_EQ(decoder.skeleton()->totalChannels(), 354u);
    EXPECT_EQ(decoder.skeleton()->jointCount(), kAxisJointCount);
    EXPECT_EQ(frames[2].valueText, test::axisValues(354, 2));
    EXPECT_EQ(frames[2].values[0], -11.5f); // (0 + 2) * 0.25 - 12
    EXPECT_EQ(decoder.counters().malformedLines, 0u);
}

TEST(StreamDecoderAxis, ChoosesTheBuiltInSkeletonWithoutDisplacementFor180Values) {
    const auto decoded = decodeWhole(StreamFormat::Axis, {}, test::axisFrame(180, 0));
    ASSERT_EQ(decoded.frames.size(), 1u);
    StreamDecoder decoder(StreamFormat::Axis, {});
    std::vector<LiveFrame> frames;
    decoder.feed(test::axisFrame(180, 0), frames);
    EXPECT_EQ(decoder.skeleton()->totalChannels(), 180u);
    EXPECT_EQ(decoder.skeleton()->channelCount[1], 3u); // RightUpLeg: rotations only
}

TEST(StreamDecoderAxis, FramesEndedOnlyByBarsDecode) {
    // Some senders end a frame with "||" alone, no line end.
    const std::string text = "0 Avatar00 " + smallRow(0) + " ||0 Avatar00 " + smallRow(1) + " ||";
    const auto decoded = decodeWhole(StreamFormat::Axis, withSmallSkeleton(), text);
    ASSERT_EQ(decoded.frames.size(), 2u);
    EXPECT_EQ(decoded.frames[1].valueText, smallRow(1));
}

TEST(StreamDecoderAxis, UsesAGivenSkeletonAndSaysBothCountsOtherwise) {
    StreamDecoder decoder(StreamFormat::Axis, withSmallSkeleton());
    std::vector<LiveFrame> frames;
    decoder.feed(test::axisFrame(9, 0) + test::axisFrame(354, 1), frames);
    ASSERT_EQ(frames.size(), 1u);
    EXPECT_EQ(decoder.skeleton()->names[0], "Hips");
    EXPECT_EQ(decoder.skeleton()->totalChannels(), 9u);
    ASSERT_TRUE(decoder.mismatch());
    EXPECT_EQ(decoder.mismatch()->expected, 9u);
    EXPECT_EQ(decoder.mismatch()->received, 354u);
}

TEST(StreamDecoderAxis, ACountThatFitsNoBuiltInSkeletonNamesBoth) {
    StreamDecoder decoder(StreamFormat::Axis, {});
    std::vector<LiveFrame> frames;
    decoder.feed(test::axisFrame(100, 0) + test::axisFrame(180, 1), frames);
    ASSERT_EQ(frames.size(), 1u); // the 180-value frame chose
    EXPECT_EQ(frames[0].number, 0u);
    EXPECT_EQ(decoder.counters().countChangedLines, 1u);
    StreamDecoder other(StreamFormat::Axis, {});
    other.feed(test::axisFrame(100, 0), frames);
    ASSERT_TRUE(other.mismatch());
    EXPECT_EQ(other.mismatch()->received, 100u);
    EXPECT_NE(other.problem().find("100 values"), std::string::npos) << other.problem();
}

TEST(StreamDecoderAxis, DecodesTheSameWhereverTheBytesAreCut) {
    const std::string text = test::compactAxisFrame(180, 0) + test::compactAxisFrame(180, 1);
    expectSameAtEveryCut(StreamFormat::Axis, {}, text);
    expectSameAtEveryCut(StreamFormat::Auto, {}, text);
    EXPECT_EQ(decodeWhole(StreamFormat::Axis, {}, text).frames.size(), 2u);
}

TEST(StreamDecoderAxis, KeepsTheFirstAvatarOfSeveral) {
    const std::string text = "0 A " + smallRow(0) + " ||\r\n1 B " + smallRow(1) + " ||\r\n0 A " +
                             smallRow(2) + " ||\r\n";
    const auto decoded = decodeWhole(StreamFormat::Axis, withSmallSkeleton(), text);
    ASSERT_EQ(decoded.frames.size(), 2u);
    EXPECT_EQ(decoded.frames[1].valueText, smallRow(2));
    EXPECT_EQ(decoded.counters.malformedLines, 0u);
}

// [SECTION] auto

TEST(StreamDecoderAuto, ChoosesEachFormatFromTheFirstBytes) {
    StreamDecoder bvhStream(StreamFormat::Auto, {});
    std::vector<LiveFrame> frames;
    bvhStream.feed(std::string(test::kSmallHeader) + smallRow(0) + "\n", frames);
    EXPECT_EQ(bvhStream.format(), StreamFormat::Bvh);

    StreamDecoder axisStream(StreamFormat::Auto, {});
    axisStream.feed(test::axisFrame(354, 0), frames);
    EXPECT_EQ(axisStream.format(), StreamFormat::Axis);
    EXPECT_EQ(axisStream.skeleton()->totalChannels(), 354u);

    StreamDecoder linesStream(StreamFormat::Auto, withSmallSkeleton());
    EXPECT_EQ(linesStream.format(), StreamFormat::Auto);
    linesStream.feed(smallRow(0).substr(0, 5), frames);
    EXPECT_EQ(linesStream.format(), StreamFormat::Auto); // undecided until the line ends
    linesStream.feed(smallRow(0).substr(5) + "\n", frames);
    EXPECT_EQ(linesStream.format(), StreamFormat::Lines);
    ASSERT_EQ(frames.size(), 3u);
    EXPECT_EQ(frames[2].valueText, smallRow(0));
}

// A one-line banner before a BVH stream: `auto` skips it (counted as preamble, not as a malformed
// line) and takes the header that follows, for every connection.
TEST(StreamDecoderAuto, SkipsABannerBeforeABvhHeader) {
    const std::string text = "MocapServer 2.1 ready\r\n" + std::string(test::kSmallHeader) +
                             smallRow(0) + "\n" + smallRow(1) + "\n";
    StreamDecoder decoder(StreamFormat::Auto, {});
    std::vector<LiveFrame> frames;
    decoder.feed(text, frames);
    EXPECT_EQ(decoder.format(), StreamFormat::Bvh);
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames[1].valueText, smallRow(1));
    EXPECT_EQ(decoder.counters().malformedLines, 0u);
    EXPECT_EQ(decoder.counters().preambleLines, 1u);
    decoder.reset();
    decoder.feed(text, frames);
    EXPECT_EQ(frames.size(), 4u);
    EXPECT_EQ(decoder.counters().preambleLines, 2u);
    expectSameAtEveryCut(StreamFormat::Auto, {}, text);
}

TEST(StreamDecoderAuto, DecodesBvhTheSameWhereverTheBytesAreCut) {
    const std::string text = std::string(test::kSmallHeader) + smallRow(0) + "\n" + smallRow(1);
    expectSameAtEveryCut(StreamFormat::Auto, {}, text + "\n");
}

// [SECTION] Hostile streams

TEST(StreamDecoderHostile, CountsNanAndInfinityAndKeepsTheGoodFrames) {
    std::string row = smallRow(1);
    const std::string text = smallRow(0) + "\n" + "nan" + row.substr(row.find(' ')) + "\n" +
                             row.substr(0, row.rfind(' ')) + " -inf\n" +
                             row.substr(0, row.rfind(' ')) + " 1e999\n" + smallRow(2) + "\n";
    const auto decoded = decodeWhole(StreamFormat::Lines, withSmallSkeleton(), text);
    ASSERT_EQ(decoded.frames.size(), 2u);
    EXPECT_EQ(decoded.frames[1].valueText, smallRow(2));
    EXPECT_EQ(decoded.frames[1].number, 1u);
    EXPECT_EQ(decoded.counters.nonFiniteLines, 3u);
    EXPECT_EQ(decoded.counters.malformedLines, 3u);
    for (const LiveFrame& frame : decoded.frames) {
        for (float value : frame.values) {
            EXPECT_TRUE(std::isfinite(value));
        }
    }
}

TEST(StreamDecoderHostile, SkipsUnparsableTokens) {
    const std::string text =
        smallRow(0) + "\n1 2 3 4 5 6 7 8 9x\n1,2 3 4 5 6 7 8 9 10\n" + smallRow(1) + "\n";
    const auto decoded = decodeWhole(StreamFormat::Lines, withSmallSkeleton(), text);
    ASSERT_EQ(decoded.frames.size(), 2u);
    EXPECT_EQ(decoded.counters.unparsableLines, 2u);
}

TEST(StreamDecoderHostile, ReportsAValueCountThatChangesMidStream) {
    std::string text;
    for (int i = 0; i < 3; ++i) {
        text += test::axisFrame(354, i);
    }
    for (int i = 0; i < 2; ++i) {
        text += test::axisFrame(180, i);
    }
    text += test::axisFrame(354, 3);
    StreamDecoder decoder(StreamFormat::Axis, {});
    std::vector<LiveFrame> frames;
    decoder.feed(text, frames);
    ASSERT_EQ(frames.size(), 4u);
    EXPECT_EQ(frames[3].valueText, test::axisValues(354, 3));
    EXPECT_EQ(decoder.counters().countChangedLines, 2u);
    ASSERT_TRUE(decoder.mismatch());
    EXPECT_EQ(decoder.mismatch()->expected, 354u);
    EXPECT_EQ(decoder.mismatch()->received, 180u);
}

TEST(StreamDecoderHostile, SurvivesBinaryGarbageAndRecovers) {
    std::mt19937 random(28);
    std::string garbage(std::size_t{1} << 20, '\0');
    for (char& byte : garbage) {
        byte = static_cast<char>(random());
    }
    for (StreamFormat format :
         {StreamFormat::Auto, StreamFormat::Axis, StreamFormat::Lines, StreamFormat::Bvh}) {
        StreamDecoder decoder(format, withSmallSkeleton());
        std::vector<LiveFrame> frames;
        for (std::size_t i = 0; i < garbage.size(); i += 4096) {
            decoder.feed(std::string_view(garbage).substr(i, 4096), frames);
            ASSERT_LE(decoder.splitter().bufferedBytes(), decoder.splitter().maxLineBytes());
        }
        EXPECT_TRUE(frames.empty()) << streamFormatName(format);
        EXPECT_GT(decoder.counters().malformedLines, 0u) << streamFormatName(format);
        if (decoder.format() != StreamFormat::Bvh) {
            const std::size_t before = frames.size();
            const std::string good = decoder.format() == StreamFormat::Axis
                                         ? "\n0 A " + smallRow(5) + " ||\n"
                                         : "\n" + smallRow(5) + "\n";
            decoder.feed(good, frames);
            EXPECT_EQ(frames.size(), before + 1) << streamFormatName(format);
        }
    }
}

// A 100 MB line with no newline, in 64 KiB reads, into a 354-value Axis stream: the buffer
// stays within the cap the value count sets (about 26 KB), and frames after it decode.
TEST(StreamDecoderHostile, HoldsAHundredMegabyteLineToTheCap) {
    StreamDecoder decoder(StreamFormat::Axis, {});
    std::vector<LiveFrame> frames;
    decoder.feed(test::axisFrame(354, 0), frames);
    const std::size_t cap = lineCapForValueCount(354);
    EXPECT_EQ(decoder.splitter().maxLineBytes(), cap);
    const std::string chunk(std::size_t{64} << 10, '1');
    std::size_t mostBuffered = 0;
    for (std::size_t sent = 0; sent < std::size_t{100} << 20; sent += chunk.size()) {
        decoder.feed(chunk, frames);
        mostBuffered = std::max(mostBuffered, decoder.splitter().bufferedBytes());
    }
    EXPECT_LE(mostBuffered, cap);
    EXPECT_LE(decoder.splitter().bufferCapacity(), cap);
    decoder.feed("\r\n" + test::axisFrame(354, 1), frames);
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(decoder.counters().overlongLines, 1u);
}

TEST(StreamDecoderHostile, AStreamClosedMidLineGivesNoFrameForThatLine) {
    for (StreamFormat format : {StreamFormat::Axis, StreamFormat::Lines, StreamFormat::Auto}) {
        const std::string text = format == StreamFormat::Axis
                                     ? "0 A " + smallRow(0) + " ||\r\n0 A " + smallRow(1)
                                     : smallRow(0) + "\n" + smallRow(1);
        const auto decoded = decodeWhole(format, withSmallSkeleton(), text);
        ASSERT_EQ(decoded.frames.size(), 1u) << streamFormatName(format);
        EXPECT_EQ(decoded.counters.partialLinesDropped, 1u) << streamFormatName(format);
    }
    // Closed before the first line ended: auto never chose, and nothing is a frame.
    const auto early = decodeWhole(StreamFormat::Auto, {}, "1 2 3");
    EXPECT_TRUE(early.frames.empty());
    EXPECT_EQ(early.counters.partialLinesDropped, 1u);
}

TEST(StreamDecoderHostile, TrickledOneByteAtATimeDecodesTheSame) {
    const std::string text = test::axisFrame(180, 0) + test::axisFrame(180, 1);
    StreamDecoder decoder(StreamFormat::Auto, {});
    std::vector<LiveFrame> frames;
    for (char byte : text) {
        decoder.feed(std::string_view(&byte, 1), frames);
    }
    const auto whole = decodeWhole(StreamFormat::Axis, {}, text);
    expectSameFrames(frames, whole.frames, "one byte at a time");
    EXPECT_EQ(decoder.counters().bytes, text.size());
}

} // namespace
} // namespace bvh::live
