// Unity's humanoid skeleton (HumanBodyBones): the 55 bones a VMC sender names in
// /VMC/Ext/Bone/Pos, fingers included, and the hierarchy Unity's Avatar puts them in.
//
// Many bones are optional in a Unity avatar (UpperChest, Neck, the shoulders, toes, eyes, jaw,
// every finger bone): a sender sends only the bones its avatar has, and each bone's local
// position is then relative to its nearest ancestor that is present. So the skeleton of a
// stream is the bones it sends, each under its nearest present ancestor in this table.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace bvh::live {

inline constexpr std::size_t kUnityHumanoidBones = 55;

struct UnityHumanoidBone {
    std::string_view name; // Unity's HumanBodyBones name, as VMC sends it
    int parent;            // index in kUnityHumanoid, -1 for Hips
};

// Depth first, parents before children (the order of a BVH hierarchy).
extern const std::array<UnityHumanoidBone, kUnityHumanoidBones> kUnityHumanoid;

// The index of a bone in kUnityHumanoid by its name (exact, case-sensitive as Unity's enum).
std::optional<std::size_t> unityHumanoidBone(std::string_view name);

// Whether a bone is one Unity requires of every humanoid avatar (Hips, Spine, Head, the arms'
// upper, lower and hand bones, the legs' upper, lower and foot bones): a VMC frame that has them
// all is complete enough to build the skeleton from.
bool isRequiredUnityBone(std::size_t bone);

} // namespace bvh::live
