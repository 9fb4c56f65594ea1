#include "core/analysis/up_axis_rotation.h"

#include <cmath>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

namespace bvh {

namespace {

glm::dvec3 axisVector(UpAxis axis) {
    glm::dvec3 vector(0.0);
    vector[upAxisIndex(axis)] = upAxisSign(axis);
    return vector;
}

} // namespace

glm::dquat upAxisRotation(UpAxis from, UpAxis to) {
    const glm::dvec3 a = axisVector(from);
    const glm::dvec3 b = axisVector(to);
    if (a == b) {
        return glm::dquat(1.0, 0.0, 0.0, 0.0);
    }
    const double quarterTurn = std::acos(0.0);
    if (a == -b) {
        // Any half turn about a perpendicular axis flips up; about X keeps X (the Biped left
        // side) where it is, when X is not the axis being flipped.
        const glm::dvec3 axis =
            upAxisIndex(from) == 0 ? glm::dvec3(0.0, 0.0, 1.0) : glm::dvec3(1.0, 0.0, 0.0);
        return glm::angleAxis(2.0 * quarterTurn, axis);
    }
    // A quarter turn about a x b takes a to b: Y -> Z is +90 degrees about X.
    return glm::angleAxis(quarterTurn, glm::cross(a, b));
}

} // namespace bvh
