// The lines of a text as the reader counts them (row_parser.h's countLines): each ends at LF,
// CR LF or a lone CR (old Mac exporters, files edited on Windows); a last line without an end
// is a line, and a final line end starts none. For the formats read beside BVH (Character
// Studio's MNM name maps, a take served line by line), which must split lines as the reader
// does. Header-only; never allocates.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string_view>

namespace bvh {

class LineWalker {
public:
    explicit LineWalker(std::string_view text) : text_(text) {}

    // The next line without its end, or nullopt at the end of the text.
    std::optional<std::string_view> next() {
        if (at_ >= text_.size()) {
            return std::nullopt;
        }
        const std::size_t end = std::min(text_.find_first_of("\r\n", at_), text_.size());
        const std::string_view line = text_.substr(at_, end - at_);
        at_ = end + (text_.compare(end, 2, "\r\n") == 0 ? 2 : 1);
        return line;
    }
    // Where the next line starts in the text (past its end once the text is done).
    std::size_t offset() const { return at_; }

private:
    std::string_view text_;
    std::size_t at_ = 0;
};

} // namespace bvh
