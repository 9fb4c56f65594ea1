#include "core/live/osc_packet.h"
#include "core/live/vmc_frames.h"
#include "core/live/vmc_writer.h"
#include "tests/core/live/vmc_test_avatar.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace bvh::live {
namespace {

// Sends `poses` through the writer, the OSC reader and the assembler into `frames`, arriving
// 1/90 s apart (the sender's T, when set, says otherwise).
struct VmcReceiver {
    OscCounters osc;
    VmcAssembler assembler;
    VmcFrames builder;
    std::vector<LiveFrame> frames;
    double arrival = 0.0;

    void send(const VmcPose& pose, VmcPacking packing) {
        for (const OscBytes& datagram : writeVmcFrame(pose, packing)) {
            receive(datagram);
        }
        arrival += 1.0 / 90.0;
    }
    void receive(const OscBytes& datagram) {
        std::vector<OscMessage> messages;
        readOscPacket(datagram, messages, osc);
        std::vector<VmcPose> poses;
        assembler.feed(messages, poses);
        for (const VmcPose& pose : poses) {
            builder.add(pose, arrival, frames);
        }
    }
};

VmcPose timed(VmcPose pose, int frame) {
    pose.senderTime = 100.0 + frame / 60.0;
    return pose;
}

void sendPoses(VmcReceiver& receiver, const VmcPose& pose, int count, VmcPacking packing) {
    for (int i = 0; i < count; ++i) {
        receiver.send(timed(pose, i), packing);
    }
}

TEST(VmcFramesTest, BuildsUnitysHierarchyFromTheBonesSent) {
    VmcReceiver receiver;
    sendPoses(receiver, test::restPose(), VmcFrames::kRateFrames, VmcPacking::Bundle);
    const Skeleton* skeleton = receiver.builder.skeleton();
    ASSERT_NE(skeleton, nullptr);
    EXPECT_EQ(skeleton->nodeCount(), 20u); // 4 down the middle, 8 a side
    EXPECT_EQ(skeleton->names[0], "Hips");
    // No Neck and no shoulders were sent: Head and the arms hang from Chest.
    EXPECT_EQ(skeleton->parents[static_cast<std::size_t>(skeleton->find("Head"))],
              skeleton->find("Chest"));
    EXPECT_EQ(skeleton->parents[static_cast<std::size_t>(skeleton->find("LeftUpperArm"))],
              skeleton->find("Chest"));
    EXPECT_EQ(skeleton->parents[static_cast<std::size_t>(skeleton->find("LeftIndexProximal"))],
              skeleton->find("LeftHand"));
    EXPECT_EQ(skeleton->totalChannels(), 3u + 20u * 3u);
    // Unity's left arm at -X comes out at +X: X is negated.
    const glm::dvec3 offset =
        skeleton->offsets[static_cast<std::size_t>(skeleton->find("LeftUpperArm"))];
    EXPECT_NEAR(offset.x, 0.2, 1e-6);
    EXPECT_NEAR(offset.y, 0.25, 1e-6);
    EXPECT_EQ(receiver.frames.size(), VmcFrames::kRateFrames);
    EXPECT_EQ(receiver.frames.back().number, VmcFrames::kRateFrames - 1);
}

TEST(VmcFramesTest, HoldsFramesUntilTheRateIsKnownThenTakesTheSendersRate) {
    VmcReceiver receiver;
    sendPoses(receiver, test::restPose(), VmcFrames::kRateFrames - 1, VmcPacking::Bundle);
    EXPECT_EQ(receiver.builder.skeleton(), nullptr);
    EXPECT_EQ(receiver.builder.heldFrames(), VmcFrames::kRateFrames - 1);
    EXPECT_TRUE(receiver.frames.empty());
    receiver.send(timed(test::restPose(), 9), VmcPacking::Bundle);
    // T steps 1/60 s; the datagrams "arrived" 1/90 s apart: the sender's stamps win.
    EXPECT_NEAR(receiver.builder.frameTime(), 1.0 / 60.0, 1e-5);
}

TEST(VmcFramesTest, ASenderThatGoesQuietGetsItsFewFramesAtTheirRate) {
    VmcReceiver receiver;
    sendPoses(receiver, test::restPose(), 3, VmcPacking::Bundle);
    EXPECT_TRUE(receiver.frames.empty());
    receiver.builder.releaseHeld(receiver.frames);
    ASSERT_NE(receiver.builder.skeleton(), nullptr);
    EXPECT_EQ(receiver.frames.size(), 3u);
    EXPECT_NEAR(receiver.builder.frameTime(), 1.0 / 60.0, 1e-5);
}

TEST(VmcFramesTest, WithoutTStampsTheRateIsTheArrivalRate) {
    VmcReceiver receiver;
    for (std::size_t i = 0; i < VmcFrames::kRateFrames; ++i) {
        receiver.send(test::restPose(), VmcPacking::Bundle);
    }
    EXPECT_NEAR(receiver.builder.frameTime(), 1.0 / 90.0, 1e-9);
}

// The figure's left, whatever the axes: with up from the hips to the head and forward from the
// heel to the toes, a right-handed figure's left is up x forward.
void expectNotMirrored(const Skeleton& skeleton, const std::vector<glm::dvec3>& at) {
    const glm::dvec3 up =
        test::positionOf(skeleton, at, "Head") - test::positionOf(skeleton, at, "Hips");
    const glm::dvec3 forward =
        test::positionOf(skeleton, at, "RightToes") - test::positionOf(skeleton, at, "RightFoot");
    const glm::dvec3 left = glm::cross(up, forward);
    EXPECT_GT(glm::dot(test::positionOf(skeleton, at, "LeftUpperLeg") -
                           test::positionOf(skeleton, at, "RightUpperLeg"),
                       left),
              0.0);
}

TEST(VmcFramesTest, ALoweredLeftArmIsTheFiguresLeftArmLowered) {
    for (VmcPacking packing : {VmcPacking::Bundle, VmcPacking::Messages}) {
        VmcReceiver receiver;
        sendPoses(receiver, test::leftArmLowered(), VmcFrames::kRateFrames, packing);
        ASSERT_EQ(receiver.frames.size(), VmcFrames::kRateFrames);
        const Skeleton& skeleton = *receiver.builder.skeleton();
        const auto at = test::worldPositions(skeleton, receiver.frames.back().values);
        // By hand: the shoulder at Unity (-0.2, 1.5, 0), the arm (0.55 m) straight down; X negated.
        test::expectNearPosition(test::positionOf(skeleton, at, "LeftUpperArm"), {0.2, 1.5, 0});
        test::expectNearPosition(test::positionOf(skeleton, at, "LeftHand"), {0.2, 0.95, 0});
        test::expectNearPosition(test::positionOf(skeleton, at, "RightHand"), {-0.75, 1.5, 0});
        expectNotMirrored(skeleton, at);
    }
}

TEST(VmcFramesTest, ABentLeftKneePutsTheLeftFootBehind) {
    VmcReceiver receiver;
    sendPoses(receiver, test::leftKneeBent(), VmcFrames::kRateFrames, VmcPacking::Messages);
    const Skeleton& skeleton = *receiver.builder.skeleton();
    const auto at = test::worldPositions(skeleton, receiver.frames.back().values);
    test::expectNearPosition(test::positionOf(skeleton, at, "LeftLowerLeg"), {0.1, 0.5, 0});
    test::expectNearPosition(test::positionOf(skeleton, at, "LeftFoot"), {0.1, 0.5, -0.45});
    test::expectNearPosition(test::positionOf(skeleton, at, "LeftToes"), {0.1, 0.38, -0.5});
    test::expectNearPosition(test::positionOf(skeleton, at, "RightFoot"), {-0.1, 0.05, 0});
    expectNotMirrored(skeleton, at);
}

TEST(VmcFramesTest, TheRootTransformAndTheV21OffsetPlaceTheFigure) {
    VmcPose pose = test::restPose();
    pose.root = UnityTransform{{1.0, 0.0, 2.0}, test::unityTurn(90, {0, 1, 0})};
    pose.rootOffset = {1.0, 0.0, 0.0};
    VmcReceiver receiver;
    sendPoses(receiver, pose, VmcFrames::kRateFrames, VmcPacking::Bundle);
    const Skeleton& skeleton = *receiver.builder.skeleton();
    const auto at = test::worldPositions(skeleton, receiver.frames.back().values);
    // Unity: (1, 0, 2) less the offset (1, 0, 0), plus Hips' (0, 1, 0) turned about Y.
    test::expectNearPosition(test::positionOf(skeleton, at, "Hips"), {0, 1, 2});
    // Unity's +90 about Y turns +Z (forward) to +X; negated, the figure faces -X.
    const glm::dvec3 forward =
        test::positionOf(skeleton, at, "LeftToes") - test::positionOf(skeleton, at, "LeftFoot");
    EXPECT_LT(forward.x, -0.1);
    expectNotMirrored(skeleton, at);
}

TEST(VmcFramesTest, NewLocalPositionsAreANewSkeletonAndSaidSo) {
    VmcReceiver receiver;
    sendPoses(receiver, test::restPose(), VmcFrames::kRateFrames, VmcPacking::Bundle);
    EXPECT_EQ(receiver.builder.skeletonGeneration(), 1u);
    VmcPose taller = test::restPose();
    test::setBone(taller, "Spine", {0, 0.2, 0});
    receiver.send(timed(taller, 10), VmcPacking::Bundle);
    EXPECT_EQ(receiver.builder.skeletonGeneration(), 2u);
    EXPECT_NE(receiver.builder.problem().find("new take"), std::string::npos);
    ASSERT_EQ(receiver.frames.size(), VmcFrames::kRateFrames + 1);
    EXPECT_EQ(receiver.frames.back().number, VmcFrames::kRateFrames);
    EXPECT_NEAR(receiver.builder.skeleton()->offsets[1].y, 0.2, 1e-6);
}

TEST(VmcFramesTest, BadMessagesAreCountedAndDropped) {
    VmcReceiver receiver;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::vector<OscArgument> nanBone{oscString("Hips"), oscFloat(nan), oscFloat(0),
                                           oscFloat(0),       oscFloat(0),   oscFloat(0),
                                           oscFloat(0),       oscFloat(1)};
    receiver.receive(writeOscMessage("/VMC/Ext/Bone/Pos", nanBone));
    std::vector<OscArgument> unknown = nanBone;
    unknown[0] = oscString("Tail");
    unknown[1] = oscFloat(0);
    receiver.receive(writeOscMessage("/VMC/Ext/Bone/Pos", unknown));
    receiver.receive(writeOscMessage("/VMC/Ext/Bone/Pos", std::vector{oscString("Hips")}));
    receiver.receive(writeOscMessage("/VMC/Ext/Blend/Val", std::vector{oscString("A")}));
    // No rotation (a zero quaternion), and a quaternion of length 1e19 (found by fuzzing: its
    // square scaled positions past a float's range).
    std::vector<OscArgument> zero = unknown;
    zero[0] = oscString("Hips");
    zero[7] = oscFloat(0);
    receiver.receive(writeOscMessage("/VMC/Ext/Bone/Pos", zero));
    std::vector<OscArgument> huge = zero;
    huge[7] = oscFloat(1e19f);
    receiver.receive(writeOscMessage("/VMC/Ext/Bone/Pos", huge));
    const VmcCounters& counters = receiver.assembler.counters();
    EXPECT_EQ(counters.nonFinite, 1u);
    EXPECT_EQ(counters.unknownBones, 1u);
    EXPECT_EQ(counters.malformed, 2u); // the bone without floats; the zero quaternion
    EXPECT_EQ(counters.ignoredMessages, 1u);
    // The stream goes on unharmed.
    sendPoses(receiver, test::leftArmLowered(), VmcFrames::kRateFrames, VmcPacking::Bundle);
    ASSERT_EQ(receiver.frames.size(), VmcFrames::kRateFrames);
    for (const LiveFrame& frame : receiver.frames) {
        for (float value : frame.values) {
            ASSERT_TRUE(std::isfinite(value));
        }
    }
}

TEST(VmcFramesTest, UnbundledFramesEndAtOkAndTakeTheTThatFollows) {
    VmcReceiver receiver;
    VmcPose pose = timed(test::restPose(), 0);
    std::vector<OscBytes> datagrams = writeVmcFrame(pose, VmcPacking::Messages);
    // Reorder: OK before T, as some senders send them.
    std::swap(datagrams[datagrams.size() - 1], datagrams[datagrams.size() - 2]);
    std::vector<VmcPose> poses;
    for (const OscBytes& datagram : datagrams) {
        std::vector<OscMessage> messages;
        readOscPacket(datagram, messages, receiver.osc);
        receiver.assembler.feed(messages, poses);
    }
    ASSERT_EQ(poses.size(), 1u);
    ASSERT_TRUE(poses[0].senderTime.has_value());
    EXPECT_NEAR(*poses[0].senderTime, 100.0, 1e-4);
}

} // namespace
} // namespace bvh::live
