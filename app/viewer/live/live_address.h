// What the viewer connects to for a live stream (issue 28): `tcp://HOST:PORT` on its command
// line or in File > Connect to live stream..., with the stream's format and, for streams that
// carry none, the skeleton file; or `vmc://[BIND_ADDRESS][:PORT]` and
// `mocopi://[BIND_ADDRESS][:PORT]` (issue 41): the VMC protocol and Sony mocopi's format
// received over UDP (app/live/datagram_address.h), which name their own bones.
#pragma once

#include "app/live/datagram_address.h"
#include "core/live/stream_format.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

struct LiveStreamRequest {
    std::string host;
    std::uint16_t port = 0;
    bvh::live::StreamFormat format = bvh::live::StreamFormat::Auto;
    std::string skeletonPath; // UTF-8; "" none (axis: the built-in skeleton; bvh: the header's)
    // Set for a datagram source (vmc://): then host, port and format are not used.
    std::optional<bvhscope::live::DatagramAddress> datagram;
    std::string address() const {
        return datagram ? datagram->text() : "tcp://" + host + ":" + std::to_string(port);
    }
};

// The longest host name connected to: a DNS name has at most 253 characters (RFC 1035: 255
// bytes on the wire), and an address literal fewer. A longer one can name no host; refused when
// the address is read (issue 45: a 17 000-character host name went on to abort the drawing of
// the status line).
inline constexpr std::size_t kMostHostNameBytes = 253;

// Whether `host` may name a host: not empty, at most kMostHostNameBytes; false with the reason
// in `error` (for the Connect dialog's host, which parseLiveAddress does not read).
bool checkLiveHost(std::string_view host, std::string& error);

// True for an argument that names a live stream rather than a file ("tcp://", "vmc://" or
// "mocopi://" at its start).
bool isLiveAddress(std::string_view argument);

// `tcp://HOST:PORT` (an IPv6 host in brackets: tcp://[::1]:7001) into `request`'s host and
// port; `vmc://` or `mocopi://[BIND_ADDRESS][:PORT]` into its `datagram`. A missing host or one
// longer than kMostHostNameBytes, a port outside 1..65535 or anything after the port is refused
// with the reason in `error` (which quotes an address longer than any valid one shortened:
// core/model/diagnostic.h's quotedForMessage).
bool parseLiveAddress(std::string_view text, LiveStreamRequest& request, std::string& error);

} // namespace bvhscope::viewer
