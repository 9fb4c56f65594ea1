#include "core/conversions/conversions.h"
#include "tests/core/conversions/clip_fixture.h"

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

} // namespace
} // namespace bvh
