// A TCP server that sends the same bytes to every connected client, the way a capture system's
// broadcast output does (`bvhscope serve`).
//
// Single-threaded and non-blocking: the owner calls pump() in its loop, which accepts new
// clients, writes what each one's queue holds as far as its socket takes it, and notices
// clients that went away. A slow client never holds up the others: each has its own queue of
// at most `maxQueuedBytes`; a client whose queue would grow past it is disconnected (a live
// stream has no use for frames seconds old, and the bound keeps memory fixed whatever a client
// does). What clients send is read and thrown away (so a chatty client cannot fill our receive
// buffer), up to the end of its stream.
//
// Never throws (except std::bad_alloc), never prints: what happened comes back from pump() as
// events for the caller to report.
#pragma once

#include "app/live/socket.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::live {

struct ServerEvent {
    enum class Kind { Connected, Disconnected, Dropped };
    Kind kind = Kind::Connected;
    std::string peer;   // "127.0.0.1:51234"
    std::string reason; // why a client went (Disconnected: "closed by the client" or an error;
                        // Dropped: "too slow: N bytes queued")
};

class BroadcastServer {
public:
    // 4 MiB: seconds of a 354-value stream at 120 Hz, a fraction of a second at 1000 Hz.
    static constexpr std::size_t kDefaultMaxQueuedBytes = std::size_t{4} << 20;

    // Listens on bindAddress:port (port 0: any free one; see port()). nullopt with `error` set
    // when it cannot.
    static std::optional<BroadcastServer> open(std::string_view bindAddress, std::uint16_t port,
                                               std::string& error,
                                               std::size_t maxQueuedBytes = kDefaultMaxQueuedBytes);

    std::uint16_t port() const { return listener_.port; }
    std::size_t clientCount() const { return clients_.size(); }

    // Bytes every client gets first when it connects, before anything broadcast after that
    // (a BVH stream's header, so that a client joining mid-take can decode the rows).
    void setGreeting(std::string greeting) { greeting_ = std::move(greeting); }

    // Queues `bytes` for every connected client (clients that connect later do not get them).
    void broadcast(std::string_view bytes);

    // Accepts, sends, reads and drops, waiting at most `wait` for something to happen; returns
    // what happened to clients.
    std::vector<ServerEvent> pump(std::chrono::milliseconds wait);

    // Whether every client's queue is empty (all broadcast bytes handed to the system).
    bool drained() const;
    // Half-closes every client (they read the end of the stream after what was sent) and then
    // closes them; call after drained() or when giving up.
    void closeAll();

private:
    struct Client {
        Socket socket;
        std::string peer;
        std::string queued; // bytes not yet sent, from `sent`
        std::size_t sent = 0;
    };
    BroadcastServer(Listener listener, std::size_t maxQueuedBytes)
        : listener_(std::move(listener)), maxQueuedBytes_(maxQueuedBytes) {}
    void acceptWaiting(std::vector<ServerEvent>& events);
    // False when the client is gone; `reason` says why.
    bool serviceClient(Client& client, const SocketWait& wait, std::string& reason);

    Listener listener_;
    std::size_t maxQueuedBytes_;
    std::string greeting_;
    std::vector<Client> clients_;
};

} // namespace bvhscope::live
