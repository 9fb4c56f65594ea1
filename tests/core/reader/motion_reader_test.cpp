// The MOTION section: every fault here is repaired with a warning, never a shifted frame.
#include "core/reader/document.h"
#include "tests/core/test_support.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

using test::describeDiagnostics;
using test::findDiagnostic;

// Three channels: a root with rotations only. Motion text is appended by each test; the
// MOTION keyword is on line 8.
constexpr std::string_view kHierarchy = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 3 Zrotation Xrotation Yrotation
	End Site { OFFSET 0 1 0 }
}
MOTION
)";

Document parseMotion(std::string_view motion) {
    return parseDocument(std::string(kHierarchy) + std::string(motion));
}

TEST(MotionReader, DeclaredMoreFramesThanPresentLoadsThePresentRows) {
    Document document = parseMotion("Frames: 222\nFrame Time: 0.033333\n1 2 3\n4 5 6\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 2u);
    EXPECT_EQ(document.declaredFrameCount, 222);
    const Diagnostic* warning = findDiagnostic(document, Severity::Warning, "'Frames: 222'");
    ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(warning->line, 9u);
    EXPECT_EQ(warning->column, 9u);
}

TEST(MotionReader, MoreRowsThanDeclaredLoadsThemAll) {
    Document document = parseMotion("Frames: 1\nFrame Time: 0.01\n1 2 3\n4 5 6\n7 8 9\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 3u);
    EXPECT_EQ(document.motion.frame(2)[2], 9.0f);
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "all 3 frames loaded"), nullptr);
}

TEST(MotionReader, ShortRowIsCompletedFromThePreviousFrameAndReported) {
    Document document = parseMotion("Frames: 3\nFrame Time: 0.01\n1 2 3\n4 5\n7 8 9\n");
    ASSERT_TRUE(document.loaded());
    ASSERT_EQ(document.motion.frameCount, 3u);
    EXPECT_EQ(document.motion.frame(1)[0], 4.0f);
    EXPECT_EQ(document.motion.frame(1)[1], 5.0f);
    EXPECT_EQ(document.motion.frame(1)[2], 3.0f); // from frame 0
    EXPECT_EQ(document.motion.frame(2)[0], 7.0f); // not shifted
    const Diagnostic* warning = findDiagnostic(document, Severity::Warning, "frame 1 has 2 values");
    ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(warning->line, 12u);
}

TEST(MotionReader, LongRowIsCutAndReported) {
    Document document = parseMotion("Frames: 2\nFrame Time: 0.01\n1 2 3 99 98\n7 8 9\n");
    ASSERT_TRUE(document.loaded());
    ASSERT_EQ(document.motion.frameCount, 2u);
    EXPECT_EQ(document.motion.frame(1)[0], 7.0f);
    const Diagnostic* warning = findDiagnostic(document, Severity::Warning, "frame 0 has 5 values");
    ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(warning->line, 11u);
}

TEST(MotionReader, RepeatedFaultsAreListedTenTimesThenSummarised) {
    std::string rows = "Frames: 50\nFrame Time: 0.01\n";
    for (int i = 0; i < 50; ++i) {
        rows += "1 2\n";
    }
    Document document = parseMotion(rows);
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 50u);
    EXPECT_EQ(countWarnings(document.diagnostics), 11u) << describeDiagnostics(document);
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "40 more short rows"), nullptr);
}

TEST(MotionReader, NumbersInEveryForm) {
    Document document = parseMotion("Frames: 1\nFrame Time: .0083333\n.5 -1.2e-06 1E+02\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_DOUBLE_EQ(document.motion.frameTime, 0.0083333);
    EXPECT_EQ(document.motion.frame(0)[0], 0.5f);
    EXPECT_EQ(document.motion.frame(0)[1], -1.2e-06f);
    EXPECT_EQ(document.motion.frame(0)[2], 100.0f);
    EXPECT_TRUE(document.diagnostics.empty()) << describeDiagnostics(document);
}

TEST(MotionReader, NumbersRunTogetherAreSeparated) {
    // Seen in real recorder output: fixed-width fields with no space before a minus sign.
    Document document = parseMotion("Frames: 1\nFrame Time: 0.01\n0.0-7.5 3\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frame(0)[0], 0.0f);
    EXPECT_EQ(document.motion.frame(0)[1], -7.5f);
    EXPECT_EQ(document.motion.frame(0)[2], 3.0f);
    const Diagnostic* warning = findDiagnostic(document, Severity::Warning, "run together");
    ASSERT_NE(warning, nullptr);
    EXPECT_EQ(warning->line, 11u);
    EXPECT_EQ(warning->column, 4u);
}

TEST(MotionReader, NanAndGarbageValuesKeepThePreviousFrameValue) {
    Document document = parseMotion("Frames: 2\nFrame Time: 0.01\n1 2 3\nnan abc inf\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frame(1)[0], 1.0f);
    EXPECT_EQ(document.motion.frame(1)[1], 2.0f);
    EXPECT_EQ(document.motion.frame(1)[2], 3.0f);
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "'abc' is not a number"), nullptr);
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "NaN or infinite"), nullptr);
}

