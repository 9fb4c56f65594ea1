// Long names shortened in the middle ("Character_0042_wal...ycle_take3.bvh") so both the start
// and the end, where takes differ, stay readable. Pure: the width of a piece of text comes from
// the caller (ImGui's CalcTextSize in the viewer), tested in
// tests/app/viewer/layout/text_elision_test.cpp.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

inline constexpr std::string_view kElisionMark = "...";

using TextWidth = std::function<float(std::string_view)>;

// `text` itself when it fits in `width`; otherwise its longest start and end around
// kElisionMark that fit (the start gets the extra character), cut only between UTF-8 code
// points. When not even the mark fits, the mark alone.
std::string elideMiddle(std::string_view text, float width, const TextWidth& measure);

// `text` shortened to `width` so that it still reads apart from the names shown beside it
// (`names`, which may hold `text` itself): captures of one session differ in the middle
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
