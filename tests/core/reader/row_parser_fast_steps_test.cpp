// The row loop's fast steps (row_parser.cpp): runs of plain decimals, each followed by one blank,
// read with no look at the block end or the row's channels. Whatever token or separator ends a
// run, in whichever column, and wherever the block ends in the memory around it, every value is
// std::from_chars' float in its column, alone (parseRowBlock) and side by side
// (parseRowBlockPair).
#include "core/reader/row_parser.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

constexpr std::uint32_t kStepChannels = 12;

// A value as from_chars reads it (which refuses the '+' that BVH writers may print).
float fromCharsValue(const std::string& text) {
    const char* first = text.data() + (text.front() == '+' ? 1 : 0);
    float value = 0.0f;
    std::from_chars(first, text.data() + text.size(), value);
    return value;
}

// The plain value of row `row`, column `column`: "-12.3456" and its kin, of every length the
// fast steps take.
std::string plainValue(std::uint32_t row, std::uint32_t column) {
    static const std::array<const char*, 6> kShapes = {"-12.3456",   "0.0000", "7",
                                                       "123.456789", "-0.5",   "1234567.1234567"};
    return kShapes[(row + column) % kShapes.size()];
}

// Rows of plain values where, in row r, the value in column r % channels is `odd` (a token the
// fast steps leave to readValue) or the separator before it is `separator`: so the run ends in
// every column, and restarts after it.
struct OddRows {
    std::string text;
    std::vector<float> expected;
};

OddRows oddRows(const std::string& odd, const std::string& separator, std::uint32_t rows) {
    OddRows result;
    for (std::uint32_t row = 0; row < rows; ++row) {
        for (std::uint32_t column = 0; column < kStepChannels; ++column) {
            const bool isOdd = column == row % kStepChannels;
            const std::string value = isOdd && !odd.empty() ? odd : plainValue(row, column);
            if (column > 0) {
                result.text += isOdd ? separator : " ";
            }
            result.text += value;
            result.expected.push_back(fromCharsValue(value));
        }
        result.text += "\n";
    }
    return result;
}

struct Case {
    std::string odd;
    std::string separator;
};

const std::vector<Case>& oddCases() {
    static const std::vector<Case> cases = {
        {"1.5e-3", " "},             // an exponent
        {"+4.25", " "},              // a plus sign
        {"12345678901.25", " "},     // eight integer digits and more
        {"0.1234567890123456", " "}, // more digits than two words hold
        {"", "\t"},                  // a tab
        {"", "  "},                  // two blanks
        {"", " \f"},                 // a blank and a form feed
        {"-.5", " "},                // a leading point
        {"5.", " "},                 // a trailing point
    };
    return cases;
}

std::string caseName(const Case& c) {
    std::string name = "'" + c.odd + "' after '";
    for (const char ch : c.separator) {
        name += ch == '\t' ? "\\t" : ch == '\f' ? "\\f" : std::string(1, ch);
    }
    return name + "'";
}

void expectRows(const std::vector<float>& rows, const std::vector<float>& expected,
                const std::string& what) {
    ASSERT_GE(rows.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        ASSERT_EQ(rows[i], expected[i])
            << what << ", row " << i / kStepChannels << ", column " << i % kStepChannels;
    }
}

TEST(RowParserFastSteps, EveryOddTokenInEveryColumnAlone) {
    for (const Case& c : oddCases()) {
        const OddRows block = oddRows(c.odd, c.separator, 2 * kStepChannels);
        std::vector<float> rows((2 * kStepChannels + 1) * kStepChannels, -99.0f);
        const RowBlockResult result = parseRowBlock(block.text, 1, 1, kStepChannels, rows.data());
        EXPECT_EQ(result.rows, 2 * kStepChannels) << caseName(c);
        std::vector<Diagnostic> diagnostics;
        result.issues.appendDiagnostics(diagnostics, kStepChannels);
        EXPECT_TRUE(diagnostics.empty()) << caseName(c) << ": " << diagnostics.front().message;
        expectRows(rows, block.expected, caseName(c));
    }
}

TEST(RowParserFastSteps, EveryOddTokenInEveryColumnSideBySide) {
    for (const Case& c : oddCases()) {
        // The second block has other odd tokens, in other columns, and ends sooner.
        const OddRows first = oddRows(c.odd, c.separator, 2 * kStepChannels);
        const OddRows second = oddRows("-9.75e1", "\t", kStepChannels + 5);
        std::vector<float> firstRows((2 * kStepChannels + 1) * kStepChannels, -99.0f);
        std::vector<float> secondRows((kStepChannels + 6) * kStepChannels, -99.0f);
        const std::array<RowBlockResult, 2> results =
            parseRowBlockPair({RowBlockInput{first.text, 1, 1, firstRows.data()},
                               RowBlockInput{second.text, 1, 1, secondRows.data()}},
                              kStepChannels);
        EXPECT_EQ(results[0].rows, 2 * kStepChannels) << caseName(c);
        EXPECT_EQ(results[1].rows, kStepChannels + 5) << caseName(c);
        expectRows(firstRows, first.expected, caseName(c) + ", first block");
        expectRows(secondRows, second.expected, caseName(c) + ", second block");
    }
}

// The block is the first bytes of a larger text, cut anywhere: the bytes after the cut (digits
// that would lengthen the last value, then blanks) must never be read into a value, so every
// value read is the value of the text up to the cut.
TEST(RowParserFastSteps, NothingAfterTheBlockEndIsRead) {
    const OddRows full = oddRows("", " ", 3);
    for (std::size_t cut = 1; cut < full.text.size(); ++cut) {
        std::string memory = full.text.substr(0, cut) + "987654321 987654321 987654321\n";
        const std::string_view block(memory.data(), cut);
        // The reference: the cut text alone, a line end added.
        const std::string alone = full.text.substr(0, cut) + "\n";
        std::vector<float> rows(4 * kStepChannels, -99.0f);
        std::vector<float> reference(4 * kStepChannels, -99.0f);
        const RowBlockResult result = parseRowBlock(block, 1, 1, kStepChannels, rows.data());
        const RowBlockResult expected = parseRowBlock(alone, 1, 1, kStepChannels, reference.data());
        ASSERT_EQ(result.rows, expected.rows) << "cut at " << cut;
        for (std::size_t i = 0; i < result.rows * kStepChannels; ++i) {
            ASSERT_EQ(rows[i], reference[i]) << "cut at " << cut << ", value " << i;
        }
        // Every whole value before the cut is from_chars' value of its text.
        const std::size_t lastRowStart = full.text.rfind('\n', cut - 1);
        const std::size_t wholeRows =
            lastRowStart == std::string::npos
                ? 0
                : static_cast<std::size_t>(
                      std::count(full.text.begin(), full.text.begin() + lastRowStart + 1, '\n'));
        for (std::size_t i = 0; i < wholeRows * kStepChannels; ++i) {
            ASSERT_EQ(rows[i], full.expected[i]) << "cut at " << cut << ", value " << i;
        }
    }
}

} // namespace
} // namespace bvh
