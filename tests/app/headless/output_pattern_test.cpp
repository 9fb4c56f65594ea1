#include "app/headless/output_pattern.h"

#include <gtest/gtest.h>

namespace bvhscope::headless {
namespace {

std::optional<OutputPattern> parsePattern(std::string_view text, std::string* error = nullptr) {
    std::string message;
    auto pattern = OutputPattern::parse(text, message);
    if (error != nullptr) {
        *error = message;
    }
    return pattern;
}

TEST(OutputPattern, PlainNamesAreNotNumbered) {
    const auto pattern = parsePattern("shots/walk.png");
    ASSERT_TRUE(pattern.has_value());
    EXPECT_FALSE(pattern->numbered());
    EXPECT_EQ(pattern->format(7), "shots/walk.png");
}

TEST(OutputPattern, FormatsLikePrintf) {
    EXPECT_EQ(parsePattern("out_%05d.png")->format(42), "out_00042.png");
    EXPECT_EQ(parsePattern("out_%d.png")->format(42), "out_42.png");
    EXPECT_EQ(parsePattern("%i")->format(0), "0");
    EXPECT_EQ(parsePattern("f%4u.png")->format(7), "f   7.png");
    EXPECT_EQ(parsePattern("%02d")->format(123), "123"); // a width is a minimum
    EXPECT_EQ(parsePattern("100%%_%03d.png")->format(5), "100%_005.png");
    EXPECT_TRUE(parsePattern("%05d.png")->numbered());
}

TEST(OutputPattern, RejectsWhatIsNotOneIntegerConversion) {
    std::string error;
    EXPECT_FALSE(parsePattern("out_%d_%d.png", &error));
    EXPECT_NE(error.find("more than one"), std::string::npos) << error;
    EXPECT_FALSE(parsePattern("out_%s.png", &error));
    EXPECT_NE(error.find("'%s'"), std::string::npos) << error;
    EXPECT_FALSE(parsePattern("out_%x.png"));
    EXPECT_FALSE(parsePattern("out_%.3d.png"));
    EXPECT_FALSE(parsePattern("out_%n.png"));
    EXPECT_FALSE(parsePattern("out_%"));
    EXPECT_FALSE(parsePattern("out_%-5d.png"));
    EXPECT_FALSE(parsePattern("out_%99d.png")); // a width past 32
    EXPECT_FALSE(parsePattern(""));
}

} // namespace
} // namespace bvhscope::headless
