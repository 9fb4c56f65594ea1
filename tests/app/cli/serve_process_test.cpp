// `bvhscope serve` as a process, read by raw TCP clients: the port it prints, the BVH header to
// every client first (also one that joins mid-take), Axis Neuron's bytes, a clean end on SIGTERM.
#include "app/live/socket.h"
#include "tests/app/cli/serve_process_support.h"
#include "tests/support/hang_guard.h"
#include "tests/support/scratch_directory.h"

#include <array>
#include <gtest/gtest.h>

namespace bvhscope::testing {
namespace {

using namespace std::chrono_literals;
using namespace std::string_view_literals;

constexpr std::string_view kServed = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 3 Xposition Yposition Zposition
	End Site
	{
		OFFSET 0 5 0
	}
}
MOTION
Frames: 3
Frame Time: 0.01
0.100000 1 -1e-3
2 2 2
3 3 3
)";

// Reads from `socket` until `bytes` have arrived (or 20 s passed).
std::string readAtLeast(const live::Socket& socket, std::size_t bytes) {
    std::string received;
    std::array<char, 4096> buffer{};
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (received.size() < bytes && std::chrono::steady_clock::now() < giveUp) {
        live::SocketWait wait{socket.native(), true, false};
        live::waitForSockets(std::span(&wait, 1), 50ms);
        const live::IoResult read = live::receiveSome(socket, buffer);
        if (read.status == live::IoStatus::Progress) {
            received.append(buffer.data(), read.bytes);
        } else if (read.status != live::IoStatus::WouldBlock) {
            break;
        }
    }
    return received;
}

// Reads from `socket` until the server ends the stream (or 20 s passed).
std::string readToEnd(const live::Socket& socket) {
    return readAtLeast(socket, std::string::npos);
}

