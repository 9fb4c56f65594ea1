// A Unity humanoid avatar whose poses have known answers, sent as VMC; and forward kinematics of
// a live skeleton's frame (Z X Y rotations, as VmcFrames writes), so tests compare the pose that
// arrives with the one sent. Shared by tests/core/live and tests/app/live.
#pragma once

#include "core/live/unity_humanoid.h"
#include "core/live/vmc_assembler.h"
#include "core/model/skeleton.h"

#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <numbers>
#include <span>
#include <string_view>
#include <vector>

namespace bvh::live::test {

inline glm::dquat unityTurn(double degrees, const glm::dvec3& axis) {
    return glm::angleAxis(degrees * std::numbers::pi / 180.0, axis);
}

inline void setBone(VmcPose& pose, std::string_view name, const glm::dvec3& position) {
    pose.bones[*unityHumanoidBone(name)] = UnityTransform{position, glm::dquat(1, 0, 0, 0)};
}

// Standing at the origin facing Unity's +Z, arms out (T pose), in metres, Unity's space: the
// left side at -X. No Neck or shoulders (optional in Unity); one finger bone on each hand.
inline VmcPose restPose() {
    VmcPose pose;
    pose.root = UnityTransform{};
    setBone(pose, "Hips", {0, 1.0, 0});
    setBone(pose, "Spine", {0, 0.1, 0});
    setBone(pose, "Chest", {0, 0.15, 0});
    setBone(pose, "Head", {0, 0.3, 0});
    for (const double side : {-1.0, 1.0}) {
        const std::string prefix = side < 0 ? "Left" : "Right";
        setBone(pose, prefix + "UpperArm", {0.2 * side, 0.25, 0});
        setBone(pose, prefix + "LowerArm", {0.3 * side, 0, 0});
        setBone(pose, prefix + "Hand", {0.25 * side, 0, 0});
        setBone(pose, prefix + "IndexProximal", {0.1 * side, 0, 0.02});
        setBone(pose, prefix + "UpperLeg", {0.1 * side, -0.05, 0});
        setBone(pose, prefix + "LowerLeg", {0, -0.45, 0});
        setBone(pose, prefix + "Foot", {0, -0.45, 0});
        setBone(pose, prefix + "Toes", {0, -0.05, 0.12});
    }
    return pose;
}

inline void turnBone(VmcPose& pose, std::string_view name, const glm::dquat& rotation) {
    pose.bones[*unityHumanoidBone(name)]->rotation = rotation;
}

// The left arm lowered to the side: LeftUpperArm turned +90 degrees about Unity's Z.
inline VmcPose leftArmLowered() {
    VmcPose pose = restPose();
    turnBone(pose, "LeftUpperArm", unityTurn(90, {0, 0, 1}));
    return pose;
}

// The left knee bent 90 degrees, the foot behind: LeftLowerLeg turned +90 about Unity's X.
inline VmcPose leftKneeBent() {
    VmcPose pose = restPose();
    turnBone(pose, "LeftLowerLeg", unityTurn(90, {1, 0, 0}));
    return pose;
}

// World positions of every node of `skeleton` for one frame of `values` (root position
// channels, then Z X Y rotations per joint, in degrees).
inline std::vector<glm::dvec3> worldPositions(const Skeleton& skeleton,
                                              std::span<const float> values) {
    std::vector<glm::dvec3> positions(skeleton.nodeCount());
    std::vector<glm::dquat> rotations(skeleton.nodeCount());
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        std::size_t column = skeleton.channelBegin[node];
        glm::dvec3 position = skeleton.offsets[node];
        if (skeleton.hasPositionChannels(static_cast<NodeIndex>(node))) {
            position += glm::dvec3(values[column], values[column + 1], values[column + 2]);
            column += 3;
        }
        const auto radians = [&](std::size_t c) { return values[c] * std::numbers::pi / 180.0; };
        const glm::dquat local = glm::angleAxis(radians(column), glm::dvec3(0, 0, 1)) *
                                 glm::angleAxis(radians(column + 1), glm::dvec3(1, 0, 0)) *
                                 glm::angleAxis(radians(column + 2), glm::dvec3(0, 1, 0));
        const NodeIndex parent = skeleton.parents[node];
        if (parent == kNoParent) {
            positions[node] = position;
            rotations[node] = local;
        } else {
            const auto p = static_cast<std::size_t>(parent);
            positions[node] = positions[p] + rotations[p] * position;
            rotations[node] = rotations[p] * local;
        }
    }
    return positions;
}

inline glm::dvec3 positionOf(const Skeleton& skeleton, const std::vector<glm::dvec3>& positions,
                             std::string_view name) {
    return positions[static_cast<std::size_t>(skeleton.find(name))];
}

// Each coordinate within `tolerance` (metres).
inline void expectNearPosition(const glm::dvec3& actual, const glm::dvec3& expected,
                               double tolerance = 1e-4) {
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
    EXPECT_NEAR(actual.z, expected.z, tolerance);
}

} // namespace bvh::live::test
