#include "core/body/body_roles.h"

#include "core/analysis/joint_side.h"
#include "core/model/ascii_case.h"

#include <algorithm>
#include <array>
#include <string>

namespace bvh {
namespace {

bool containsAny(const std::string& name, std::initializer_list<std::string_view> words) {
    return std::any_of(words.begin(), words.end(),
                       [&](std::string_view word) { return name.find(word) != std::string::npos; });
}

// Whether "wing" starts a word of `rawName`: at its start, after a character that is no letter
// ("Wing_L", "wing.R", "L_wing") or as a capital after a small letter ("mWing1Left", "LeftWing").
// Inside a word it is none: "swing", "bowing", "following", "drawing" (an all-capitals
// "LEFTWING" is read as inside a word too).
bool namesWing(std::string_view rawName) {
    const std::string name = asciiLowercase(rawName);
    const auto isLetter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    for (std::size_t at = name.find("wing"); at != std::string::npos;
         at = name.find("wing", at + 1)) {
        const char before = at == 0 ? ' ' : rawName[at - 1];
        const bool capitalAfterSmall = rawName[at] == 'W' && before >= 'a' && before <= 'z';
        if (!isLetter(before) || capitalAfterSmall) {
            return true;
        }
    }
    return false;
}

} // namespace

BoneRole roleFromName(std::string_view rawName) {
    const std::string name = asciiLowercase(rawName);
    // Order matters (and "ear" or "lid" are not words to look for: "forearm", "slider"): "forehead"
    // is a face, "LeftHandIndex1" a finger, "LeftUpLeg" a thigh, "LeftForeArm" a forearm, before
    // the shorter words they contain.
    if (containsAny(name, {"jaw", "eye", "brow", "lip", "cheek", "nose", "nostril", "tongue",
                           "teeth", "tooth", "mouth", "chin", "forehead", "face", "mustache",
                           "squint", "sneer"})) {
        return BoneRole::Face;
    }
    // Helper joints inside the chest: a volume of their own would poke out of it as a stub.
    if (containsAny(name, {"breast", "pectoral"})) {
        return BoneRole::Inner;
    }
    // Before the fingers and the trunk: a bat's "LeftWingFinger1" is its wing, Second Life's
    // "mWingsRoot" the wings' (roleInPlace gives a root both wings leave to the trunk).
    if (namesWing(rawName)) {
        return BoneRole::Wing;
    }
    if (containsAny(name,
                    {"thumb", "index", "middle", "ring", "pinky", "little", "finger", "digit"})) {
        return BoneRole::Finger;
    }
    if (containsAny(name, {"tail"})) {
        return BoneRole::Tail;
    }
    if (containsAny(name, {"head"})) {
        return BoneRole::Head;
    }
    if (containsAny(name, {"neck"})) {
        return BoneRole::Neck;
    }
    if (containsAny(name, {"toe"})) {
        return BoneRole::Toe;
    }
    if (containsAny(name, {"foot", "ankle", "heel", "hoof", "paw"})) {
        return BoneRole::Foot;
    }
    // MakeHuman's metacarpals lie in the palm, from the wrist to the fingers' roots.
    if (containsAny(name, {"hand", "wrist", "palm", "carpal"})) {
        return BoneRole::Hand;
    }
    if (containsAny(name, {"forearm", "lowerarm", "elbow", "lowarm"})) {
        return BoneRole::Forearm;
    }
    if (containsAny(name, {"collar", "clavicle", "shoulder"})) {
        return BoneRole::Shoulder;
    }
    // Daz's "lShldr" is the upper arm (its collar is "lCollar").
    if (containsAny(name, {"arm", "shldr", "humerus", "bicep"})) {
        return BoneRole::UpperArm;
    }
    if (containsAny(name, {"upleg", "upperleg", "thigh", "femur", "hipjoint"})) {
        return BoneRole::Thigh;
    }
    if (containsAny(name, {"shin", "knee", "calf", "lowerleg", "lowleg", "leg", "tibia"})) {
        return BoneRole::Shin;
    }
    if (containsAny(name, {"hip", "pelvis", "spine", "chest", "torso", "abdomen", "belly", "waist",
                           "back", "body", "root", "trunk", "thorax", "lumbar"})) {
        return BoneRole::Trunk;
    }
    return BoneRole::Unknown;
}

namespace {

// Names say where a bone starts, and rigs name that joint differently: "LeftHip" (Biovision,
// Motion Analysis) and "mHipLeft" (Second Life) start the thigh, where "hip" alone is the
// pelvis; a "LeftShoulder" whose bone ends at the elbow (Biovision after "LeftCollar", Second
// Life's "mShoulderLeft") is the upper arm, where Mixamo's and CMU's end at the arm's root.
BoneRole roleInPlace(const Skeleton& skeleton, std::size_t node, BoneRole named,
                     const std::vector<BoneRole>& namedRoles) {
    if (named == BoneRole::Trunk && sideOf(skeleton.names[node]) != Side::None &&
        asciiLowercase(skeleton.names[node]).find("hip") != std::string::npos) {
        return BoneRole::Thigh;
    }
    // A wing joint that wings of both sides leave (Second Life's mWingsRoot, 1.4 cm behind the
    // chest joint) is where they leave the back: the trunk's, inside the back, not a blade.
    if (named == BoneRole::Wing && sideOf(skeleton.names[node]) == Side::None) {
        bool left = false;
        bool right = false;
        for (std::size_t child = node + 1; child < skeleton.nodeCount(); ++child) {
            if (skeleton.parents[child] == static_cast<NodeIndex>(node) &&
                namedRoles[child] == BoneRole::Wing) {
                left = left || sideOf(skeleton.names[child]) == Side::Left;
                right = right || sideOf(skeleton.names[child]) == Side::Right;
            }
        }
        return left && right ? BoneRole::Trunk : named;
    }
    if (named == BoneRole::Shoulder) {
        for (std::size_t child = node + 1; child < skeleton.nodeCount(); ++child) {
            if (skeleton.parents[child] == static_cast<NodeIndex>(node) &&
                namedRoles[child] == BoneRole::Forearm) {
                return BoneRole::UpperArm;
            }
        }
    }
    return named;
}

} // namespace

std::vector<BoneRole> classifyBoneRoles(const Skeleton& skeleton) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<BoneRole> namedRoles(n, BoneRole::Unknown);
    for (std::size_t i = 0; i < n; ++i) {
        if (skeleton.isEndSite[i] == 0) {
            namedRoles[i] = roleFromName(skeleton.names[i]);
        }
    }
    std::vector<BoneRole> roles(n, BoneRole::Unknown);
    std::vector<std::uint8_t> belowHead(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        const bool parentIsHead =
            parent != kNoParent && (belowHead[static_cast<std::size_t>(parent)] != 0 ||
                                    roles[static_cast<std::size_t>(parent)] == BoneRole::Head);
        belowHead[i] = parentIsHead ? 1 : 0;
        if (skeleton.isEndSite[i] != 0) {
            continue; // no bone leaves an End Site
        }
        roles[i] =
            parentIsHead ? BoneRole::Face : roleInPlace(skeleton, i, namedRoles[i], namedRoles);
    }
    return roles;
}

} // namespace bvh
