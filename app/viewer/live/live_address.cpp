#include "app/viewer/live/live_address.h"

#include "core/model/diagnostic.h"

#include <charconv>

namespace bvhscope::viewer {

namespace {

constexpr std::string_view kScheme = "tcp://";
// "tcp://[" + the longest host + "]:65535": no valid address is longer.
constexpr std::size_t kMostAddressBytes = kScheme.size() + kMostHostNameBytes + 8;

// The address as a message names it: itself, or when longer than any valid address its start,
// quoted and cut (a command line of megabytes is not repeated on stderr and on screen).
std::string addressForMessage(std::string_view text) {
    return text.size() <= kMostAddressBytes ? std::string(text) : bvh::quotedForMessage(text);
}

} // namespace

bool checkLiveHost(std::string_view host, std::string& error) {
    if (host.empty()) {
        error = "no host given: give a host name or address";
        return false;
    }
    if (host.size() > kMostHostNameBytes) {
        error = "the host name " + bvh::quotedForMessage(host) + " is " +
                std::to_string(host.size()) + " characters, more than the " +
                std::to_string(kMostHostNameBytes) + " a host name may have";
        return false;
    }
    return true;
}

bool isLiveAddress(std::string_view argument) {
    return argument.substr(0, kScheme.size()) == kScheme ||
           bvhscope::live::isDatagramAddress(argument);
}

bool parseLiveAddress(std::string_view text, LiveStreamRequest& request, std::string& error) {
    const std::string shown = addressForMessage(text);
    if (bvhscope::live::isDatagramAddress(text)) {
        std::string problem;
        request.datagram = bvhscope::live::parseDatagramAddress(text, problem);
        if (!request.datagram) {
            error = shown + ": " + problem;
        }
        return request.datagram.has_value();
    }
    if (!isLiveAddress(text)) {
        error =
            shown + " is not a live stream: give tcp://HOST:PORT or vmc://[BIND_ADDRESS][:PORT]";
        return false;
    }
    std::string_view rest = text.substr(kScheme.size());
    std::string_view host;
    if (!rest.empty() && rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string_view::npos) {
            error = shown + ": an IPv6 host needs its closing ]";
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
        error = shown + " names no host: give tcp://HOST:PORT";
        return false;
    }
    if (std::string hostError; !checkLiveHost(host, hostError)) {
        error = shown + ": " + hostError;
        return false;
    }
    if (rest.empty() || rest.front() != ':') {
        error = shown + " names no port: give tcp://HOST:PORT";
        return false;
    }
    const std::string_view portText = rest.substr(1);
    unsigned port = 0;
    const auto [end, failure] =
        std::from_chars(portText.data(), portText.data() + portText.size(), port);
    if (failure != std::errc() || end != portText.data() + portText.size() || port == 0 ||
        port > 65535) {
        error = shown + ": the port must be 1 to 65535";
        return false;
    }
    request.host = std::string(host);
    request.port = static_cast<std::uint16_t>(port);
    return true;
}

} // namespace bvhscope::viewer
