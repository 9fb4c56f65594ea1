#include "app/viewer/live/live_address.h"

#include <charconv>

namespace bvhscope::viewer {

namespace {
constexpr std::string_view kScheme = "tcp://";
}

bool isLiveAddress(std::string_view argument) {
    return argument.substr(0, kScheme.size()) == kScheme;
}

bool parseLiveAddress(std::string_view text, LiveStreamRequest& request, std::string& error) {
    if (!isLiveAddress(text)) {
        error = std::string(text) + " is not a live stream: give tcp://HOST:PORT";
        return false;
    }
    std::string_view rest = text.substr(kScheme.size());
    std::string_view host;
    if (!rest.empty() && rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string_view::npos) {
            error = std::string(text) + ": an IPv6 host needs its closing ]";
            return false;
        }
        host = rest.substr(1, close - 1);
        rest = rest.substr(close + 1);
    } else {
        const auto colon = rest.rfind(':');
        host = rest.substr(0, colon == std::string_view::npos ? rest.size() : colon);
        rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon);
    }
    if (host.empty()) {
        error = std::string(text) + " names no host: give tcp://HOST:PORT";
        return false;
    }
    if (rest.empty() || rest.front() != ':') {
        error = std::string(text) + " names no port: give tcp://HOST:PORT";
        return false;
    }
    const std::string_view portText = rest.substr(1);
    unsigned port = 0;
    const auto [end, failure] =
        std::from_chars(portText.data(), portText.data() + portText.size(), port);
    if (failure != std::errc() || end != portText.data() + portText.size() || port == 0 ||
        port > 65535) {
        error = std::string(text) + ": the port must be 1 to 65535";
        return false;
    }
    request.host = std::string(host);
    request.port = static_cast<std::uint16_t>(port);
    return true;
}

} // namespace bvhscope::viewer