// A skeleton of `joints` joints of 3 rotations each (the root 6 channels), `frames` rows.
std::string wideBvh(int joints, int frames) {
    std::string text = "HIERARCHY\nROOT j0\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\n";
    for (int joint = 1; joint < joints; ++joint) {
        text += "JOINT j" + std::to_string(joint) +
                "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 1 0\n}\n";
    for (int joint = 0; joint < joints; ++joint) {
        text += "}\n";
    }
    text += "MOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: 0.01\n";
    for (int frame = 0; frame < frames; ++frame) {
        for (int value = 0; value < 3 + 3 * joints; ++value) {
            text += std::to_string(frame * 0.5 + value * 0.001) + ' ';
        }
        text += '\n';
    }
    return text;
}

class ServeProcessTest : public bvh::test::ScratchDirectoryTest {
protected:
    std::unique_ptr<BackgroundProcess> serve(std::vector<std::string> options,
                                             std::string_view text = kServed) {
        const std::filesystem::path file = directory_ / "served.bvh";
        std::ofstream(file, std::ios::binary) << text;
        std::vector<std::string> command = {BVHSCOPE_EXECUTABLE, "serve", file.string(), "--port",
                                            "0"};
        command.insert(command.end(), options.begin(), options.end());
        return std::make_unique<BackgroundProcess>(command, directory_ / "serve.err");
    }
    live::Socket connect(int port) {
        std::string error;
        live::Socket socket = live::connectTcp("127.0.0.1", static_cast<std::uint16_t>(port),
                                               bvh::test::kHangGuard, error);
        EXPECT_TRUE(socket.valid()) << error;
        return socket;
    }
};

TEST_F(ServeProcessTest, EveryClientGetsTheHeaderFirstAlsoWhenItJoinsMidTake) {
    auto server = serve({"--loop", "--rate", "200"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0) << server->err();
    const std::string header(kServed.substr(0, kServed.find("0.100000")));
    const std::size_t headerBytes = header.size();
    live::Socket first = connect(port);
    const std::string firstBytes = readAtLeast(first, headerBytes + 40);
    EXPECT_EQ(firstBytes.substr(0, headerBytes), header);
    EXPECT_EQ(firstBytes.substr(headerBytes, 26), "0.100000 1 -1e-3\n2 2 2\n3 3");

    std::this_thread::sleep_for(50ms);
    live::Socket second = connect(port); // mid-take
    const std::string secondBytes = readAtLeast(second, headerBytes + 6);
    EXPECT_EQ(secondBytes.substr(0, headerBytes), header);
    const std::string_view row = std::string_view(secondBytes).substr(headerBytes);
    EXPECT_TRUE(row.starts_with("0.100000 1 -1e-3\n") || row.starts_with("2 2 2\n") ||
                row.starts_with("3 3 3\n"))
        << row.substr(0, 20);

    server->signal(SIGTERM);
    ASSERT_EQ(server->waitForExit(), 0);
    EXPECT_NE(server->err().find("at most 2 clients at once"), std::string::npos) << server->err();
}

TEST_F(ServeProcessTest, AxisFramesCarryTheAvatarNulBytesAndCrLfAndTheTakeEnds) {
    auto server = serve({"--format", "axis", "--rate", "1000"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0) << server->err();
    live::Socket client = connect(port);
    const std::string frames = readAtLeast(client, 1000);
    EXPECT_EQ(frames, "\0"
                      "0 served \0"
                      "0.100000 1 -1e-3 ||\r\n"
                      "\0"
                      "0 served \0"
                      "2 2 2 ||\r\n"
                      "\0"
                      "0 served \0"
                      "3 3 3 ||\r\n"sv);
    EXPECT_EQ(server->waitForExit(), 0); // after the last frame, without --loop
    EXPECT_NE(server->err().find("sent 3 frames"), std::string::npos) << server->err();
    // Three values a frame are no Axis Neuron skeleton: receivers must be given the file's.
    EXPECT_NE(server->err().find("warning: " + (directory_ / "served.bvh").string() +
                                 " is not laid out as Axis Neuron broadcasts (3 values a frame, "
                                 "where Axis Neuron sends 354 (with displacement) or 180): give "
                                 "receivers this file's skeleton (--skeleton " +
                                 (directory_ / "served.bvh").string() + ")"),
              std::string::npos)
        << server->err();
}

TEST_F(ServeProcessTest, RowsCutOddlyArriveAsTheFramesTheReaderRead) {
    // 12 values, 4 frames of 3 by count; the reader makes a frame of each line (the short one
    // filled from the frame before, the long one cut), and that is what must arrive.
    std::string text(kServed.substr(0, kServed.find("Frames:")));
    text += "Frames: 4\nFrame Time: 0.01\n1.50 2 3\n4 5\n6 7 8 9\n10.0 11 12\n";
    auto server = serve({"--rate", "1000"}, text);
    const int port = servedPort(*server);
    ASSERT_NE(port, 0) << server->err();
    live::Socket client = connect(port);
    const std::string received = readToEnd(client);
    ASSERT_EQ(server->waitForExit(), 0);

    const bvh::Document sent = bvh::parseDocument(received);
    const bvh::Document file = bvh::loadDocument(directory_ / "served.bvh");
    ASSERT_EQ(sent.motion.frameCount, 4u) << received;
    EXPECT_EQ(sent.motion.values, file.motion.values) << received;
    EXPECT_EQ(motionRows(received).front(), "1.50 2 3"); // the file's digits where they hold
    EXPECT_NE(server->err().find("2 frames sent as the values read"), std::string::npos)
        << server->err();
}

TEST_F(ServeProcessTest, AZeroFrameTimeIsSentAtTheReadersRateAndTheHeaderSaysIt) {
    std::string text(kServed);
    text.replace(text.find("Frame Time: 0.01"), 16, "Frame Time: 0");
    auto server = serve({}, text);
    const int port = servedPort(*server);
    ASSERT_NE(port, 0) << server->err();
    live::Socket client = connect(port);
    const std::string received = readToEnd(client);
    ASSERT_EQ(server->waitForExit(), 0);
    const bvh::Document sent = bvh::parseDocument(received);
    EXPECT_FALSE(sent.motion.frameTimeAssumed) << received;
    EXPECT_EQ(sent.motion.frameTime, bvh::kAssumedFrameTime) << received;
    EXPECT_EQ(sent.motion.frameCount, 3u);
    EXPECT_NE(server->err().find("3 frames of 3 values at 30 Hz (the reader's assumption"),
              std::string::npos)
        << server->err();
}

TEST_F(ServeProcessTest, ARateBeyondWhatGoesOutSkipsFramesAndStaysBoundedInMemory) {
    // 3 000 values a row (about 30 KB) at a million frames a second: 30 GB/s, beyond what
    // formatting and a client can take. The server must skip frames, not queue them.
    auto server = serve({"--loop", "--rate", "1000000"}, wideBvh(1000, 20));
    const int port = servedPort(*server);
    ASSERT_NE(port, 0) << server->err();
    live::Socket client = connect(port);
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer keeps freed memory in its quarantine (256 MiB by default) and adds its
    // shadow: the bound is the product's, checked in the build without it.
    constexpr long kBoundKiB = 2 << 20;
#else
    constexpr long kBoundKiB = 200 << 10;
#endif
    std::array<char, 65536> buffer{};
    std::size_t received = 0;
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    // Reads until the server says it skips and 16 MiB arrived (or its memory passes the bound:
    // no use waiting).
    while (
        (server->err().find("skipped and counted") == std::string::npos || received < (16 << 20)) &&
        server->peakResidentKiB() < kBoundKiB && std::chrono::steady_clock::now() < giveUp) {
        live::SocketWait wait{client.native(), true, false};
        live::waitForSockets(std::span(&wait, 1), 20ms);
        for (int i = 0; i < 64; ++i) {
            const live::IoResult read = live::receiveSome(client, buffer);
            if (read.status != live::IoStatus::Progress) {
                break;
            }
            received += read.bytes;
        }
    }
    const long peakKiB = server->peakResidentKiB();
    server->signal(SIGTERM);
    ASSERT_EQ(server->waitForExit(), 0) << server->err();
    EXPECT_LT(peakKiB, kBoundKiB);
    EXPECT_GE(received, std::size_t{16} << 20);
    EXPECT_NE(server->err().find(" that could not be formatted or sent in time"), std::string::npos)
        << server->err();
}

TEST_F(ServeProcessTest, ClientsBeyondMaxClientsAreRefusedAndCounted) {
    auto server = serve({"--loop", "--rate", "100", "--max-clients", "1"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0) << server->err();
    live::Socket first = connect(port);
    EXPECT_FALSE(readAtLeast(first, 10).empty());
    live::Socket second = connect(port);
    EXPECT_EQ(readToEnd(second), ""); // closed at once, nothing sent
    EXPECT_TRUE(server->waitForErr("refused (1 clients connected, the most; see --max-clients)"))
        << server->err();
    server->signal(SIGTERM);
    ASSERT_EQ(server->waitForExit(), 0);
    EXPECT_NE(server->err().find("refused 1 client beyond --max-clients 1"), std::string::npos)
        << server->err();
}

TEST_F(ServeProcessTest, MaxClientsAndRateOutsideTheirRangesAreUsageErrors) {
    for (const auto& [option, value] :
         std::vector<std::pair<std::string, std::string>>{{"--max-clients", "0"},
                                                          {"--max-clients", "1001"},
                                                          {"--max-clients", "x"},
                                                          {"--rate", "1000001"}}) {
        auto server = serve({option, value});
        EXPECT_EQ(server->waitForExit(), 2) << option << ' ' << value;
        // The table's range and the value given (app/options/option_table.h).
        EXPECT_NE(server->err().find("bvhscope serve: " + option + " must be from "),
                  std::string::npos)
            << server->err();
        EXPECT_NE(server->err().find(", not '" + value + "'"), std::string::npos) << server->err();
    }
}

TEST_F(ServeProcessTest, APortInUseIsAnErrorWithTheAddress) {
    auto first = serve({"--loop"});
    const int port = servedPort(*first);
    ASSERT_NE(port, 0);
    std::vector<std::string> command = {BVHSCOPE_EXECUTABLE, "serve",
                                        (directory_ / "served.bvh").string(), "--port",
                                        std::to_string(port)};
    BackgroundProcess second(command, directory_ / "second.err");
    EXPECT_EQ(second.waitForExit(), 1);
    EXPECT_NE(
        second.err().find("bvhscope serve: cannot listen on 127.0.0.1:" + std::to_string(port)),
        std::string::npos)
        << second.err();
}

} // namespace
} // namespace bvhscope::testing
