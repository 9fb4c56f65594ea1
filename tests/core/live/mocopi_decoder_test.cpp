#include "core/live/mocopi_decoder.h"
#include "tests/core/live/mocopi_test_body.h"
#include "tests/core/live/vmc_test_avatar.h"

#include <gtest/gtest.h>
#include <limits>

namespace bvh::live {
namespace {

std::vector<LiveFrame> feed(MocopiDecoder& decoder, const std::vector<std::uint8_t>& datagram,
                            double arrival = 0.0) {
    std::vector<LiveFrame> frames;
    decoder.read(datagram);
    while (decoder.step(arrival, frames)) {
    }
    return frames;
}

TEST(MocopiDecoderTest, NamesSonysJointsDepthFirstWithTheSkdfOffsets) {
    MocopiDecoder decoder;
    feed(decoder, writeMocopiSkeleton(test::mocopiSkeleton()));
    feed(decoder, writeMocopiFrame(test::mocopiRestFrame(0, 0)));
    EXPECT_EQ(decoder.skeleton(), nullptr); // one frame held for the rate
    decoder.endOfInput();
    std::vector<LiveFrame> frames;
    while (decoder.step(0.0, frames)) {
    }
    ASSERT_NE(decoder.skeleton(), nullptr); // the device went quiet: given with its one frame
    EXPECT_EQ(frames.size(), 1u);
    const Skeleton& skeleton = *decoder.skeleton();
    ASSERT_EQ(skeleton.nodeCount(), 27u);
    EXPECT_EQ(skeleton.names[0], "root");
    EXPECT_EQ(skeleton.names[1], "torso_1");
    // Depth first: after torso_7 (node 7) come the neck and head, then the left arm.
    EXPECT_EQ(skeleton.names[8], "neck_1");
    EXPECT_EQ(skeleton.names[11], "l_shoulder");
    EXPECT_EQ(skeleton.parents[static_cast<std::size_t>(skeleton.find("l_up_leg"))], 0);
    test::expectNearPosition(skeleton.offsets[static_cast<std::size_t>(skeleton.find("l_low_arm"))],
                             {0.3, 0, 0});
    EXPECT_EQ(skeleton.totalChannels(), 3u + 27u * 3u);
}

TEST(MocopiDecoderTest, FramesBeforeTheSkeletonWaitAndTheKnownPoseArrives) {
    for (const bool withUttm : {false, true}) {
        MocopiDecoder decoder;
        std::vector<LiveFrame> frames;
        for (std::uint32_t i = 0; i < 3; ++i) { // before any skeleton: 20 ms apart
            MocopiFramePacket frame = test::mocopiKnownPose(i, 1000 + 20 * i);
            if (withUttm) {
                frame.unixSeconds = 1.7e9 + 0.02 * i;
            }
            const auto got = feed(decoder, writeMocopiFrame(frame));
            EXPECT_TRUE(got.empty());
        }
        EXPECT_NE(decoder.waitingFor().find("3 frames waiting for the skeleton"), std::string::npos)
            << decoder.waitingFor();
        frames = feed(decoder, writeMocopiSkeleton(test::mocopiSkeleton()));
        for (std::uint32_t i = 3; i < 10; ++i) {
            MocopiFramePacket frame = test::mocopiKnownPose(i, 1000 + 20 * i);
            if (withUttm) {
                frame.unixSeconds = 1.7e9 + 0.02 * i;
            }
            const auto got = feed(decoder, writeMocopiFrame(frame), i / 90.0);
            frames.insert(frames.end(), got.begin(), got.end());
        }
        ASSERT_EQ(frames.size(), 10u);
        EXPECT_NEAR(decoder.frameTime(), 0.02, 1e-6); // 50 Hz, as stamped
        const Skeleton& skeleton = *decoder.skeleton();
        const auto at = test::worldPositions(skeleton, frames.back().values);
        // By hand: the left shoulder joint (l_up_arm) at (0.15, 1.25, 0); the arm 0.55 m down.
        test::expectNearPosition(test::positionOf(skeleton, at, "l_up_arm"), {0.15, 1.25, 0});
        test::expectNearPosition(test::positionOf(skeleton, at, "l_hand"), {0.15, 0.7, 0});
        // The left knee at (0.1, 0.45, 0); the shin turned back: the foot 0.4 m behind it.
        test::expectNearPosition(test::positionOf(skeleton, at, "l_foot"), {0.1, 0.45, -0.4});
        test::expectNearPosition(test::positionOf(skeleton, at, "r_foot"), {-0.1, 0.05, 0});
    }
}

TEST(MocopiDecoderTest, HostileDatagramsAreCountedAndDropped) {
    MocopiDecoder decoder;
    const auto skeleton = writeMocopiSkeleton(test::mocopiSkeleton());
    feed(decoder, std::vector<std::uint8_t>(skeleton.begin(), skeleton.begin() + 100)); // cut
    std::vector<std::uint8_t> outOfRange = writeMocopiFrame(test::mocopiRestFrame(0, 0));
    // The first btdt's bnid is the first 2-byte field whose tag is "bnid": set it to 27.
    for (std::size_t i = 4; i + 6 <= outOfRange.size(); ++i) {
        if (std::string_view(reinterpret_cast<const char*>(&outOfRange[i]), 4) == "bnid") {
            outOfRange[i + 4] = 27;
            break;
        }
    }
    feed(decoder, outOfRange);
    MocopiFramePacket nan = test::mocopiRestFrame(1, 20);
    nan.bones[5]->position.x = std::numeric_limits<double>::quiet_NaN();
    feed(decoder, writeMocopiFrame(nan));
    const std::vector<std::uint8_t> unknown{4, 0, 0, 0, 'w', 'h', 'a', 't', 1, 2, 3, 4};
    feed(decoder, unknown);
    const DatagramCounters counters = decoder.counters();
    EXPECT_EQ(counters.truncated, 1u);
    EXPECT_EQ(counters.unknownBones, 1u);
    EXPECT_EQ(counters.nonFinite, 1u);
    EXPECT_EQ(counters.unknownTags, 1u);
    EXPECT_EQ(counters.malformed, 1u); // the unknown datagram has neither skdf nor fram
    // Every cut of a real skeleton datagram is counted, never read past its end.
    for (std::size_t size = 0; size < skeleton.size(); ++size) {
        const std::vector<std::uint8_t> cut(skeleton.begin(),
                                            skeleton.begin() + static_cast<std::ptrdiff_t>(size));
        EXPECT_NE(readMocopiPacket(cut).read, MocopiRead::Skeleton) << size;
    }
}

} // namespace
} // namespace bvh::live
