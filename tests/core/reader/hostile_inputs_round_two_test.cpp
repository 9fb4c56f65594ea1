// Hostile inputs, round two (issue 15): each class of problem with a shape generated here.
// Memory bounds are measured in reader_memory_test.cpp (allocation_tests).
#include "core/reader/document.h"
#include "core/reader/row_parser.h"
#include "tests/core/document_invariants.h"
#include "tests/core/test_support.h"
#include "tests/support/bvh_texts.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace bvh {
namespace {

using test::describeDiagnostics;
using test::documentInvariantViolation;
using test::findDiagnostic;
using test::kTwoJointBvh;

// [SECTION] Text after the rows

TEST(HostileInputsRoundTwo, ASecondFileAfterTheRowsEndsTheMotion) {
    // Two files run together: the second HIERARCHY, its numbers and its rows are not frames.
    const std::string text = std::string(kTwoJointBvh) + std::string(kTwoJointBvh);
    for (unsigned threads : {1u, 3u}) {
        for (std::size_t block : {std::size_t{64}, std::size_t{4} << 20}) {
            ParseOptions options;
            options.threads = threads;
            options.blockBytesPerThread = block;
            options.firstBlockBytes = block;
            const Document document = parseDocument(text, options);
            ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
            EXPECT_EQ(document.motion.frameCount, 2u) << threads << " threads, " << block;
            EXPECT_EQ(document.motion.frame(1)[8], 90.0f);
            const Diagnostic* warning =
                findDiagnostic(document, Severity::Warning, "'HIERARCHY' after the rows");
            ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
            EXPECT_EQ(warning->line, 21u);
            EXPECT_EQ(warning->column, 1u);
            // No short-row or frame-count warnings from the second file's lines.
            EXPECT_EQ(document.diagnostics.size(), 1u) << describeDiagnostics(document);
            EXPECT_EQ(documentInvariantViolation(document), "");
        }
    }
}

TEST(HostileInputsRoundTwo, EverySectionKeywordEndsTheRows) {
    for (const std::string keyword :
         {"MOTION", "motion", "ROOT Other", "Frames: 5", "Frame Time: 0.01", "FrameTime: 0.1"}) {
        const std::string text = std::string(kTwoJointBvh) + "  " + keyword + "\n1 2 3\n";
        const Document document = parseDocument(text);
        ASSERT_TRUE(document.loaded()) << keyword;
        EXPECT_EQ(document.motion.frameCount, 2u) << keyword << "\n"
                                                  << describeDiagnostics(document);
        const Diagnostic* warning =
            findDiagnostic(document, Severity::Warning, "after the rows: the motion ends here");
        ASSERT_NE(warning, nullptr) << keyword;
        EXPECT_EQ(warning->line, 21u);
        EXPECT_EQ(warning->column, 3u);
    }
}

TEST(HostileInputsRoundTwo, WordsThatAreNotKeywordsStayIgnoredLines) {
    // A footer of words is not a section: the rows go on after it.
    const std::string text = std::string(kTwoJointBvh) + "END of take\nFramed\n1 2 3 4 5 6 7 8 9\n";
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 3u) << describeDiagnostics(document);
}

// [SECTION] Scratch files (the special files are in posix/ and windows/special_files_*_test.cpp)

std::filesystem::path roundTwoPath(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("bvhscope_round_two_" + std::to_string(::getpid()) + "_" + name);
}

// [SECTION] Values beyond float, and absurd frame times

TEST(HostileInputsRoundTwo, OffsetsBeyondFloatAreReportedAndZero) {
    std::string text(kTwoJointBvh);
    text.replace(text.find("OFFSET 1 2 3"), 12, "OFFSET 1e308 2 -1e39");
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.skeleton.offsets[0], glm::dvec3(0.0, 2.0, 0.0));
    const Diagnostic* first =
        findDiagnostic(document, Severity::Warning, "OFFSET value '1e308' is beyond the float");
    ASSERT_NE(first, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(first->line, 4u);
    EXPECT_EQ(first->column, 9u);
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "'-1e39' is beyond the float range"),
              nullptr);
}

TEST(HostileInputsRoundTwo, ChainsThatLeaveTheFloatRangeAreReportedAtTheirNode) {
    // Each offset is a float, but the End Site sits at 3e38 + 3e38 = 6e38: infinite as a float.
    std::string text(kTwoJointBvh);
    text.replace(text.find("OFFSET 0 10 0"), 13, "OFFSET 0 3e38 0");
    text.replace(text.find("OFFSET 0 5 0"), 12, "OFFSET 0 3e38 0");
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    const Diagnostic* warning =
        findDiagnostic(document, Severity::Warning, "world positions of 'EndSite_Spine' can reach");
    ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(warning->line, 10u); // the End Site's line
    // Spine itself (3e38 plus the root's small offsets and positions) is within range.
    EXPECT_EQ(findDiagnostic(document, Severity::Warning, "world positions of 'Spine'"), nullptr);
    // The ordinary file has no such warning.
    EXPECT_EQ(findDiagnostic(parseDocument(kTwoJointBvh), Severity::Warning, "world positions"),
              nullptr);
}

