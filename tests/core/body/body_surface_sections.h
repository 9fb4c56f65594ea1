// The body's surface measured through a point, for the proportion tests: its width across and
// its depth front to back, as fractions of the figure's height (the span of its joints' heights,
// up +Y), found where the field first leaves the body along each direction.
#pragma once

#include "core/body/body_volumes.h"
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

// An upright figure's head and neck, measured on its surface (Y up, across +X, front +Z) in
// fractions of its height: through the skull's centre, the head's widest section (across) and
// the deepest; the lowest point of the head's ellipsoids (the skull and a face rig's jaw, their
// lowest along Y); through the head joint, the narrowest section between `shoulderLine`
// (normalised) and that point, and the section at the shoulder line.
struct HeadAndNeck {
    float headAcross = 0.0f;
    float headDepth = 0.0f;
    float headBottom = 0.0f;  // normalised, not of the height
    float neckAcross = 1e30f; // none when the head reaches down to the shoulder line
    float neckDepth = 1e30f;
    float shoulderAcross = 0.0f;
};

inline HeadAndNeck measureHeadAndNeck(const PlannedFigure& planned, NodeIndex head,
                                      float shoulderLine) {
    const float height = jointHeightSpan(planned);
    const glm::vec3 joint = normalised(planned.figure, head);
    HeadAndNeck measured;
    float headTop = -1e30f;
    measured.headBottom = 1e30f;
    const BodyVolume* skull = nullptr; // the largest
    for (const BodyVolume& volume : planned.figure.volumes) {
        if (volume.joint == head && volume.shape == BodyVolume::Shape::Ellipsoid) {
            const float reach = std::max({volume.radii.x, volume.radii.y, volume.radii.z});
            measured.headBottom = std::min(measured.headBottom, volume.a.y - reach);
            headTop = std::max(headTop, volume.a.y + reach);
            skull = skull == nullptr || volume.radii.x > skull->radii.x ? &volume : skull;
        }
    }
    if (skull == nullptr) {
        return measured; // no head: nothing to measure
    }
    // The neck's through the head joint, the head's through the skull's centre (a face rig's
    // lies ahead of its head joint).
    const auto sectionAt = [&](float y, const glm::vec3& through) {
        return surfaceSection(planned, height, glm::vec3(through.x, y, through.z), {1, 0, 0},
                              {0, 0, 1});
    };
    constexpr float kStep = 0.002f;
    for (float y = measured.headBottom; y < headTop; y += kStep) {
        const SurfaceSection section = sectionAt(y, skull->a);
        measured.headAcross = std::max(measured.headAcross, section.across);
        measured.headDepth = std::max(measured.headDepth, section.depth);
    }
    for (float y = shoulderLine; y < measured.headBottom; y += kStep) {
        const SurfaceSection section = sectionAt(y, joint);
        measured.neckAcross = std::min(measured.neckAcross, section.across);
        measured.neckDepth = std::min(measured.neckDepth, section.depth);
    }
    measured.shoulderAcross = sectionAt(shoulderLine, joint).across;
    return measured;
}

} // namespace bvh::test
