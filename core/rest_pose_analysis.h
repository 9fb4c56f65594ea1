// Guesses about a skeleton that BVH does not state: which axis is up and what the unit is.
//
// BVH's world is nominally Y-up (seed 000) but Character Studio/Biped files are Z-up, facing -Y
// (seed 001), and MakeHuman, video2bvh and others write Z-up too; units range from metres to
// millimetres. Both guesses come from the rest pose alone, so they are stable for a file, and
// the viewer lets the user override them.
#pragma once

#include "skeleton.h"

#include <glm/vec3.hpp>
#include <string_view>

namespace bvh {

enum class UpAxis : std::uint8_t {
    PositiveY,
    PositiveZ,
    NegativeY,
    NegativeZ,
    PositiveX,
    NegativeX
};
enum class LengthUnit : std::uint8_t { Unknown, Millimetre, Centimetre, Metre, Inch };

std::string_view upAxisName(UpAxis axis);         // "+Y", "+Z", ...
std::string_view lengthUnitName(LengthUnit unit); // "mm", "cm", "m", "inch", "unknown"
// Metres per file unit; 1 for Unknown (the viewer then shows raw units).
double metresPerUnit(LengthUnit unit);
// 0, 1, 2 for X, Y, Z and the sign (+1/-1).
int upAxisIndex(UpAxis axis);
int upAxisSign(UpAxis axis);

struct RestPoseAnalysis {
    glm::dvec3 boundsMin{0.0};
    glm::dvec3 boundsMax{0.0};
    double height = 0.0; // extent along the guessed up axis, file units
    UpAxis upAxis = UpAxis::PositiveY;
    LengthUnit unit = LengthUnit::Unknown;
};

RestPoseAnalysis analyzeRestPose(const Skeleton& skeleton);

} // namespace bvh
