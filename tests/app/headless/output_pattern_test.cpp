#include "app/headless/output_pattern.h"

#include <gtest/gtest.h>

namespace bvhscope::headless {
namespace {

std::optional<OutputPattern> parse(std::string_view text, std::string* error = nullptr) {
    std::string message;
    auto pattern = OutputPattern::parse(text, message);
    if (error != nullptr) {
        *error = message;
    }
    return pattern;
}

TEST(OutputPattern, PlainNamesAreNotNumbered) {
    const auto pattern = parse("shots/walk.png");
    ASSERT_TRUE(pattern.has_value());
    EXPECT_FALSE(pattern->numbered());
    EXPECT_EQ(pattern->format(7), "shots/walk.png");
}

TEST(OutputPattern, FormatsLikePrintf) {
    EXPECT_EQ(parse("out_%05d.png")->format(42), "out_00042.png");
    EXPECT_EQ(parse("out_%d.png")->format(42), "out_42.png");
    EXPECT_EQ(parse("%i")->format(0), "0");
    EXPECT_EQ(parse("f%4u.png")->format(7), "f   7.png");
    EXPECT_EQ(parse("%02d")->format(123), "123"); // a width is a minimum
    EXPECT_EQ(parse("100%%_%03d.png")->format(5), "100%_005.png");
    EXPECT_TRUE(parse("%05d.png")->numbered());
}

TEST(OutputPattern, RejectsWhatIsNotOneIntegerConversion) {
    std::string error;
    EXPECT_FALSE(parse("out_%d_%d.png", &error));
    EXPECT_NE(error.find("more than one"), std::string::npos) << error;
    EXPECT_FALSE(parse("out_%s.png", &error));
    EXPECT_NE(error.find("'%s'"), std::string::npos) << error;
    EXPECT_FALSE(parse("out_%x.png"));
    EXPECT_FALSE(parse("out_%.3d.png"));
    EXPECT_FALSE(parse("out_%n.png"));
    EXPECT_FALSE(parse("out_%"));
    EXPECT_FALSE(parse("out_%-5d.png"));
    EXPECT_FALSE(parse("out_%99d.png")); // a width past 32
    EXPECT_FALSE(parse(""));
}

} // namespace
} // namespace bvhscope::headless
