// What each joint of a humanoid skeleton is for retargeting, whatever its naming scheme.
//
// The anchors come from the names core/body already reads (classifyBoneRoles: "foot", "ankle",
// "hand", "wrist", "head" in every scheme; sideOf for left and right), everything else from the
// topology between them, so "LeftUpLeg", "lThigh", "LeftHip", "Bip01 L Thigh", "UpperLeg_L",
// "mHipLeft" and SMPL's "L_Hip" are all the thigh because each is the foot's grandparent:
// - hips: the lowest common ancestor of the two feet;
// - chest: that of the two hands; the spine chain is the path from the hips (excluded) to the
//   chest (included);
// - shin and thigh: the foot's parent and grandparent; forearm and upper arm: the hand's;
//   clavicle: the upper arm's parent when it lies below the chest;
// - neck chain: the path from the chest (excluded) to the head (excluded);
// - toes: the foot's first child joint; fingers: the chains below the hand, named by the finger
//   their name says (thumb, index, middle, ring, pinky) and their place in the chain.
// Joints in between (CMU's LHipJoint, twist bones) are left without a role. Pure; never throws.
#pragma once

#include "core/model/skeleton.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bvh {

enum class RigRole : std::uint8_t {
    None,
    Hips,
    Spine,
    Neck,
    Head,
    Clavicle,
    UpperArm,
    Forearm,
    Hand,
    Thigh,
    Shin,
    Foot,
    Toes,
    Finger
};

enum class RigSide : std::uint8_t { Centre, Left, Right };

// A joint's role, with what tells two joints of one role apart.
struct RigJointRole {
    RigRole role = RigRole::None;
    RigSide side = RigSide::Centre;
    // Spine and neck: the joint's start along its chain, as a share of the chain's length (0 at
    // the chain's first joint). Fingers: unused.
    double chainShare = 0.0;
    // Fingers: which finger ("thumb", "index", "middle", "ring", "pinky") and the joint's place
    // in it from 1 at the knuckle.
    std::string finger;
    int fingerJoint = 0;

    bool operator==(const RigJointRole&) const = default;
};

struct RigRoles {
    std::vector<RigJointRole> joints; // per node (End Sites get None)
    NodeIndex hips = kNoParent;
    // The distinct roles found ("hips", "thigh", ...), in RigRole order, for messages.
    std::vector<std::string> roleNames() const;
    // Hip-to-foot length of the legs (thigh + shin, averaged over the sides found), file units;
    // 0 without legs.
    double legLength = 0.0;
};

RigRoles findRigRoles(const Skeleton& skeleton);

// "hips", "upper arm", ...; with the side and finger: "left index 2", "spine 0.50".
std::string rigRoleName(RigRole role);
std::string describeRigJointRole(const RigJointRole& role);

} // namespace bvh
