// A value wrapped onto lines at its spaces only. ImGui's TextWrapped also breaks after "." and
// ",", so a narrow column showed "FPS 23. / 999808" and "(0.00, 1. / 00, 0.02)": a number must
// never wrap inside itself. Pure: the width of a piece of text comes from the caller (ImGui's
// CalcTextSize in the viewer), tested in tests/app/viewer/layout/text_wrapping_test.cpp.
#pragma once

#include "app/viewer/layout/text_elision.h"

#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

// `text` as lines no wider than `width`, broken at spaces (which the break drops); words are
// kept whole. Only a word wider than `width` on its own is split, between code points. Empty
// text: no lines.
std::vector<std::string> wrapAtSpaces(std::string_view text, float width, const TextWidth& measure);

} // namespace bvhscope::viewer
