// Rotations and values as live sources that send quaternions (VMC, mocopi) give them to a BVH
// take: Euler angles in the ZXY order their skeletons declare, and the frame's text.
#pragma once

#include <glm/ext/quaternion_double.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <string>

namespace bvh::live {

// The angles (degrees; .x about X, .y about Y, .z about Z) with R = Rz * Rx * Ry equal to
// `rotation` (normalized here), each within 180 of `reference`'s, so that a curve does not jump
// by 360 between frames. At gimbal lock (X at +-90) Z is taken from the reference.
glm::dvec3 zxyDegrees(const glm::dquat& rotation, const glm::dvec3& reference);

// Positions further than this from the origin (metres) are not a performer's: a sender's bad
// bytes. Refused at input, so every value a take gets from them stays finite as a float.
inline constexpr double kMostLivePositionMetres = 1.0e6;

// Whether a sent transform can be used: a quaternion with a length (the reader normalizes it:
// its length would otherwise scale every position under it) and a position within
// kMostLivePositionMetres, all finite.
bool usableTransform(const glm::dvec3& position, const glm::dquat& rotation);

// The values as a take row: the shortest text that reads back as each float, single spaces.
std::string valueTextOf(std::span<const float> values);

} // namespace bvh::live
