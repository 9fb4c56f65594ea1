// `bvhscope serve` as a process, read by raw TCP clients: the port it prints, the BVH header to
// every client first (also one that joins mid-take), Axis Neuron's bytes, a clean end on SIGTERM.
#include "app/live/socket.h"
#include "tests/app/cli/serve_process_support.h"
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
    const auto giveUp = std::chrono::steady_clock::now() + 20s;
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

class ServeProcessTest : public bvh::test::ScratchDirectoryTest {
protected:
    std::unique_ptr<BackgroundProcess> serve(std::vector<std::string> options) {
        const std::filesystem::path file = directory_ / "served.bvh";
        std::ofstream(file, std::ios::binary) << kServed;
        std::vector<std::string> command = {BVHSCOPE_EXECUTABLE, "serve", file.string(), "--port",
                                            "0"};
        command.insert(command.end(), options.begin(), options.end());
        return std::make_unique<BackgroundProcess>(command, directory_ / "serve.err");
    }
    live::Socket connect(int port) {
        std::string error;
        live::Socket socket =
            live::connectTcp("127.0.0.1", static_cast<std::uint16_t>(port), 10s, error);
        EXPECT_TRUE(socket.valid()) << error;
        return socket;
    }
};

TEST_F(ServeProcessTest, EveryClientGetsTheHeaderFirstAlsoWhenItJoinsMidTake) {
    auto server = serve({"--loop", "--rate", "200"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0) << server->err();
    const std::size_t headerBytes = kServed.find("0.100000");
    live::Socket first = connect(port);
    const std::string firstBytes = readAtLeast(first, headerBytes + 40);
    EXPECT_EQ(firstBytes.substr(0, headerBytes), kServed.substr(0, headerBytes));
    EXPECT_EQ(firstBytes.substr(headerBytes, 26), "0.100000 1 -1e-3\n2 2 2\n3 3");

    std::this_thread::sleep_for(50ms);
    live::Socket second = connect(port); // mid-take
    const std::string secondBytes = readAtLeast(second, headerBytes + 6);
    EXPECT_EQ(secondBytes.substr(0, headerBytes), kServed.substr(0, headerBytes));
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
