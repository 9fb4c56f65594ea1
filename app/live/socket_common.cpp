// The platform-independent part of socket.h.
#include "app/live/socket.h"

#include <charconv>

namespace bvhscope::live {

Socket& Socket::operator=(Socket&& other) noexcept {
    if (this != &other) {
        close();
        handle_ = other.handle_;
        other.handle_ = kNoSocket;
    }
    return *this;
}

std::optional<HostAndPort> parseHostAndPort(std::string_view text, bool allowZeroPort) {
    std::string_view host;
    std::string_view port;
    if (text.starts_with('[')) {
        const std::size_t close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
            return std::nullopt;
        }
        host = text.substr(1, close - 1);
        port = text.substr(close + 2);
    } else {
        const std::size_t colon = text.rfind(':');
        if (colon == std::string_view::npos) {
            return std::nullopt;
        }
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
    }
    const std::optional<std::uint16_t> number = parsePort(port, allowZeroPort);
    if (host.empty() || !number) {
        return std::nullopt;
    }
    return HostAndPort{std::string(host), *number};
}

std::optional<std::uint16_t> parsePort(std::string_view text, bool allowZeroPort) {
    unsigned value = 0;
    const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || problem != std::errc{} || end != text.data() + text.size() ||
        value > 65535 || (value == 0 && !allowZeroPort)) {
        return std::nullopt;
    }
    return static_cast<std::uint16_t>(value);
}

} // namespace bvhscope::live
