// The VMC receiver over real UDP on 127.0.0.1: datagrams from the project's own encoder
// (core/live/vmc_writer.h), poses whose answer is known, hostile datagrams, a second sender.
#include "app/live/datagram_address.h"
#include "app/live/datagram_source.h"
#include "core/live/mocopi_decoder.h"
#include "core/live/osc_writer.h"
#include "core/live/vmc_decoder.h"
#include "core/live/vmc_writer.h"
#include "tests/app/live/live_io_test_support.h"
#include "tests/core/live/mocopi_test_body.h"
#include "tests/core/live/vmc_test_avatar.h"
#include "tests/support/hang_guard.h"

#include <gtest/gtest.h>
#include <limits>

namespace bvhscope::live {
namespace {

using bvh::live::OscBytes;
using bvh::live::VmcPacking;
using bvh::live::VmcPose;
using test::Collected;
using test::collectUntil;
using test::framesAtLeast;

std::unique_ptr<DatagramSource>
openVmc(std::size_t mostBytes = DatagramSource::kMostDatagramBytes) {
    std::string error;
    auto source = DatagramSource::open(std::make_unique<bvh::live::VmcDecoder>(), "127.0.0.1", 0,
                                       error, mostBytes);
    EXPECT_NE(source, nullptr) << error;
    return source;
}

// A sender on its own UDP port.
struct VmcSender {
    Socket socket;
    explicit VmcSender(std::uint16_t port) {
        std::string error;
        socket = connectUdp("127.0.0.1", port, error);
        EXPECT_TRUE(socket.valid()) << error;
    }
    void send(const OscBytes& datagram) const {
        const std::string_view bytes(reinterpret_cast<const char*>(datagram.data()),
                                     datagram.size());
        EXPECT_EQ(sendSome(socket, bytes).bytes, datagram.size());
    }
};

// Waits until the source has read `datagrams` in all (its own sender's and others'), so that a
// test never fills the socket's receive buffer faster than the source empties it.
void waitForDatagrams(const DatagramSource& source, std::uint64_t datagrams) {
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (std::chrono::steady_clock::now() < giveUp) {
        const LiveStatus status = source.status();
        if (status.datagrams.datagrams + status.datagrams.oversized + status.otherSenderDatagrams >=
            datagrams) {
            return;
        }
        std::this_thread::yield();
    }
    ADD_FAILURE() << "the source read fewer than " << datagrams << " datagrams";
}

// Sends `count` frames of `pose`, T stepping 1/60 s, each frame's datagrams then a wait for
// them. Returns the datagrams sent.
std::uint64_t sendFrames(const DatagramSource& source, const VmcSender& sender, VmcPose pose,
                         int count, VmcPacking packing, std::uint64_t sentBefore = 0) {
    std::uint64_t sent = sentBefore;
    for (int i = 0; i < count; ++i) {
        pose.senderTime = 10.0 + i / 60.0;
        for (const OscBytes& datagram : bvh::live::writeVmcFrame(pose, packing)) {
            sender.send(datagram);
            ++sent;
        }
        waitForDatagrams(source, sent);
    }
    return sent;
}

void expectLeftArmLowered(const bvh::Skeleton& skeleton, const bvh::live::LiveFrame& frame) {
    const auto at = bvh::live::test::worldPositions(skeleton, frame.values);
    const glm::dvec3 hand = bvh::live::test::positionOf(skeleton, at, "LeftHand");
    // The figure is 1.6 m tall: 2 % is 3.2 cm; the float round trip is far closer.
    EXPECT_NEAR(hand.x, 0.2, 1e-4);
    EXPECT_NEAR(hand.y, 0.95, 1e-4);
    EXPECT_NEAR(hand.z, 0.0, 1e-4);
}

TEST(DatagramSourceTest, VmcFramesArriveWithTheSendersRateAndPoseBundledOrNot) {
    for (VmcPacking packing : {VmcPacking::Bundle, VmcPacking::Messages}) {
        auto source = openVmc();
        source->start();
        VmcSender sender(source->port());
        sendFrames(*source, sender, bvh::live::test::leftArmLowered(), 30, packing);
        const Collected got = collectUntil(*source, framesAtLeast(30));
        ASSERT_EQ(got.count(LiveEvent::Kind::Connected), 1u);
        ASSERT_EQ(got.count(LiveEvent::Kind::Skeleton), 1u);
        const auto frames = got.frames();
        ASSERT_EQ(frames.size(), 30u);
        const LiveEvent& skeleton = got.events[1];
        ASSERT_EQ(skeleton.kind, LiveEvent::Kind::Skeleton);
        EXPECT_NEAR(skeleton.frameTime, 1.0 / 60.0, 1e-5);
        for (const LiveEvent* frame : frames) {
            expectLeftArmLowered(*skeleton.skeleton, frame->frame);
        }
        EXPECT_EQ(frames.back()->frame.number, 29u);
        EXPECT_EQ(source->status().datagrams.dropped(), 0u);
        EXPECT_EQ(source->status().format, "vmc");
    }
}

TEST(DatagramSourceTest, ASingleFrameIsGivenOnceTheSenderGoesQuiet) {
    auto source = openVmc();
    source->start();
    VmcSender sender(source->port());
    sendFrames(*source, sender, bvh::live::test::leftArmLowered(), 1, VmcPacking::Bundle);
    const Collected got = collectUntil(*source, framesAtLeast(1));
    ASSERT_EQ(got.frames().size(), 1u);
    ASSERT_EQ(got.count(LiveEvent::Kind::Skeleton), 1u);
    expectLeftArmLowered(*got.events[1].skeleton, got.frames()[0]->frame);
}

TEST(DatagramSourceTest, HostileDatagramsAreCountedAndDroppedAndTheStreamGoesOn) {
    auto source = openVmc(4096);
    source->start();
    VmcSender sender(source->port());
    std::uint64_t sent =
        sendFrames(*source, sender, bvh::live::test::restPose(), 10, VmcPacking::Bundle);
    // Truncated: a bundle cut mid-element.
    OscBytes cut = bvh::live::writeVmcFrame(bvh::live::test::restPose(), VmcPacking::Bundle)[0];
    cut.resize(cut.size() / 2 & ~std::size_t{3});
    sender.send(cut);
    // Oversized: longer than the source's 4096 bytes.
    sender.send(OscBytes(5000, 0));
    // An unknown type tag, a NaN, a bone Unity does not have.
    sender.send(OscBytes{'/', 'V', 'M', 'C', 0, 0, 0, 0, ',', 'Q', 0, 0});
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<bvh::live::OscArgument> bone{bvh::live::oscString("LeftHand")};
    for (int i = 0; i < 7; ++i) {
        bone.push_back(bvh::live::oscFloat(i == 0 ? nan : 0.0f));
    }
    sender.send(bvh::live::writeOscMessage("/VMC/Ext/Bone/Pos", bone));
    bone[0] = bvh::live::oscString("Tail");
    bone[1] = bvh::live::oscFloat(0.0f);
    sender.send(bvh::live::writeOscMessage("/VMC/Ext/Bone/Pos", bone));
    sent += 5;
    waitForDatagrams(*source, sent);
    sendFrames(*source, sender, bvh::live::test::leftArmLowered(), 5, VmcPacking::Bundle, sent);
    const Collected got = collectUntil(*source, framesAtLeast(15));
    ASSERT_EQ(got.frames().size(), 15u);
    const LiveStatus status = source->status();
    EXPECT_EQ(status.datagrams.truncated, 1u);
    EXPECT_EQ(status.datagrams.oversized, 1u);
    EXPECT_EQ(status.datagrams.unknownTags, 1u);
    EXPECT_EQ(status.datagrams.nonFinite, 1u);
    EXPECT_EQ(status.datagrams.unknownBones, 1u);
    EXPECT_EQ(status.datagrams.dropped(), 5u);
    expectLeftArmLowered(*got.events[1].skeleton, got.frames().back()->frame);
}

TEST(DatagramSourceTest, ASecondSenderIsCountedAndNotMixedIn) {
    auto source = openVmc();
    source->start();
    VmcSender first(source->port());
    VmcSender second(source->port());
    std::uint64_t sent =
        sendFrames(*source, first, bvh::live::test::leftArmLowered(), 10, VmcPacking::Bundle);
    sent = sendFrames(*source, second, bvh::live::test::restPose(), 5, VmcPacking::Bundle, sent);
    sendFrames(*source, first, bvh::live::test::leftArmLowered(), 5, VmcPacking::Bundle, sent);
    const Collected got = collectUntil(*source, framesAtLeast(15));
    ASSERT_EQ(got.frames().size(), 15u);
    EXPECT_EQ(got.count(LiveEvent::Kind::Connected), 1u);
    for (const LiveEvent* frame : got.frames()) {
        expectLeftArmLowered(*got.events[1].skeleton, frame->frame);
    }
    const LiveStatus status = source->status();
    EXPECT_EQ(status.otherSenderDatagrams, 5u);
    EXPECT_TRUE(status.otherSender.starts_with("127.0.0.1:")) << status.otherSender;
}

TEST(DatagramSourceTest, MocopiFramesWaitForTheSkeletonThenArriveWithTheSentPose) {
    std::string error;
    live::DatagramAddress address;
    address.format = live::DatagramFormat::Mocopi;
    address.bindAddress = "127.0.0.1";
    address.port = 0;
    auto source = live::openDatagramSource(address, error);
    ASSERT_NE(source, nullptr) << error;
    source->start();
    VmcSender sender(source->port()); // a UDP sender: the bytes are mocopi's here
    std::uint64_t sent = 0;
    const auto sendFrame = [&](std::uint32_t i) {
        bvh::live::MocopiFramePacket frame = bvh::live::test::mocopiKnownPose(i, 20 * i);
        frame.unixSeconds = 1.7e9 + 0.02 * i;
        sender.send(bvh::live::writeMocopiFrame(frame));
        waitForDatagrams(*source, ++sent);
    };
    sendFrame(0);
    sendFrame(1);
    EXPECT_NE(source->status().waitingFor.find("2 frames waiting for the skeleton"),
              std::string::npos)
        << source->status().waitingFor;
    sender.send(bvh::live::writeMocopiSkeleton(bvh::live::test::mocopiSkeleton()));
    waitForDatagrams(*source, ++sent);
    for (std::uint32_t i = 2; i < 30; ++i) {
        sendFrame(i);
    }
    const Collected got = collectUntil(*source, framesAtLeast(30));
    ASSERT_EQ(got.frames().size(), 30u);
    ASSERT_EQ(got.events[1].kind, LiveEvent::Kind::Skeleton);
    const bvh::Skeleton& skeleton = *got.events[1].skeleton;
    EXPECT_NEAR(got.events[1].frameTime, 0.02, 1e-6);
    EXPECT_EQ(skeleton.names[0], "root");
    for (const LiveEvent* frame : got.frames()) {
        const auto at = bvh::live::test::worldPositions(skeleton, frame->frame.values);
        bvh::live::test::expectNearPosition(bvh::live::test::positionOf(skeleton, at, "l_hand"),
                                            {0.15, 0.7, 0});
        bvh::live::test::expectNearPosition(bvh::live::test::positionOf(skeleton, at, "l_foot"),
                                            {0.1, 0.45, -0.4});
    }
    EXPECT_EQ(source->status().format, "mocopi");
    EXPECT_EQ(source->status().datagrams.dropped(), 0u);
}

TEST(DatagramSourceTest, APortInUseIsRefusedWithTheReason) {
    auto first = openVmc();
    std::string error;
    auto second = DatagramSource::open(std::make_unique<bvh::live::VmcDecoder>(), "127.0.0.1",
                                       first->port(), error);
    EXPECT_EQ(second, nullptr);
    EXPECT_NE(error.find("cannot listen on vmc://127.0.0.1:" + std::to_string(first->port())),
              std::string::npos)
        << error;
    EXPECT_NE(error.find("in use"), std::string::npos) << error;
}

} // namespace
} // namespace bvhscope::live
