// The throat of an upright biped's body (Y up, facing +Z), measured on its finest mesh in the
// plane through the head joint from front to back: how much of the neck's front shows between the
// chest and the chin. A person's chin is about 0.05 of the height above the notch at the neck's
// base; a chin resting on the chest's dome hides the throat (issue 38, item 3).
#pragma once

#include "core/body/body_mesh.h"
#include "tests/core/body/body_stretch.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <vector>

namespace bvh::test {

// How far forward `mesh`'s finest level reaches on the line along z at (`x`, `y`): its
// frontmost crossing; nothing where the line misses it.
inline std::optional<double> frontAt(const BodyMesh& mesh, double x, double y) {
    std::optional<double> front;
    const std::span<const std::uint32_t> indices = finestTriangles(mesh);
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        const glm::dvec3 a = mesh.vertices[indices[t]].position;
        const glm::dvec3 b = mesh.vertices[indices[t + 1]].position;
        const glm::dvec3 c = mesh.vertices[indices[t + 2]].position;
        const double area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
        if (area == 0.0) {
            continue;
        }
        const double u = ((x - a.x) * (c.y - a.y) - (c.x - a.x) * (y - a.y)) / area;
        const double v = ((b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)) / area;
        if (u >= 0.0 && v >= 0.0 && u + v <= 1.0) {
            const double z = a.z + u * (b.z - a.z) + v * (c.z - a.z);
            front = front ? std::max(*front, z) : z;
        }
    }
    return front;
}

// The throat's length, of the body's height. The front profile (frontAt) through the head joint,
// in rows 1/1000 of the height apart from 0.05 of the height below `neckRoot` to 0.02 above
// `head`, is deepest at the throat, between the chest's top and the chin, which stand out ahead
// of it; the throat is the run of rows round the deepest whose front lies within `depth` (of the
// height) of it. A person's neck shows from the notch at its base to under the chin, about 0.05 of
// the height, and the chin stands 0.02-0.03 ahead of its front. A chest's top that slopes back
// more gently than `depth` over its last rows under the chin (Perception Neuron's) counts with it.
inline double throatLength(const BodyMesh& mesh, const glm::dvec3& head, const glm::dvec3& neckRoot,
                           double depth = 0.01) {
    const double height = static_cast<double>(mesh.boundsMax.y - mesh.boundsMin.y);
    const double step = height / 1000.0;
    const double from = neckRoot.y - 0.05 * height;
    const auto rows = static_cast<std::size_t>((head.y + 0.02 * height - from) / step) + 1;
    std::vector<std::optional<double>> fronts(rows);
    std::optional<std::size_t> deepest;
    for (std::size_t row = 0; row < rows; ++row) {
        fronts[row] = frontAt(mesh, head.x, from + step * static_cast<double>(row));
        if (fronts[row] && (!deepest || *fronts[row] < *fronts[*deepest])) {
            deepest = row;
        }
    }
    if (!deepest) {
        return 0.0;
    }
    // A row off the body ends the run.
    const double within = *fronts[*deepest] + depth * height;
    const auto inThroat = [&](std::size_t row) { return fronts[row] && *fronts[row] <= within; };
    std::size_t low = *deepest;
    std::size_t high = *deepest;
    while (low > 0 && inThroat(low - 1)) {
        --low;
    }
    while (high + 1 < rows && inThroat(high + 1)) {
        ++high;
    }
    return step * static_cast<double>(high - low) / height;
}

} // namespace bvh::test
