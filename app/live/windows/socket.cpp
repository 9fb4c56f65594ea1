// socket.h on Windows: Winsock 2 (ws2_32), WSAPoll. Builds with MinGW-w64; UNICODE is defined
// project-wide, so host names go through the wide getaddrinfo (GetAddrInfoW) as UTF-16.
#include "app/live/socket.h"

#include <algorithm>
#include <mutex>
#include <vector>
#include <winsock2.h>
#include <ws2tcpip.h>

namespace bvhscope::live {
namespace {

SOCKET handleOf(const Socket& socket) {
    return static_cast<SOCKET>(socket.native());
}

NativeSocket toNative(SOCKET socket) {
    return socket == INVALID_SOCKET ? kNoSocket : static_cast<NativeSocket>(socket);
}

std::string errorText(int code) {
    // Said as POSIX says it, so that a port another program holds reads the same on every
    // system ("Address already in use"): Windows' own text ("Only one usage of each socket
    // address ... is normally permitted") does not say it plainly, and Wine has none.
    if (code == WSAEADDRINUSE) {
        return "Address already in use";
    }
    wchar_t* text = nullptr;
    const DWORD length = ::FormatMessageW(
        FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
        nullptr, static_cast<DWORD>(code), 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
    std::string result;
    if (length > 0 && text != nullptr) {
        const int bytes = ::WideCharToMultiByte(CP_UTF8, 0, text, static_cast<int>(length), nullptr,
                                                0, nullptr, nullptr);
        result.resize(static_cast<std::size_t>(bytes));
        ::WideCharToMultiByte(CP_UTF8, 0, text, static_cast<int>(length), result.data(), bytes,
                              nullptr, nullptr);
        while (!result.empty() && (result.back() == '\n' || result.back() == '\r' ||
                                   result.back() == '.' || result.back() == ' ')) {
            result.pop_back();
        }
    }
    if (text != nullptr) {
        ::LocalFree(text);
    }
    return result.empty() ? "socket error " + std::to_string(code) : result;
}

std::wstring wide(std::string_view utf8) {
    if (utf8.empty()) {
        return {};
    }
    const int length =
        ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
    std::wstring result(static_cast<std::size_t>(length), L'\0');
    ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), result.data(),
                          length);
    return result;
}

bool makeNonBlocking(SOCKET socket) {
    u_long yes = 1;
    return ::ioctlsocket(socket, FIONBIO, &yes) == 0;
}

struct AddressList {
    ADDRINFOW* first = nullptr;
    ~AddressList() {
        if (first != nullptr) {
            ::FreeAddrInfoW(first);
        }
    }
};

std::string resolve(std::string_view host, std::uint16_t port, bool passive, AddressList& list,
                    int socketType = SOCK_STREAM) {
    ADDRINFOW hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = socketType;
    hints.ai_protocol = socketType == SOCK_DGRAM ? IPPROTO_UDP : IPPROTO_TCP;
    hints.ai_flags = passive ? AI_PASSIVE : 0;
    const std::wstring hostText = wide(host);
    const std::wstring portText = std::to_wstring(port);
    const int status = ::GetAddrInfoW(hostText.c_str(), portText.c_str(), &hints, &list.first);
    if (status != 0) {
        return "cannot resolve '" + std::string(host) + "': " + errorText(status);
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

// A socket of `entry`'s kind bound to its address for this process alone, or an invalid one
// with the reason's WSAGetLastError code in `failure` (read before the socket is closed). Windows'
// SO_REUSEADDR would let a second program take a port in use, so SO_EXCLUSIVEADDRUSE refuses it as
// POSIX does; a port in TIME_WAIT can be bound again without SO_REUSEADDR there.
Socket boundExclusively(const ADDRINFOW& entry, int& failure) {
    Socket socket(toNative(::socket(entry.ai_family, entry.ai_socktype, entry.ai_protocol)));
    if (!socket.valid()) {
        failure = ::WSAGetLastError();
        return socket;
    }
    const BOOL exclusive = TRUE;
    ::setsockopt(handleOf(socket), SOL_SOCKET, SO_EXCLUSIVEADDRUSE,
                 reinterpret_cast<const char*>(&exclusive), sizeof exclusive);
    if (::bind(handleOf(socket), entry.ai_addr, static_cast<int>(entry.ai_addrlen)) != 0) {
        failure = ::WSAGetLastError();
        return Socket();
    }
    return socket;
}

// The port a bound socket got (the one asked for, or the system's choice for port 0).
std::uint16_t boundPortOf(const Socket& socket) {
    sockaddr_storage bound{};
    int length = sizeof bound;
    ::getsockname(handleOf(socket), reinterpret_cast<sockaddr*>(&bound), &length);
    return bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6&>(bound).sin6_port)
                                       : ntohs(reinterpret_cast<sockaddr_in&>(bound).sin_port);
}

} // namespace

std::string startSockets() {
    static std::once_flag once;
    static std::string failure;
    std::call_once(once, [] {
        WSADATA data{};
        if (const int status = ::WSAStartup(MAKEWORD(2, 2), &data); status != 0) {
            failure = "cannot start Winsock: " + errorText(status);
        }
    });
    return failure;
}

void Socket::close() {
    if (handle_ != kNoSocket) {
        ::closesocket(static_cast<SOCKET>(handle_));
        handle_ = kNoSocket;
    }
}

std::optional<Listener> listenTcp(std::string_view bindAddress, std::uint16_t port,
                                  std::string& error) {
    if (error = startSockets(); !error.empty()) {
        return std::nullopt;
    }
    AddressList addresses;
    if (error = resolve(bindAddress, port, true, addresses); !error.empty()) {
        return std::nullopt;
    }
    for (const ADDRINFOW* entry = addresses.first; entry != nullptr; entry = entry->ai_next) {
        int failure = 0;
        Socket socket = boundExclusively(*entry, failure);
        if (!socket.valid()) {
            error = errorText(failure);
            continue;
        }
        if (::listen(handleOf(socket), 16) != 0 || !makeNonBlocking(handleOf(socket))) {
            error = errorText(::WSAGetLastError());
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
    int length = sizeof address;
    Socket accepted(
        toNative(::accept(handleOf(listener), reinterpret_cast<sockaddr*>(&address), &length)));
    if (!accepted.valid()) {
        const int problem = ::WSAGetLastError();
        if (resourceFailure != nullptr && (problem == WSAEMFILE || problem == WSAENOBUFS)) {
            *resourceFailure = errorText(problem);
        }
        return {};
    }
    if (!makeNonBlocking(handleOf(accepted))) {
        return {};
    }
    const BOOL yes = TRUE;
    ::setsockopt(handleOf(accepted), IPPROTO_TCP, TCP_NODELAY, reinterpret_cast<const char*>(&yes),
                 sizeof yes);
    peer = peerName(address);
    return accepted;
}

Socket connectTcp(std::string_view host, std::uint16_t port, std::chrono::milliseconds timeout,
                  std::string& error) {
    if (error = startSockets(); !error.empty()) {
        return {};
    }
    AddressList addresses;
    if (error = resolve(host, port, false, addresses); !error.empty()) {
        return {};
    }
    for (const ADDRINFOW* entry = addresses.first; entry != nullptr; entry = entry->ai_next) {
        Socket socket(toNative(::socket(entry->ai_family, entry->ai_socktype, entry->ai_protocol)));
        if (!socket.valid() || !makeNonBlocking(handleOf(socket))) {
            error = errorText(::WSAGetLastError());
            continue;
        }
        if (::connect(handleOf(socket), entry->ai_addr, static_cast<int>(entry->ai_addrlen)) != 0) {
            if (::WSAGetLastError() != WSAEWOULDBLOCK) {
                error = errorText(::WSAGetLastError());
                continue;
            }
            // A refused connect shows as an error (POLLERR) on Windows, not as writable.
            SocketWait wait{socket.native(), false, true};
            if (waitForSockets(std::span(&wait, 1), timeout) == 0) {
                error = "timed out";
                continue;
            }
            int problem = 0;
            int length = sizeof problem;
            ::getsockopt(handleOf(socket), SOL_SOCKET, SO_ERROR, reinterpret_cast<char*>(&problem),
                         &length);
            if (problem != 0 || !wait.writable) {
                error = errorText(problem != 0 ? problem : WSAECONNREFUSED);
                continue;
            }
        }
        const BOOL yes = TRUE;
        ::setsockopt(handleOf(socket), IPPROTO_TCP, TCP_NODELAY,
                     reinterpret_cast<const char*>(&yes), sizeof yes);
        error.clear();
        return socket;
    }
    return {};
}

IoResult sendSome(const Socket& socket, std::string_view bytes) {
    const int size = static_cast<int>(std::min<std::size_t>(bytes.size(), 1 << 30));
    const int sent = ::send(handleOf(socket), bytes.data(), size, 0);
    if (sent != SOCKET_ERROR) {
        return {IoStatus::Progress, static_cast<std::size_t>(sent), {}};
    }
    const int code = ::WSAGetLastError();
    if (code == WSAEWOULDBLOCK || code == WSAEINTR) {
        return {IoStatus::WouldBlock, 0, {}};
    }
    return {IoStatus::Failed, 0, errorText(code)};
}

IoResult receiveSome(const Socket& socket, std::span<char> buffer) {
    const int size = static_cast<int>(std::min<std::size_t>(buffer.size(), 1 << 30));
    const int received = ::recv(handleOf(socket), buffer.data(), size, 0);
    if (received > 0) {
        return {IoStatus::Progress, static_cast<std::size_t>(received), {}};
    }
    if (received == 0) {
        return {IoStatus::Closed, 0, {}};
    }
    const int code = ::WSAGetLastError();
    if (code == WSAEWOULDBLOCK || code == WSAEINTR) {
        return {IoStatus::WouldBlock, 0, {}};
    }
    return {IoStatus::Failed, 0, errorText(code)};
}

void shutdownSending(const Socket& socket) {
    ::shutdown(handleOf(socket), SD_SEND);
}

int waitForSockets(std::span<SocketWait> sockets, std::chrono::milliseconds timeout) {
    std::vector<WSAPOLLFD> polled(sockets.size());
    for (std::size_t i = 0; i < sockets.size(); ++i) {
        polled[i].fd = static_cast<SOCKET>(sockets[i].socket);
        polled[i].events = static_cast<SHORT>((sockets[i].wantRead ? POLLRDNORM : 0) |
                                              (sockets[i].wantWrite ? POLLWRNORM : 0));
    }
    const int ready = ::WSAPoll(polled.data(), static_cast<ULONG>(polled.size()),
                                static_cast<INT>(timeout.count()));
    for (std::size_t i = 0; i < sockets.size(); ++i) {
        const SHORT happened = ready > 0 ? polled[i].revents : 0;
        sockets[i].readable = (happened & (POLLRDNORM | POLLHUP)) != 0;
        sockets[i].writable = (happened & POLLWRNORM) != 0;
        sockets[i].broken = (happened & (POLLERR | POLLHUP | POLLNVAL)) != 0;
    }
    return ready > 0 ? ready : 0;
}

// [SECTION] UDP

std::optional<DatagramSocket> bindUdp(std::string_view bindAddress, std::uint16_t port,
                                      std::string& error) {
    if (error = startSockets(); !error.empty()) {
        return std::nullopt;
    }
    AddressList addresses;
    const std::string_view host = bindAddress.empty() ? "0.0.0.0" : bindAddress;
    if (error = resolve(host, port, true, addresses, SOCK_DGRAM); !error.empty()) {
        return std::nullopt;
    }
    for (const ADDRINFOW* entry = addresses.first; entry != nullptr; entry = entry->ai_next) {
        int failure = 0;
        Socket socket = boundExclusively(*entry, failure);
        if (!socket.valid()) {
            error = errorText(failure);
            continue;
        }
        if (!makeNonBlocking(handleOf(socket))) {
            error = errorText(::WSAGetLastError());
            continue;
        }
        const std::uint16_t boundPort = boundPortOf(socket);
        error.clear();
        return DatagramSocket{std::move(socket), boundPort};
    }
    return std::nullopt;
}

Socket connectUdp(std::string_view host, std::uint16_t port, std::string& error) {
    if (error = startSockets(); !error.empty()) {
        return {};
    }
    AddressList addresses;
    if (error = resolve(host, port, false, addresses, SOCK_DGRAM); !error.empty()) {
        return {};
    }
    for (const ADDRINFOW* entry = addresses.first; entry != nullptr; entry = entry->ai_next) {
        Socket socket(toNative(::socket(entry->ai_family, entry->ai_socktype, entry->ai_protocol)));
        if (!socket.valid() || !makeNonBlocking(handleOf(socket)) ||
            ::connect(handleOf(socket), entry->ai_addr, static_cast<int>(entry->ai_addrlen)) != 0) {
            error = errorText(::WSAGetLastError());
            continue;
        }
        error.clear();
        return socket;
    }
    return {};
}

DatagramResult receiveDatagram(const Socket& socket, std::span<char> buffer) {
    sockaddr_storage address{};
    int length = sizeof address;
    const int received =
        ::recvfrom(handleOf(socket), buffer.data(), static_cast<int>(buffer.size()), 0,
                   reinterpret_cast<sockaddr*>(&address), &length);
    DatagramResult result;
    if (received == SOCKET_ERROR) {
        const int problem = ::WSAGetLastError();
        if (problem == WSAEMSGSIZE) { // the buffer is full, the rest of the datagram is lost
            result.status = IoStatus::Progress;
            result.bytes = buffer.size();
            result.oversized = true;
            result.sender = peerName(address);
        } else if (problem != WSAEWOULDBLOCK && problem != WSAECONNRESET) {
            // WSAECONNRESET: an ICMP answer to an earlier send, not this socket's failure.
            result.status = IoStatus::Failed;
            result.error = errorText(problem);
        }
        return result;
    }
    result.status = IoStatus::Progress;
    result.bytes = static_cast<std::size_t>(received);
    result.sender = peerName(address);
    return result;
}

} // namespace bvhscope::live
