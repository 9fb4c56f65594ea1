// `bvhscope record vmc://...` in-process: a VMC sender on 127.0.0.1 (the project's own encoder,
// core/live/vmc_writer.h) sending at 60 Hz, the take read back; a port in use; bad addresses.
#include "app/cli/command_line.h"
#include "app/live/socket.h"
#include "app/live/stop_request.h"
#include "core/live/mocopi_fields.h"
#include "core/live/vmc_writer.h"
#include "core/reader/document.h"
#include "tests/app/cli/cli_test_support.h"
#include "tests/core/live/mocopi_test_body.h"
#include "tests/core/live/vmc_test_avatar.h"
#include "tests/support/hang_guard.h"

#include <atomic>
#include <gtest/gtest.h>
#include <thread>

namespace bvhscope::cli {
namespace {

using test::run;

std::uint16_t freeUdpPort() {
    std::string error;
    const auto socket = live::bindUdp("127.0.0.1", 0, error);
    EXPECT_TRUE(socket) << error;
    return socket ? socket->port : 1;
}

TEST(RecordCommandVmc, RecordsEveryFrameAtTheSendersRateWithThePoseSent) {
    const test::TemporaryDirectory directory;
    const std::uint16_t port = freeUdpPort();
    const std::string take = directory.pathText("take.bvh");
    std::atomic<bool> done{false};
    test::CommandResult result;
    std::thread recording([&] {
        result = run(runRecord,
                     {"vmc://127.0.0.1:" + std::to_string(port), "-o", take, "--frames", "40"});
        done = true;
    });
    // A device sends in real time: a frame every 1/60 s by the clock, stamped 1/60 apart, until
    // the recorder has its 40 (the first ones may come before it listens).
    std::string error;
    const live::Socket sender = live::connectUdp("127.0.0.1", port, error);
    ASSERT_TRUE(sender.valid()) << error;
    bvh::live::VmcPose pose = bvh::live::test::leftArmLowered();
    const auto start = std::chrono::steady_clock::now();
    for (int frame = 0; !done && std::chrono::steady_clock::now() < start + bvh::test::kHangGuard;
         ++frame) {
        while (std::chrono::steady_clock::now() <
               start + frame * std::chrono::microseconds(16667)) {
            std::this_thread::yield();
        }
        pose.senderTime = 5.0 + frame / 60.0;
        const auto datagram = bvh::live::writeVmcFrame(pose, bvh::live::VmcPacking::Bundle)[0];
        live::sendSome(sender, std::string_view(reinterpret_cast<const char*>(datagram.data()),
                                                datagram.size()));
    }
    if (!done) {
        live::requestStop(); // the hang guard without 40 frames: end it, the test fails below
    }
    recording.join();
    live::clearStopRequest();
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("recorded 40 frames in 1 file"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("0 datagrams dropped"), std::string::npos) << result.out;

    const bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(take));
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 40u);
    EXPECT_NEAR(document.motion.frameTime, 1.0 / 60.0, 0.1 / 60.0);
    const bvh::Skeleton& skeleton = document.skeleton;
    EXPECT_EQ(skeleton.names[0], "Hips");
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        const auto at = bvh::live::test::worldPositions(skeleton, document.motion.frame(frame));
        const glm::dvec3 hand = bvh::live::test::positionOf(skeleton, at, "LeftHand");
        // Within 2 % of the 1.6 m figure; not mirrored: the figure's left hand at +X.
        EXPECT_NEAR(hand.x, 0.2, 0.032);
        EXPECT_NEAR(hand.y, 0.95, 0.032);
        EXPECT_NEAR(hand.z, 0.0, 0.032);
    }
}

// As a replay of a device's two datagrams: its skeleton, then one frame. The take holds that
// frame once the device goes quiet, even though no rate could be measured from it.
TEST(RecordCommandVmc, AMocopiSkeletonAndOneFrameMakeATakeOfOneFrame) {
    const test::TemporaryDirectory directory;
    const std::uint16_t port = freeUdpPort();
    const std::string take = directory.pathText("take.bvh");
    std::atomic<bool> done{false};
    test::CommandResult result;
    std::thread recording([&] {
        result = run(runRecord,
                     {"mocopi://127.0.0.1:" + std::to_string(port), "-o", take, "--frames", "1"});
        done = true;
    });
    std::string error;
    const live::Socket sender = live::connectUdp("127.0.0.1", port, error);
    ASSERT_TRUE(sender.valid()) << error;
    const auto send = [&](const std::vector<std::uint8_t>& datagram) {
        live::sendSome(sender, std::string_view(reinterpret_cast<const char*>(datagram.data()),
                                                datagram.size()));
    };
    // Replayed every 0.5 s of the clock, as a device that repeats them would, until recorded
    // (the first replays may come before the recorder listens).
    const auto start = std::chrono::steady_clock::now();
    for (int replay = 0; !done && std::chrono::steady_clock::now() < start + bvh::test::kHangGuard;
         ++replay) {
        while (!done &&
               std::chrono::steady_clock::now() < start + replay * std::chrono::milliseconds(500)) {
            std::this_thread::yield();
        }
        send(bvh::live::writeMocopiSkeleton(bvh::live::test::mocopiSkeleton()));
        send(bvh::live::writeMocopiFrame(bvh::live::test::mocopiKnownPose(7, 140)));
    }
    if (!done) {
        live::requestStop();
    }
    recording.join();
    live::clearStopRequest();
    ASSERT_EQ(result.status, kExitOk) << result.err;
    const bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(take));
    ASSERT_TRUE(document.loaded());
    ASSERT_EQ(document.motion.frameCount, 1u);
    const bvh::Skeleton& skeleton = document.skeleton;
    EXPECT_EQ(skeleton.nodeCount(), 27u);
    const auto at = bvh::live::test::worldPositions(skeleton, document.motion.frame(0));
    bvh::live::test::expectNearPosition(bvh::live::test::positionOf(skeleton, at, "l_hand"),
                                        {0.15, 0.7, 0}, 0.032);
    bvh::live::test::expectNearPosition(bvh::live::test::positionOf(skeleton, at, "l_foot"),
                                        {0.1, 0.45, -0.4}, 0.032);
}

