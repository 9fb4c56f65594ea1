// `bvhscope serve FILE --format vmc|mocopi --to HOST:PORT` in-process: a generated capture (in
// centimetres, facing +Z, its left at +X, posed frame by frame) sent to a UDP socket of the test
// on 127.0.0.1, decoded by the project's own receivers (core/live's VMC and mocopi decoders),
// and compared with the capture's forward kinematics: every frame, to 2 % of the figure's
// height, never mirrored, at the capture's rate. Bad command lines exit 2.
#include "app/cli/command_line.h"
#include "app/live/socket.h"
#include "core/kinematics/pose.h"
#include "core/live/mocopi_decoder.h"
#include "core/live/vmc_decoder.h"
#include "core/reader/document.h"
#include "tests/app/cli/cli_test_support.h"
#include "tests/core/live/vmc_test_avatar.h"
#include "tests/support/hang_guard.h"

#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <thread>

namespace bvhscope::cli {
namespace {

using test::run;

constexpr std::uint32_t kServedFrames = 24;
constexpr double kServedRate = 60.0;
constexpr double kFigureMetres = 1.67; // feet to the top of the head at rest

// One side's arm and leg: `sign` +1 for the left (+X), -1 for the right. The left leg has a
// CMU-like LHipJoint between the hips and the thigh, which no device bone takes.
std::string limbs(int sign) {
    const std::string side = sign > 0 ? "Left" : "Right";
    const std::string x = sign > 0 ? "" : "-";
    const std::string rotations = "CHANNELS 3 Zrotation Xrotation Yrotation\n";
    return "JOINT " + side + "Shoulder\n{\nOFFSET " + x + "5 15 0\n" + rotations + "JOINT " + side +
           "Arm\n{\nOFFSET " + x + "12 0 0\n" + rotations + "JOINT " + side +
           "ForeArm\n{\nOFFSET " + x + "28 0 0\n" + rotations + "JOINT " + side +
           "Hand\n{\nOFFSET " + x + "24 0 0\n" + rotations + "End Site\n{\nOFFSET " + x +
           "8 0 0\n}\n}\n}\n}\n}\n";
}

std::string leg(int sign) {
    const std::string side = sign > 0 ? "Left" : "Right";
    const std::string x = sign > 0 ? "" : "-";
    const std::string rotations = "CHANNELS 3 Zrotation Xrotation Yrotation\n";
    const std::string thigh = "JOINT " + side + "UpLeg\n{\nOFFSET " + x + "9 -5 0\n" + rotations +
                              "JOINT " + side + "Leg\n{\nOFFSET 0 -42 0\n" + rotations + "JOINT " +
                              side + "Foot\n{\nOFFSET 0 -40 0\n" + rotations + "JOINT " + side +
                              "ToeBase\n{\nOFFSET 0 -5 12\n" + rotations +
                              "End Site\n{\nOFFSET 0 0 5\n}\n}\n}\n}\n}\n";
    if (sign < 0) {
        return thigh;
    }
    return "JOINT LHipJoint\n{\nOFFSET 0 0 0\n" + rotations + thigh + "}\n";
}

// Channels per frame: Hips 6, Spine, Spine1, Neck, Head, then per side Shoulder, Arm, ForeArm,
// Hand, then LHipJoint, the left leg's 4, the right leg's 4: 6 + 3 * 21.
std::string capture() {
    const std::string rotations = "CHANNELS 3 Zrotation Xrotation Yrotation\n";
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\nJOINT Spine\n{\nOFFSET 0 10 0\n" +
                       rotations + "JOINT Spine1\n{\nOFFSET 0 20 0\n" + rotations +
                       "JOINT Neck\n{\nOFFSET 0 20 0\n" + rotations +
                       "JOINT Head\n{\nOFFSET 0 10 0\n" + rotations +
                       "End Site\n{\nOFFSET 0 15 0\n}\n}\n}\n" + limbs(+1) + limbs(-1) + "}\n}\n" +
                       leg(+1) + leg(-1) + "}\nMOTION\nFrames: " + std::to_string(kServedFrames) +
                       "\nFrame Time: " + std::to_string(1.0 / kServedRate) + "\n";
    for (std::uint32_t frame = 0; frame < kServedFrames; ++frame) {
        const double t = frame / double(kServedFrames - 1);
        // Walking forward (+Z) while turning; the left arm lowers, the right arm half way, the
        // left knee bends (the foot behind), the spine leans.
        std::vector<double> row{0, 92, 2.0 * frame, 0, 0, 30 * t};              // Hips
        row.insert(row.end(), {0, 10 * t, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});       // Spine..Head
        row.insert(row.end(), {0, 0, 0, -80 * t, 0, 0, 0, 0, 20 * t, 0, 0, 0}); // left arm
        row.insert(row.end(), {0, 0, 0, 45, 0, 0, 0, 0, 0, 0, 0, 0});           // right arm
        row.insert(row.end(), {0, 0, 0});                                       // LHipJoint
        row.insert(row.end(), {0, -20 * t, 0, 0, 60 * t, 0, 0, 0, 0, 0, 0, 0}); // left leg
        row.insert(row.end(), {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});            // right leg
        for (const double value : row) {
            text += std::to_string(value) + ' ';
        }
        text += '\n';
    }
    return text;
}

struct Received {
    test::CommandResult result;
    std::vector<bvh::live::LiveFrame> frames;
    const bvh::Skeleton* skeleton = nullptr;
    double frameTime = 0.0;
    double launched = 0.0; // when serve was started (steady clock, seconds)
    double lastArrival = 0.0;
};

double secondsNow() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Runs `serve` on `file` as `format` to a socket of the test, and decodes what comes with
// `decoder`, until serve has ended (within 20 s).
Received serveTo(bvh::live::DatagramDecoder& decoder, const std::string& file,
                 const std::string& format) {
    std::string error;
    const auto receiver = live::bindUdp("127.0.0.1", 0, error);
    EXPECT_TRUE(receiver) << error;
    Received received;
    if (!receiver) {
        return received;
    }
    std::atomic<bool> done{false};
    received.launched = secondsNow();
    std::thread serving([&] {
        received.result = run(runServe, {file, "--format", format, "--to",
                                         "127.0.0.1:" + std::to_string(receiver->port)});
        done = true;
    });
    std::vector<char> buffer(65536);
    const double deadline =
        secondsNow() + std::chrono::duration<double>(bvh::test::kHangGuard).count();
    bool finalDrain = false;
    while (!finalDrain && secondsNow() < deadline) {
        finalDrain = done; // what serve sent before it ended is in the socket's buffer
        live::SocketWait wait{receiver->socket.native(), true};
        live::waitForSockets(std::span(&wait, 1), std::chrono::milliseconds(20));
        for (;;) {
            const live::DatagramResult datagram = live::receiveDatagram(receiver->socket, buffer);
            if (datagram.status != live::IoStatus::Progress) {
                break;
            }
            const double arrival = secondsNow();
            received.lastArrival = arrival;
            decoder.read(
                std::span(reinterpret_cast<const std::uint8_t*>(buffer.data()), datagram.bytes));
            while (decoder.step(arrival, received.frames)) {
            }
        }
    }
    serving.join();
    decoder.endOfInput();
    while (decoder.step(secondsNow(), received.frames)) {
    }
    received.skeleton = decoder.skeleton();
    received.frameTime = decoder.frameTime();
    return received;
}

// The capture's joints and the device's bones they are sent as.
struct JointPair {
    std::string_view capture;
    std::string_view device;
};

// The capture's world positions at `frame` (file units), by the project's forward kinematics.
std::vector<glm::dvec3> captureWorldPositions(const bvh::Document& document, std::uint32_t frame) {
    std::vector<bvh::RigidTransform> local(document.skeleton.nodeCount());
    std::vector<bvh::RigidTransform> world(document.skeleton.nodeCount());
    bvh::computeLocalTransforms(document.skeleton, document.motion.frame(frame),
                                bvh::TranslationMode::Absolute, local);
    bvh::computeWorldTransforms(document.skeleton, local, world);
    std::vector<glm::dvec3> positions;
    for (const bvh::RigidTransform& transform : world) {
        positions.push_back(transform.translation);
    }
    return positions;
}

void expectSamePose(const Received& received, const std::vector<JointPair>& pairs) {
    const bvh::Document document = bvh::parseDocument(capture());
    ASSERT_TRUE(document.loaded());
    ASSERT_NE(received.skeleton, nullptr);
    ASSERT_EQ(received.frames.size(), kServedFrames);
    for (std::uint32_t frame = 0; frame < kServedFrames; ++frame) {
        const auto sent = captureWorldPositions(document, frame);
        const auto got =
            bvh::live::test::worldPositions(*received.skeleton, received.frames[frame].values);
        for (const JointPair& pair : pairs) {
            SCOPED_TRACE(std::string(pair.capture) + " at frame " + std::to_string(frame));
            const glm::dvec3 expected =
                bvh::live::test::positionOf(document.skeleton, sent, pair.capture) / 100.0;
            const glm::dvec3 actual =
                bvh::live::test::positionOf(*received.skeleton, got, pair.device);
            // Within 2 % of the figure: the same X too, so a left hand is never mirrored right.
            bvh::live::test::expectNearPosition(actual, expected, 0.02 * kFigureMetres);
        }
    }
    // The left hand stays on the figure's left (+X) all along.
    const auto last =
        bvh::live::test::worldPositions(*received.skeleton, received.frames.back().values);
    EXPECT_GT(bvh::live::test::positionOf(*received.skeleton, last, pairs[1].device).x, 0.1);
}

// Frames go out on the clock: serve sends frame k no earlier than k / rate after it starts
// sending, which is after it was launched, so the last cannot arrive sooner than (frames - 1) /
// rate after the launch, however late the test reads any of them (no upper bound is asserted).
// Measured from the first arrival instead, a first datagram read late shortened the span: under
// Wine at load 8, 0.3608 s against a bound of 0.3642 s. (The microsecond: serve's due times are
// cut to its clock's ticks.)
void expectPaced(const Received& received) {
    EXPECT_GE(received.lastArrival - received.launched,
              static_cast<double>(kServedFrames - 1) / kServedRate - 1e-6);
}

TEST(ServeDatagrams, VmcSendsEveryFrameAsUnityBonesThatReadBackAsTheCapturesPose) {
    const test::TemporaryDirectory directory;
    const std::string file = directory.write("walk.bvh", capture());
    bvh::live::VmcDecoder decoder;
    const Received received = serveTo(decoder, file, "vmc");
    ASSERT_EQ(received.result.status, kExitOk) << received.result.err;
    EXPECT_NE(received.result.err.find("sent 24 frames in 24 datagrams"), std::string::npos)
        << received.result.err;
    // The joint no Unity bone takes is named.
    EXPECT_NE(received.result.err.find("1 joint with no Unity humanoid bone, not sent "
                                       "(the bones below them keep their rest offsets): "
                                       "LHipJoint"),
              std::string::npos)
        << received.result.err;
    EXPECT_EQ(decoder.counters().dropped(), 0u);
    // The rate from the sender's T stamps: the capture's.
    EXPECT_NEAR(received.frameTime, 1.0 / kServedRate, 1e-5);
    expectPaced(received);
    expectSamePose(received, {{"Hips", "Hips"},
                              {"LeftHand", "LeftHand"},
                              {"LeftForeArm", "LeftLowerArm"},
                              {"RightHand", "RightHand"},
                              {"Head", "Head"},
                              {"LeftFoot", "LeftFoot"},
                              {"LeftToeBase", "LeftToes"},
                              {"RightFoot", "RightFoot"}});
}

TEST(ServeDatagrams, MocopiSendsTheSkeletonThenEveryFrameOfItsTwentySevenBones) {
    const test::TemporaryDirectory directory;
    const std::string file = directory.write("walk.bvh", capture());
    bvh::live::MocopiDecoder decoder;
    const Received received = serveTo(decoder, file, "mocopi");
    ASSERT_EQ(received.result.status, kExitOk) << received.result.err;
    // The skeleton, then 24 frames.
    EXPECT_NE(received.result.err.find("sent 24 frames in 25 datagrams"), std::string::npos)
        << received.result.err;
    EXPECT_EQ(decoder.counters().dropped(), 0u);
    ASSERT_NE(received.skeleton, nullptr);
    EXPECT_EQ(received.skeleton->nodeCount(), 27u);
    // `time` in whole milliseconds: 16 and 17 ms steps.
    EXPECT_NEAR(received.frameTime, 1.0 / kServedRate, 0.001);
    expectPaced(received);
    expectSamePose(received, {{"Hips", "root"},
                              {"LeftHand", "l_hand"},
                              {"LeftForeArm", "l_low_arm"},
                              {"RightHand", "r_hand"},
                              {"Head", "head"},
                              {"LeftFoot", "l_foot"},
                              {"LeftToeBase", "l_toes"},
                              {"RightFoot", "r_foot"}});
}

TEST(ServeDatagrams, BadDestinationsAndFormatsExitTwoWithTheReason) {
    const test::TemporaryDirectory directory;
    const std::string file = directory.write("walk.bvh", capture());
    const auto expectUsage = [&](std::vector<std::string> arguments, std::string_view reason) {
        arguments.insert(arguments.begin(), file);
        const test::CommandResult result = run(runServe, arguments);
        EXPECT_EQ(result.status, kExitUsage) << result.err;
        EXPECT_NE(result.err.find(reason), std::string::npos) << result.err;
    };
    expectUsage({"--format", "vmc", "--to", "127.0.0.1"},
                "--to 127.0.0.1 is not HOST:PORT (a port from 1 to 65535 is needed)");
    expectUsage({"--format", "mocopi", "--to", "127.0.0.1:0"}, "--to 127.0.0.1:0 is not HOST:PORT");
    expectUsage({"--format", "vmc", "--to", "no-such-host.invalid:39539"},
                "bvhscope serve: --to no-such-host.invalid:39539: ");
    expectUsage({"--format", "vmcp"}, "--format vmcp is not axis, lines, bvh, vmc or mocopi");
    expectUsage({"--format", "vmc", "--port", "7001"},
                "--port is for the TCP formats (axis, lines, bvh); vmc is sent to one receiver");
    expectUsage({"--format", "bvh", "--to", "127.0.0.1:39539"},
                "--to is for --format vmc or mocopi");
}

TEST(ServeDatagrams, ACaptureWithoutLegsIsRefusedWithWhatItLacks) {
    const test::TemporaryDirectory directory;
    const std::string file = directory.write(
        "arm.bvh", "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation "
                   "Yrotation\nEnd Site\n{\nOFFSET 0 10 0\n}\n}\nMOTION\nFrames: 1\n"
                   "Frame Time: 0.1\n0 0 0\n");
    const test::CommandResult result =
        run(runServe, {file, "--format", "vmc", "--to", "127.0.0.1:39539"});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find(
                  "cannot be sent as vmc: no joint for the spine, the head, the left upper arm"),
              std::string::npos)
        << result.err;
}

} // namespace
} // namespace bvhscope::cli