TEST(HostileInputsRoundTwo, PositionValuesBeyondRangeAreReported) {
    // Position channels count too: a root at 1e38 with a child 3e38 above it.
    std::string text(kTwoJointBvh);
    text.replace(text.find("OFFSET 0 10 0"), 13, "OFFSET 0 3e38 0");
    text.replace(text.find("10 20 30 40"), 2, "1e38");
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "world positions of 'Spine' can reach"),
              nullptr)
        << describeDiagnostics(document);
}

// kTwoJointBvh's skeleton, its Spine 3e38 above the root, with 400 rows; the root's Y position
// is 1e38 in row `farRow` only (none when past the rows). Row farRow + 1 lacks its last eight
// values (a short row): it takes them, 1e38 included, from row farRow. A second file's HIERARCHY
// follows row `keywordRow` (none when past the rows).
std::string rowsWithOneFarPosition(int farRow, int keywordRow) {
    std::string text(kTwoJointBvh.substr(0, kTwoJointBvh.find("MOTION")));
    text.replace(text.find("OFFSET 0 10 0"), 13, "OFFSET 0 3e38 0");
    text += "MOTION\nFrames: 400\nFrame Time: 0.01\n";
    for (int row = 0; row < 400; ++row) {
        text += row == farRow + 1 ? "1\n"
                : row == farRow   ? "1 1e38 3 4 5 6 7 8 9\n"
                                  : "1 2 3 4 5 6 7 8 9\n";
        if (row == keywordRow) {
            text += "HIERARCHY\n";
        }
    }
    return text;
}

TEST(HostileInputsRoundTwo, PositionsBeyondRangeAreFoundInAnyBlockOnAnyThreadCount) {
    // The largest positions are gathered piece by piece as the rows are parsed: a far position
    // in any row, or taken by a short row from the row before it, counts; one after the rows
    // end does not.
    for (unsigned threads : {1u, 2u, 3u}) {
        for (std::size_t block : {std::size_t{64}, std::size_t{200}, std::size_t{4} << 20}) {
            SCOPED_TRACE(std::to_string(threads) + " threads, block " + std::to_string(block));
            ParseOptions options;
            options.threads = threads;
            options.blockBytesPerThread = block;
            options.firstBlockBytes = block;
            for (const int farRow : {0, 137, 398}) {
                const Document document =
                    parseDocument(rowsWithOneFarPosition(farRow, 400), options);
                ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
                EXPECT_NE(findDiagnostic(document, Severity::Warning,
                                         "world positions of 'Spine' can reach"),
                          nullptr)
                    << "far row " << farRow << describeDiagnostics(document);
            }
            const Document afterTheRows = parseDocument(rowsWithOneFarPosition(300, 250), options);
            ASSERT_TRUE(afterTheRows.loaded());
            EXPECT_EQ(afterTheRows.motion.frameCount, 251u);
            EXPECT_EQ(findDiagnostic(afterTheRows, Severity::Warning, "world positions"), nullptr)
                << describeDiagnostics(afterTheRows);
            const Document nowhere = parseDocument(rowsWithOneFarPosition(400, 400), options);
            EXPECT_EQ(findDiagnostic(nowhere, Severity::Warning, "world positions"), nullptr);
        }
    }
}

TEST(HostileInputsRoundTwo, RowValuesBeyondFloatAreToldApartFromNaN) {
    std::string text(kTwoJointBvh);
    text.replace(text.find("10 20 30"), 2, "1e39");
    text.replace(text.find(" 20 30"), 3, " nan");
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    const Diagnostic* beyond =
        findDiagnostic(document, Severity::Warning, "value beyond the float range");
    ASSERT_NE(beyond, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(beyond->line, 20u);
    EXPECT_EQ(beyond->column, 1u);
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "NaN or infinite value"), nullptr);
    EXPECT_EQ(document.motion.frame(1)[0], 1.0f); // the previous frame's value
}

class AbsurdFrameTime : public testing::TestWithParam<const char*> {};

TEST_P(AbsurdFrameTime, IsReportedAndThirtyFpsAssumed) {
    std::string text(kTwoJointBvh);
    text.replace(text.find("0.033333"), 8, GetParam());
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    EXPECT_TRUE(document.motion.frameTimeAssumed);
    EXPECT_EQ(document.motion.frameTime, kAssumedFrameTime);
    EXPECT_TRUE(std::isfinite(document.motion.framesPerSecond()));
    const Diagnostic* warning =
        findDiagnostic(document, Severity::Warning, "is outside 1 microsecond to 1 hour");
    ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(warning->line, 18u);
    EXPECT_EQ(warning->column, 13u);
}

INSTANTIATE_TEST_SUITE_P(Values, AbsurdFrameTime,
                         testing::Values("1e-30", "1e30", "5e-324", "1e-7", "3601"));

TEST(HostileInputsRoundTwo, FrameTimesAtTheEndsOfTheRangeAreKept) {
    for (const char* value : {"1e-6", "3600", "0.0083333", "1"}) {
        std::string text(kTwoJointBvh);
        text.replace(text.find("0.033333"), 8, value);
        const Document document = parseDocument(text);
        EXPECT_FALSE(document.motion.frameTimeAssumed) << value;
        EXPECT_EQ(document.motion.frameTime, std::stod(value));
    }
}

