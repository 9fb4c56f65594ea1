// Where UTF-8 text may be cut: names and paths are shortened and wrapped between code points,
// never inside one (a cut there would draw a replacement glyph).
#pragma once

#include <cstddef>
#include <string_view>

namespace bvhscope::viewer {

// True at the text's ends and at every byte that is not a continuation byte (10xxxxxx).
inline bool isCodePointStart(std::string_view text, std::size_t at) {
    return at == 0 || at >= text.size() || (static_cast<unsigned char>(text[at]) & 0xC0u) != 0x80u;
}

} // namespace bvhscope::viewer
