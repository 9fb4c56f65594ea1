#include "core/live/unity_humanoid.h"

#include <algorithm>

namespace bvh::live {

const std::array<UnityHumanoidBone, kUnityHumanoidBones> kUnityHumanoid{{
    UnityHumanoidBone{"Hips", -1},
    UnityHumanoidBone{"Spine", 0},
    UnityHumanoidBone{"Chest", 1},
    UnityHumanoidBone{"UpperChest", 2},
    UnityHumanoidBone{"Neck", 3},
    UnityHumanoidBone{"Head", 4},
    UnityHumanoidBone{"LeftEye", 5},
    UnityHumanoidBone{"RightEye", 5},
    UnityHumanoidBone{"Jaw", 5},
    UnityHumanoidBone{"LeftShoulder", 3},
    UnityHumanoidBone{"LeftUpperArm", 9},
    UnityHumanoidBone{"LeftLowerArm", 10},
    UnityHumanoidBone{"LeftHand", 11},
    UnityHumanoidBone{"LeftThumbProximal", 12},
    UnityHumanoidBone{"LeftThumbIntermediate", 13},
    UnityHumanoidBone{"LeftThumbDistal", 14},
    UnityHumanoidBone{"LeftIndexProximal", 12},
    UnityHumanoidBone{"LeftIndexIntermediate", 16},
    UnityHumanoidBone{"LeftIndexDistal", 17},
    UnityHumanoidBone{"LeftMiddleProximal", 12},
    UnityHumanoidBone{"LeftMiddleIntermediate", 19},
    UnityHumanoidBone{"LeftMiddleDistal", 20},
    UnityHumanoidBone{"LeftRingProximal", 12},
    UnityHumanoidBone{"LeftRingIntermediate", 22},
    UnityHumanoidBone{"LeftRingDistal", 23},
    UnityHumanoidBone{"LeftLittleProximal", 12},
    UnityHumanoidBone{"LeftLittleIntermediate", 25},
    UnityHumanoidBone{"LeftLittleDistal", 26},
    UnityHumanoidBone{"RightShoulder", 3},
    UnityHumanoidBone{"RightUpperArm", 28},
    UnityHumanoidBone{"RightLowerArm", 29},
    UnityHumanoidBone{"RightHand", 30},
    UnityHumanoidBone{"RightThumbProximal", 31},
    UnityHumanoidBone{"RightThumbIntermediate", 32},
    UnityHumanoidBone{"RightThumbDistal", 33},
    UnityHumanoidBone{"RightIndexProximal", 31},
    UnityHumanoidBone{"RightIndexIntermediate", 35},
    UnityHumanoidBone{"RightIndexDistal", 36},
    UnityHumanoidBone{"RightMiddleProximal", 31},
    UnityHumanoidBone{"RightMiddleIntermediate", 38},
    UnityHumanoidBone{"RightMiddleDistal", 39},
    UnityHumanoidBone{"RightRingProximal", 31},
    UnityHumanoidBone{"RightRingIntermediate", 41},
    UnityHumanoidBone{"RightRingDistal", 42},
    UnityHumanoidBone{"RightLittleProximal", 31},
    UnityHumanoidBone{"RightLittleIntermediate", 44},
    UnityHumanoidBone{"RightLittleDistal", 45},
    UnityHumanoidBone{"LeftUpperLeg", 0},
    UnityHumanoidBone{"LeftLowerLeg", 47},
    UnityHumanoidBone{"LeftFoot", 48},
    UnityHumanoidBone{"LeftToes", 49},
    UnityHumanoidBone{"RightUpperLeg", 0},
    UnityHumanoidBone{"RightLowerLeg", 51},
    UnityHumanoidBone{"RightFoot", 52},
    UnityHumanoidBone{"RightToes", 53},
}};

std::optional<std::size_t> unityHumanoidBone(std::string_view name) {
    for (std::size_t i = 0; i < kUnityHumanoid.size(); ++i) {
        if (kUnityHumanoid[i].name == name) {
            return i;
        }
    }
    return std::nullopt;
}

bool isRequiredUnityBone(std::size_t bone) {
    // Hips, Spine, Head, the arms' and the legs' three bones each.
    constexpr std::array<std::size_t, 15> kRequired{0,  1,  5,  10, 11, 12, 29, 30,
                                                    31, 47, 48, 49, 51, 52, 53};
    return std::find(kRequired.begin(), kRequired.end(), bone) != kRequired.end();
}

} // namespace bvh::live
