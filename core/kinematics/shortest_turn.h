// The shortest rotation between two directions, shared by the body's skin frames
// (core/body/body_skin_frames.cpp) and retargeting's alignment (core/retarget).
#pragma once

#include <glm/ext/quaternion_double.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

namespace bvh {

// The shortest rotation taking unit vector `from` onto unit vector `to`: a half turn about an
// axis perpendicular to both when they are opposite (from the cross with +X, else with +Y).
inline glm::dquat shortestTurn(const glm::dvec3& from, const glm::dvec3& to) {
    const double cosine = glm::dot(from, to);
    if (cosine < -1.0 + 1e-12) {
        glm::dvec3 axis = glm::cross(from, glm::dvec3(1.0, 0.0, 0.0));
        if (glm::length(axis) < 1e-6) {
            axis = glm::cross(from, glm::dvec3(0.0, 1.0, 0.0));
        }
        axis = glm::normalize(axis);
        return {0.0, axis.x, axis.y, axis.z};
    }
    const glm::dvec3 axis = glm::cross(from, to);
    return glm::normalize(glm::dquat(1.0 + cosine, axis.x, axis.y, axis.z));
}

} // namespace bvh
