// The section keywords that end the rows (row_parser.h's sectionKeywordAt), as parseRowBlock
// stops at them and the Browser's row count (app/folder/folder_summaries.cpp) does.
#include "core/reader/row_parser.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

TEST(RowParserSectionKeywords, TheLinesFirstWordWhenItIsAKeyword) {
    EXPECT_EQ(sectionKeywordAt("HIERARCHY"), "HIERARCHY");
    EXPECT_EQ(sectionKeywordAt("root Hips\n"), "root");
    EXPECT_EQ(sectionKeywordAt("Motion\r\n1 2 3"), "Motion");
    EXPECT_EQ(sectionKeywordAt("Frames: 10\n"), "Frames:");
    EXPECT_EQ(sectionKeywordAt("FRAMES:10"), "FRAMES:10");
    EXPECT_EQ(sectionKeywordAt("FrameTime: 0.01"), "FrameTime:");
    EXPECT_EQ(sectionKeywordAt("Frame \t Time: 0.01"), "Frame");
    EXPECT_EQ(sectionKeywordAt("frame times"), "frame");
}

TEST(RowParserSectionKeywords, NumbersAndOtherWordsAreNone) {
    EXPECT_EQ(sectionKeywordAt("0.5 1 2"), "");
    EXPECT_EQ(sectionKeywordAt("Framed 1"), "");
    EXPECT_EQ(sectionKeywordAt("Frame"), "") << "no word after it";
    EXPECT_EQ(sectionKeywordAt("Frame\nTime: 0.01"), "") << "Time on the next line";
    EXPECT_EQ(sectionKeywordAt("Frame Tim"), "");
    EXPECT_EQ(sectionKeywordAt("ROOTS"), "");
    EXPECT_EQ(sectionKeywordAt(""), "");
}

TEST(RowParserSectionKeywords, TheRowsStopThere) {
    const std::string_view block = "1 2\n3 4\nFrame Time: 0.5\n5 6\n";
    std::vector<float> rows(2 * 4);
    const RowBlockResult result = parseRowBlock(block, 1, 1, 2, rows.data());
    EXPECT_EQ(result.rows, 2u);
    EXPECT_EQ(result.stop.reason, RowStopReason::SectionKeyword);
    EXPECT_EQ(result.stop.keyword, "Frame");
    EXPECT_EQ(result.stop.offset, block.find("Frame"));
}

} // namespace
} // namespace bvh

