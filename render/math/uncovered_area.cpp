#include "render/math/uncovered_area.h"

#include <algorithm>
#include <vector>

namespace bvhscope::render {

namespace {

// The edges of the view and of every cover inside it, sorted and unique: between two
// neighbours, a column (or row) of cells is wholly inside or wholly outside each cover.
template <typename Edges>
std::vector<int> cellEdges(int size, std::span<const PixelRect> covers, Edges edgesOf) {
    std::vector<int> edges{0, size};
    for (const PixelRect& cover : covers) {
        if (cover.empty()) {
            continue;
        }
        const auto [first, last] = edgesOf(cover);
        edges.push_back(std::clamp(first, 0, size));
        edges.push_back(std::clamp(last, 0, size));
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

bool covered(std::span<const PixelRect> covers, int x, int y) {
    return std::any_of(covers.begin(), covers.end(), [&](const PixelRect& cover) {
        return !cover.empty() && x >= cover.x && x < cover.x + cover.width && y >= cover.y &&
               y < cover.y + cover.height;
    });
}

} // namespace

PixelRect uncoveredBounds(int width, int height, std::span<const PixelRect> covers) {
    if (width <= 0 || height <= 0) {
        return {};
    }
    const std::vector<int> xs = cellEdges(width, covers, [](const PixelRect& cover) {
        return std::pair{cover.x, cover.x + cover.width};
    });
    const std::vector<int> ys = cellEdges(height, covers, [](const PixelRect& cover) {
        return std::pair{cover.y, cover.y + cover.height};
    });
    int left = width;
    int top = height;
    int right = 0;
    int bottom = 0;
    for (std::size_t column = 0; column + 1 < xs.size(); ++column) {
        for (std::size_t row = 0; row + 1 < ys.size(); ++row) {
            // A cell's first pixel stands for all of it.
            if (covered(covers, xs[column], ys[row])) {
                continue;
            }
            left = std::min(left, xs[column]);
            right = std::max(right, xs[column + 1]);
            top = std::min(top, ys[row]);
            bottom = std::max(bottom, ys[row + 1]);
        }
    }
    if (left >= right || top >= bottom) {
        return {};
    }
    return PixelRect{left, top, right - left, bottom - top};
}

} // namespace bvhscope::render
