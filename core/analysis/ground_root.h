// A root on the ground under the figure: Unity's `Reference`, Unreal's `root`, Bandai Namco's
// `joint_Root` sit at the floor with the hips a leg's length above them. The link from such a
// root to the hips carries no mass; the stance (stance.h, static roots) and the body
// (core/body/body_ground_links.h) both tell it by where the root lies, with these rules.
//
// Pure; never throws or prints.
#pragma once

#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <span>

namespace bvh {

// A root lies on the ground when, along up, it is no higher than the lowest of the other
// joints of its tree plus this share of the tree's height ...
inline constexpr double kGroundRootLevel = 0.1;
// ... and its one child, where the figure branches (the hips, with the legs and the spine), stands
// at least this share of the tree's height above it.
inline constexpr double kGroundRootRise = 0.3;

// The root's one joint child (End Sites aside) when that child branches into two joints or more,
// as the hips do; kNoParent otherwise (a root with several children is the figure's own joint).
NodeIndex branchingOnlyChild(const Skeleton& skeleton, NodeIndex root);

// The two rules above, given the heights along up of the root and its child and the extent of
// the rest of its tree (lowest and highest height of its other nodes; the largest double and
// its negation where none compares). Not a number fails.
bool liesOnGroundWithin(double rootHeight, double childHeight, double lowest, double highest);

// Whether `root` lies on the ground under its child `child` in one pose (`positions`, per node),
// along `up` (unit vector), by the two rules above. Not a number fails.
bool liesOnGroundUnder(const Skeleton& skeleton, std::span<const glm::dvec3> positions,
                       NodeIndex root, NodeIndex child, const glm::dvec3& up);

} // namespace bvh