namespace bvh {
namespace {

// The row loop steps from value to value by the bytes before the first blank or line end,
// found apart from the number's own scan (row_parser.cpp, bytesBeforeControlOrSpace). Every
// length the fast path takes (1 to 16 characters: a sign, 14 digits and a point), ending in
// the first word or the second, before every separator a row can hold, must give the values
// std::from_chars gives, in their columns, with nothing reported.
TEST(RowParserValueSteps, EveryFastPathLengthBeforeEverySeparator) {
    const std::vector<std::string> numbers = {"7",
                                              "-7",
                                              "12",
                                              "-1.5",
                                              "3.25",
                                              "-12.34",
                                              "123.456",
                                              "-12.3456",
                                              "1234.5678",
                                              "-1234.56789",
                                              "12345.678901",
                                              "-1234567.8901",
                                              "0.0000001",
                                              "-0.00000012",
                                              "1234567.1234567",
                                              "-1234567.1234567",
                                              ".5",
                                              "-5."};
    const std::vector<std::string> separators = {" ", "\t", "\f", "\v", "  ", " \t "};
    const std::vector<std::string> lineEnds = {"\n", "\r\n", "\r", " \n", "\t\r\n"};
    for (const std::string& separator : separators) {
        for (const std::string& lineEnd : lineEnds) {
            // Two rows of every number, so each is read in the middle of a block, far from
            // its end (the last bytes of a block take the slow path).
            std::string block;
            for (int row = 0; row < 2; ++row) {
                for (std::size_t i = 0; i < numbers.size(); ++i) {
                    block += numbers[i] + (i + 1 < numbers.size() ? separator : lineEnd);
                }
            }
            block += std::string(40, '0') + lineEnd; // a row the last bytes fall in
            const auto channels = static_cast<std::uint32_t>(numbers.size());
            std::vector<float> rows(4 * channels, -99.0f);
            const RowBlockResult result = parseRowBlock(block, 1, 1, channels, rows.data());
            ASSERT_EQ(result.rows, 3u);
            for (std::size_t i = 0; i < numbers.size(); ++i) {
                float expected = 0.0f;
                const std::string& text = numbers[i];
                std::from_chars(text.data(), text.data() + text.size(), expected);
                EXPECT_EQ(rows[i], expected) << text << " before " << int(separator[0]);
                EXPECT_EQ(rows[channels + i], expected) << text << " in the second row";
            }
            // The third row: one value, the rest completed from the row before and reported.
            EXPECT_EQ(rows[2 * channels], 0.0f);
        }
    }
}

// A byte of 0x80 or more, or a control byte, right after a number is not a separator: the
// token is one bad value, as before the step was found apart from the scan.
TEST(RowParserValueSteps, ControlAndHighBytesAfterANumberAreNotSeparators) {
    const std::string block =
        std::string("1.5 2.25\x01 -3.5 4\xC3\xA9 5.5 6.75\n") + "0.000000000 0.000000000 0 0 0 0\n";
    std::vector<float> rows(3 * 6, -99.0f);
    const RowBlockResult result = parseRowBlock(block, 1, 1, 6, rows.data());
    ASSERT_EQ(result.rows, 2u);
    EXPECT_EQ(rows[0], 1.5f);
    EXPECT_EQ(rows[1], 0.0f) << "not a number: the frame before's value (0 here)";
    EXPECT_EQ(rows[2], -3.5f);
    EXPECT_EQ(rows[3], 0.0f);
    EXPECT_EQ(rows[4], 5.5f);
    EXPECT_EQ(rows[5], 6.75f);
    std::vector<Diagnostic> diagnostics;
    result.issues.appendDiagnostics(diagnostics, 6);
    ASSERT_EQ(diagnostics.size(), 2u);
    EXPECT_EQ(diagnostics[0].column, 5u);
    EXPECT_EQ(diagnostics[1].column, 16u);
    EXPECT_NE(diagnostics[0].message.find("'2.25\\x01' is not a number"), std::string::npos);
}

// Values on a float midpoint (ties to the even float) in the middle of rows: the row loop's
// multiplying scan hands them to the exact path, and every value is from_chars' float.
TEST(RowParserValueSteps, FloatMidpointsInRowsRoundAsFromChars) {
    std::string block;
    std::vector<std::string> numbers;
    for (int exponent = 15; exponent <= 23; ++exponent) { // 14 digits at most: the fast path
        for (int k = 0; k < 8; ++k) {
            const double midpoint =
                std::ldexp(1.0, exponent) + (k * 977 % 4096 + 0.5) * std::ldexp(1.0, exponent - 23);
            char text[48];
            const int length = std::snprintf(text, sizeof text, "%.*f", 24 - exponent,
                                             k % 2 == 0 ? midpoint : -midpoint);
            numbers.emplace_back(text, static_cast<std::size_t>(length));
        }
    }
    const auto channels = static_cast<std::uint32_t>(numbers.size());
    for (int row = 0; row < 3; ++row) {
        for (const std::string& number : numbers) {
            block += number + " ";
        }
        block += "\n";
    }
    std::vector<float> rows(4 * channels, -99.0f);
    const RowBlockResult result = parseRowBlock(block, 1, 1, channels, rows.data());
    ASSERT_EQ(result.rows, 3u);
    for (std::size_t i = 0; i < 3 * numbers.size(); ++i) {
        const std::string& number = numbers[i % numbers.size()];
        float expected = 0.0f;
        std::from_chars(number.data(), number.data() + number.size(), expected);
        ASSERT_EQ(rows[i], expected) << number;
    }
}

// countLinesAndRows against a byte-by-byte reading of the rule: a line ends at a LF, a CR LF
// (once) or a lone CR; it holds a row when a byte other than a blank or a line end is in it.
// Texts of every length up to 300 (past memchr's vector steps), from an alphabet dense in line
// ends, blanks and CR LF pairs.
LineCounts lineCountsByteByByte(std::string_view text) {
    LineCounts counts;
    bool holding = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool lineEnd =
            c == '\n' || (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
        if (lineEnd) {
            ++counts.lines;
            counts.rows += holding ? 1 : 0;
            holding = false;
        } else if (c != ' ' && c != '\t' && c != '\f' && c != '\v' && c != '\r') {
            holding = true;
        }
    }
    if (!text.empty() && text.back() != '\n' && text.back() != '\r') {
        ++counts.lines;
    }
    counts.rows += holding ? 1 : 0;
    return counts;
}

TEST(RowParserLineCounts, EveryLengthAndLineEndAsByteByByte) {
    const std::string alphabet = std::string("1 \t\r\n\v\f-x\0\x80\xff", 12);
    std::uint64_t state = 12345;
    for (std::size_t length = 0; length <= 300; ++length) {
        for (int round = 0; round < 40; ++round) {
            std::string text(length, ' ');
            for (char& c : text) {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                c = alphabet[(state >> 33) % alphabet.size()];
            }
            const LineCounts expected = lineCountsByteByByte(text);
            const LineCounts counted = countLinesAndRows(text);
            ASSERT_EQ(counted.lines, expected.lines) << length << " " << round;
            ASSERT_EQ(counted.rows, expected.rows) << length << " " << round;
            ASSERT_EQ(countLines(text), expected.lines);
        }
    }
    // Rows of CMU's shape with CR LF ends and blank lines, and a CR LF pair at every position
    // around 64.
    std::string rows;
    for (int row = 0; row < 50; ++row) {
        rows += std::string(static_cast<std::size_t>(row % 7), ' ') + "1.5 -2.25\r\n";
        rows += row % 3 == 0 ? " \t\r\n" : "";
    }
    EXPECT_EQ(countLinesAndRows(rows).rows, 50u);
    EXPECT_EQ(countLinesAndRows(rows).lines, lineCountsByteByByte(rows).lines);
    for (std::size_t cut = 60; cut < 70; ++cut) {
        std::string text(cut, '7');
        text[cut - 1] = '\r';
        text += "\n9";
        EXPECT_EQ(countLinesAndRows(text).lines, 2u) << cut;
        EXPECT_EQ(countLinesAndRows(text).rows, 2u) << cut;
    }
}

} // namespace
} // namespace bvh