// Records 20 frames a VMC sender stamps 1/64 s apart (sent as fast as the recorder takes them:
// the stamps, not the arrivals, are the rate) with `--rate expected`.
test::CommandResult recordSixtyFourHertz(const std::string& expected, const std::string& take) {
    const std::uint16_t port = freeUdpPort();
    std::atomic<bool> done{false};
    test::CommandResult result;
    std::thread recording([&] {
        result = run(runRecord, {"vmc://127.0.0.1:" + std::to_string(port), "-o", take, "--frames",
                                 "20", "--rate", expected});
        done = true;
    });
    std::string error;
    const live::Socket sender = live::connectUdp("127.0.0.1", port, error);
    EXPECT_TRUE(sender.valid()) << error;
    bvh::live::VmcPose pose = bvh::live::test::leftArmLowered();
    // A frame every millisecond by the clock until recorded (the first ones may come before the
    // recorder listens); the hang guard at most.
    const auto start = std::chrono::steady_clock::now();
    for (int frame = 0; !done && std::chrono::steady_clock::now() < start + bvh::test::kHangGuard;
         ++frame) {
        while (std::chrono::steady_clock::now() < start + frame * std::chrono::milliseconds(1)) {
            std::this_thread::yield();
        }
        pose.senderTime = frame / 64.0; // exact in a float
        const auto datagram = bvh::live::writeVmcFrame(pose, bvh::live::VmcPacking::Bundle)[0];
        live::sendSome(sender, std::string_view(reinterpret_cast<const char*>(datagram.data()),
                                                datagram.size()));
    }
    if (!done) {
        live::requestStop();
    }
    recording.join();
    live::clearStopRequest();
    return result;
}

TEST(RecordCommandVmc, WarnsOnceWhenTheSendersRateIsMoreThanFivePercentOffTheRateGiven) {
    const test::TemporaryDirectory directory;
    const test::CommandResult off = recordSixtyFourHertz("60", directory.pathText("off.bvh"));
    ASSERT_EQ(off.status, kExitOk) << off.err;
    const std::string warning = "bvhscope record: warning: frames come at 64 fps (the sender's "
                                "rate), not the 60 fps of --rate; the take is written at the rate "
                                "they come at";
    EXPECT_NE(off.err.find(warning), std::string::npos) << off.err;
    EXPECT_EQ(off.err.find(warning), off.err.rfind(warning)) << off.err; // once
    // The closing line: frames, duration and rate.
    EXPECT_NE(off.out.find("recorded 20 frames in 1 file, 0.3125 s at 64 fps (ended by"),
              std::string::npos)
        << off.out;
    EXPECT_EQ(bvh::loadDocument(bvh::pathFromUtf8(directory.pathText("off.bvh"))).motion.frameTime,
              1.0 / 64.0);

    const test::CommandResult near = recordSixtyFourHertz("62", directory.pathText("near.bvh"));
    ASSERT_EQ(near.status, kExitOk) << near.err;
    EXPECT_EQ(near.err.find("warning: frames come at"), std::string::npos) << near.err; // 3 % off
}

TEST(RecordCommandVmc, APortInUseExitsOneWithTheReason) {
    const test::TemporaryDirectory directory;
    std::string error;
    const auto holder = live::bindUdp("127.0.0.1", 0, error);
    ASSERT_TRUE(holder) << error;
    const std::string address = "vmc://127.0.0.1:" + std::to_string(holder->port);
    const test::CommandResult result =
        run(runRecord, {address, "-o", directory.pathText("take.bvh"), "--duration", "5"});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find("cannot listen on " + address), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("in use"), std::string::npos) << result.err;
    EXPECT_TRUE(std::filesystem::is_empty(directory.path()));
}

TEST(RecordCommandVmc, RefusesBadAddressesAndOptionsVmcDoesNotUse) {
    const test::TemporaryDirectory directory;
    const std::string out = directory.pathText("take.bvh");
    const struct {
        std::vector<std::string> arguments;
        const char* message;
    } cases[] = {
        {{"vmc://:0", "-o", out}, "the port must be 1 to 65535"},
        {{"vmc://:70000", "-o", out}, "the port must be 1 to 65535"},
        {{"vmc://[::1", "-o", out}, "needs its closing ]"},
        {{"vmc://127.0.0.1:", "-o", out}, "no port after ':'"},
        {{"vmc://", "-o", out, "--format", "bvh"}, "--format is not used for vmc://"},
        {{"vmc://", "-o", out, "--skeleton", out}, "--skeleton is not used for vmc://"},
    };
    for (const auto& [arguments, message] : cases) {
        const test::CommandResult result = run(runRecord, arguments);
        EXPECT_EQ(result.status, kExitUsage) << result.err;
        EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    }
    EXPECT_TRUE(std::filesystem::is_empty(directory.path()));
}

} // namespace
} // namespace bvhscope::cli
