// Two blocks read side by side (row_parser.h's parseRowBlockPair), one value of each in turn:
// the same rows, values (to the bit), issues at the same LINE:COL, inherited values and stops
// as parseRowBlock gives each block alone, whichever block ends first and wherever an uncommon
// token, a short or long row, a line of words or the end of a block falls in either.
#include "core/reader/row_parser.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

namespace bvh {
namespace {

constexpr std::uint32_t kPairChannels = 4;

struct ParsedBlock {
    RowBlockResult result;
    std::vector<float> rows;
};

std::vector<float> roomFor(std::string_view text) {
    return std::vector<float>((countRowLines(text) + 1) * kPairChannels, -99.0f);
}

std::vector<std::string> diagnosticLines(const RowBlockResult& result) {
    std::vector<Diagnostic> diagnostics;
    result.issues.appendDiagnostics(diagnostics, kPairChannels);
    std::vector<std::string> lines;
    for (const Diagnostic& diagnostic : diagnostics) {
        lines.push_back(std::to_string(diagnostic.line) + ":" + std::to_string(diagnostic.column) +
                        ": " + diagnostic.message);
    }
    return lines;
}

void expectSameBlock(const ParsedBlock& alone, const ParsedBlock& paired, const std::string& what) {
    SCOPED_TRACE(what);
    ASSERT_EQ(paired.result.rows, alone.result.rows);
    ASSERT_EQ(paired.rows.size(), alone.rows.size());
    EXPECT_EQ(std::memcmp(paired.rows.data(), alone.rows.data(), alone.rows.size() * sizeof(float)),
              0)
        << "values differ in their bits";
    EXPECT_EQ(paired.result.inheritedRows, alone.result.inheritedRows);
    EXPECT_EQ(paired.result.stop.reason, alone.result.stop.reason);
    EXPECT_EQ(paired.result.stop.offset, alone.result.stop.offset);
    EXPECT_EQ(paired.result.stop.line, alone.result.stop.line);
    EXPECT_EQ(paired.result.stop.column, alone.result.stop.column);
    EXPECT_EQ(paired.result.stop.keyword, alone.result.stop.keyword);
    EXPECT_EQ(diagnosticLines(paired.result), diagnosticLines(alone.result));
}

// Parses `first` (at line 3, column 7) and `second` (at line 40, column 1) alone and as a pair,
// and expects the same of both.
void expectPairGivesEachAlone(const std::string& first, const std::string& second) {
    ParsedBlock aloneFirst{{}, roomFor(first)};
    ParsedBlock aloneSecond{{}, roomFor(second)};
    aloneFirst.result = parseRowBlock(first, 3, 7, kPairChannels, aloneFirst.rows.data());
    aloneSecond.result = parseRowBlock(second, 40, 1, kPairChannels, aloneSecond.rows.data());
    ParsedBlock pairedFirst{{}, roomFor(first)};
    ParsedBlock pairedSecond{{}, roomFor(second)};
    std::array<RowBlockResult, 2> results =
        parseRowBlockPair({RowBlockInput{first, 3, 7, pairedFirst.rows.data()},
                           RowBlockInput{second, 40, 1, pairedSecond.rows.data()}},
                          kPairChannels);
    pairedFirst.result = std::move(results[0]);
    pairedSecond.result = std::move(results[1]);
    expectSameBlock(aloneFirst, pairedFirst, "first: " + first);
    expectSameBlock(aloneSecond, pairedSecond, "second: " + second);
}

// Blocks of every kind of row, each ending its own way: with or without a line end (the last
// bytes of a block take the scanner's slow path), in a keyword, in words.
const std::vector<std::string>& hostileBlocks() {
    static const std::vector<std::string> blocks = {
        "",
        "\n\n  \n",
        "1 2 3 4\n",
        "1 2 3 4",
        "-12.3456 7.25 -0.5 3\n1 2 3 4\r\n5 6 7 8\r9 10 11 12\n",
        "1.5e-3 2E+02 nan 4\n-inf 1e39 0x1p3 7\n",
        "1 2\n3 4 5 6 7 8\n9\n",
        "0.0-7.5 1 2\n3 4 5 6\n",
        "footer words only\n1 2 3 4\nend\n",
        "1 2 x 4\ny 6 7 8\n",
        "1 2 3 4\n5 6 7 8\nFrame Time: 0.5\n9 10 11 12\n",
        "\t 1234567.1234567 -1234567.1234567 .5 -5.\t\n0.000000001 12345678901234 1 2",
        "16777217 0.5000000298023224 2.5 3.5\n", // float midpoints and near them
        "1  2\t\t3 \t 4   \n  5 6 7 8 \n",
    };
    return blocks;
}

TEST(RowParserPair, EveryPairOfBlocksGivesEachBlockAlone) {
    for (const std::string& first : hostileBlocks()) {
        for (const std::string& second : hostileBlocks()) {
            expectPairGivesEachAlone(first, second);
        }
    }
}

// A value of a random shape: the fast path's plain decimals mostly, and now and then a token it
// leaves to the slow path.
std::string randomValue(std::mt19937& random) {
    static const std::vector<std::string> uncommon = {
        "1e-3", "nan", "word", "1.5.5", "+2", "12345678901234567", "0.0-7.5"};
    std::uniform_int_distribution<int> pick(0, 99);
    if (pick(random) < 3) {
        return uncommon[static_cast<std::size_t>(pick(random)) % uncommon.size()];
    }
    std::uniform_int_distribution<int> digits(0, 9999999);
    std::string value = pick(random) < 50 ? "-" : "";
    value += std::to_string(digits(random) % 1000);
    if (pick(random) < 80) {
        value += "." + std::to_string(digits(random));
    }
    return value;
}

// Rows of odd lengths (0 to 6 values, blank lines, blanks of every width), in blocks of
// different lengths, so that either block runs on alone after the other ended.
TEST(RowParserPair, RandomRowsOfOddLengthsGiveEachBlockAlone) {
    std::mt19937 random(44);
    std::uniform_int_distribution<int> valuesInRow(0, 6);
    std::uniform_int_distribution<int> rowsInBlock(0, 40);
    static const std::vector<std::string> blanks = {" ", "  ", "\t", " \t"};
    static const std::vector<std::string> lineEnds = {"\n", "\r\n", " \n", "\r"};
    const auto randomBlock = [&] {
        std::string block;
        const int rows = rowsInBlock(random);
        for (int row = 0; row < rows; ++row) {
            const int values = valuesInRow(random);
            for (int i = 0; i < values; ++i) {
                block += (i > 0 ? blanks[static_cast<std::size_t>(random() % blanks.size())] : "") +
                         randomValue(random);
            }
            if (row + 1 < rows || random() % 2 == 0) {
                block += lineEnds[static_cast<std::size_t>(random() % lineEnds.size())];
            }
        }
        return block;
    };
    for (int round = 0; round < 300; ++round) {
        expectPairGivesEachAlone(randomBlock(), randomBlock());
    }
}

// Hand-derived places: the issues of each block at their own LINE:COL, while the other block's
// values are read in between.
TEST(RowParserPair, IssuesAtTheirLineAndColumnInEitherBlock) {
    const std::string first = "1 2 3 4\n5 6 x 8\n";
    const std::string second = "1 2 3 4\n5 6 7 8 9\n1 2 3 4\n";
    std::vector<float> firstRows = roomFor(first);
    std::vector<float> secondRows = roomFor(second);
    const std::array<RowBlockResult, 2> results =
        parseRowBlockPair({RowBlockInput{first, 10, 1, firstRows.data()},
                           RowBlockInput{second, 20, 1, secondRows.data()}},
                          kPairChannels);
    EXPECT_EQ(results[0].rows, 2u);
    EXPECT_EQ(results[1].rows, 3u);
    EXPECT_EQ(firstRows[6], 3.0f) << "the value before 'x' in the row before";
    EXPECT_EQ(secondRows[11], 4.0f);
    EXPECT_EQ(
        diagnosticLines(results[0]),
        std::vector<std::string>{"11:5: 'x' is not a number; the previous frame's value is used"});
    EXPECT_EQ(diagnosticLines(results[1]),
              std::vector<std::string>{
                  "21:1: frame 1 has 5 values, 4 expected; the extra ones are ignored"});
}

} // namespace
} // namespace bvh
