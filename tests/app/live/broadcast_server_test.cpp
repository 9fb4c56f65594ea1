#include "app/live/broadcast_server.h"

#include <array>
#include <gtest/gtest.h>

namespace bvhscope::live {
namespace {

using namespace std::chrono_literals;

Socket connectTo(const BroadcastServer& server) {
    std::string error;
    Socket socket = connectTcp("127.0.0.1", server.port(), 10s, error);
    EXPECT_TRUE(socket.valid()) << error;
    return socket;
}

void pumpUntilClients(BroadcastServer& server, std::size_t clients) {
    const auto giveUp = std::chrono::steady_clock::now() + 10s;
    while (server.clientCount() < clients && std::chrono::steady_clock::now() < giveUp) {
        server.pump(20ms);
    }
    ASSERT_EQ(server.clientCount(), clients);
}

// Reads what is waiting until `expected` bytes arrived, pumping the server meanwhile.
std::string readBytes(BroadcastServer& server, const Socket& socket, std::size_t expected) {
    std::string received;
    std::array<char, 65536> buffer{};
    const auto giveUp = std::chrono::steady_clock::now() + 10s;
    while (received.size() < expected && std::chrono::steady_clock::now() < giveUp) {
        server.pump(1ms);
        SocketWait wait{socket.native(), true, false};
        waitForSockets(std::span(&wait, 1), 5ms);
        const IoResult read = receiveSome(socket, buffer);
        if (read.status == IoStatus::Progress) {
            received.append(buffer.data(), read.bytes);
        } else if (read.status != IoStatus::WouldBlock) {
            break;
        }
    }
    return received;
}

TEST(BroadcastServer, EveryClientGetsTheGreetingThenWhatIsBroadcastAfterItJoined) {
    std::string error;
    std::optional<BroadcastServer> server = BroadcastServer::open("127.0.0.1", 0, error);
    ASSERT_TRUE(server) << error;
    server->setGreeting("HEADER\n");
    Socket first = connectTo(*server);
    pumpUntilClients(*server, 1);
    server->broadcast("row 1\n");
    EXPECT_EQ(readBytes(*server, first, 13), "HEADER\nrow 1\n");

    Socket second = connectTo(*server); // joins mid-take
    pumpUntilClients(*server, 2);
    server->broadcast("row 2\n");
    EXPECT_EQ(readBytes(*server, first, 6), "row 2\n");
    EXPECT_EQ(readBytes(*server, second, 13), "HEADER\nrow 2\n");
}

TEST(BroadcastServer, AClientThatLeavesIsReportedAndTheOthersGoOn) {
    std::string error;
    std::optional<BroadcastServer> server = BroadcastServer::open("127.0.0.1", 0, error);
    ASSERT_TRUE(server) << error;
    Socket staying = connectTo(*server);
    Socket leaving = connectTo(*server);
    pumpUntilClients(*server, 2);
    leaving.close();
    std::vector<ServerEvent> events;
    const auto giveUp = std::chrono::steady_clock::now() + 10s;
    while (server->clientCount() == 2 && std::chrono::steady_clock::now() < giveUp) {
        for (ServerEvent& event : server->pump(20ms)) {
            events.push_back(std::move(event));
        }
    }
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, ServerEvent::Kind::Disconnected);
    server->broadcast("row\n");
    EXPECT_EQ(readBytes(*server, staying, 4), "row\n");
}

TEST(BroadcastServer, ASlowClientIsDroppedWithoutHoldingUpTheOthers) {
    std::string error;
    constexpr std::size_t kQueueBound = 64 << 10;
    std::optional<BroadcastServer> server =
        BroadcastServer::open("127.0.0.1", 0, error, kQueueBound);
    ASSERT_TRUE(server) << error;
    Socket fast = connectTo(*server);
    Socket slow = connectTo(*server); // never reads
    pumpUntilClients(*server, 2);

    const std::string chunk(16 << 10, 'x');
    std::size_t received = 0;
    bool slowDropped = false;
    // Up to 64 MiB: far more than the kernel's buffers for the slow client hold.
    for (int i = 0; i < 4096 && !slowDropped; ++i) {
        server->broadcast(chunk);
        for (const ServerEvent& event : server->pump(0ms)) {
            slowDropped = slowDropped || event.kind == ServerEvent::Kind::Dropped;
        }
        received += readBytes(*server, fast, chunk.size()).size();
    }
    EXPECT_TRUE(slowDropped);
    EXPECT_EQ(server->clientCount(), 1u);
    server->broadcast("end\n");
    const std::string tail = readBytes(*server, fast, 4);
    EXPECT_EQ(tail, "end\n");
    EXPECT_GT(received, kQueueBound);
}

TEST(BroadcastServer, APortInUseIsAnErrorWithAReason) {
    std::string error;
    std::optional<BroadcastServer> first = BroadcastServer::open("127.0.0.1", 0, error);
    ASSERT_TRUE(first) << error;
    std::optional<BroadcastServer> second =
        BroadcastServer::open("127.0.0.1", first->port(), error);
    EXPECT_FALSE(second);
    EXPECT_FALSE(error.empty());
}

} // namespace
} // namespace bvhscope::live
