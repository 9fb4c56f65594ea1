// A TCP server that sends the same bytes to every connected client, the way a capture system's
// broadcast output does (`bvhscope serve`).
//
// Single-threaded and non-blocking: the owner calls pump() in its loop, which accepts new
// clients, writes to each what it has not had yet as far as its socket takes it, and notices
// clients that went away. What clients send is read and thrown away (so a chatty client cannot
// fill our receive buffer), up to the end of its stream.
//
// Memory is bounded whatever clients do:
//   - what is broadcast is kept once, in one log shared by every client; a client is only a
//     position in it. The log keeps what the slowest client has not had, and a client that falls
//     more than `maxQueuedBytes` behind is dropped (a live stream has no use for frames seconds
//     old, and the others never wait for it). So the log holds at most maxQueuedBytes plus the
//     last broadcast, with 1 client or 1000, and all of it goes when the clients go;
//   - at most `maxClients` clients at once: one more is accepted and closed at once (refused);
//   - when accepting fails for want of resources (no file descriptors left), the listener is
//     left alone for kFirstAcceptPause, then twice as long each time it fails again, up to
//     kLongestAcceptPause, instead of being polled again at once (which spins at full CPU).
//
// Never throws (except std::bad_alloc), never prints: what happened comes back from pump() as
// events for the caller to report, and counts() adds it up.
#pragma once

#include "app/live/socket.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::live {

struct ServerEvent {
    enum class Kind {
        Connected,
        Disconnected,
        Dropped,      // too slow
        Refused,      // maxClients were connected: the first of a run of refusals
        AcceptPaused, // accepting failed for want of resources: the first of a run of failures
    };
    Kind kind = Kind::Connected;
    std::string peer;   // "127.0.0.1:51234" (empty for AcceptPaused)
    std::string reason; // why a client went, was refused, or why accepting failed
};

struct ServerLimits {
    // 4 MiB: seconds of a 354-value stream at 120 Hz, a fraction of a second at 1000 Hz.
    static constexpr std::size_t kDefaultMaxQueuedBytes = std::size_t{4} << 20;
    // 64: more than a studio's screens and recorders; each client costs a descriptor and a
    // share of every send, and the default descriptor limit (1024) holds this many many times.
    static constexpr std::size_t kDefaultMaxClients = 64;
    // The highest maxClients: the usual limit of open descriptors is 1024, and a server past it
    // can accept no one.
    static constexpr std::size_t kMostClients = 1000;

    // 10 s: a client that takes no byte for this long while bytes wait for it is dropped, so
    // that clients that never read cannot hold every place for good.
    static constexpr std::chrono::milliseconds kDefaultStallTimeout{10000};

    std::size_t maxQueuedBytes = kDefaultMaxQueuedBytes;
    std::size_t maxClients = kDefaultMaxClients;
    std::chrono::milliseconds stallTimeout = kDefaultStallTimeout;
};

// What happened to clients since the server opened.
struct ServerCounts {
    std::uint64_t accepted = 0;
    std::uint64_t refused = 0;        // over maxClients
    std::uint64_t dropped = 0;        // too slow
    std::uint64_t acceptFailures = 0; // accepting failed for want of resources
    std::size_t mostClients = 0;      // connected at once
};

class BroadcastServer {
public:
    static constexpr std::chrono::milliseconds kFirstAcceptPause{50};
    static constexpr std::chrono::milliseconds kLongestAcceptPause{1600};

    // Listens on bindAddress:port (port 0: any free one; see port()). nullopt with `error` set
    // when it cannot.
    static std::optional<BroadcastServer> open(std::string_view bindAddress, std::uint16_t port,
                                               std::string& error, ServerLimits limits = {});

    std::uint16_t port() const { return listener_.port; }
    std::size_t clientCount() const { return clients_.size(); }
    const ServerCounts& counts() const { return counts_; }
    const ServerLimits& limits() const { return limits_; }
    // Bytes broadcast and still kept for some client (the log), at most maxQueuedBytes plus the
    // last broadcast; 0 when no client is connected.
    std::size_t heldBytes() const { return static_cast<std::size_t>(logEnd_ - logStart_); }
    // Bytes broadcast that even the client furthest ahead has not taken yet (0 without clients):
    // when it is large, more broadcasts only go to waste, so a sender can skip them.
    std::size_t leastBehindBytes() const;

    // Bytes every client gets first when it connects, before anything broadcast after that
    // (a BVH stream's header, so that a client joining mid-take can decode the rows). Clients
    // already connected keep the greeting they joined with.
    void setGreeting(std::string greeting);

    // Queues `bytes` for every connected client (clients that connect later do not get them).
    void broadcast(std::string_view bytes);

    // Accepts, sends, reads and drops, waiting at most `wait` for something to happen; returns
    // what happened to clients.
    std::vector<ServerEvent> pump(std::chrono::milliseconds wait);

    // Whether every client has been handed everything (all broadcast bytes given to the system).
    bool drained() const;
    // Half-closes every client (they read the end of the stream after what was sent) and then
    // closes them; call after drained() or when giving up.
    void closeAll();

private:
    using Clock = std::chrono::steady_clock;
    struct Client {
        Socket socket;
        std::string peer;
        std::shared_ptr<const std::string> greeting;
        std::size_t greetingSent = 0;
        std::uint64_t position = 0; // in the stream of broadcast bytes: the next byte to send
        bool tooSlow = false;       // fell more than maxQueuedBytes behind: dropped by pump()
        // When it last took bytes or had none waiting (see ServerLimits::stallTimeout).
        std::chrono::steady_clock::time_point lastTook;
    };
    // A piece of the log: broadcasts are appended to the last piece up to kLogPieceBytes, so that
    // small broadcasts cost no more than large ones, and the log is let go of piece by piece.
    struct LogPiece {
        std::uint64_t start = 0; // stream position of bytes[0]
        std::string bytes;
    };
    static constexpr std::size_t kLogPieceBytes = std::size_t{64} << 10;

    BroadcastServer(Listener listener, ServerLimits limits)
        : listener_(std::move(listener)), limits_(limits) {}
    std::size_t unsentBytes(const Client& client) const;
    void acceptWaiting(std::vector<ServerEvent>& events);
    void admit(Socket socket, std::string peer, std::vector<ServerEvent>& events);
    // False when the client is gone; `reason` says why.
    bool serviceClient(Client& client, const SocketWait& wait, Clock::time_point now,
                       std::string& reason);
    bool readAndDiscard(Client& client, std::string& reason);
    bool sendPending(Client& client, std::string& reason);
    // Lets go of the log pieces every client has had.
    void trimLog();

    Listener listener_;
    ServerLimits limits_;
    std::shared_ptr<const std::string> greeting_ = std::make_shared<const std::string>();
    std::vector<Client> clients_;
    std::deque<LogPiece> log_;
    std::uint64_t logStart_ = 0; // stream position of the log's first byte
    std::uint64_t logEnd_ = 0;   // stream position after the last byte broadcast
    ServerCounts counts_;
    bool refusing_ = false; // a Refused event was reported and no client has left since
    std::optional<Clock::time_point> acceptPausedUntil_;
    std::chrono::milliseconds acceptPause_ = kFirstAcceptPause;
};

} // namespace bvhscope::live
