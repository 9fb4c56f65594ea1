#include "core/conversions/conversions.h"
#include "tests/core/conversions/clip_fixture.h"

namespace bvh {
namespace {

TEST(ResampleMotion, DoublingTheRateKeepsEveryInputFrameExactly) {
    const Document clip = test::makeClip(31, 30.0);
    const Conversion doubled = resampleMotion(clip.skeleton, clip.motion, 60.0);
    ASSERT_TRUE(doubled.ok());
    EXPECT_EQ(doubled.motion.frameCount, 61u);
    EXPECT_DOUBLE_EQ(doubled.motion.frameTime, 1.0 / 60.0);
    for (std::uint32_t frame = 0; frame < clip.motion.frameCount; ++frame) {
        const auto in = clip.motion.frame(frame);
        const auto out = doubled.motion.frame(frame * 2);
        EXPECT_TRUE(std::equal(in.begin(), in.end(), out.begin())) << "frame " << frame;
    }
}

TEST(ResampleMotion, InBetweensAreTheSlerpOfTheNeighbours) {
    const Document clip = test::makeClip(31, 30.0);
    const TranslationMode mode = TranslationMode::Absolute;
    const Conversion doubled = resampleMotion(clip.skeleton, clip.motion, 60.0);
    ASSERT_TRUE(doubled.ok());
    const std::size_t nodes = clip.skeleton.nodeCount();
    std::vector<RigidTransform> a(nodes), b(nodes), blended(nodes), world(nodes);
    for (std::uint32_t frame = 0; frame + 1 < clip.motion.frameCount; ++frame) {
        SCOPED_TRACE("between " + std::to_string(frame) + " and " + std::to_string(frame + 1));
        computeLocalTransforms(clip.skeleton, clip.motion.frame(frame), mode, a);
        computeLocalTransforms(clip.skeleton, clip.motion.frame(frame + 1), mode, b);
        blendLocalTransforms(a, b, 0.5, blended);
        computeWorldTransforms(clip.skeleton, blended, world);
        std::vector<glm::dvec3> expected;
        for (const RigidTransform& transform : world) {
            expected.push_back(transform.translation);
        }
        test::expectPositionsNear(
            expected, test::worldPositions(doubled.skeleton, doubled.motion, frame * 2 + 1, mode),
            2e-3);
    }
}

TEST(ResampleMotion, DownsamplingKeepsSharedTimesAndTheDuration) {
    const Document clip = test::makeClip(121, 120.0);
    const Conversion slower = resampleMotion(clip.skeleton, clip.motion, 30.0);
    ASSERT_TRUE(slower.ok());
    EXPECT_EQ(slower.motion.frameCount, 31u); // 1 s at 30 fps
    for (std::uint32_t frame = 0; frame < slower.motion.frameCount; ++frame) {
        const auto in = clip.motion.frame(frame * 4);
        const auto out = slower.motion.frame(frame);
        EXPECT_TRUE(std::equal(in.begin(), in.end(), out.begin())) << "frame " << frame;
    }
}

TEST(ResampleMotion, CurvesStayContinuous) {
    // Hips' first angle crosses +-180 in the input with its own unwrapping; the in-betweens
    // must follow it rather than jump by 360.
    const Document clip = test::makeClip(91, 30.0);
    const Conversion resampled = resampleMotion(clip.skeleton, clip.motion, 47.0);
    ASSERT_TRUE(resampled.ok());
    for (std::uint32_t frame = 1; frame < resampled.motion.frameCount; ++frame) {
        for (std::uint32_t c = 3; c < resampled.motion.channelCount; ++c) {
            EXPECT_LT(
                std::abs(resampled.motion.frame(frame)[c] - resampled.motion.frame(frame - 1)[c]),
                30.0f)
                << "channel " << c << " jumps at frame " << frame;
        }
    }
}

TEST(ResampleMotion, BadRatesAreErrors) {
    const Document clip = test::makeClip(3);
    EXPECT_FALSE(resampleMotion(clip.skeleton, clip.motion, 0.0).ok());
    EXPECT_FALSE(resampleMotion(clip.skeleton, clip.motion, -5.0).ok());
    EXPECT_FALSE(resampleMotion(clip.skeleton, clip.motion, std::nan("")).ok());
}

} // namespace
} // namespace bvh
