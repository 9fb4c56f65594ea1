#include "core/reader/tokenizer.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

TEST(Tokenizer, SplitsBracesGluedToWords) {
    Tokenizer tokens("ROOT Hips{\n  OFFSET 0 0 0}");
    EXPECT_EQ(tokens.next().text, "ROOT");
    EXPECT_EQ(tokens.next().text, "Hips");
    EXPECT_EQ(tokens.next().text, "{");
    EXPECT_EQ(tokens.next().text, "OFFSET");
    tokens.next();
    tokens.next();
    EXPECT_EQ(tokens.next().text, "0");
    Token brace = tokens.next();
    EXPECT_EQ(brace.text, "}");
    EXPECT_EQ(brace.line, 2u);
    EXPECT_EQ(brace.column, 15u);
    EXPECT_TRUE(tokens.next().atEnd());
}

TEST(Tokenizer, CountsLinesForLfCrlfAndLoneCr) {
    Tokenizer tokens("a\nb\r\nc\rd\r\r\ne");
    const std::uint32_t expectedLines[] = {1, 2, 3, 4, 6};
    for (std::uint32_t line : expectedLines) {
        Token token = tokens.next();
        EXPECT_EQ(token.line, line) << token.text;
        EXPECT_EQ(token.column, 1u) << token.text;
    }
}

TEST(Tokenizer, SkipsUtf8ByteOrderMarkAndCountsColumnsAfterIt) {
    Tokenizer tokens("\xEF\xBB\xBFHIERARCHY x");
    Token first = tokens.next();
    EXPECT_EQ(first.text, "HIERARCHY");
    EXPECT_EQ(first.column, 1u);
    EXPECT_EQ(tokens.next().column, 11u);
}

TEST(Tokenizer, RestOfLineKeepsInnerSpacesAndStopsAtBrace) {
    Tokenizer tokens("JOINT  Left Hand:01 {\n");
    tokens.next();
    Token name = tokens.restOfLine();
    EXPECT_EQ(name.text, "Left Hand:01");
    EXPECT_EQ(name.column, 8u);
    EXPECT_EQ(tokens.next().text, "{");
}

TEST(Tokenizer, RestOfLineStopsAtCarriageReturn) {
    Tokenizer tokens("ROOT Hips\r{");
    tokens.next();
    EXPECT_EQ(tokens.restOfLine().text, "Hips");
    Token brace = tokens.next();
    EXPECT_EQ(brace.text, "{");
    EXPECT_EQ(brace.line, 2u);
}

TEST(Tokenizer, KeywordComparisonIgnoresAsciiCaseOnly) {
    EXPECT_TRUE(equalsIgnoringCase("hierarchy", "HIERARCHY"));
    EXPECT_TRUE(equalsIgnoringCase("End", "eNd"));
    EXPECT_FALSE(equalsIgnoringCase("Ends", "End"));
    EXPECT_FALSE(equalsIgnoringCase("J0INT", "JOINT"));
}

} // namespace
} // namespace bvh
