// The addresses of live sources that listen for UDP datagrams: `vmc://[BIND_ADDRESS][:PORT]`
// (the VMC protocol, port 39539 by default) and `mocopi://[BIND_ADDRESS][:PORT]` (Sony
// mocopi's own format, port 12351), read the same by `bvhscope record` and the viewer (its
// command line and File > Connect).
#pragma once

#include "app/live/datagram_source.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace bvhscope::live {

enum class DatagramFormat { Vmc, Mocopi };

struct DatagramAddress {
    DatagramFormat format = DatagramFormat::Vmc;
    std::string bindAddress; // "" for every interface
    std::uint16_t port = 0;
    // "vmc://0.0.0.0:39539": as a status line or a message names it.
    std::string text() const;
};

// The VMC protocol's port, as VirtualMotionCapture and VSeeFace send to by default.
inline constexpr std::uint16_t kVmcDefaultPort = 39539;
// The port the mocopi app sends to by default.
inline constexpr std::uint16_t kMocopiDefaultPort = 12351;

// Whether `text` starts with a datagram scheme ("vmc://", "mocopi://").
bool isDatagramAddress(std::string_view text);

// `vmc://`, `vmc://:39540`, `mocopi://127.0.0.1`, `vmc://[::1]:39540`: nullopt with the reason in
// `error` for a port outside 1..65535, an unclosed bracket or anything after the port.
std::optional<DatagramAddress> parseDatagramAddress(std::string_view text, std::string& error);

// A source listening on `address` with its format's decoder, not started: nullptr with the
// reason in `error` (a port in use).
std::unique_ptr<DatagramSource> openDatagramSource(const DatagramAddress& address,
                                                   std::string& error);

} // namespace bvhscope::live
