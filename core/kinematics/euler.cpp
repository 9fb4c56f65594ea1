#include "core/kinematics/euler.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <numbers>

namespace bvh {

namespace {

const glm::dvec3 kAxes[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};

// Below this cos(middle angle) the first and last axes are aligned (gimbal lock) and only their
// sum or difference is defined; the first angle is then taken from the reference.
constexpr double kGimbalLockCosine = 1e-10;

// Row `row`, column `column` of a glm matrix (glm stores columns).
double element(const glm::dmat3& matrix, int row, int column) {
    return matrix[column][row];
}

double squaredDistance(const glm::dvec3& a, const glm::dvec3& b) {
    const glm::dvec3 d = a - b;
    return glm::dot(d, d);
}

glm::dvec3 unwrapAll(const glm::dvec3& degrees, const glm::dvec3& reference) {
    return {unwrapDegrees(degrees.x, reference.x), unwrapDegrees(degrees.y, reference.y),
            unwrapDegrees(degrees.z, reference.z)};
}

} // namespace

std::string EulerOrder::name() const {
    std::string text;
    for (int axis : axes) {
        text += static_cast<char>('X' + axis);
    }
    return text;
}

std::optional<EulerOrder> parseEulerOrder(std::string_view text) {
    if (text.size() != 3) {
        return std::nullopt;
    }
    EulerOrder order;
    for (std::size_t i = 0; i < 3; ++i) {
        const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
        if (letter < 'X' || letter > 'Z') {
            return std::nullopt;
        }
        order.axes[i] = letter - 'X';
    }
    if (order.axes[0] == order.axes[1] || order.axes[1] == order.axes[2] ||
        order.axes[0] == order.axes[2]) {
        return std::nullopt;
    }
    return order;
}

glm::dquat eulerToQuaternion(const EulerOrder& order, const glm::dvec3& degrees) {
    // Same composition as computeLocalTransforms, so that a decomposed rotation recomposes to
    // the pose the viewer shows.
    glm::dquat rotation(1.0, 0.0, 0.0, 0.0);
    for (int n = 0; n < 3; ++n) {
        rotation = rotation * glm::angleAxis(glm::radians(degrees[n]), kAxes[order.axes[n]]);
    }
    return rotation;
}

double unwrapDegrees(double degrees, double reference) {
    if (!std::isfinite(degrees) || !std::isfinite(reference)) {
        return degrees;
    }
    return degrees - 360.0 * std::round((degrees - reference) / 360.0);
}

glm::dvec3 quaternionToEuler(const EulerOrder& order, const glm::dquat& rotation,
                             const glm::dvec3& referenceDegrees) {
    return matrixToEuler(order, glm::mat3_cast(glm::normalize(rotation)), referenceDegrees);
}

glm::dvec3 matrixToEuler(const EulerOrder& order, const glm::dmat3& matrix,
                         const glm::dvec3& referenceDegrees) {
    const int i = order.axes[0];
    const int j = order.axes[1];
    const int k = order.axes[2];
    // +1 when (i, j, k) is a cyclic shift of (X, Y, Z), -1 otherwise; the formulas below are
    // those of XYZ with the signs that follow from the permutation.
    const double parity = (j == (i + 1) % 3) ? 1.0 : -1.0;

    const double sinMiddle = parity * element(matrix, i, k);
    const double cosMiddle = std::hypot(element(matrix, i, i), element(matrix, i, j));
    const double middle = std::atan2(sinMiddle, cosMiddle);
    double first = glm::radians(referenceDegrees[0]);
    if (cosMiddle > kGimbalLockCosine) {
        first = std::atan2(-parity * element(matrix, j, k), element(matrix, k, k));
    }
    // The last angle from what remains once the first two are undone, so that it absorbs any
    // rounding in them (and is exact at gimbal lock): (Ri(a) Rj(b))^T R = Rk(c).
    const glm::dquat firstTwo = glm::angleAxis(first, kAxes[i]) * glm::angleAxis(middle, kAxes[j]);
    const glm::dmat3 rest = glm::transpose(glm::mat3_cast(firstTwo)) * matrix;
    const int k1 = (k + 1) % 3;
    const int k2 = (k + 2) % 3;
    const double last = std::atan2(element(rest, k2, k1), element(rest, k1, k1));

    const double pi = std::numbers::pi;
    const glm::dvec3 solutionA = glm::degrees(glm::dvec3(first, middle, last));
    const glm::dvec3 solutionB = glm::degrees(glm::dvec3(first + pi, pi - middle, last + pi));
    const glm::dvec3 a = unwrapAll(solutionA, referenceDegrees);
    const glm::dvec3 b = unwrapAll(solutionB, referenceDegrees);
    return squaredDistance(a, referenceDegrees) <= squaredDistance(b, referenceDegrees) ? a : b;
}

} // namespace bvh
