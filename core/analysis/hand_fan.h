// A hand alone (a glove's capture, a hand rig cut from a character), found from its shape: one
// chain from the root (a forearm, or none) to a wrist that 4 or 5 fingers leave one way, each
// finger one chain of 2 to 5 bones, alike in length. The body look sizes such a rig as a hand
// (core/body), and the view faces the back of it (stance.h's facingOfPose).
#pragma once

#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <vector>

namespace bvh {

// Each finger's direction from the wrist (to its tip) lies within about 70 degrees (this
// cosine) of their mean, unlike a star's or a crab's legs; the longest finger is at most
// kHandFingerLengths times the shortest (a thumb about half the longest).
inline constexpr double kHandFingerFan = 0.35;
inline constexpr double kHandFingerLengths = 2.5;
inline constexpr std::size_t kHandFewestFingers = 4;
inline constexpr std::size_t kHandMostFingers = 5;

struct HandFan {
    NodeIndex wrist = kNoParent;
    std::vector<NodeIndex> fingers; // each finger's first node (a child of the wrist)
    std::vector<NodeIndex> tips;    // each finger's last node (an End Site, or a joint)
};

// The skeleton's hand, when it is one hand and nothing else; `positions` per node (any pose).
std::optional<HandFan> findHandFan(const Skeleton& skeleton, std::span<const glm::dvec3> positions);

// The direction the back of `hand` faces: the normal of the plane its fingers fan out in, on
// the side away from the thumb (the finger that turns farthest from the others' way), which
// sits below the palm. nullopt when the fingers do not spread.
std::optional<glm::dvec3> handBackDirection(const HandFan& hand,
                                            std::span<const glm::dvec3> positions);

} // namespace bvh
