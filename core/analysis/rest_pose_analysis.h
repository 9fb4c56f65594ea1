// Guesses about a skeleton that BVH does not state: which axis is up and what the unit is.
//
// BVH's world is nominally Y-up (seed 000) but Character Studio/Biped files are Z-up, facing -Y
// (seed 001), and MakeHuman, video2bvh and others write Z-up too; units range from metres to
// millimetres. Both guesses come from the rest pose alone, so they are stable for a file, and
// the viewer lets the user override them.
#pragma once

#include "core/analysis/joint_side.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <optional>
#include <string_view>
#include <vector>

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

// The joints whose names say head or foot (case-insensitive: "head" but not "end" for heads;
// "foot", "ankle" or "toe" for feet; End Sites never), the anatomy both the rest-pose guess and
// the animation's (analysis/rest_animation_agreement.h) read the up direction from.
struct BodyLandmarks {
    std::vector<NodeIndex> heads;
    std::vector<NodeIndex> feet;
    // Per node, the side its name says (sideOf; None for End Sites), read from the name folded
    // for the heads and feet: the stance's facing asks every joint's (joint_side.h). Empty in
    // landmarks made by hand.
    std::vector<Side> sides;
    bool complete() const { return !heads.empty() && !feet.empty(); }
};

struct RestPoseAnalysis {
    glm::dvec3 boundsMin{0.0};
    glm::dvec3 boundsMax{0.0};
    double height = 0.0; // extent along the guessed up axis, file units
    UpAxis upAxis = UpAxis::PositiveY;
    LengthUnit unit = LengthUnit::Unknown;
    // How far the first root stands above the lowest node along the guessed up axis (the hip
    // height of a standing figure, about its leg length), file units; 0 without nodes.
    double rootHeight = 0.0;
    bool upFromAnatomy = false; // true: up came from head and foot names, not from the extent
    bool upFromFeet = false;    // true: up came from where the feet end (feet_floor.h)
    // findBodyLandmarks of the skeleton analysed, where analyzeRestPose found them (a skeleton
    // with nodes): the stance reads them from here rather than folding every name again.
    std::optional<BodyLandmarks> landmarks;
};

// Up: from the feet to the head where names say (upFromAnatomy), else away from the floor the
// rest pose's feet end on (feet_floor.h, upFromFeet: a centipede, a crab, a quadruped longer
// than tall), else the longest extent, positive (a figure standing is taller than it is deep).
RestPoseAnalysis analyzeRestPose(const Skeleton& skeleton);

// The unit in which a figure `height` file units tall is 0.3-3 m (a performer, a child, a prop,
// an upper body): metres, inches, centimetres or millimetres; Unknown when none fits.
LengthUnit guessLengthUnit(double height);

BodyLandmarks findBodyLandmarks(const Skeleton& skeleton);

// The unit vector of an up axis (+Z: (0, 0, 1)).
glm::dvec3 upAxisVector(UpAxis axis);
// The axis nearest a direction (its largest component, with its sign); +Y for a zero vector.
UpAxis nearestUpAxis(const glm::dvec3& direction);

} // namespace bvh
