#include "core/conversions/conversions.h"
#include "tests/core/conversions/clip_fixture.h"
#include "tests/support/bvh_texts.h"

namespace bvh {
namespace {

class ChangeRotationOrder : public testing::TestWithParam<const char*> {};

TEST_P(ChangeRotationOrder, KeepsEveryWorldPositionAndContinuity) {
    const Document clip = test::makeClip(90);
    const EulerOrder order = *parseEulerOrder(GetParam());
    const Conversion converted = changeRotationOrder(clip.skeleton, clip.motion, order);
    ASSERT_TRUE(converted.ok());
    for (std::size_t node = 0; node < converted.skeleton.nodeCount(); ++node) {
        const std::string before = clip.skeleton.rotationOrder(static_cast<NodeIndex>(node));
        const std::string after = converted.skeleton.rotationOrder(static_cast<NodeIndex>(node));
        EXPECT_EQ(after, before.empty() ? "" : order.name()) << clip.skeleton.names[node];
    }
    // Positions stay in the first three columns of the roots.
    EXPECT_EQ(converted.skeleton.channels[0], ChannelType::Xposition);
    for (std::uint32_t frame = 0; frame < clip.motion.frameCount; ++frame) {
        SCOPED_TRACE("frame " + std::to_string(frame));
        test::expectPositionsNear(
            test::worldPositions(clip.skeleton, clip.motion, frame, TranslationMode::Absolute),
            test::worldPositions(converted.skeleton, converted.motion, frame,
                                 TranslationMode::Absolute),
            2e-3);
        if (frame > 0) {
            for (std::uint32_t c = 0; c < clip.motion.channelCount; ++c) {
                EXPECT_LT(std::abs(converted.motion.frame(frame)[c] -
                                   converted.motion.frame(frame - 1)[c]),
                          45.0f)
                    << "channel " << c;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(EveryOrder, ChangeRotationOrder,
                         testing::Values("XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"));

TEST(ChangeRotationOrderLayouts, OtherLayoutsAreLeftWithAWarning) {
    const Document hinge = parseDocument(test::kHingeBvh);
    const Conversion converted =
        changeRotationOrder(hinge.skeleton, hinge.motion, *parseEulerOrder("XYZ"));
    ASSERT_TRUE(converted.ok());
    ASSERT_EQ(converted.diagnostics.size(), 1u);
    EXPECT_EQ(converted.diagnostics[0].severity, Severity::Warning);
    EXPECT_EQ(converted.motion.values, hinge.motion.values);
}

} // namespace
} // namespace bvh
