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

// The format of a stream from its first bytes (NUL bytes, whitespace and a UTF-8 BOM before the
// first word ignored):
//   - `bvh` when the first word is HIERARCHY (any case);
//   - `axis` when the first line (up to a line end or `||`) has a "||" or starts with an integer
//     followed by a word that is not a number (the avatar index and name);
//   - `lines` when it starts with a number otherwise;
//   - Axis is never `auto`'s answer for text that is not one of these: garbage is `lines`, whose
//     decoder counts it as malformed.
// nullopt while the first line is not complete and fewer than kDetectionBytes have arrived and
// the stream has not ended (`streamEnded`): wait for more bytes. Never returns Auto.
std::optional<StreamFormat> detectStreamFormat(std::string_view firstBytes, bool streamEnded);

} // namespace bvh::live
