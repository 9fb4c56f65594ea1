#include "app/viewer/layout/thumbnail_grid.h"

namespace bvhscope::viewer {

std::array<std::string, 2> gridCellLabel(std::string_view name, float width,
                                         const TextWidth& measure) {
    if (measure(name) <= width) {
        return {std::string(name), ""};
    }
    // The longest start that ends after a word's separator and fits. The separators are ASCII,
    // so a cut after one never splits a UTF-8 code point.
    std::size_t cut = 0;
    for (std::size_t at = name.find_first_of("_- ."); at != std::string_view::npos;
         at = name.find_first_of("_- .", at + 1)) {
        if (at + 1 >= name.size() || measure(name.substr(0, at + 1)) > width) {
            break;
        }
        cut = at + 1;
    }
    if (cut == 0) {
        return {elideMiddle(name, width, measure), ""};
    }
    return {std::string(name.substr(0, cut)), elideMiddle(name.substr(cut), width, measure)};
}

} // namespace bvhscope::viewer
