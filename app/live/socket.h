// TCP and UDP sockets for live streams, the small interface that app/live/posix/socket.cpp (BSD
// sockets) and app/live/windows/socket.cpp (Winsock 2) implement.
//
// Every socket this hands out is non-blocking: reads and writes return what they could do at
// once, and waiting is done by waitForSockets (poll / WSAPoll) with a timeout, so that a thread
// waiting for data still notices a request to stop within that timeout. Nothing here throws
// (except std::bad_alloc) or prints; failures come back as text: "connection refused".
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace bvhscope::live {

using NativeSocket = std::intptr_t; // an int on POSIX, a SOCKET on Windows
inline constexpr NativeSocket kNoSocket = -1;

// Starts the platform's socket library once per process (WSAStartup on Windows; on POSIX it
// makes a write to a closed connection an error instead of SIGPIPE). Returns "" or the reason
// it failed. Every function below calls it.
std::string startSockets();

// Owns one socket: closed by the destructor, move-only.
class Socket {
public:
    Socket() = default;
    explicit Socket(NativeSocket handle) : handle_(handle) {}
    ~Socket() { close(); }
    Socket(Socket&& other) noexcept : handle_(other.handle_) { other.handle_ = kNoSocket; }
    Socket& operator=(Socket&& other) noexcept;
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;

    bool valid() const { return handle_ != kNoSocket; }
    NativeSocket native() const { return handle_; }
    void close();

private:
    NativeSocket handle_ = kNoSocket;
};

// A listening TCP socket on `bindAddress` (a numeric IPv4 or IPv6 address, or a host name),
// `port` 0 meaning any free port; SO_REUSEADDR, so a restarted server gets its port back at once.
struct Listener {
    Socket socket;
    std::uint16_t port = 0; // the port actually bound
};
std::optional<Listener> listenTcp(std::string_view bindAddress, std::uint16_t port,
                                  std::string& error);

// A connection waiting on `listener`, or an invalid Socket when none is. `peer` gets
// "ADDRESS:PORT". When accepting failed for want of resources (EMFILE, ENFILE, ENOBUFS, ENOMEM;
// WSAEMFILE, WSAENOBUFS), `resourceFailure`, when given, gets the reason: the connection is
// still waiting and the listener stays readable, so a caller that tries again at once spins; it
// should stop watching the listener for a while instead. Other failures (a connection reset
// before it was accepted) concern that connection alone and leave `resourceFailure` untouched.
Socket acceptConnection(const Socket& listener, std::string& peer,
                        std::string* resourceFailure = nullptr);

// Connects to HOST:PORT, giving up after `timeout`. TCP_NODELAY is set: frames are small and
// must not wait for Nagle's algorithm. On failure returns an invalid Socket and sets `error`.
Socket connectTcp(std::string_view host, std::uint16_t port, std::chrono::milliseconds timeout,
                  std::string& error);

enum class IoStatus {
    Progress,   // `bytes` were moved (possibly fewer than asked)
    WouldBlock, // nothing can move now
    Closed,     // the peer closed the connection (a read of 0 bytes)
    Failed,     // an error: `error` says which
};
struct IoResult {
    IoStatus status = IoStatus::WouldBlock;
    std::size_t bytes = 0;
    std::string error;
};
IoResult sendSome(const Socket& socket, std::string_view bytes);
IoResult receiveSome(const Socket& socket, std::span<char> buffer);

// Half-closes the sending side (the peer reads the end of the stream after what was sent).
void shutdownSending(const Socket& socket);

// One socket to wait on and what happened to it.
struct SocketWait {
    NativeSocket socket = kNoSocket;
    bool wantRead = false;
    bool wantWrite = false;
    bool readable = false; // out: data, a connection to accept, or the end of the stream
    bool writable = false; // out
    bool broken = false;   // out: an error or a hang-up (a read then says which)
};
// Waits until one of `sockets` is ready or `timeout` passes. Returns the number ready (0 on a
// timeout). An interrupted wait (a signal) returns 0 early: callers loop on their own clock.
int waitForSockets(std::span<SocketWait> sockets, std::chrono::milliseconds timeout);

// [SECTION] UDP: the devices that send datagrams (VMC, mocopi)

// A UDP socket bound to `bindAddress` ("" for every IPv4 interface) and `port` (0: any free
// one), to receive datagrams. Without SO_REUSEADDR: a port another program holds is refused
// ("address already in use"), so two receivers never split one sender's datagrams.
struct DatagramSocket {
    Socket socket;
    std::uint16_t port = 0; // the port actually bound
};
std::optional<DatagramSocket> bindUdp(std::string_view bindAddress, std::uint16_t port,
                                      std::string& error);

// A UDP socket connected to HOST:PORT, to send datagrams: each sendSome is one datagram.
Socket connectUdp(std::string_view host, std::uint16_t port, std::string& error);

struct DatagramResult {
    IoStatus status = IoStatus::WouldBlock; // Progress, WouldBlock or Failed (never Closed)
    std::size_t bytes = 0;
    bool oversized = false; // longer than the buffer: the rest was lost, drop it
    std::string sender;     // "ADDRESS:PORT"
    std::string error;
};
// One waiting datagram into `buffer`.
DatagramResult receiveDatagram(const Socket& socket, std::span<char> buffer);

// "HOST:PORT" into its parts; a bracketed IPv6 address "[::1]:7001" too. nullopt when the port
// is missing or not 1-65535 (0 is allowed when `allowZeroPort`).
struct HostAndPort {
    std::string host;
    std::uint16_t port = 0;
};
std::optional<HostAndPort> parseHostAndPort(std::string_view text, bool allowZeroPort = false);
// A port number alone, by the same rule.
std::optional<std::uint16_t> parsePort(std::string_view text, bool allowZeroPort = false);

} // namespace bvhscope::live
