// Euler angles in BVH's sense: three rotations about distinct axes, composed in the order the
// CHANNELS line declares them (see pose.h), in degrees.
//
// Converting a rotation back to Euler angles has two solutions in (-180, 180] for every
// Tait-Bryan order ((a, b, c) and (a + 180, 180 - b, c + 180)), plus any multiple of 360 on each
// angle, and a whole family at gimbal lock (middle angle +-90). Writers that always return the
// principal branch make curves jump by 360 or flip between the two solutions from one frame to
// the next, which shows as spikes in a curve editor and as wrong in-betweens when the file is
// later interpolated per channel. So every conversion here takes a reference (the previous
// frame's angles) and returns the solution closest to it.
#pragma once

#include <array>
#include <glm/ext/quaternion_double.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace bvh {

// Three distinct axes (0 = X, 1 = Y, 2 = Z) in composition order: "ZXY" is {2, 0, 1} and means
// R = Rz * Rx * Ry acting on column vectors.
struct EulerOrder {
    std::array<int, 3> axes{2, 0, 1};

    std::string name() const; // "ZXY"
    bool operator==(const EulerOrder&) const = default;
};

// "ZXY", "xyz", ...: three distinct letters X, Y, Z in any case. nullopt otherwise (including
// repeated-axis orders such as "ZXZ", which no BVH writer uses).
std::optional<EulerOrder> parseEulerOrder(std::string_view text);

// R = R(axes[0], degrees[0]) * R(axes[1], degrees[1]) * R(axes[2], degrees[2]).
glm::dquat eulerToQuaternion(const EulerOrder& order, const glm::dvec3& degrees);

// The angles (degrees, in `order`) of `rotation` closest to `referenceDegrees`: of the two
// solutions, each shifted by the multiple of 360 nearest the reference per angle, the one with
// the smaller squared distance. At gimbal lock the first angle is taken from the reference.
// `rotation` need not be normalized.
glm::dvec3 quaternionToEuler(const EulerOrder& order, const glm::dquat& rotation,
                             const glm::dvec3& referenceDegrees);

// The same for a rotation matrix (orthonormal, determinant +1; glm's column-major layout).
glm::dvec3 matrixToEuler(const EulerOrder& order, const glm::dmat3& rotation,
                         const glm::dvec3& referenceDegrees);

// `degrees` plus the multiple of 360 that brings it closest to `reference`.
double unwrapDegrees(double degrees, double reference);

} // namespace bvh
