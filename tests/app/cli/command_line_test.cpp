#include "app/cli/command_line.h"

#include <gtest/gtest.h>
#include <sstream>

namespace bvhscope::cli {
namespace {

std::optional<ParsedArguments> parse(std::vector<std::string_view> arguments,
                                     std::string* error = nullptr) {
    std::ostringstream err;
    auto parsed = parseArguments(arguments, {{"--frames"}, {"--json"}}, err);
    if (error) {
        *error = err.str();
    }
    return parsed;
}

TEST(CommandLine, SeparatesPositionalsFlagsAndOptions) {
    auto parsed = parse({"a.bvh", "--json", "--frames", "1:2", "b.bvh"});
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->positional, (std::vector<std::string>{"a.bvh", "b.bvh"}));
    EXPECT_TRUE(parsed->has("--json"));
    EXPECT_EQ(parsed->option("--frames"), "1:2");
    EXPECT_EQ(parse({"--frames=3:4"})->option("--frames"), "3:4");
}

TEST(CommandLine, AnOptionGivenTwiceIsAnErrorNotALastOneWins) {
    std::string error;
    EXPECT_FALSE(parse({"--frames", "1:2", "a.bvh", "--frames=3:4"}, &error));
    EXPECT_NE(error.find("option --frames is given twice"), std::string::npos) << error;
}

TEST(CommandLine, DoubleDashEndsOptions) {
    auto parsed = parse({"--", "--json"});
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->positional, (std::vector<std::string>{"--json"}));
}

TEST(CommandLine, RejectsUnknownOptionsAndMissingValues) {
    std::string error;
    EXPECT_FALSE(parse({"--jsno"}, &error));
    EXPECT_NE(error.find("unknown option --jsno"), std::string::npos);
    EXPECT_FALSE(parse({"--frames"}, &error));
    EXPECT_NE(error.find("needs a value"), std::string::npos);
    EXPECT_FALSE(parse({"--json=yes"}, &error));
}

TEST(CommandLine, FrameRanges) {
    auto closed = parseFrameRange("10:20");
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->first, 10);
    EXPECT_EQ(closed->last, 20);
    auto openEnd = parseFrameRange("5:");
    ASSERT_TRUE(openEnd);
    EXPECT_EQ(openEnd->first, 5);
    EXPECT_FALSE(openEnd->last);
    auto openStart = parseFrameRange(":7");
    ASSERT_TRUE(openStart);
    EXPECT_EQ(openStart->first, 0);
    EXPECT_EQ(openStart->last, 7);
    auto single = parseFrameRange("3");
    ASSERT_TRUE(single);
    EXPECT_EQ(single->first, 3);
    EXPECT_EQ(single->last, 3);
    EXPECT_FALSE(parseFrameRange("9:2"));
    EXPECT_FALSE(parseFrameRange("-1:2"));
    EXPECT_FALSE(parseFrameRange("a:b"));
    EXPECT_FALSE(parseFrameRange(""));
}

} // namespace
} // namespace bvhscope::cli
