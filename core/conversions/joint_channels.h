// Internal to the conversions: where a joint's channels sit in a motion row, and the checks and
// helpers every conversion shares.
#pragma once

#include "core/conversions/conversions.h"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bvh::conversion_detail {

// An Error diagnostic at line 0, column 0 (conversions have no place in a file).
Diagnostic error(std::string message);
Diagnostic warning(std::string message);

// A failed conversion: empty skeleton and motion, the diagnostics given.
Conversion failure(std::vector<Diagnostic> diagnostics);
Conversion failure(std::string message);

// Errors when the motion does not fit the skeleton (channel count, value count, frame time) or
// the skeleton's arrays differ in length. Empty when the pair can be converted.
std::vector<Diagnostic> validateInput(const Skeleton& skeleton, const Motion& motion);

// "joint 'LeftArm'", for messages.
std::string jointLabel(const Skeleton& skeleton, std::size_t node);

struct JointChannels {
    // Column (in the whole row) of the position channel on each axis, or -1. When a joint
    // declares an axis twice the last one wins, as in computeLocalTransforms.
    std::array<int, 3> positionColumn{-1, -1, -1};
    // Set when the joint's rotation channels are exactly three distinct axes; then
    // rotationColumn holds their columns in declared (composition) order.
    std::optional<EulerOrder> eulerOrder;
    std::array<std::uint32_t, 3> rotationColumn{};
    std::uint32_t rotationChannels = 0;
    bool hasPosition() const {
        return positionColumn[0] >= 0 || positionColumn[1] >= 0 || positionColumn[2] >= 0;
    }
};

JointChannels describeJoint(const Skeleton& skeleton, std::size_t node);

// The joint's Euler angles (degrees, in its own order) from a row; requires eulerOrder.
glm::dvec3 readAngles(const JointChannels& joint, std::span<const float> row);
// Stores angles into a row; -0 is written as 0.
void writeAngles(const JointChannels& joint, const glm::dvec3& degrees, std::span<float> row);

// The joint's local translation in a row: OFFSET with each position channel replacing
// (Absolute) or adding to (Additive) its axis, as computeLocalTransforms does.
glm::dvec3 readTranslation(const JointChannels& joint, const glm::dvec3& offset,
                           std::span<const float> row, TranslationMode mode);

} // namespace bvh::conversion_detail
