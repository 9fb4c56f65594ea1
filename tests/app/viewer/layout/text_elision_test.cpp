// Middle elision of long names (app/viewer/layout/text_elision.h), with a fixed-pitch measure.
#include "app/viewer/layout/text_elision.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;

namespace {

// Ten pixels per code point (UTF-8 continuation bytes are not counted).
float tenPerCodePoint(std::string_view text) {
    float width = 0;
    for (const char c : text) {
        width += (static_cast<unsigned char>(c) & 0xC0u) == 0x80u ? 0.0f : 10.0f;
    }
    return width;
}

TEST(TextElision, TextThatFitsIsUnchanged) {
    EXPECT_EQ(elideMiddle("walk.bvh", 80, tenPerCodePoint), "walk.bvh");
}

TEST(TextElision, KeepsTheStartAndTheEnd) {
    // 30 characters in 150 px: 15 code points, 3 of them the mark, 6 + 6 of the name.
    const std::string elided = elideMiddle("Take_0001_walk_cycle_long.bvh!", 150, tenPerCodePoint);
    EXPECT_EQ(elided, "Take_0...g.bvh!");
    EXPECT_LE(tenPerCodePoint(elided), 150.0f);
}

TEST(TextElision, NeverCutsACodePoint) {
    // "é" is two bytes; every result must be valid UTF-8 of whole code points.
    const std::string text = "\xC3\xA9t\xC3\xA9_\xC3\xA9t\xC3\xA9_\xC3\xA9t\xC3\xA9.bvh";
    for (float width = 30; width < 160; width += 10) {
        const std::string elided = elideMiddle(text, width, tenPerCodePoint);
        EXPECT_LE(tenPerCodePoint(elided), width);
        for (std::size_t i = 0; i < elided.size(); ++i) {
            if (static_cast<unsigned char>(elided[i]) == 0xC3) {
                ASSERT_LT(i + 1, elided.size());
                EXPECT_EQ(static_cast<unsigned char>(elided[i + 1]), 0xA9);
            }
        }
    }
}

TEST(TextElision, TooNarrowGivesTheMarkAlone) {
    EXPECT_EQ(elideMiddle("walk_cycle.bvh", 5, tenPerCodePoint), "...");
    EXPECT_EQ(elideMiddle("walk_cycle.bvh", 40, tenPerCodePoint), "w...");
}

} // namespace
