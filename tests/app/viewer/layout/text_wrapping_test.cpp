// Values wrapped at spaces only (app/viewer/layout/text_wrapping.h), with a fixed-pitch measure.
#include "app/viewer/layout/text_wrapping.h"
#include "tests/app/viewer/layout/fixed_width_text.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace bvhscope::viewer;

namespace {

// Ten pixels per code point (UTF-8 continuation bytes are not counted).
using bvhscope::viewer::test::tenPerCodePoint;

using Lines = std::vector<std::string>;

TEST(TextWrapping, NumbersAreNeverBrokenAtTheirPoint) {
    // The Info rows: ImGui broke them after "23." and after "1.".
    EXPECT_EQ(wrapAtSpaces("23.999808", 100, tenPerCodePoint), Lines{"23.999808"});
    EXPECT_EQ(wrapAtSpaces("(0.00, 1.00, 0.02) in the file (motion)", 120, tenPerCodePoint),
              (Lines{"(0.00, 1.00,", "0.02) in the", "file", "(motion)"}));
}

TEST(TextWrapping, FillsEachLineAndDropsTheSpacesItBreaksAt) {
    EXPECT_EQ(wrapAtSpaces("additive (detected)", 190, tenPerCodePoint),
              Lines{"additive (detected)"});
    EXPECT_EQ(wrapAtSpaces("additive (detected)", 180, tenPerCodePoint),
              (Lines{"additive", "(detected)"}));
    EXPECT_EQ(wrapAtSpaces("  a  b ", 30, tenPerCodePoint), Lines{"a b"});
    EXPECT_TRUE(wrapAtSpaces("", 30, tenPerCodePoint).empty());
}

TEST(TextWrapping, OnlyAWordWiderThanTheLineIsSplitBetweenCodePoints) {
    EXPECT_EQ(wrapAtSpaces("x 123456789 y", 40, tenPerCodePoint),
              (Lines{"x", "1234", "5678", "9 y"}));
    // "é" is two bytes: never split inside it; narrower than one code point, one per line.
    EXPECT_EQ(wrapAtSpaces("\xC3\xA9t\xC3\xA9", 20, tenPerCodePoint),
              (Lines{"\xC3\xA9t", "\xC3\xA9"}));
    EXPECT_EQ(wrapAtSpaces("ab", 5, tenPerCodePoint), (Lines{"a", "b"}));
}

} // namespace
