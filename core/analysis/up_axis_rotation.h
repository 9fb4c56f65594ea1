// The quarter or half turn between two up axes: what a re-orientation (core/conversions) applies
// and what the Biped check (core/character_studio) measures a figure against.
#pragma once

#include "core/analysis/rest_pose_analysis.h"

#include <glm/ext/quaternion_double.hpp>

namespace bvh {

// The rotation C that turns the `from` axis into the `to` axis by a quarter or half turn about
// X (between Y and Z axes) or about the axis perpendicular to both. Y-up to Z-up is +90 degrees
// about X, which also turns a Y-up figure facing +Z to face -Y with its left hand kept on +X:
// how Character Studio Biped's import stands a (Y-up) BVH file in 3ds Max's Z-up world, where
// seed 001 describes its neutral orientation (see core/character_studio/biped.h).
glm::dquat upAxisRotation(UpAxis from, UpAxis to);

} // namespace bvh
