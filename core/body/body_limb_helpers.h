// Corrective bones on a limb: Unreal 5's mannequin hangs short leaves off its arms and legs
// (upperarm_correctiveRoot_l to upperarm_fwd_l, _bck_l, _in_l, _out_l; thigh_in_l; calf_knee_l
// and calf_kneeBack_l), each ending on the limb's surface to push the skin out when it bends.
// They carry no mass: made into volumes of the limb's role, they were knobs on the elbows and
// knees, and an inner one bridged the two knees into a web (UE5 walk: 99.68 % of edges within
// 4x, 8.7x at worst, on calf_out_l and calf_in_r).
//
// Told apart from the skeleton: a joint without joint children whose bone leaves an upper arm,
// forearm, thigh or shin joint (directly or through zero-length joints, as a corrective root
// at the joint itself) more than kHelperLeafAngle off the limb's own bone, and shorter than
// kHelperLeafShare of it. A twist bone along the limb is no such leaf. Pure; never throws or
// prints.
#pragma once

#include "core/body/body_roles.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

// Degrees between the leaf's bone and the limb's, at least.
inline constexpr double kHelperLeafAngle = 45.0;
// The leaf's bone over the limb's, at most (a corrective bone reaches the skin, a few cm).
inline constexpr double kHelperLeafShare = 0.5;

// The helper leaves and their End Sites, in node order. `positions`: per node, the pose the
// body is made in; `roles`: classifyBoneRoles'; `zeroLength`: bones this short or shorter have
// no length (file units).
std::vector<NodeIndex> limbHelperLeaves(const Skeleton& skeleton,
                                        std::span<const glm::dvec3> positions,
                                        std::span<const BoneRole> roles, double zeroLength);

} // namespace bvh
