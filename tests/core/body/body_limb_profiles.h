// A limb's surface measured along its length, for the body tests: the radius round the line
// between two joints, every 2 mm, where the field first leaves the body along several directions
// across that line.
#pragma once

#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

namespace bvh::test {

// The surface's radius round the line from joint `from` to joint `to` (its largest over eight
// directions across the line: a bead shows on any side), in millimetres of a rig in centimetres,
// every 2 mm from `begin` to `end` of the way along.
inline std::vector<float> limbRadiiMillimetres(const PlannedFigure& planned,
                                               const std::string& from, const std::string& to,
                                               float begin, float end) {
    const glm::vec3 a = normalised(planned.figure, nodeNamed(planned.skeleton, from));
    const glm::vec3 b = normalised(planned.figure, nodeNamed(planned.skeleton, to));
    const float length = glm::length(b - a);
    const glm::vec3 axis = (b - a) / length;
    const glm::vec3 helper = std::abs(axis.z) < 0.9f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
    const glm::vec3 u = glm::normalize(glm::cross(axis, helper));
    const glm::vec3 v = glm::cross(axis, u);
    const float millimetres = static_cast<float>(10.0 * planned.figure.size); // per unit
    const float gap = kBodyGapInCells * planned.grid.cell;
    std::vector<float> radii;
    for (float t = begin * length; t <= end * length; t += 2.0f / millimetres) {
        float largest = 0.0f;
        for (int k = 0; k < 8; ++k) {
            const float angle = 0.7853982f * static_cast<float>(k);
            const glm::vec3 direction = std::cos(angle) * u + std::sin(angle) * v;
            largest = std::max(largest, firstExit(planned.figure, planned.all, gap, a + t * axis,
                                                  direction, 0.2f));
        }
        radii.push_back(largest * millimetres);
    }
    return radii;
}

// The most the radii rise from one sample to any later one: 0 for a limb that only narrows.
inline float largestRise(const std::vector<float>& radii) {
    float rise = 0.0f;
    float least = 1e30f;
    for (const float radius : radii) {
        rise = std::max(rise, radius - least);
        least = std::min(least, radius);
    }
    return rise;
}

} // namespace bvh::test
