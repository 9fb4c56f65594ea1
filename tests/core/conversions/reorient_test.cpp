#include "core/conversions/conversions.h"
#include "tests/core/conversions/clip_fixture.h"
#include "tests/support/bvh_texts.h"

#include <glm/gtc/quaternion.hpp>

namespace bvh {
namespace {

class RotateWorld : public testing::TestWithParam<TranslationMode> {};

// The contract: p' = C p for every node (End Sites included) and every frame.
void expectRotatedEverywhere(const Document& clip, const Conversion& converted,
                             TranslationMode mode, const glm::dquat& rotation) {
    ASSERT_TRUE(converted.ok());
    ASSERT_EQ(converted.motion.frameCount, clip.motion.frameCount);
    for (std::uint32_t frame = 0; frame < clip.motion.frameCount; ++frame) {
        SCOPED_TRACE("frame " + std::to_string(frame));
        std::vector<glm::dvec3> expected =
            test::worldPositions(clip.skeleton, clip.motion, frame, mode);
        for (glm::dvec3& position : expected) {
            position = rotation * position;
        }
        test::expectPositionsNear(
            expected, test::worldPositions(converted.skeleton, converted.motion, frame, mode),
            2e-3);
    }
}

TEST_P(RotateWorld, YUpToZUpRotatesEveryWorldPosition) {
    const Document clip = test::makeClip(90);
    ASSERT_TRUE(clip.loaded());
    const glm::dquat c = upAxisRotation(UpAxis::PositiveY, UpAxis::PositiveZ);
    const Conversion converted =
        changeUpAxis(clip.skeleton, clip.motion, GetParam(), UpAxis::PositiveY, UpAxis::PositiveZ);
    expectRotatedEverywhere(clip, converted, GetParam(), c);
}

TEST_P(RotateWorld, ZUpToYUpAndAnArbitraryRotationToo) {
    const Document clip = test::makeClip(40);
    expectRotatedEverywhere(
        clip,
        changeUpAxis(clip.skeleton, clip.motion, GetParam(), UpAxis::PositiveZ, UpAxis::PositiveY),
        GetParam(), upAxisRotation(UpAxis::PositiveZ, UpAxis::PositiveY));
    const glm::dquat tilted = glm::angleAxis(0.7, glm::normalize(glm::dvec3(1.0, 2.0, -0.5)));
    expectRotatedEverywhere(clip, rotateWorld(clip.skeleton, clip.motion, GetParam(), tilted),
                            GetParam(), tilted);
}

INSTANTIATE_TEST_SUITE_P(BothTranslationModes, RotateWorld,
                         testing::Values(TranslationMode::Absolute, TranslationMode::Additive),
                         [](const auto& info) {
                             return std::string(translationModeName(info.param));
                         });

TEST(ChangeUpAxis, QuarterTurnMovesOffsetsBetweenAxesExactlyAndKeepsLayouts) {
    const Document clip = test::makeClip(3);
    const Conversion converted = changeUpAxis(clip.skeleton, clip.motion, TranslationMode::Absolute,
                                              UpAxis::PositiveY, UpAxis::PositiveZ);
    ASSERT_TRUE(converted.ok());
    // Y-up (x, y, z) is Z-up (x, -z, y): the Hips' 90 up becomes +Z, exactly, with no 6e-17 dust.
    EXPECT_EQ(converted.skeleton.offsets[0], glm::dvec3(0.0, 0.0, 90.0));
    EXPECT_EQ(converted.skeleton.offsets[1], glm::dvec3(0.0, -1.0, 10.0));
    EXPECT_EQ(converted.skeleton.channels, clip.skeleton.channels);
    EXPECT_EQ(converted.skeleton.channelNames, clip.skeleton.channelNames);
}

TEST(UpAxisRotation, TakesTheFromAxisToTheToAxisAndKeepsBipedLeftOnPlusX) {
    const glm::dquat yToZ = upAxisRotation(UpAxis::PositiveY, UpAxis::PositiveZ);
    const glm::dvec3 up = yToZ * glm::dvec3(0, 1, 0);
    const glm::dvec3 forward = yToZ * glm::dvec3(0, 0, 1); // a Y-up figure faces +Z
    const glm::dvec3 left = yToZ * glm::dvec3(1, 0, 0);
    EXPECT_NEAR(glm::distance(up, glm::dvec3(0, 0, 1)), 0.0, 1e-12);
    EXPECT_NEAR(glm::distance(forward, glm::dvec3(0, -1, 0)), 0.0, 1e-12); // Biped faces -Y
    EXPECT_NEAR(glm::distance(left, glm::dvec3(1, 0, 0)), 0.0, 1e-12);
    const glm::dquat flip = upAxisRotation(UpAxis::NegativeY, UpAxis::PositiveY);
    EXPECT_NEAR(glm::distance(flip * glm::dvec3(0, -1, 0), glm::dvec3(0, 1, 0)), 0.0, 1e-12);
}

TEST(ChangeUpAxis, SameAxisIsAnExactCopy) {
    const Document clip = test::makeClip(5);
    const Conversion same = changeUpAxis(clip.skeleton, clip.motion, TranslationMode::Absolute,
                                         UpAxis::PositiveY, UpAxis::PositiveY);
    ASSERT_TRUE(same.ok());
    EXPECT_EQ(same.motion.values, clip.motion.values);
}

TEST(RotateWorld, AutoModeAndUnrepresentableLayoutsAreErrors) {
    const Document clip = test::makeClip(2);
    EXPECT_FALSE(rotateWorld(clip.skeleton, clip.motion, TranslationMode::Auto,
                             upAxisRotation(UpAxis::PositiveY, UpAxis::PositiveZ))
                     .ok());
    // A joint that can only turn about Z cannot hold C * Rz * C^-1 = a turn about -Y.
    const Document oneAxis = parseDocument(test::kHingeBvh);
    ASSERT_TRUE(oneAxis.loaded());
    const Conversion converted =
        changeUpAxis(oneAxis.skeleton, oneAxis.motion, TranslationMode::Additive, UpAxis::PositiveY,
                     UpAxis::PositiveZ);
    ASSERT_FALSE(converted.ok());
    EXPECT_NE(converted.diagnostics[0].message.find("Hinge"), std::string::npos);
    EXPECT_EQ(converted.skeleton.nodeCount(), 0u);
}

} // namespace
} // namespace bvh
