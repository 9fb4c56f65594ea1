#include "render/math/grid_layout.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::render {

GridLayout gridForBounds(const Bounds& bounds) {
    GridLayout layout;
    if (bounds.empty()) {
        return layout;
    }
    const glm::vec3 size = bounds.size();
    // A figure of no size (every joint on one point: core/analysis/stance.h, [SECTION] Ground)
    // is framed as one kSpanOfAPoint across (frameBounds): a grid of 1 mm cells, 2 mm wide, was
    // a speck in that view, and the viewer showed no ground. Any other figure's own size, however
    // small.
    const float largest = std::max({size.x, size.y, size.z});
    const float span = largest > 0.0f ? largest : kSpanOfAPoint;
    // Minor cells near a twentieth of the figure: 1.7 m tall gives 10 cm cells.
    layout.cellSize = std::pow(10.0f, std::round(std::log10(span / 20.0f)));
    const float reach = std::max(size.x, size.z) * 0.5f + 2.0f * span;
    layout.halfExtent = std::ceil(reach / (10.0f * layout.cellSize)) * 10.0f * layout.cellSize;
    const float major = 10.0f * layout.cellSize;
    const glm::vec3 center = bounds.center();
    // Snap the centre to major lines so the lines do not swim when the bounds change.
    layout.center = {std::round(center.x / major) * major, 0.0f,
                     std::round(center.z / major) * major};
    layout.groundHeight = 0.0f;
    return layout;
}

} // namespace bvhscope::render
