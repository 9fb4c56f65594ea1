// Which side of the body a joint is on, and a joint name without its namespace, as capture
// tools spell them. Shared by the stance's facing (stance.h) and the motion features' body
// roles (motion_features.h), so both read "Hand_L" and "lShldr" alike. Pure; never throws.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bvh {

// The part of a joint name after a namespace ("mixamorig:LeftArm" -> "LeftArm").
std::string jointBaseName(const std::string& name);

enum class Side : std::uint8_t { None, Left, Right };

// Left and right as capture tools spell them: "LeftArm", "left_arm", "lShldr", "LHipJoint",
// "l_hip", "upperleg01.L", "Arm_L", "Bip01 L Thigh". A lone leading "l" counts only before an
// upper-case letter or a separator ("lowerback" and "LowerBack" are not left).
Side sideOf(const std::string& fullName);
// sideOf, for a caller that folded the whole name already: `folded` is asciiLowercase(fullName).
Side sideOfFolded(std::string_view fullName, std::string_view folded);

} // namespace bvh
