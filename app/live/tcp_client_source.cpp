#include "app/live/tcp_client_source.h"

#include <algorithm>
#include <vector>

namespace bvhscope::live {
namespace {

// A connection that lasted this long resets the back-off.
constexpr std::chrono::seconds kLastingConnection{2};

} // namespace

std::string TcpClientSource::receive(const Socket& socket, bvh::live::StreamDecoder& decoder,
                                     std::uint32_t connection) {
    std::vector<char> buffer(kReadBytes);
    std::vector<bvh::live::LiveFrame> frames;
    std::string ended;
    while (!stopping() && ended.empty()) {
        SocketWait wait{socket.native(), true, false};
        if (waitForSockets(std::span(&wait, 1), std::chrono::milliseconds(50)) == 0) {
            continue;
        }
        // Everything waiting, up to a bound: a flood still yields to the stop check and to
        // the consumer's lock between batches.
        // Latency is counted from here: the bytes are in our hands, not yet decoded.
        const LiveClock::time_point readAt = LiveClock::now();
        for (int reads = 0; reads < 64 && ended.empty(); ++reads) {
            const IoResult read = receiveSome(socket, buffer);
            if (read.status == IoStatus::WouldBlock) {
                break;
            }
            if (read.status == IoStatus::Closed) {
                ended = "closed by the sender";
            } else if (read.status == IoStatus::Failed) {
                ended = read.error;
            } else {
                decoder.feed(std::string_view(buffer.data(), read.bytes), frames);
            }
        }
        if (!ended.empty()) {
            decoder.finish();
        }
        publishDecoded(decoder, frames, connection, readAt);
    }
    return ended;
}

void TcpClientSource::run() {
    bvh::live::StreamDecoder decoder(options_.format, options_.decoder);
    std::chrono::milliseconds retry = options_.firstRetry;
    std::uint32_t connections = 0;
    const std::string address = options_.host + ":" + std::to_string(options_.port);
    while (!stopping()) {
        std::string error;
        Socket socket = connectTcp(options_.host, options_.port, options_.connectTimeout, error);
        if (!socket.valid()) {
            updateStatus([&](LiveStatus& status) {
                status.connection = connections == 0 ? LiveStatus::Connection::Starting
                                                     : LiveStatus::Connection::Reconnecting;
                ++status.reconnectAttempts;
                status.lastError = "cannot connect to " + address + ": " + error;
            });
            sleepUnlessStopped(retry);
            retry = std::min(retry * 2, options_.longestRetry);
            continue;
        }
        ++connections;
        if (connections > 1) {
            decoder.reset();
        }
        updateStatus([&](LiveStatus& status) {
            status.connection = LiveStatus::Connection::Connected;
            status.connections = connections;
            status.reconnectAttempts = 0;
            // The sender is back: "cannot connect ... refused" is history, not the state.
            status.lastError.clear();
        });
        LiveEvent connected;
        connected.kind = LiveEvent::Kind::Connected;
        connected.connection = connections;
        connected.text = address;
        publish(std::move(connected));

        const LiveClock::time_point since = LiveClock::now();
        const std::string reason = receive(socket, decoder, connections);
        if (reason.empty()) {
            break; // stopped
        }
        LiveEvent disconnected;
        disconnected.kind = LiveEvent::Kind::Disconnected;
        disconnected.connection = connections;
        disconnected.text = reason;
        publish(std::move(disconnected));
        updateStatus([&](LiveStatus& status) {
            status.connection = LiveStatus::Connection::Reconnecting;
            status.lastError = address + ": " + reason;
        });
        if (LiveClock::now() - since >= kLastingConnection) {
            retry = options_.firstRetry;
        }
        sleepUnlessStopped(retry);
        retry = std::min(retry * 2, options_.longestRetry);
    }
}

} // namespace bvhscope::live
