// Open Sound Control 1.0 packets written: the encoder `bvhscope serve --format vmc` sends with
// and the tests send to the receiver (osc_packet.h reads them back). Big-endian, every item
// padded to 4 bytes, bundles with the "immediately" time tag.
#pragma once

#include "core/live/osc_packet.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace bvh::live {

using OscBytes = std::vector<std::uint8_t>;

// A message: `address`, then `arguments` by their type ('i', 'f', 's', 'b'; the tags of no
// bytes, 'T' 'F' 'N' 'I', are written as tags only).
OscBytes writeOscMessage(std::string_view address, std::span<const OscArgument> arguments);
// A bundle of `elements` (messages or bundles, each as written above).
OscBytes writeOscBundle(std::span<const OscBytes> elements);

// Shorthands for arguments.
OscArgument oscString(std::string_view text);
OscArgument oscFloat(float value);
OscArgument oscInt(std::int32_t value);

} // namespace bvh::live
