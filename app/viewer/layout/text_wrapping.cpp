#include "app/viewer/layout/text_wrapping.h"

#include "app/viewer/layout/code_points.h"

namespace bvhscope::viewer {

namespace {

// A word wider than the line, cut into pieces that fit (at least one code point each): all but
// the last become lines, the last starts the next line.
std::string splitWord(std::string_view word, float width, const TextWidth& measure,
                      std::vector<std::string>& lines) {
    while (true) {
        std::size_t end = 1;
        while (!isCodePointStart(word, end)) {
            ++end;
        }
        for (std::size_t next = end + 1; next <= word.size(); ++next) {
            if (!isCodePointStart(word, next)) {
                continue;
            }
            if (measure(word.substr(0, next)) > width) {
                break;
            }
            end = next;
        }
        if (end == word.size()) {
            return std::string(word);
        }
        lines.emplace_back(word.substr(0, end));
        word.remove_prefix(end);
    }
}

} // namespace

std::vector<std::string> wrapAtSpaces(std::string_view text, float width,
                                      const TextWidth& measure) {
    std::vector<std::string> lines;
    std::string line;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t space = text.find(' ', at);
        const std::size_t end = space == std::string_view::npos ? text.size() : space;
        const std::string_view word = text.substr(at, end - at);
        at = end + 1;
        if (word.empty()) {
            continue; // runs of spaces
        }
        const std::string longer =
            line.empty() ? std::string(word) : line + " " + std::string(word);
        if (measure(longer) <= width) {
            line = longer;
            continue;
        }
        if (!line.empty()) {
            lines.push_back(line);
            line.clear();
        }
        if (measure(word) <= width) {
            line = std::string(word);
        } else {
            line = splitWord(word, width, measure, lines);
        }
    }
    if (!line.empty()) {
        lines.push_back(line);
    }
    return lines;
}

} // namespace bvhscope::viewer
