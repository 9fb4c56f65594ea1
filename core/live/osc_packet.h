// Open Sound Control 1.0 packets, read from one UDP datagram: messages and bundles, nested
// bundles included (the VMC protocol's transport).
//
// A message is an address ("/VMC/Ext/Bone/Pos"), a type tag string (",sfffffff") and its
// arguments, big-endian, every item padded to a multiple of 4 bytes. A bundle is "#bundle", an
// 8-byte time tag and elements, each an int32 size and a message or a bundle.
//
// Every length is checked against the datagram before it is read: nothing here reads past the
// end. What cannot be read is counted and dropped, never a crash: a message cut short (a string
// with no NUL, an argument past the end, an element size past the end or not a multiple of 4) is
// `truncated`; a type tag this reader does not know (its size is then unknown) is
// `unknownTypeTag`; bundles nested deeper than kMostBundleDepth are `tooDeep`. A datagram cut
// short anywhere is dropped whole (its messages would be part of a frame); a message of an
// unknown type tag or a bundle too deep drops that element only, its siblings are kept.
//
// Arguments of the types i, f, s (and S), b are kept; h, t, d (8 bytes), c, r, m (4 bytes) and
// T, F, N, I, [, ] (no bytes) are stepped over and kept as their tag only, so a message that
// carries them still decodes. Never throws (except std::bad_alloc), never prints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvh::live {

struct OscArgument {
    char type = 'N'; // the type tag: 'i', 'f', 's', 'b', or one of the skipped tags
    std::int32_t integer = 0;
    float number = 0.0f;
    std::string text;               // 's' and 'S'
    std::vector<std::uint8_t> blob; // 'b'
};

struct OscMessage {
    std::string address;
    std::vector<OscArgument> arguments;
    // Whether it came in a bundle (then the whole datagram is that bundle, and a consumer that
    // groups a bundle's messages, as VMC frames are, ends the group with the datagram).
    bool inBundle = false;
};

// What reading datagrams counted since the counters were made.
struct OscCounters {
    std::uint64_t datagrams = 0;      // datagrams read
    std::uint64_t messages = 0;       // messages decoded whole
    std::uint64_t bundles = 0;        // bundles read (nested ones too)
    std::uint64_t truncated = 0;      // messages or elements cut short, dropped
    std::uint64_t unknownTypeTag = 0; // messages with a type tag of unknown size, dropped
    std::uint64_t tooDeep = 0;        // bundles nested deeper than kMostBundleDepth, dropped
};

// Nested bundles deeper than this are dropped: real senders nest one or two levels.
inline constexpr int kMostBundleDepth = 8;

// Appends the messages of `datagram` to `messages` in the order they appear (not cleared here).
// Returns how many were appended.
std::size_t readOscPacket(std::span<const std::uint8_t> datagram, std::vector<OscMessage>& messages,
                          OscCounters& counters);

} // namespace bvh::live
