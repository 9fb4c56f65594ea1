// The body's surface measured through a point, for the proportion tests: its width across and
// its depth front to back, as fractions of the figure's height (the span of its joints' heights,
// up +Y), found where the field first leaves the body along each direction.
#pragma once

#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"

#include <algorithm>
#include <cstdio>
#include <glm/vec3.hpp>
#include <string>

namespace bvh::test {

struct SurfaceSection {
    float across = 0.0f;
    float depth = 0.0f;
};

// The figure's height: from its lowest joint to its highest, in normalised units.
inline float jointHeightSpan(const PlannedFigure& planned) {
    float low = 1e30f;
    float high = -1e30f;
    for (std::size_t i = 0; i < planned.skeleton.nodeCount(); ++i) {
        const float y = normalised(planned.figure, static_cast<NodeIndex>(i)).y;
        low = std::min(low, y);
        high = std::max(high, y);
    }
    return high - low;
}

// The section through `centre` along the unit directions `across` and `front`, of `height`.
inline SurfaceSection surfaceSection(const PlannedFigure& planned, float height,
                                     const glm::vec3& centre, const glm::vec3& across,
                                     const glm::vec3& front) {
    const float gap = kBodyGapInCells * planned.grid.cell;
    const auto exit = [&](const glm::vec3& direction) {
        return firstExit(planned.figure, planned.all, gap, centre, direction, 0.3f);
    };
    return {(exit(across) + exit(-across)) / height, (exit(front) + exit(-front)) / height};
}

// "name across x depth", for a test's trace.
inline std::string describeSection(const char* name, const SurfaceSection& section) {
    char text[64];
    std::snprintf(text, sizeof text, "%s %.3f x %.3f", name, section.across, section.depth);
    return text;
}

} // namespace bvh::test
