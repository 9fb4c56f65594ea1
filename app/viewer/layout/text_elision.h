// Long names shortened in the middle ("Character_0042_wal...ycle_take3.bvh") so both the start
// and the end, where takes differ, stay readable. Pure: the width of a piece of text comes from
// the caller (ImGui's CalcTextSize in the viewer), tested in
// tests/app/viewer/layout/text_elision_test.cpp.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

inline constexpr std::string_view kElisionMark = "...";

using TextWidth = std::function<float(std::string_view)>;

// The most bytes of any one text the viewer draws where it may be seen whole (a notice, an
// error line, a tooltip, a stream's status line): Dear ImGui numbers a window's vertices in 16
// bits and a drawn character takes 4, so one text of over 16 000 characters aborts the viewer
// (issue 45: `bvhscope tcp://` and a 17 000-character host name). 2048 bytes, at most 8192
// vertices, keep any usual path or message whole, and the four notices shown at once (32 768)
// fit one window even where the backend cannot start a new vertex range (WebGL).
inline constexpr std::size_t kMostDrawnTextBytes = 2048;

// `text` itself when it has at most `mostBytes` bytes; otherwise its start and its end around
// kElisionMark, at most `mostBytes` bytes in all (the start gets the extra byte), cut only
// between UTF-8 code points: the same shape as elideMiddle, by bytes rather than pixels, and
// without measuring (a text of megabytes costs its copy, no more).
std::string elideMiddleToBytes(std::string_view text, std::size_t mostBytes = kMostDrawnTextBytes);

// `text` itself when it fits in `width`; otherwise its longest start and end around
// kElisionMark that fit (the start gets the extra character), cut only between UTF-8 code
// points. When not even the mark fits, the mark alone.
std::string elideMiddle(std::string_view text, float width, const TextWidth& measure);

// Where `text`'s extension starts: its last ".", followed by 1 to kLongestKeptExtension - 1
// ASCII letters or digits, not at the start (".bvh", ".mp4", a joint's side ".l"); npos when it
// has none.
inline constexpr std::size_t kLongestKeptExtension = 6;
std::size_t extensionStart(std::string_view text);

// `text` itself when it fits in `width`; otherwise its longest end that fits after
// kElisionMark ("...takes/walk_export.mp4"): a path's file name and extension, cut only between
// UTF-8 code points. The mark alone when nothing more fits.
std::string elideStart(std::string_view text, float width, const TextWidth& measure);

// `text` itself when it fits in `width` (never elided before it must be); otherwise shortened
// to `width` so that it still reads apart from the names shown beside it
// (`names`, which may hold `text` itself). Its extension (extensionStart) is kept whole while
// the mark fits beside it, and the rest is elided as follows among the names' own stems: captures
// of one session differ in the middle
// ("cmu_05_20_daz_friendly.bvh", "cmu_05_20_mb_friendly.bvh"), where elideMiddle cuts, and
// joints differ at the start ("LeftShoulder", "RightShoulder"). What it shares with the names
// most like it is dropped first, at a word's start ("_", ".", digits after letters,
// camelCase): the shared start, as many of its first words kept as fit
// ("cmu_...daz_friendly.bvh"), then the shared end ("...daz..."); only then the part that tells
// them apart is cut, from its end. Without a shared part, elideMiddle. Cut only between UTF-8
// code points; the mark alone when nothing fits.
std::string elideDistinct(std::string_view text, std::span<const std::string> names, float width,
                          const TextWidth& measure);

} // namespace bvhscope::viewer
