// The section keywords that end the rows (row_parser.h's sectionKeywordAt), as parseRowBlock
// stops at them and the Browser's row count (app/folder/folder_summaries.cpp) does.
#include "core/reader/row_parser.h"

#include <gtest/gtest.h>
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
