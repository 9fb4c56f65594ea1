#include "core/conversions/conversions.h"
#include "tests/core/conversions/clip_fixture.h"

namespace bvh {
namespace {

TEST(RemoveRootHorizontalMotion, KeepsHeightAndRemovesTravel) {
    const Document clip = test::makeClip(60);
    const Conversion still =
        removeRootHorizontalMotion(clip.skeleton, clip.motion, UpAxis::PositiveY);
    ASSERT_TRUE(still.ok());
    for (TranslationMode mode : {TranslationMode::Absolute, TranslationMode::Additive}) {
        const glm::dvec3 start = test::worldPositions(still.skeleton, still.motion, 0, mode)[0];
        for (std::uint32_t frame = 0; frame < clip.motion.frameCount; ++frame) {
            const auto before = test::worldPositions(clip.skeleton, clip.motion, frame, mode);
            const auto after = test::worldPositions(still.skeleton, still.motion, frame, mode);
            EXPECT_EQ(after[0].y, before[0].y) << "the root's height is kept";
            EXPECT_EQ(after[0].x, start.x) << "no travel along X";
            EXPECT_EQ(after[0].z, start.z) << "no travel along Z";
            // Each root moves on its own: the second root (Prop) is held too.
            const std::size_t prop = static_cast<std::size_t>(clip.skeleton.find("Prop"));
            EXPECT_EQ(after[prop].y, before[prop].y);
        }
    }
}

TEST(RemoveRootHorizontalMotion, ZUpHoldsXAndY) {
    const Document clip = test::makeClip(10);
    const Conversion still =
        removeRootHorizontalMotion(clip.skeleton, clip.motion, UpAxis::PositiveZ);
    ASSERT_TRUE(still.ok());
    for (std::uint32_t frame = 0; frame < 10; ++frame) {
        EXPECT_EQ(still.motion.frame(frame)[0], clip.motion.frame(0)[0]);
        EXPECT_EQ(still.motion.frame(frame)[1], clip.motion.frame(0)[1]);
        EXPECT_EQ(still.motion.frame(frame)[2], clip.motion.frame(frame)[2]);
    }
}

} // namespace
} // namespace bvh
