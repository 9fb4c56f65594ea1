// How far a joint turned between two orientations, as the analyses measure motion (the speed
// check, Euler flips): the angle of the rotation from one to the other, either way round.
#pragma once

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <numbers>

namespace bvh {

inline constexpr double kDegreesPerRadian = 180.0 / std::numbers::pi;

// Degrees in [0, 180]: q and -q are the same orientation.
inline double turnDegrees(const glm::dquat& a, const glm::dquat& b) {
    const double cosine = std::min(1.0, std::abs(glm::dot(a, b)));
    return 2.0 * std::acos(cosine) * kDegreesPerRadian;
}

} // namespace bvh