TEST(MotionReader, ZeroOrMissingFrameTimeAssumes30Fps) {
    for (std::string_view motion : {"Frames: 1\nFrame Time: 0\n1 2 3\n", "Frames: 1\n1 2 3\n",
                                    "Frames: 1\nFrame Time: -0.5\n1 2 3\n"}) {
        Document document = parseMotion(motion);
        ASSERT_TRUE(document.loaded()) << motion;
        EXPECT_TRUE(document.motion.frameTimeAssumed) << motion;
        EXPECT_DOUBLE_EQ(document.motion.framesPerSecond(), 30.0) << motion;
        EXPECT_NE(findDiagnostic(document, Severity::Warning, "30 fps is assumed"), nullptr)
            << describeDiagnostics(document);
        EXPECT_EQ(document.motion.frameCount, 1u) << motion;
    }
}

TEST(MotionReader, InvalidFrameCountsAreReportedAndRowsCounted) {
    for (std::string_view count : {"-1", "abc", "2.5"}) {
        Document document =
            parseMotion("Frames: " + std::string(count) + "\nFrame Time: 0.1\n1 2 3\n");
        ASSERT_TRUE(document.loaded()) << count;
        EXPECT_FALSE(document.declaredFrameCount.has_value()) << count;
        EXPECT_EQ(document.motion.frameCount, 1u) << count;
        EXPECT_NE(findDiagnostic(document, Severity::Warning, "is not a frame count"), nullptr);
    }
}

TEST(MotionReader, HugeDeclaredFrameCountAllocatesOnlyWhatIsPresent) {
    Document document = parseMotion("Frames: 99999999999\nFrame Time: 0.1\n1 2 3\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.declaredFrameCount, 99999999999);
    EXPECT_EQ(document.motion.frameCount, 1u);
    EXPECT_LE(document.motion.values.capacity(), 16u);
}

TEST(MotionReader, BlankLinesAndColonVariantsAreAccepted) {
    Document document = parseMotion("\n\nFrames :\t2\n\nFrame Time:0.25\n\n1 2 3\n\n4 5 6");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 2u);
    EXPECT_DOUBLE_EQ(document.motion.frameTime, 0.25);
    EXPECT_TRUE(document.diagnostics.empty()) << describeDiagnostics(document);
}

TEST(MotionReader, HexadecimalFloatsAreReadAsStrtodReadsThem) {
    Document document = parseMotion("Frames: 1\nFrame Time: 0x1p-5\n0x1.8p1 -0X.8P0 0x10\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_DOUBLE_EQ(document.motion.frameTime, 1.0 / 32);
    EXPECT_EQ(document.motion.frame(0)[0], 3.0f);
    EXPECT_EQ(document.motion.frame(0)[1], -0.5f);
    EXPECT_EQ(document.motion.frame(0)[2], 16.0f);
    EXPECT_TRUE(document.diagnostics.empty()) << describeDiagnostics(document);
}

TEST(MotionReader, ANumberRunningIntoAnythingButASignIsOneBadValueNotTwoColumns) {
    // "12,5" (a decimal comma), "1.5.5" and "0xg" must not become a number and a word: the
    // columns after them would shift by one.
    for (std::string_view bad : {"12,5", "1.5.5", "0xg", "3deg"}) {
        Document document =
            parseMotion("Frames: 2\nFrame Time: 0.1\n1 2 3\n4 " + std::string(bad) + " 6\n");
        ASSERT_TRUE(document.loaded()) << bad;
        ASSERT_EQ(document.motion.frameCount, 2u) << bad;
        EXPECT_EQ(document.motion.frame(1)[0], 4.0f) << bad;
        EXPECT_EQ(document.motion.frame(1)[1], 2.0f) << bad; // the previous frame's value
        EXPECT_EQ(document.motion.frame(1)[2], 6.0f) << bad;
        const Diagnostic* warning = findDiagnostic(document, Severity::Warning,
                                                   "'" + std::string(bad) + "' is not a number");
        ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
        EXPECT_EQ(warning->line, 12u);
        EXPECT_EQ(warning->column, 3u);
        EXPECT_EQ(findDiagnostic(document, Severity::Warning, "long"), nullptr) << bad;
    }
}

TEST(MotionReader, FrameTimeBeforeFramesIsStillTheHeader) {
    Document document = parseMotion("Frame Time: 0.25\nFrames: 2\n1 2 3\n4 5 6\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.declaredFrameCount, 2);
    EXPECT_EQ(document.motion.frameCount, 2u);
    EXPECT_DOUBLE_EQ(document.motion.frameTime, 0.25);
    EXPECT_EQ(document.motion.frame(0)[0], 1.0f);
    EXPECT_TRUE(document.diagnostics.empty()) << describeDiagnostics(document);
}

TEST(MotionReader, WarningsComeInTheOrderOfTheText) {
    // Row faults are collected by kind; the document lists them by line and column.
    Document document = parseMotion("Frames: 4\nFrame Time: 0.1\n1 2 3 4\nx 2 3\n1 2\n1 nan 3\n");
    ASSERT_TRUE(document.loaded());
    ASSERT_EQ(document.diagnostics.size(), 4u) << describeDiagnostics(document);
    for (std::size_t i = 1; i < document.diagnostics.size(); ++i) {
        EXPECT_LT(document.diagnostics[i - 1].line, document.diagnostics[i].line)
            << describeDiagnostics(document);
    }
    EXPECT_EQ(document.diagnostics.front().line, 11u);
    EXPECT_EQ(document.diagnostics.back().line, 14u);
}

TEST(MotionReader, BrokenTextIsEscapedInMessages) {
    Document document = parseMotion("Frames: 1\nFrame Time: 0.1\n1 \xff\x1b[2J 3\n");
    ASSERT_TRUE(document.loaded());
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "'\\xff\\x1b[2J' is not a number"),
              nullptr)
        << describeDiagnostics(document);
}

} // namespace
} // namespace bvh
