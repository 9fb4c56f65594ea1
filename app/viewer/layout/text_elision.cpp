#include "app/viewer/layout/text_elision.h"

#include <vector>

namespace bvhscope::viewer {

namespace {

// Byte offsets where a code point starts (UTF-8 continuation bytes are 10xxxxxx), plus the end.
std::vector<std::size_t> codePointStarts(std::string_view text) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0u) != 0x80u) {
            starts.push_back(i);
        }
    }
    starts.push_back(text.size());
    return starts;
}

std::string joined(std::string_view text, const std::vector<std::size_t>& starts, std::size_t head,
                   std::size_t tail) {
    const std::size_t count = starts.size() - 1;
    std::string result(text.substr(0, starts[head]));
    result += kElisionMark;
    result += text.substr(starts[count - tail]);
    return result;
}

} // namespace

std::string elideMiddle(std::string_view text, float width, const TextWidth& measure) {
    if (measure(text) <= width) {
        return std::string(text);
    }
    const std::vector<std::size_t> starts = codePointStarts(text);
    const std::size_t count = starts.size() - 1;
    // The number of code points kept, found by bisection: the width grows with it.
    std::size_t low = 0;      // fits (the mark alone, or nothing fits at all)
    std::size_t high = count; // the whole text, which does not fit
    while (high - low > 1) {
        const std::size_t kept = (low + high) / 2;
        const std::size_t head = (kept + 1) / 2;
        if (measure(joined(text, starts, head, kept - head)) <= width) {
            low = kept;
        } else {
            high = kept;
        }
    }
    const std::size_t head = (low + 1) / 2;
    return joined(text, starts, head, low - head);
}

} // namespace bvhscope::viewer
