// Side chains that copy a named limb: Second Life's Bento skeleton hangs a second pair of legs,
// mHindLimb1-4, 0.4 m behind the pelvis, each bone the leg's (mHipLeft, mKneeLeft, mAnkleLeft,
// mFootLeft) to the millimetre. Their names say nothing a role is read from, so they were sized
// as unnamed bones, an eighth of their length: sticks 0.025 of the figure's size thick at the
// thigh's top against the leg's 0.062, 0.0084 at the ankle against 0.025, and the walking avatar
// drew 1.70 times the capsules' area (1.86 with these legs).
//
// Told apart from the skeleton: an unnamed chain (its first joint's parent has a role) whose
// first kCopiedBones bones or more each repeat, in length and direction, the bone at the same
// place along a named limb of the same figure (from a thigh's or an upper arm's first joint
// down its longest bones) takes that limb's roles, joint by joint, and the joint after the last
// copied bone the role of the limb's joint there (a hind foot's toe marker). Pure; never throws
// or prints.
#pragma once

#include "core/body/body_roles.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

// The bones a chain must repeat, at least: a limb's two long bones (a thigh and a shin).
inline constexpr int kCopiedBones = 2;
// How far a bone may lie from the limb's, of the longer of the two (Bento's hind limbs: 0.7 %).
inline constexpr double kCopyTolerance = 0.1;

// Gives every unnamed chain that copies a named limb the limb's roles. `positions`: per node,
// the pose the body is made in; `roles`: classifyBoneRoles', changed in place.
void takeRolesOfCopiedLimbs(const Skeleton& skeleton, std::span<const glm::dvec3> positions,
                            std::vector<BoneRole>& roles);

} // namespace bvh
