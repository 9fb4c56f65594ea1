#include "core/live/rotation_values.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <numbers>

namespace bvh::live {
namespace {

double degreesOf(double radians) {
    return radians * 180.0 / std::numbers::pi;
}

double nearestTurn(double degrees, double reference) {
    return degrees + 360.0 * std::round((reference - degrees) / 360.0);
}

} // namespace

glm::dvec3 zxyDegrees(const glm::dquat& rotation, const glm::dvec3& reference) {
    // R = Rz Rx Ry: R21 = sin x, R01 = -sin z cos x, R11 = cos z cos x, R20 = -cos x sin y,
    // R22 = cos x cos y (row, column; glm indexes [column][row]).
    const glm::dmat3 r = glm::mat3_cast(glm::normalize(rotation));
    const double sinX = std::clamp(r[1][2], -1.0, 1.0);
    glm::dvec3 degrees{degreesOf(std::asin(sinX)), 0.0, 0.0};
    if (std::abs(sinX) > 0.999999) {
        // Gimbal lock: only z + y (or z - y) is known; keep z from the reference.
        degrees.z = reference.z;
        const double zPlusY = degreesOf(std::atan2(r[0][1], r[0][0]));
        degrees.y = sinX > 0 ? zPlusY - reference.z : reference.z - zPlusY;
    } else {
        degrees.z = degreesOf(std::atan2(-r[1][0], r[1][1]));
        degrees.y = degreesOf(std::atan2(-r[0][2], r[2][2]));
    }
    return {nearestTurn(degrees.x, reference.x), nearestTurn(degrees.y, reference.y),
            nearestTurn(degrees.z, reference.z)};
}

bool usableTransform(const glm::dvec3& position, const glm::dquat& rotation) {
    const double length = glm::length(rotation);
    const bool positionWithin = std::abs(position.x) <= kMostLivePositionMetres &&
                                std::abs(position.y) <= kMostLivePositionMetres &&
                                std::abs(position.z) <= kMostLivePositionMetres;
    return std::isfinite(length) && length > 1e-6 && positionWithin;
}

std::string valueTextOf(std::span<const float> values) {
    std::string text;
    char buffer[32];
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) {
            text.push_back(' ');
        }
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, values[i]);
        text.append(buffer, result.ptr);
    }
    return text;
}

} // namespace bvh::live
