// A drawn figure's pixels in a picture, for tests that compare looks (capsules against body):
// which pixels are the figure's colour, how many, in how many connected pieces, and where
// their centre is. Header-only.
#pragma once

#include "tests/support/png_pixels.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <glm/vec2.hpp>
#include <vector>

namespace bvhscope::test {

struct FigurePixels {
    std::size_t area = 0;         // pixels of the figure's colour
    std::size_t largestPiece = 0; // of them, the largest 8-connected piece
    glm::vec2 centre{0.0f};       // the mean position of the figure's pixels
    int top = 0, bottom = 0;      // rows of the highest and lowest of them
};

// The figure's pixels: those `isFigure` accepts (say, the character's warm orange against the
// cool grey floor and background).
inline FigurePixels figurePixels(const Pixels& pixels,
                                 const std::function<bool(const std::uint8_t*)>& isFigure) {
    FigurePixels figure;
    const std::size_t count = static_cast<std::size_t>(pixels.width) * pixels.height;
    std::vector<std::uint8_t> mask(count, 0);
    glm::dvec2 sum(0.0);
    figure.top = pixels.height;
    for (int y = 0; y < pixels.height; ++y) {
        for (int x = 0; x < pixels.width; ++x) {
            if (isFigure(pixels.at(x, y))) {
                mask[static_cast<std::size_t>(y) * pixels.width + x] = 1;
                ++figure.area;
                sum += glm::dvec2(x, y);
                figure.top = std::min(figure.top, y);
                figure.bottom = std::max(figure.bottom, y);
            }
        }
    }
    if (figure.area == 0) {
        return figure;
    }
    figure.centre = glm::vec2(sum / static_cast<double>(figure.area));
    // Pieces by flood fill (8-connected), an explicit stack: a figure can be 100 000 pixels.
    std::vector<std::size_t> stack;
    for (std::size_t start = 0; start < count; ++start) {
        if (mask[start] != 1) {
            continue;
        }
        std::size_t piece = 0;
        mask[start] = 2;
        stack.push_back(start);
        while (!stack.empty()) {
            const std::size_t at = stack.back();
            stack.pop_back();
            ++piece;
            const int x = static_cast<int>(at % pixels.width);
            const int y = static_cast<int>(at / pixels.width);
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    if (!pixels.inside(x + dx, y + dy)) {
                        continue;
                    }
                    const std::size_t next = static_cast<std::size_t>(y + dy) * pixels.width +
                                             static_cast<std::size_t>(x + dx);
                    if (mask[next] == 1) {
                        mask[next] = 2;
                        stack.push_back(next);
                    }
                }
            }
        }
        figure.largestPiece = std::max(figure.largestPiece, piece);
    }
    return figure;
}

} // namespace bvhscope::test