// [SECTION] Messages

TEST(HostileInputsRoundTwo, ErrorsWithNoPlaceInTheTextHaveNoLocation) {
    EXPECT_EQ(formatDiagnostic("a.bvh", {Severity::Error, 0, 0, "cannot open: permission denied"}),
              "a.bvh: error: cannot open: permission denied");
    EXPECT_EQ(formatDiagnostic("a.bvh", {Severity::Warning, 3, 4, "odd"}),
              "a.bvh:3:4: warning: odd");
    const Document missing = loadDocument(roundTwoPath("missing.bvh"));
    ASSERT_FALSE(missing.loaded());
    EXPECT_EQ(missing.diagnostics.front().message, "cannot open: no such file or directory");
}

TEST(HostileInputsRoundTwo, EndOfFileIsCalledSoInEveryMessage) {
    // Cut after each keyword that needs a word after it: no message quotes an empty word.
    const std::string text(kTwoJointBvh);
    for (const std::string cut :
         {"End", "OFFSET", "OFFSET 0", "CHANNELS", "ROOT Hips", "Frames:", "Frame Time:"}) {
        const std::size_t at = cut.starts_with("Frame")   ? text.find(cut)
                               : cut.starts_with("ROOT")  ? text.find(cut)
                               : cut.starts_with("OFFS")  ? text.find("\t\t" + cut) + 2
                               : cut.starts_with("CHANN") ? text.find(cut)
                                                          : text.find("End");
        const Document document = parseDocument(text.substr(0, at + cut.size()));
        for (const Diagnostic& diagnostic : document.diagnostics) {
            EXPECT_EQ(diagnostic.message.find("''"), std::string::npos)
                << cut << ": " << diagnostic.message;
            EXPECT_EQ(diagnostic.message.find("not a number"), std::string::npos)
                << cut << ": " << diagnostic.message;
        }
        const std::string expected = cut.starts_with("Frame") ? "has no value" : "end of file";
        EXPECT_NE(describeDiagnostics(document).find(expected), std::string::npos)
            << cut << "\n"
            << describeDiagnostics(document);
    }
}

TEST(HostileInputsRoundTwo, AFileWithNoFramesHasNoNotANumberWarning) {
    // A footer word after a header of 0 frames, and a Frame Time with no value: neither is a
    // value that is not a number.
    const std::string header = std::string(kTwoJointBvh.substr(0, kTwoJointBvh.find("Frames:")));
    for (const std::string motion : {"Frames: 0\nFrame Time: 0.1\nEND\n",
                                     "Frames: 0\nFrame Time:\n", "Frames:\nFrame Time: 0.1\n"}) {
        const Document document = parseDocument(header + motion);
        ASSERT_TRUE(document.loaded());
        EXPECT_EQ(document.motion.frameCount, 0u) << motion;
        EXPECT_EQ(describeDiagnostics(document).find("not a number"), std::string::npos)
            << motion << describeDiagnostics(document);
    }
    const Document footer = parseDocument(header + "Frames: 0\nFrame Time: 0.1\nEND\n");
    const Diagnostic* ignored =
        findDiagnostic(footer, Severity::Warning, "a line of words ('END') and no number");
    ASSERT_NE(ignored, nullptr) << describeDiagnostics(footer);
    EXPECT_EQ(ignored->line, 19u);
}

// [SECTION] Rows and names

TEST(HostileInputsRoundTwo, RowLinesCountOnlyLinesWithSomething) {
    EXPECT_EQ(countRowLines(""), 0u);
    EXPECT_EQ(countRowLines("\n\n \t\n\r\n\r"), 0u);
    EXPECT_EQ(countRowLines("1 2\n\n3\r\n  \r4\r5"), 4u);
    EXPECT_EQ(countRowLines("   x   "), 1u);
    EXPECT_EQ(countRowLines("1 \r\n \r\n2\t\n"), 2u);
    // Lines are counted as countLines counts them, in the same pass.
    for (std::string_view text : {"", "a", "1\n\n2", "1\r\n\r\r\n x", "\r", "\n\n \n"}) {
        EXPECT_EQ(countLinesAndRows(text).lines, countLines(text)) << text;
        EXPECT_EQ(countLinesAndRows(text).rows, countRowLines(text)) << text;
    }
}

TEST(HostileInputsRoundTwo, EndSiteNamesAreCutAtACharacterBoundary) {
    // 127 ASCII bytes and a two-byte character across the 128-byte cut: the character goes.
    const std::string parent = std::string(127, 'a') + "\xc3\xa9" + "tail";
    EXPECT_EQ(endSiteName(parent), "EndSite_" + std::string(127, 'a') + "...");
    EXPECT_EQ(endSiteName("Head"), "EndSite_Head");
    EXPECT_EQ(endSiteName(std::string(128, 'b')), "EndSite_" + std::string(128, 'b'));
}

} // namespace
} // namespace bvh
