// socket.h on POSIX: BSD sockets, poll().
#include "app/live/socket.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <vector>

namespace bvhscope::live {
namespace {

std::string errorText(int code) {
    return std::strerror(code);
}

int fd(const Socket& socket) {
    return static_cast<int>(socket.native());
}

bool makeNonBlocking(int descriptor) {
    const int flags = ::fcntl(descriptor, F_GETFL, 0);
    return flags >= 0 && ::fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0;
}

struct AddressList {
    addrinfo* first = nullptr;
    ~AddressList() {
        if (first != nullptr) {
            ::freeaddrinfo(first);
        }
    }
};

// Resolves host and port; "" on success, else why not.
std::string resolve(std::string_view host, std::uint16_t port, bool passive, AddressList& list,
                    int socketType = SOCK_STREAM) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = socketType;
    hints.ai_flags = passive ? AI_PASSIVE : 0;
    const std::string hostText(host);
    const std::string portText = std::to_string(port);
    const int status = ::getaddrinfo(hostText.c_str(), portText.c_str(), &hints, &list.first);
    if (status != 0) {
        return "cannot resolve '" + hostText + "': " + ::gai_strerror(status);
    }
    return {};
}

std::string peerName(const sockaddr_storage& address) {
    char host[NI_MAXHOST] = {};
    char service[NI_MAXSERV] = {};
    if (::getnameinfo(reinterpret_cast<const sockaddr*>(&address), sizeof address, host,
                      sizeof host, service, sizeof service, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
        return "?";
    }
    return std::string(host) + ":" + service;
}

// The port a bound socket got (the one asked for, or the system's choice for port 0).
std::uint16_t boundPortOf(const Socket& socket) {
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    ::getsockname(fd(socket), reinterpret_cast<sockaddr*>(&bound), &length);
    return bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6&>(bound).sin6_port)
                                       : ntohs(reinterpret_cast<sockaddr_in&>(bound).sin_port);
}

} // namespace

std::string startSockets() {
    static std::once_flag once;
    std::call_once(once, [] {
        // A write to a connection the peer closed is EPIPE, not a signal that ends the process.
        // MSG_NOSIGNAL covers our sends; this covers everything else in the process too.
        std::signal(SIGPIPE, SIG_IGN);
    });
    return {};
}

void Socket::close() {
    if (handle_ != kNoSocket) {
        ::close(static_cast<int>(handle_));
        handle_ = kNoSocket;
    }
}

