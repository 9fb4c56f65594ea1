// Long names shortened in the middle ("Character_0042_wal...ycle_take3.bvh") so both the start
// and the end, where takes differ, stay readable. Pure: the width of a piece of text comes from
// the caller (ImGui's CalcTextSize in the viewer), tested in
// tests/app/viewer/layout/text_elision_test.cpp.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

inline constexpr std::string_view kElisionMark = "...";

using TextWidth = std::function<float(std::string_view)>;

// `text` itself when it fits in `width`; otherwise its longest start and end around
// kElisionMark that fit (the start gets the extra character), cut only between UTF-8 code
// points. When not even the mark fits, the mark alone.
std::string elideMiddle(std::string_view text, float width, const TextWidth& measure);

} // namespace bvhscope::viewer
