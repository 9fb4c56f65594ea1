// Lines as the reader counts them (core/reader/line_walker.h), for the MNM name maps and the
// served take.
#include "core/reader/line_walker.h"
#include "core/reader/row_parser.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

std::vector<std::string> linesOf(std::string_view text) {
    std::vector<std::string> lines;
    LineWalker walker(text);
    while (const std::optional<std::string_view> line = walker.next()) {
        lines.emplace_back(*line);
    }
    return lines;
}

TEST(LineWalker, EndsLinesAtLfCrLfAndALoneCr) {
    EXPECT_EQ(linesOf("a\nb\r\nc\rd"), (std::vector<std::string>{"a", "b", "c", "d"}));
    EXPECT_EQ(linesOf("a\n"), std::vector<std::string>{"a"}) << "a final LF starts no line";
    EXPECT_EQ(linesOf("\r\n\r\r\n"), (std::vector<std::string>{"", "", ""}));
    EXPECT_TRUE(linesOf("").empty());
}

TEST(LineWalker, CountsAsManyLinesAsTheReader) {
    for (const std::string_view text : {"a\nb\r\nc\rd", "x\r\r\n\ny", "1 2\n3 4\n", "\n\n"}) {
        EXPECT_EQ(linesOf(text).size(), countLines(text)) << text;
    }
}

TEST(LineWalker, TheOffsetIsWhereTheNextLineStarts) {
    LineWalker walker("ab\r\ncd\ref");
    EXPECT_EQ(walker.offset(), 0u);
    walker.next();
    EXPECT_EQ(walker.offset(), 4u);
    walker.next();
    EXPECT_EQ(walker.offset(), 7u);
    EXPECT_EQ(walker.next(), "ef");
    EXPECT_FALSE(walker.next().has_value());
}

} // namespace
} // namespace bvh
