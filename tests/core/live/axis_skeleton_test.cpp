#include "core/live/axis_skeleton.h"
#include "core/model/motion.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"

#include <gtest/gtest.h>

namespace bvh::live {
namespace {

TEST(AxisSkeleton, Has59JointsWithEveryFingerAndTheInHandJoints) {
    const Skeleton skeleton = axisSkeleton(true);
    EXPECT_EQ(skeleton.jointCount(), kAxisJointCount);
    for (const char* name :
         {"Hips", "RightUpLeg", "LeftFoot", "Spine", "Spine3", "Neck", "Head", "RightShoulder",
          "RightHandThumb3", "RightInHandIndex", "RightHandIndex3", "RightInHandMiddle",
          "RightInHandRing", "RightInHandPinky", "LeftHandPinky3", "LeftInHandIndex"}) {
        EXPECT_NE(skeleton.find(name), kNoParent) << name;
    }
    // Bone order as Axis Neuron numbers them: Hips 0, the legs, the spine, the arms.
    EXPECT_EQ(skeleton.names[0], "Hips");
    EXPECT_EQ(skeleton.parents[static_cast<std::size_t>(skeleton.find("RightShoulder"))],
              skeleton.find("Spine3"));
    EXPECT_EQ(skeleton.parents[static_cast<std::size_t>(skeleton.find("RightHandIndex1"))],
              skeleton.find("RightInHandIndex"));
    for (std::size_t node = 1; node < skeleton.nodeCount(); ++node) {
        EXPECT_LT(skeleton.parents[node], static_cast<NodeIndex>(node));
    }
    // The figure's right is -X.
    EXPECT_LT(skeleton.offsets[static_cast<std::size_t>(skeleton.find("RightUpLeg"))].x, 0.0);
    EXPECT_GT(skeleton.offsets[static_cast<std::size_t>(skeleton.find("LeftArm"))].x, 0.0);
}

TEST(AxisSkeleton, ChannelsFollowTheTwoBroadcastVariants) {
    const Skeleton with = axisSkeleton(true);
    const Skeleton without = axisSkeleton(false);
    EXPECT_EQ(with.totalChannels(), kAxisValuesWithDisplacement);
    EXPECT_EQ(without.totalChannels(), kAxisValuesWithoutDisplacement);
    const NodeIndex head = with.find("Head");
    EXPECT_EQ(with.rotationOrder(head), "YXZ");
    EXPECT_TRUE(with.hasPositionChannels(head));
    EXPECT_FALSE(without.hasPositionChannels(without.find("Head")));
    EXPECT_TRUE(without.hasPositionChannels(0));
    EXPECT_EQ(without.rotationOrder(0), "YXZ");
    EXPECT_EQ(axisSkeletonForValueCount(354)->totalChannels(), 354u);
    EXPECT_EQ(axisSkeletonForValueCount(180)->totalChannels(), 180u);
    EXPECT_FALSE(axisSkeletonForValueCount(181));
}

TEST(AxisSkeleton, IsWritableAndReadsBackTheSame) {
    for (bool withDisplacement : {true, false}) {
        const Skeleton skeleton = axisSkeleton(withDisplacement);
        Motion motion;
        motion.channelCount = static_cast<std::uint32_t>(skeleton.totalChannels());
        motion.frameTime = 1.0 / 120.0;
        motion.frameTimeAssumed = false;
        ASSERT_TRUE(validateForWriting(skeleton, motion).empty());
        const Document document = parseDocument(formatBvh(skeleton, motion));
        ASSERT_TRUE(document.loaded());
        EXPECT_EQ(document.skeleton.names, skeleton.names);
        EXPECT_EQ(document.skeleton.channels, skeleton.channels);
        EXPECT_EQ(document.skeleton.offsets, skeleton.offsets);
    }
}

} // namespace
} // namespace bvh::live
