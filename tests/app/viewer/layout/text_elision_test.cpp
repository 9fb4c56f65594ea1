// Middle elision of long names (app/viewer/layout/text_elision.h), with a fixed-pitch measure.
#include "app/viewer/layout/text_elision.h"
#include "tests/app/viewer/layout/fixed_width_text.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace bvhscope::viewer;

namespace {

// Ten pixels per code point (UTF-8 continuation bytes are not counted).
using bvhscope::viewer::test::tenPerCodePoint;

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

namespace {

// [SECTION] Names shown together stay apart (elideDistinct)

const std::vector<std::string> kCmuTakes = {"cmu_05_20_daz_friendly.bvh",
                                            "cmu_05_20_mb_friendly.bvh"};

TEST(DistinctElision, DropsTheStartTheFilesShare) {
    // 23 code points: "..." and "daz_friendly.bvh" (16) leave four for the shared start's
    // whole words, "cmu_"; "mb_friendly.bvh" (15) leaves five, still "cmu_" (not "cmu_0").
    EXPECT_EQ(elideDistinct(kCmuTakes[0], kCmuTakes, 230, tenPerCodePoint),
              "cmu_...daz_friendly.bvh");
    EXPECT_EQ(elideDistinct(kCmuTakes[1], kCmuTakes, 230, tenPerCodePoint),
              "cmu_...mb_friendly.bvh");
    // 20: one or two code points left, less than a word: none of the shared start.
    EXPECT_EQ(elideDistinct(kCmuTakes[0], kCmuTakes, 200, tenPerCodePoint), "...daz_friendly.bvh");
    EXPECT_EQ(elideDistinct(kCmuTakes[1], kCmuTakes, 200, tenPerCodePoint), "...mb_friendly.bvh");
}

TEST(DistinctElision, ThenTheSharedEndThenTheDistinctPartFromItsEnd) {
    // "...daz..." is 9 code points: 12 keep three of the shared end, "...mb..." four.
    EXPECT_EQ(elideDistinct(kCmuTakes[0], kCmuTakes, 120, tenPerCodePoint), "...daz...bvh");
    EXPECT_EQ(elideDistinct(kCmuTakes[1], kCmuTakes, 120, tenPerCodePoint), "...mb....bvh");
    EXPECT_EQ(elideDistinct(kCmuTakes[0], kCmuTakes, 90, tenPerCodePoint), "...daz...");
    EXPECT_EQ(elideDistinct(kCmuTakes[0], kCmuTakes, 80, tenPerCodePoint), "...da...");
    EXPECT_EQ(elideDistinct(kCmuTakes[0], kCmuTakes, 20, tenPerCodePoint), "...");
}

TEST(DistinctElision, TakesThatDifferInTheMiddleNeverReadTheSame) {
    // The two files both read "cmu_05_...dly.bvh" under elideMiddle; from 7 code
    // points ("...d...") on, never.
    EXPECT_EQ(elideMiddle(kCmuTakes[0], 170, tenPerCodePoint),
              elideMiddle(kCmuTakes[1], 170, tenPerCodePoint));
    for (float width = 70; width <= 260; width += 10) {
        const std::string a = elideDistinct(kCmuTakes[0], kCmuTakes, width, tenPerCodePoint);
        const std::string b = elideDistinct(kCmuTakes[1], kCmuTakes, width, tenPerCodePoint);
        EXPECT_NE(a, b) << width;
        EXPECT_LE(tenPerCodePoint(a), width);
        EXPECT_LE(tenPerCodePoint(b), width);
    }
}

TEST(DistinctElision, AnUnrelatedNameBesideThemChangesNothing) {
    // The bundled sample open with the two takes: each take still drops what it shares with
    // the other; the sample shares only ".bvh" with them, which goes first.
    const std::vector<std::string> open = {"sample_walk.bvh", kCmuTakes[0], kCmuTakes[1]};
    EXPECT_EQ(elideDistinct(kCmuTakes[0], open, 200, tenPerCodePoint), "...daz_friendly.bvh");
    EXPECT_EQ(elideDistinct(kCmuTakes[1], open, 120, tenPerCodePoint), "...mb....bvh");
    // Its extension kept (issue 42): what the file is stays readable.
    EXPECT_EQ(elideDistinct(open[0], open, 110, tenPerCodePoint), "sa...lk.bvh");
    // A name that is the start of another keeps its own start.
    const std::vector<std::string> prefix = {"walk", "walk_2"};
    EXPECT_EQ(elideDistinct("walk_2", prefix, 50, tenPerCodePoint), "..._2");
}

// Issue 42: four joints that read "__...l" / "__...r" each keep their number and their side.
TEST(DistinctElision, KeepsTheExtensionAndThePartThatDiffers) {
    const std::vector<std::string> joints = {"__temporalis01.l", "__temporalis02.l",
                                             "__temporalis01.r", "__temporalis02.r"};
    std::vector<std::string> shown;
    for (const std::string& joint : joints) {
        shown.push_back(elideDistinct(joint, joints, 90, tenPerCodePoint));
        EXPECT_LE(tenPerCodePoint(shown.back()), 90.0f);
    }
    EXPECT_EQ(shown[0], "__...01.l");
    EXPECT_EQ(shown[3], "__...02.r");
    for (std::size_t a = 0; a < shown.size(); ++a) {
        for (std::size_t b = a + 1; b < shown.size(); ++b) {
            EXPECT_NE(shown[a], shown[b]) << joints[a] << " and " << joints[b];
        }
    }
    // Files: the extension stays while the differing word does.
    EXPECT_EQ(elideDistinct(kCmuTakes[1], kCmuTakes, 180, tenPerCodePoint), "...mb_friendly.bvh");
    EXPECT_EQ(extensionStart("walk.bvh"), 4u);
    EXPECT_EQ(extensionStart(".hidden"), std::string_view::npos);
    EXPECT_EQ(extensionStart("take 2.final cut"), std::string_view::npos);
}

TEST(StartElision, KeepsThePathsEnd) {
    EXPECT_EQ(elideStart("/home/me/takes/walk_export.mp4", 150, tenPerCodePoint),
              "...k_export.mp4");
    EXPECT_EQ(elideStart("walk.mp4", 80, tenPerCodePoint), "walk.mp4");
    EXPECT_EQ(elideStart("walk.mp4", 20, tenPerCodePoint), "...");
}

TEST(DistinctElision, CutsAtTheStartOfAWord) {
    // The names share "walk0" but "01" and "02" are the words that differ.
    const std::vector<std::string> takes = {"walk01_retargeted.bvh", "walk02_retargeted.bvh"};
    EXPECT_EQ(elideDistinct(takes[0], takes, 100, tenPerCodePoint), "...01...vh");
    // Joints: the shared end is a camelCase word.
    const std::vector<std::string> joints = {"LeftShoulder", "RightShoulder"};
    EXPECT_EQ(elideDistinct(joints[0], joints, 80, tenPerCodePoint), "Left...r");
    EXPECT_EQ(elideDistinct(joints[1], joints, 80, tenPerCodePoint), "Right...");
}

TEST(DistinctElision, AloneOrFittingItIsElideMiddle) {
    const std::vector<std::string> one = {"Take_0001_walk_cycle_long.bvh!"};
    EXPECT_EQ(elideDistinct(one[0], one, 150, tenPerCodePoint), "Take_0...g.bvh!");
    EXPECT_EQ(elideDistinct(kCmuTakes[1], kCmuTakes, 250, tenPerCodePoint), kCmuTakes[1]);
    const std::vector<std::string> none;
    EXPECT_EQ(elideDistinct("walk.bvh", none, 50, tenPerCodePoint), "w...h");
}

TEST(DistinctElision, NeverCutsACodePoint) {
    const std::vector<std::string> takes = {"prise_\xC3\xA9t\xC3\xA9_a.bvh",
                                            "prise_\xC3\xA9t\xC3\xA9_b.bvh"};
    for (float width = 30; width < 160; width += 10) {
        const std::string elided = elideDistinct(takes[0], takes, width, tenPerCodePoint);
        EXPECT_LE(tenPerCodePoint(elided), width);
        for (std::size_t i = 0; i < elided.size(); ++i) {
            if (static_cast<unsigned char>(elided[i]) == 0xC3) {
                ASSERT_LT(i + 1, elided.size());
                EXPECT_EQ(static_cast<unsigned char>(elided[i + 1]), 0xA9);
            }
        }
    }
}

TEST(ByteElision, KeepsShortTextAndCutsLongTextInTheMiddleByBytes) {
    EXPECT_EQ(elideMiddleToBytes("walk.bvh", 8), "walk.bvh");
    EXPECT_EQ(elideMiddleToBytes("walk_cycle.bvh", 9), "wal...bvh"); // 3 + 3 + 3 bytes
    EXPECT_EQ(elideMiddleToBytes("walk_cycle.bvh", 2), "..");
    // Issue 45: a 17 000-character host name drawn whole aborted Dear ImGui.
    const std::string host = "tcp://" + std::string(17'000, 'a') + ":1";
    const std::string shown = elideMiddleToBytes(host);
    EXPECT_EQ(shown.size(), kMostDrawnTextBytes);
    EXPECT_EQ(shown.substr(0, 6), "tcp://");
    EXPECT_EQ(shown.substr(shown.size() - 3), "a:1");
    EXPECT_NE(shown.find("..."), std::string::npos);
}

TEST(ByteElision, NeverCutsACodePoint) {
    std::string text;
    for (int i = 0; i < 40; ++i) {
        text += "\xC3\xA9\xE2\x82\xAC"; // é (2 bytes) and € (3 bytes)
    }
    for (std::size_t most = 4; most < 60; ++most) {
        const std::string elided = elideMiddleToBytes(text, most);
        EXPECT_LE(elided.size(), most);
        const std::size_t mark = elided.find("...");
        ASSERT_NE(mark, std::string::npos);
        const std::string head = elided.substr(0, mark);
        const std::string tail = elided.substr(mark + 3);
        EXPECT_EQ(text.compare(0, head.size(), head), 0) << most;
        EXPECT_EQ(text.compare(text.size() - tail.size(), tail.size(), tail), 0) << most;
        EXPECT_TRUE(tail.empty() || (static_cast<unsigned char>(tail[0]) & 0xC0u) != 0x80u);
        EXPECT_TRUE(head.empty() ||
                    (static_cast<unsigned char>(text[head.size()]) & 0xC0u) != 0x80u);
    }
}

} // namespace
