#include "app/live/broadcast_server.h"
#include "tests/support/hang_guard.h"

#include <algorithm>
#include <array>
#include <gtest/gtest.h>

#ifndef _WIN32
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace bvhscope::live {
namespace {

using namespace std::chrono_literals;

Socket connectTo(const BroadcastServer& server) {
    std::string error;
    Socket socket = connectTcp("127.0.0.1", server.port(), bvh::test::kHangGuard, error);
    EXPECT_TRUE(socket.valid()) << error;
    return socket;
}

void pumpUntilClients(BroadcastServer& server, std::size_t clients) {
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (server.clientCount() < clients && std::chrono::steady_clock::now() < giveUp) {
        server.pump(20ms);
    }
    ASSERT_EQ(server.clientCount(), clients);
}

// Reads what is waiting until `expected` bytes arrived, pumping the server meanwhile.
std::string readBytes(BroadcastServer& server, const Socket& socket, std::size_t expected) {
    std::string received;
    std::array<char, 65536> buffer{};
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
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
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
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
        BroadcastServer::open("127.0.0.1", 0, error, {.maxQueuedBytes = kQueueBound});
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

// Pumps until `done` says so (true) or the hang guard passed (false), keeping every event.
template <typename Done>
bool pumpUntil(BroadcastServer& server, std::vector<ServerEvent>& events, Done done) {
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (!done()) {
        if (std::chrono::steady_clock::now() > giveUp) {
            return false;
        }
        for (ServerEvent& event : server.pump(5ms)) {
            events.push_back(std::move(event));
        }
    }
    return true;
}

std::size_t countEvents(const std::vector<ServerEvent>& events, ServerEvent::Kind kind) {
    return static_cast<std::size_t>(
        std::count_if(events.begin(), events.end(),
                      [kind](const ServerEvent& event) { return event.kind == kind; }));
}

// Whether the peer closed `socket`: reads (and drops) until the end of the stream (the hang
// guard at most).
bool closedByPeer(const Socket& socket) {
    std::array<char, 4096> buffer{};
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (std::chrono::steady_clock::now() < giveUp) {
        SocketWait wait{socket.native(), true, false};
        waitForSockets(std::span(&wait, 1), 20ms);
        const IoResult read = receiveSome(socket, buffer);
        if (read.status == IoStatus::Closed || read.status == IoStatus::Failed) {
            return true;
        }
    }
    return false;
}

TEST(BroadcastServer, ClientsBeyondTheMostAreRefusedAtOnceAndCounted) {
    std::string error;
    std::optional<BroadcastServer> server =
        BroadcastServer::open("127.0.0.1", 0, error, {.maxClients = 2});
    ASSERT_TRUE(server) << error;
    std::vector<Socket> clients;
    for (int i = 0; i < 5; ++i) {
        clients.push_back(connectTo(*server));
    }
    std::vector<ServerEvent> events;
    ASSERT_TRUE(pumpUntil(*server, events, [&] { return server->counts().refused == 3; }));
    EXPECT_EQ(server->clientCount(), 2u);
    EXPECT_EQ(server->counts().accepted, 2u);
    EXPECT_EQ(server->counts().mostClients, 2u);
    EXPECT_EQ(countEvents(events, ServerEvent::Kind::Refused), 1u); // once, then counted
    EXPECT_TRUE(closedByPeer(clients[2]));
    EXPECT_TRUE(closedByPeer(clients[4]));

    // One leaves: the next is let in, and a refusal after that is reported again.
    clients[0].close();
    ASSERT_TRUE(pumpUntil(*server, events, [&] { return server->clientCount() == 1; }));
    Socket next = connectTo(*server);
    ASSERT_TRUE(pumpUntil(*server, events, [&] { return server->clientCount() == 2; }));
    Socket over = connectTo(*server);
    ASSERT_TRUE(pumpUntil(*server, events, [&] { return server->counts().refused == 4; }));
    EXPECT_EQ(countEvents(events, ServerEvent::Kind::Refused), 2u);
}

TEST(BroadcastServer, ClientsThatNeverReadShareOneBoundedLogThatGoesWithThem) {
    std::string error;
    constexpr std::size_t kQueueBound = 256 << 10;
    std::optional<BroadcastServer> server =
        BroadcastServer::open("127.0.0.1", 0, error, {.maxQueuedBytes = kQueueBound});
    ASSERT_TRUE(server) << error;
    std::vector<Socket> idle;
    for (std::size_t i = 1; i <= 20; ++i) {
        idle.push_back(connectTo(*server)); // never read
        pumpUntilClients(*server, i);       // one at a time: the listen backlog is short
    }
    const std::string chunk(16 << 10, 'x');
    std::size_t mostHeld = 0;
    // Up to 512 MiB in all: far more than the kernel's buffers for 20 clients hold.
    for (int i = 0; i < 32768 && server->clientCount() > 0; ++i) {
        server->broadcast(chunk);
        server->pump(0ms);
        mostHeld = std::max(mostHeld, server->heldBytes());
    }
    EXPECT_EQ(server->clientCount(), 0u);
    EXPECT_EQ(server->counts().dropped, 20u);
    // Once, not once per client: the bound and the piece being filled at most.
    EXPECT_LE(mostHeld, kQueueBound + (64 << 10) + chunk.size());
    EXPECT_EQ(server->heldBytes(), 0u);
}

TEST(BroadcastServer, TheFastestClientSaysHowFarBehindEveryoneIs) {
    std::string error;
    std::optional<BroadcastServer> server = BroadcastServer::open("127.0.0.1", 0, error);
    ASSERT_TRUE(server) << error;
    EXPECT_EQ(server->leastBehindBytes(), 0u);
    Socket reading = connectTo(*server);
    Socket idle = connectTo(*server);
    pumpUntilClients(*server, 2);
    server->broadcast("row 1\n");
    EXPECT_EQ(server->leastBehindBytes(), 6u);
    EXPECT_EQ(readBytes(*server, reading, 6), "row 1\n");
    EXPECT_EQ(server->leastBehindBytes(), 0u);
}

TEST(BroadcastServer, AClientThatTakesNothingIsDroppedAfterTheStallTimeout) {
    std::string error;
    std::optional<BroadcastServer> server = BroadcastServer::open(
        "127.0.0.1", 0, error, {.maxQueuedBytes = std::size_t{1} << 30, .stallTimeout = 200ms});
    ASSERT_TRUE(server) << error;
    Socket idle = connectTo(*server); // never reads
    pumpUntilClients(*server, 1);
    const std::string chunk(1 << 20, 'x');
    std::vector<ServerEvent> events;
    // Until the kernel's buffers are full and 200 ms more have passed (64 MiB at most).
    int sent = 0;
    ASSERT_TRUE(pumpUntil(*server, events, [&] {
        if (sent < 64 && server->leastBehindBytes() < (8 << 20)) {
            server->broadcast(chunk);
            ++sent;
        }
        return server->clientCount() == 0;
    }));
    ASSERT_EQ(countEvents(events, ServerEvent::Kind::Dropped), 1u);
    EXPECT_NE(std::find_if(events.begin(), events.end(),
                           [](const ServerEvent& event) {
                               return event.reason.find("took nothing") != std::string::npos;
                           }),
              events.end());
    EXPECT_EQ(server->counts().dropped, 1u);
    EXPECT_EQ(server->heldBytes(), 0u);
}

#ifndef _WIN32
// The process's descriptors all taken until the object goes: the soft limit lowered to the
// descriptors open, the free numbers below it filled with copies of /dev/null.
class DescriptorsExhausted {
public:
    DescriptorsExhausted() {
        ::getrlimit(RLIMIT_NOFILE, &saved_);
        const int highest = ::open("/dev/null", O_RDONLY);
        filler_.push_back(highest);
        rlimit lowered = saved_;
        lowered.rlim_cur = static_cast<rlim_t>(highest + 1);
        ::setrlimit(RLIMIT_NOFILE, &lowered);
        for (int copy; (copy = ::dup(highest)) >= 0;) {
            filler_.push_back(copy);
        }
    }
    ~DescriptorsExhausted() {
        for (const int descriptor : filler_) {
            ::close(descriptor);
        }
        ::setrlimit(RLIMIT_NOFILE, &saved_);
    }
    DescriptorsExhausted(const DescriptorsExhausted&) = delete;
    DescriptorsExhausted& operator=(const DescriptorsExhausted&) = delete;

private:
    rlimit saved_{};
    std::vector<int> filler_;
};

TEST(BroadcastServer, AcceptingWithoutDescriptorsBacksOffInsteadOfSpinning) {
    std::string error;
    std::optional<BroadcastServer> server = BroadcastServer::open("127.0.0.1", 0, error);
    ASSERT_TRUE(server) << error;
    Socket waiting = connectTo(*server); // connected by the kernel, not yet accepted
    std::vector<ServerEvent> events;
    {
        const DescriptorsExhausted exhausted;
        ASSERT_TRUE(
            pumpUntil(*server, events, [&] { return server->counts().acceptFailures > 0; }));
        // The listener stays readable: a server that polls it again at once returns at once,
        // every time. Backing off, each pump waits out its time.
        const auto start = std::chrono::steady_clock::now();
        int pumps = 0;
        while (std::chrono::steady_clock::now() - start < 300ms) {
            for (ServerEvent& event : server->pump(20ms)) {
                events.push_back(std::move(event));
            }
            ++pumps;
        }
        EXPECT_LE(pumps, 20);
        EXPECT_LE(server->counts().acceptFailures, 6u);
        EXPECT_EQ(server->clientCount(), 0u);
    }
    ASSERT_EQ(countEvents(events, ServerEvent::Kind::AcceptPaused), 1u); // once, then counted
    EXPECT_NE(std::find_if(events.begin(), events.end(),
                           [](const ServerEvent& event) { return !event.reason.empty(); }),
              events.end());
    // Descriptors again: the waiting client is accepted once the pause is over.
    ASSERT_TRUE(pumpUntil(*server, events, [&] { return server->clientCount() == 1; }));
}
#endif

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
