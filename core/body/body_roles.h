// What each bone of a skeleton is, for sizing its volume: a trunk, a limb, a finger, a head...
// From joint names when they say (Mixamo, CMU, Daz, MakeHuman and Character Studio spellings),
// else from the topology (a bone's share of the figure's leaves below it: trunks carry many,
// fingers and tails one).
#pragma once

#include "core/model/skeleton.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace bvh {

enum class BoneRole : std::uint8_t {
    Unknown, // unnamed: sized from the topology
    Trunk,   // hips, pelvis, spine, chest
    Neck,
    Head,     // replaced by the head's ellipsoid
    Face,     // jaw, eyes, lips... and anything below the head: no volume (the head covers it)
    Shoulder, // collar, clavicle
    UpperArm,
    Forearm,
    Hand,
    Finger,
    Thigh,
    Shin,
    Foot,
    Toe,
    Tail,
    Wing,  // a wing's chain (Second Life's mWing1Left..mWing4Left, mWing4FanLeft): a flat blade
    Inner, // a joint inside another part's mass (MakeHuman's breasts): no volume of its own
};

// The role a node's name says, ignoring its place (Unknown when the name says nothing).
BoneRole roleFromName(std::string_view name);

// Per node: the role of the bones that leave it (a bone from P to C is P's). Nodes below a head
// become Face, so a 160-joint face rig stays inside the head.
std::vector<BoneRole> classifyBoneRoles(const Skeleton& skeleton);

} // namespace bvh
