#include "core/conversions/conversions.h"
#include "tests/core/conversions/clip_fixture.h"

namespace bvh {
namespace {

TEST(TrimFrames, KeepsTheRangeInclusive) {
    const Document clip = test::makeClip(20);
    const Conversion trimmed = trimFrames(clip.skeleton, clip.motion, 5, 9);
    ASSERT_TRUE(trimmed.ok());
    ASSERT_EQ(trimmed.motion.frameCount, 5u);
    EXPECT_EQ(trimmed.motion.frameTime, clip.motion.frameTime);
    for (std::uint32_t frame = 0; frame < 5; ++frame) {
        test::expectPositionsNear(
            test::worldPositions(clip.skeleton, clip.motion, frame + 5, TranslationMode::Absolute),
            test::worldPositions(trimmed.skeleton, trimmed.motion, frame,
                                 TranslationMode::Absolute),
            0.0);
    }
}

TEST(TrimFrames, ClampsTheEndAndRejectsEmptyRanges) {
    const Document clip = test::makeClip(10);
    EXPECT_EQ(trimFrames(clip.skeleton, clip.motion, 8, 1000).motion.frameCount, 2u);
    EXPECT_FALSE(trimFrames(clip.skeleton, clip.motion, 10, 12).ok());
    EXPECT_FALSE(trimFrames(clip.skeleton, clip.motion, 5, 4).ok());
}

TEST(TrimFrames, AMotionThatDoesNotFitTheSkeletonIsAnError) {
    Document clip = test::makeClip(4);
    clip.motion.values.pop_back();
    const Conversion result = trimFrames(clip.skeleton, clip.motion, 0, 1);
    EXPECT_FALSE(result.ok());
    EXPECT_EQ(result.motion.frameCount, 0u);
}

} // namespace
} // namespace bvh
