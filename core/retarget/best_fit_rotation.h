// The rotation that best turns one set of directions onto another (least squares, Horn's
// quaternion method), so that aligning A onto B and B onto A give inverse rotations: a round trip
// through another skeleton comes back where it started. Internal to core/retarget; pure.
#pragma once

#include <glm/ext/quaternion_double.hpp>
#include <glm/vec3.hpp>
#include <span>

namespace bvh::retarget_detail {

// The unit quaternion R minimizing sum |R from[i] - to[i]|^2 over the pairs (each direction
// normalized first, so every pair weighs the same; zero-length pairs are skipped). Needs at
// least two independent directions to be unique; with fewer it is one of the rotations that fit.
glm::dquat bestFitRotation(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to);

} // namespace bvh::retarget_detail
