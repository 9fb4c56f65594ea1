// Branches of rig helpers that reach the figure's joints by a shortcut: Unreal's IK bones hang
// off the root at the ground's origin, ik_foot_root to ik_foot_l on the left foot and
// ik_hand_root to ik_hand_gun on the right hand to ik_hand_l on the left, two bones where the
// body takes four to eight (pelvis, spine, clavicle, arm...). They are goals for a solver, not
// the body: the body gives them no volume (made into volumes they were bars from the floor to the
// hands and from hand to hand, and when the take leaves them unkeyed, still while the hands move,
// a hand weighted to them stretched 17.6x), and the viewer draws no bone into them and does not
// frame them, as it treats a static root's link (Stance::staticRoots, issue 42).
//
// Told apart from the skeleton's OFFSET rest pose alone, whatever the names (a bind pose taken
// from the motion finds unkeyed goals away from the hands they were set on): a joint that lies
// on another joint of the figure reached through more bones (of any length) from the two's
// common ancestor is a goal; a branch whose every joint is a goal or lies on its parent
// (ik_foot_root on the root) is a goal branch. Joints at one place through as many bones
// (Second Life's mWing4Left and mWing4FanLeft, siblings) are no goals. Pure; never throws or
// prints.
#pragma once

#include "core/model/skeleton.h"

#include <vector>

namespace bvh {

// Two joints closer than this share of the rest pose's largest extent lie at one place: BVH
// writers round offsets (to 0.01 cm, 6e-5 of a human, summed over a chain of eight).
inline constexpr double kGoalPlaceShare = 1e-3;

// Every node of the goal branches (their End Sites too), in node order.
std::vector<NodeIndex> goalBranchNodes(const Skeleton& skeleton);

} // namespace bvh
