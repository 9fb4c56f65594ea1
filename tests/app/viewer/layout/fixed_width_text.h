// A text measure for layout tests: ten pixels a code point, whatever the glyph, so expected
// widths can be worked out by hand.
#pragma once

#include <string_view>

namespace bvhscope::viewer::test {

inline float tenPerCodePoint(std::string_view text) {
    float width = 0;
    for (const char c : text) {
        width += (static_cast<unsigned char>(c) & 0xC0u) == 0x80u ? 0.0f : 10.0f;
    }
    return width;
}

} // namespace bvhscope::viewer::test
