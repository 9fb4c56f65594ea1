// A root on the ground under the figure: Bandai Namco's `joint_Root`, Unreal's `root`, Unity's
// `Reference` sit at the floor with the hips a leg's length above them. In a take that travels,
// the root stays at the origin and the hips move away (Stance::staticRoots, whose links the callers
// leave out); in a take played in place, nothing moves to tell the link apart from a bone, and
// a trunk volume from the floor to the hips (the root's name reads as the trunk) wraps both legs
// in one column: the legs move inside it and tear it, and the figure reads as a dress.
//
// Such a link carries no mass: the body leaves it out, found where the root lies in the pose the
// body is made in (core/analysis/ground_root.h; the stance lists the same roots as static when
// they never move, so capsules, the ground and framing leave them out too). Pure; never throws
// or prints.
#pragma once

#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

// The nodes whose incoming bone is such a link (in node order): the one child of each root that
// lies on the ground. `positions`: per node, the pose the body is made in; `up`: unit vector.
// `leftOut`: nodes the body leaves out already (core/analysis/goal_branches.h), which are not
// counted among a root's or the hips' children: Unreal's root holds the pelvis and two IK branches.
std::vector<NodeIndex> linksFromGroundRoots(const Skeleton& skeleton,
                                            std::span<const glm::dvec3> positions,
                                            const glm::dvec3& up,
                                            std::span<const NodeIndex> leftOut = {});

} // namespace bvh
