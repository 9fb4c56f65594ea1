// The text formats a live stream arrives in, by name, and guessed from a stream's first bytes.
//
//   axis   Axis Neuron / Axis Studio "BVH broadcasting" text: `<avatar index> <avatar name> v1 ...
//          vN ||` per frame. No skeleton in the stream (see axis_skeleton.h).
//   lines  one motion row per line; the skeleton is given.
//   bvh    a whole BVH header (HIERARCHY ... `Frame Time:`), then one row per line.
//   auto   one of the three, chosen from the first bytes (detectStreamFormat).
//
// Never throws, never prints.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace bvh::live {

enum class StreamFormat : std::uint8_t { Auto, Axis, Lines, Bvh };

// "auto", "axis", "lines", "bvh" (exactly these spellings, case-insensitive); nullopt otherwise.
std::optional<StreamFormat> parseStreamFormat(std::string_view name);
// The spelling parseStreamFormat accepts: "auto", "axis", "lines", "bvh".
std::string_view streamFormatName(StreamFormat format);

// Bytes detectStreamFormat looks at, at most: when that many have arrived with no decision, the
// stream is taken as `lines` (the one format with no marker).
inline constexpr std::size_t kDetectionBytes = 4096;

// Lines `auto` skips before the first line that tells the format: a sender's banner ("MocapServer
// 2.1 ready"), a version or a greeting line before HIERARCHY. 8: no sender seen sends more than
// two, and a stream that sends more lines of text than that before its first header or data line
// is not one of the three formats; the lines must also arrive within kDetectionBytes.
inline constexpr std::size_t kMostPreambleLines = 8;

// How a stream starts: its format, and the preamble before the line that told it.
struct StreamStart {
    StreamFormat format = StreamFormat::Lines;
    std::size_t preambleBytes = 0; // from the stream's first byte to the line that told
    std::size_t preambleLines = 0; // lines skipped (blank ones not counted)
};

// The format of a stream from its first bytes, decided by the first line that is a header
// keyword or data (NUL bytes, whitespace, blank lines and a UTF-8 BOM before its first word
// ignored):
//   - `bvh` when its first word is HIERARCHY (any case);
//   - `axis` when it (up to a line end or `||`) has a "||" or starts with an integer followed
//     by a word that is not a number (the avatar index and name);
//   - `lines` when it starts with a number otherwise.
// Up to kMostPreambleLines complete lines that are none of these (a banner) come before it, and
// are skipped (preambleBytes, preambleLines). When no such line comes within that many lines, or
// within kDetectionBytes, or before the stream ends, the stream is `lines` from its first byte
// (preamble 0): Axis is never `auto`'s answer for text that is not one of these, and garbage is
// `lines`, whose decoder counts it as malformed.
// nullopt while undecided: the line being looked at is not complete, fewer than kDetectionBytes
// have arrived and the stream has not ended (`streamEnded`): wait for more bytes.
std::optional<StreamStart> detectStreamStart(std::string_view firstBytes, bool streamEnded);
// detectStreamStart's format. Never returns Auto.
std::optional<StreamFormat> detectStreamFormat(std::string_view firstBytes, bool streamEnded);

} // namespace bvh::live
