// The two sample files of the format documents the product was founded on (tests/data holds
// copies extracted verbatim from ../shared/seeds, so these run on a fresh clone).
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/test_support.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::describeDiagnostics;

TEST(SeedSamples, CharacterStudioExampleLoadsItsFourRowsWithAWarning) {
    // Seed 001: Biped's example, "Frames: 222" with 4 rows, '}' on OFFSET lines, blank lines
    // between every line.
    Document document = loadDocument(test::dataFile("seed_character_studio_example.bvh"));
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.skeleton.jointCount(), 18u);
    EXPECT_EQ(document.skeleton.endSiteCount(), 5u);
    EXPECT_EQ(document.skeleton.totalChannels(), 57u);
    EXPECT_EQ(document.declaredFrameCount, 222);
    EXPECT_EQ(document.motion.frameCount, 4u);
    EXPECT_DOUBLE_EQ(document.motion.frameTime, 0.033333);
    ASSERT_EQ(document.diagnostics.size(), 1u) << describeDiagnostics(document);
    EXPECT_NE(document.diagnostics[0].message.find("'Frames: 222' but only 4 rows"),
              std::string::npos);
    EXPECT_EQ(document.skeleton.offsets[0], glm::dvec3(20, 0, 0));
    EXPECT_EQ(document.skeleton.rotationOrder(0), "ZXY");
    // Last row, last value: "... 8.35 -37.07 60.23"
    EXPECT_EQ(document.motion.frame(3)[56], 60.23f);
    // Its End Site OFFSET had the closing brace on the same line.
    NodeIndex rightAnkleEnd = document.skeleton.find("EndSite_RightAnkle");
    ASSERT_NE(rightAnkleEnd, kNoParent);
    EXPECT_DOUBLE_EQ(document.skeleton.offsets[std::size_t(rightAnkleEnd)].y, -3.25);
}

TEST(SeedSamples, CmuExampleLoadsItsFourRowsWithAWarning) {
    // Seed 003: the cgspeed CMU skeleton, ZYX, "Frames: 344" with 4 rows, leading-dot time.
    Document document = loadDocument(test::dataFile("seed_cmu_example.bvh"));
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.skeleton.jointCount(), 31u);
    EXPECT_EQ(document.skeleton.totalChannels(), 96u);
    EXPECT_EQ(document.motion.frameCount, 4u);
    EXPECT_EQ(document.declaredFrameCount, 344);
    EXPECT_DOUBLE_EQ(document.motion.frameTime, 0.0083333);
    EXPECT_EQ(document.skeleton.rotationOrder(5), "ZYX");
    ASSERT_EQ(document.diagnostics.size(), 1u) << describeDiagnostics(document);
    EXPECT_EQ(document.motion.frame(0)[0], 10.4194f);
    EXPECT_EQ(document.motion.frame(0)[9], -21.0f);
    // Root has zero OFFSET and position channels: either reading gives the same pose, and the
    // rule picks additive (seed 000's root rule).
    EXPECT_EQ(detectTranslationMode(document.skeleton, document.motion), TranslationMode::Additive);
}

} // namespace
} // namespace bvh
