// The Browser's grid of thumbnails (issue 39): how many cells a row holds and which of the
// shown takes a run of rows covers. Pure, tested in
// tests/app/viewer/layout/thumbnail_grid_test.cpp.
#pragma once

#include "app/viewer/layout/text_elision.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

// No row holds more cells than this, whatever width is asked for (a float too large or not a
// number must not become a count).
inline constexpr std::size_t kMostGridColumns = 1024;

// The cells `cell` pixels wide that fit across `width` with `spacing` between two of them;
// always at least one (a dock narrower than one cell still shows a column, cut on the right).
inline std::size_t gridColumns(float width, float cell, float spacing) {
    const float fit = std::floor((width + spacing) / (cell + spacing));
    if (!(cell > 0.0f) || !(fit >= 1.0f)) {
        return 1;
    }
    return fit >= static_cast<float>(kMostGridColumns) ? kMostGridColumns
                                                       : static_cast<std::size_t>(fit);
}

// The rows `count` cells take, `columns` a row.
inline std::size_t gridRows(std::size_t count, std::size_t columns) {
    columns = std::max<std::size_t>(columns, 1);
    return (count + columns - 1) / columns;
}

// Display positions [first, last) of the cells in rows [firstRow, lastRow) of `count` cells.
struct GridCells {
    std::size_t first = 0;
    std::size_t last = 0;
};
inline GridCells gridCellsOfRows(std::size_t firstRow, std::size_t lastRow, std::size_t columns,
                                 std::size_t count) {
    columns = std::max<std::size_t>(columns, 1);
    const std::size_t first = std::min(firstRow * columns, count);
    return {first, std::clamp(lastRow * columns, first, count)};
}

// A cell's name on two lines of `width`: the first as much of the name's start as fits, cut
// after a word ("_", "-", " ", "."), the second the rest, cut in the middle (elideMiddle) when it
// is too long. A library's names ("dataset-1_jump_happy_000.bvh") thus keep their action and
// style under a cell of 128 pixels, where one line cut in the middle ("dataset-1_...000.bvh")
// dropped them. A name that fits is one line (the second ""); one with no word that fits on
// the first line is one line cut in the middle.
std::array<std::string, 2> gridCellLabel(std::string_view name, float width,
                                         const TextWidth& measure);

} // namespace bvhscope::viewer
