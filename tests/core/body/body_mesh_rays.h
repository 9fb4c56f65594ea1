// Rays against a built body's finest level, for the tests and measuring tools that probe a
// surface from inside or outside it (Moller-Trumbore, the triangles' own winding ignored).
#pragma once

#include "core/body/body_mesh.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

namespace bvh::test {

// Calls `hit(distance)` for each triangle of the mesh's finest level that the ray from `origin`
// along `direction` crosses, with the distance in units of `direction` (negative behind origin).
inline void forEachRayHit(const BodyMesh& mesh, const glm::vec3& origin, const glm::vec3& direction,
                          const std::function<void(float)>& hit) {
    const BodyDetailLevel& level = mesh.levels.front();
    for (std::uint32_t k = level.firstIndex; k + 2 < level.firstIndex + level.indexCount; k += 3) {
        const glm::vec3& a = mesh.vertices[mesh.indices[k]].position;
        const glm::vec3 e1 = mesh.vertices[mesh.indices[k + 1]].position - a;
        const glm::vec3 e2 = mesh.vertices[mesh.indices[k + 2]].position - a;
        const glm::vec3 p = glm::cross(direction, e2);
        const float det = glm::dot(e1, p);
        if (std::abs(det) < 1e-12f) {
            continue;
        }
        const glm::vec3 s = origin - a;
        const float u = glm::dot(s, p) / det;
        const glm::vec3 q = glm::cross(s, e1);
        const float v = glm::dot(direction, q) / det;
        if (u >= 0.0f && v >= 0.0f && u + v <= 1.0f) {
            hit(glm::dot(e2, q) / det);
        }
    }
}

} // namespace bvh::test
