#include "app/live/socket.h"

#include <array>
#include <gtest/gtest.h>

namespace bvhscope::live {
namespace {

TEST(HostAndPort, ReadsHostNamesAddressesAndBracketedIpv6) {
    const auto named = parseHostAndPort("localhost:7001");
    ASSERT_TRUE(named);
    EXPECT_EQ(named->host, "localhost");
    EXPECT_EQ(named->port, 7001);
    const auto ipv6 = parseHostAndPort("[::1]:65535");
    ASSERT_TRUE(ipv6);
    EXPECT_EQ(ipv6->host, "::1");
    EXPECT_EQ(ipv6->port, 65535);
}

TEST(HostAndPort, RefusesWhatIsNotAPort) {
    for (const char* text : {"localhost", "localhost:", ":7001", "host:65536", "host:0", "host:7x",
                             "host:-1", "[::1]7001", "[::1]:"}) {
        EXPECT_FALSE(parseHostAndPort(text)) << text;
    }
    EXPECT_TRUE(parseHostAndPort("host:0", true));
    EXPECT_EQ(parsePort("0", true), std::uint16_t{0});
    EXPECT_FALSE(parsePort("0"));
    EXPECT_FALSE(parsePort(" 1"));
}

TEST(Sockets, LoopbackConnectionCarriesBytesBothWaysAndReportsTheEnd) {
    std::string error;
    std::optional<Listener> listener = listenTcp("127.0.0.1", 0, error);
    ASSERT_TRUE(listener) << error;
    EXPECT_NE(listener->port, 0);
    Socket client = connectTcp("127.0.0.1", listener->port, std::chrono::seconds(10), error);
    ASSERT_TRUE(client.valid()) << error;

    SocketWait waitAccept{listener->socket.native(), true, false};
    ASSERT_EQ(waitForSockets(std::span(&waitAccept, 1), std::chrono::seconds(10)), 1);
    std::string peer;
    Socket server = acceptConnection(listener->socket, peer);
    ASSERT_TRUE(server.valid());
    EXPECT_TRUE(peer.starts_with("127.0.0.1:")) << peer;

    ASSERT_EQ(sendSome(client, "frame\n").bytes, 6u);
    SocketWait waitData{server.native(), true, false};
    ASSERT_EQ(waitForSockets(std::span(&waitData, 1), std::chrono::seconds(10)), 1);
    std::array<char, 16> buffer{};
    const IoResult read = receiveSome(server, buffer);
    ASSERT_EQ(read.status, IoStatus::Progress);
    EXPECT_EQ(std::string_view(buffer.data(), read.bytes), "frame\n");
    // Nothing more waiting: a non-blocking read says so instead of blocking.
    EXPECT_EQ(receiveSome(server, buffer).status, IoStatus::WouldBlock);

    client.close();
    ASSERT_EQ(waitForSockets(std::span(&waitData, 1), std::chrono::seconds(10)), 1);
    EXPECT_EQ(receiveSome(server, buffer).status, IoStatus::Closed);
}

TEST(Sockets, ConnectingWhereNothingListensFailsWithAReason) {
    std::string error;
    std::uint16_t port = 0;
    {
        std::optional<Listener> listener = listenTcp("127.0.0.1", 0, error);
        ASSERT_TRUE(listener) << error;
        port = listener->port;
    } // closed: the port refuses now
    const Socket client = connectTcp("127.0.0.1", port, std::chrono::seconds(10), error);
    EXPECT_FALSE(client.valid());
    EXPECT_FALSE(error.empty());
}

TEST(Sockets, AnUnknownHostIsAnErrorNotACrash) {
    std::string error;
    const Socket client = connectTcp("no-such-host.invalid", 7001, std::chrono::seconds(5), error);
    EXPECT_FALSE(client.valid());
    EXPECT_NE(error.find("no-such-host.invalid"), std::string::npos) << error;
}

} // namespace
} // namespace bvhscope::live
