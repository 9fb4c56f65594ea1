#include "render/math/skinned_mesh.h"

#include <cmath>
#include <glm/geometric.hpp>

namespace bvhscope::render {

SkinDualQuaternion skinDualQuaternion(const glm::quat& rotation, const glm::vec3& translation) {
    const glm::quat dual =
        0.5f * (glm::quat(0.0f, translation.x, translation.y, translation.z) * rotation);
    return {glm::vec4(rotation.x, rotation.y, rotation.z, rotation.w),
            glm::vec4(dual.x, dual.y, dual.z, dual.w)};
}

glm::vec3 transformPoint(const SkinDualQuaternion& transform, const glm::vec3& point) {
    // The same formulas as body.vert: q p q* for the rotation, t = 2 dual real* for the shift.
    const glm::vec3 axis(transform.real);
    const float scalar = transform.real.w;
    const glm::vec3 dualAxis(transform.dual);
    const glm::vec3 rotated =
        point + 2.0f * glm::cross(axis, glm::cross(axis, point) + scalar * point);
    const glm::vec3 translation =
        2.0f * (scalar * dualAxis - transform.dual.w * axis + glm::cross(axis, dualAxis));
    return rotated + translation;
}

std::size_t bodyDetailLevel(std::span<const SkinnedMeshLevel> levels, float pixelRadius) {
    if (levels.empty() || !(pixelRadius > 0.0f) || !std::isfinite(pixelRadius)) {
        return 0;
    }
    const double budget =
        static_cast<double>(kBodyTrianglesPerSquarePixel) * pixelRadius * pixelRadius;
    for (std::size_t level = 0; level < levels.size(); ++level) {
        if (levels[level].indexCount / 3.0 <= budget) {
            return level;
        }
    }
    return levels.size() - 1;
}

} // namespace bvhscope::render