std::optional<Listener> listenTcp(std::string_view bindAddress, std::uint16_t port,
                                  std::string& error) {
    startSockets();
    AddressList addresses;
    if (error = resolve(bindAddress, port, true, addresses); !error.empty()) {
        return std::nullopt;
    }
    for (const addrinfo* entry = addresses.first; entry != nullptr; entry = entry->ai_next) {
        Socket socket(::socket(entry->ai_family, entry->ai_socktype | SOCK_CLOEXEC, 0));
        if (!socket.valid()) {
            error = errorText(errno);
            continue;
        }
        const int yes = 1;
        ::setsockopt(fd(socket), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        if (::bind(fd(socket), entry->ai_addr, entry->ai_addrlen) != 0 ||
            ::listen(fd(socket), 16) != 0 || !makeNonBlocking(fd(socket))) {
            error = errorText(errno);
            continue;
        }
        const std::uint16_t boundPort = boundPortOf(socket);
        error.clear();
        return Listener{std::move(socket), boundPort};
    }
    return std::nullopt;
}

Socket acceptConnection(const Socket& listener, std::string& peer, std::string* resourceFailure) {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    Socket accepted(
        ::accept4(fd(listener), reinterpret_cast<sockaddr*>(&address), &length, SOCK_CLOEXEC));
    if (!accepted.valid()) {
        const int problem = errno;
        if (resourceFailure != nullptr &&
            (problem == EMFILE || problem == ENFILE || problem == ENOBUFS || problem == ENOMEM)) {
            *resourceFailure = errorText(problem);
        }
        return {};
    }
    if (!makeNonBlocking(fd(accepted))) {
        return {};
    }
    const int yes = 1;
    ::setsockopt(fd(accepted), IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    peer = peerName(address);
    return accepted;
}

Socket connectTcp(std::string_view host, std::uint16_t port, std::chrono::milliseconds timeout,
                  std::string& error) {
    startSockets();
    AddressList addresses;
    if (error = resolve(host, port, false, addresses); !error.empty()) {
        return {};
    }
    for (const addrinfo* entry = addresses.first; entry != nullptr; entry = entry->ai_next) {
        Socket socket(::socket(entry->ai_family, entry->ai_socktype | SOCK_CLOEXEC, 0));
        if (!socket.valid() || !makeNonBlocking(fd(socket))) {
            error = errorText(errno);
            continue;
        }
        if (::connect(fd(socket), entry->ai_addr, entry->ai_addrlen) != 0) {
            if (errno != EINPROGRESS) {
                error = errorText(errno);
                continue;
            }
            SocketWait wait{socket.native(), false, true};
            if (waitForSockets(std::span(&wait, 1), timeout) == 0) {
                error = "timed out";
                continue;
            }
            int problem = 0;
            socklen_t length = sizeof problem;
            ::getsockopt(fd(socket), SOL_SOCKET, SO_ERROR, &problem, &length);
            if (problem != 0) {
                error = errorText(problem);
                continue;
            }
        }
        const int yes = 1;
        ::setsockopt(fd(socket), IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
        error.clear();
        return socket;
    }
    return {};
}

IoResult sendSome(const Socket& socket, std::string_view bytes) {
    const ssize_t sent = ::send(fd(socket), bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent >= 0) {
        return {IoStatus::Progress, static_cast<std::size_t>(sent), {}};
    }
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        return {IoStatus::WouldBlock, 0, {}};
    }
    return {IoStatus::Failed, 0, errorText(errno)};
}

IoResult receiveSome(const Socket& socket, std::span<char> buffer) {
    const ssize_t received = ::recv(fd(socket), buffer.data(), buffer.size(), 0);
    if (received > 0) {
        return {IoStatus::Progress, static_cast<std::size_t>(received), {}};
    }
    if (received == 0) {
        return {IoStatus::Closed, 0, {}};
    }
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        return {IoStatus::WouldBlock, 0, {}};
    }
    return {IoStatus::Failed, 0, errorText(errno)};
}

void shutdownSending(const Socket& socket) {
    ::shutdown(fd(socket), SHUT_WR);
}

int waitForSockets(std::span<SocketWait> sockets, std::chrono::milliseconds timeout) {
    std::vector<pollfd> polled(sockets.size());
    for (std::size_t i = 0; i < sockets.size(); ++i) {
        polled[i].fd = static_cast<int>(sockets[i].socket);
        polled[i].events = static_cast<short>((sockets[i].wantRead ? POLLIN : 0) |
                                              (sockets[i].wantWrite ? POLLOUT : 0));
    }
    const int ready = ::poll(polled.data(), polled.size(), static_cast<int>(timeout.count()));
    for (std::size_t i = 0; i < sockets.size(); ++i) {
        const short happened = ready > 0 ? polled[i].revents : 0;
        sockets[i].readable = (happened & (POLLIN | POLLHUP)) != 0;
        sockets[i].writable = (happened & POLLOUT) != 0;
        sockets[i].broken = (happened & (POLLERR | POLLHUP | POLLNVAL)) != 0;
    }
    return ready > 0 ? ready : 0;
}

// [SECTION] UDP

std::optional<DatagramSocket> bindUdp(std::string_view bindAddress, std::uint16_t port,
                                      std::string& error) {
    startSockets();
    AddressList addresses;
    const std::string_view host = bindAddress.empty() ? "0.0.0.0" : bindAddress;
    if (error = resolve(host, port, true, addresses, SOCK_DGRAM); !error.empty()) {
        return std::nullopt;
    }
    for (const addrinfo* entry = addresses.first; entry != nullptr; entry = entry->ai_next) {
        Socket socket(::socket(entry->ai_family, entry->ai_socktype | SOCK_CLOEXEC, 0));
        if (!socket.valid() || ::bind(fd(socket), entry->ai_addr, entry->ai_addrlen) != 0 ||
            !makeNonBlocking(fd(socket))) {
            error = errorText(errno);
            continue;
        }
        const std::uint16_t boundPort = boundPortOf(socket);
        error.clear();
        return DatagramSocket{std::move(socket), boundPort};
    }
    return std::nullopt;
}

Socket connectUdp(std::string_view host, std::uint16_t port, std::string& error) {
    startSockets();
    AddressList addresses;
    if (error = resolve(host, port, false, addresses, SOCK_DGRAM); !error.empty()) {
        return {};
    }
    for (const addrinfo* entry = addresses.first; entry != nullptr; entry = entry->ai_next) {
        Socket socket(::socket(entry->ai_family, entry->ai_socktype | SOCK_CLOEXEC, 0));
        if (!socket.valid() || !makeNonBlocking(fd(socket)) ||
            ::connect(fd(socket), entry->ai_addr, entry->ai_addrlen) != 0) {
            error = errorText(errno);
            continue;
        }
        error.clear();
        return socket;
    }
    return {};
}

DatagramResult receiveDatagram(const Socket& socket, std::span<char> buffer) {
    sockaddr_storage address{};
    iovec part{buffer.data(), buffer.size()};
    msghdr message{};
    message.msg_name = &address;
    message.msg_namelen = sizeof address;
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    const ssize_t received = ::recvmsg(fd(socket), &message, 0);
    DatagramResult result;
    if (received < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNREFUSED) {
            return result; // ECONNREFUSED: an ICMP answer to an earlier send, not this socket's
        }
        result.status = IoStatus::Failed;
        result.error = errorText(errno);
        return result;
    }
    result.status = IoStatus::Progress;
    result.bytes = static_cast<std::size_t>(received);
    result.oversized = (message.msg_flags & MSG_TRUNC) != 0;
    result.sender = peerName(address);
    return result;
}

} // namespace bvhscope::live
