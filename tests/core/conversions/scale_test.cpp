#include "core/conversions/conversions.h"
#include "tests/core/conversions/clip_fixture.h"

#include <cmath>

namespace bvh {
namespace {

TEST(ScaleSkeleton, ScalesEveryWorldPositionInBothModes) {
    const Document clip = test::makeClip(30);
    const Conversion scaled = scaleSkeleton(clip.skeleton, clip.motion, 0.01);
    ASSERT_TRUE(scaled.ok());
    for (TranslationMode mode : {TranslationMode::Absolute, TranslationMode::Additive}) {
        for (std::uint32_t frame = 0; frame < clip.motion.frameCount; ++frame) {
            std::vector<glm::dvec3> expected =
                test::worldPositions(clip.skeleton, clip.motion, frame, mode);
            for (glm::dvec3& position : expected) {
                position *= 0.01;
            }
            test::expectPositionsNear(
                expected, test::worldPositions(scaled.skeleton, scaled.motion, frame, mode), 1e-5);
        }
    }
}

TEST(ScaleSkeleton, RejectsFactorsThatAreNotAChangeOfUnit) {
    const Document clip = test::makeClip(2);
    EXPECT_FALSE(scaleSkeleton(clip.skeleton, clip.motion, 0.0).ok());
    EXPECT_FALSE(scaleSkeleton(clip.skeleton, clip.motion, -2.0).ok());
    EXPECT_FALSE(scaleSkeleton(clip.skeleton, clip.motion, INFINITY).ok());
}

// [SECTION] Values that would not read back (issue 26)

TEST(ScaleSkeleton, RefusesAFactorThatPushesAValueOutOfTheFloatRange) {
    const Document clip = test::makeClip(5);
    // Offsets of 30 and positions of up to 90: times 2e37 is past 3.4e38.
    const Conversion scaled = scaleSkeleton(clip.skeleton, clip.motion, 2e37);
    ASSERT_FALSE(scaled.ok());
    EXPECT_NE(scaled.diagnostics.front().message.find("beyond the float range"), std::string::npos)
        << scaled.diagnostics.front().message;
    EXPECT_NE(scaled.diagnostics.front().message.find("scaling by 2e+37: "), std::string::npos);
    EXPECT_TRUE(scaled.motion.values.empty()) << "refused before the result is made";
}

TEST(ScaleSkeleton, RefusesAFactorThatZeroesAValueAndNamesIt) {
    Document clip = test::makeClip(5);
    for (glm::dvec3& offset : clip.skeleton.offsets) {
        offset = glm::dvec3(0.0); // only the motion's values are left to check
    }
    const Conversion scaled = scaleSkeleton(clip.skeleton, clip.motion, 1e-300);
    ASSERT_FALSE(scaled.ok());
    EXPECT_NE(scaled.diagnostics.front().message.find(
                  "the Yposition of joint 'Hips' in frame 0, 90 becomes 0"),
              std::string::npos)
        << scaled.diagnostics.front().message;
    EXPECT_NE(scaled.diagnostics.front().message.find("becomes 0 as a float"), std::string::npos);
    // Zero stays zero at any factor: an all-zero figure scales.
    for (float& value : clip.motion.values) {
        value = 0.0f;
    }
    EXPECT_TRUE(scaleSkeleton(clip.skeleton, clip.motion, 1e-300).ok());
}

TEST(ScaleSkeleton, KeepsValuesAtTheEdgesOfTheFloatRange) {
    const Document clip = test::makeClip(5);
    const Conversion large = scaleSkeleton(clip.skeleton, clip.motion, 1e36);
    ASSERT_TRUE(large.ok()) << large.diagnostics.front().message;
    const Conversion small = scaleSkeleton(clip.skeleton, clip.motion, 1e-40);
    ASSERT_TRUE(small.ok()) << small.diagnostics.front().message; // subnormal, not zero
    for (std::size_t i = 0; i < clip.motion.values.size(); ++i) {
        EXPECT_TRUE(std::isfinite(large.motion.values[i]));
        EXPECT_EQ(clip.motion.values[i] == 0.0f, small.motion.values[i] == 0.0f);
    }
}

} // namespace
} // namespace bvh
