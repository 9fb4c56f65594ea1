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

TEST(AxisLayoutDifference, IsEmptyForBothBuiltInVariants) {
    EXPECT_EQ(axisLayoutDifference(axisSkeleton(true)), "");
    EXPECT_EQ(axisLayoutDifference(axisSkeleton(false)), "");
}

// Perception Neuron files written with "XYZ" rotations (the corpus has one) are 354 values a
// frame too; read on the built-in skeleton's Y X Z order, every joint turns the wrong way.
TEST(AxisLayoutDifference, NamesTheFirstJointWhoseRotationOrderDiffers) {
    Skeleton skeleton = axisSkeleton(true);
    const auto leftLeg = static_cast<std::size_t>(skeleton.find("LeftLeg"));
    const std::size_t begin = skeleton.channelBegin[leftLeg];
    std::swap(skeleton.channels[begin + 3], skeleton.channels[begin + 4]);
    // Hips, RightUpLeg, RightLeg, RightFoot, (End Site), LeftUpLeg, LeftLeg: the sixth joint.
    EXPECT_EQ(axisLayoutDifference(skeleton),
              "joint 6, LeftLeg: Xposition Yposition Zposition Xrotation Yrotation Zrotation where "
              "Axis Neuron sends Xposition Yposition Zposition Yrotation Xrotation Zrotation");
}

TEST(AxisLayoutDifference, NamesAJointInAnotherPlaceAndAcceptsOtherCase) {
    Skeleton skeleton = axisSkeleton(false);
    skeleton.names[0] = "HIPS";
    EXPECT_EQ(axisLayoutDifference(skeleton), "");
    std::swap(skeleton.names[1], skeleton.names[static_cast<std::size_t>(skeleton.find("Spine"))]);
    EXPECT_EQ(axisLayoutDifference(skeleton), "joint 2, Spine, where Axis Neuron sends RightUpLeg");
}

TEST(AxisLayoutDifference, SaysWhenTheValueCountIsNeitherVariant) {
    Skeleton skeleton = axisSkeleton(false);
    // The last joint's last channel gone: End Sites come after it and own no columns.
    skeleton.channels.pop_back();
    std::size_t last = skeleton.nodeCount() - 1;
    while (skeleton.channelCount[last] == 0) {
        --last;
    }
    skeleton.channelCount[last] -= 1;
    EXPECT_EQ(axisLayoutDifference(skeleton),
              "179 values a frame, where Axis Neuron sends 354 (with displacement) or 180");
}

} // namespace
} // namespace bvh::live
