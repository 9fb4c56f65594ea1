// A mocopi body whose poses have known answers, in mocopi's space (Y up, right-handed, metres,
// facing +Z, so its left is +X): Sony's 27-joint tree with simple offsets. Shared by
// tests/core/live and tests/app/live.
#pragma once

#include "core/live/mocopi_fields.h"

#include <glm/gtc/quaternion.hpp>
#include <numbers>

namespace bvh::live::test {

inline MocopiSkeletonPacket mocopiSkeleton() {
    MocopiSkeletonPacket skeleton;
    const auto bone = [&](int id, int parent, glm::dvec3 offset) {
        skeleton.parents[static_cast<std::size_t>(id)] = parent;
        skeleton.rest[static_cast<std::size_t>(id)].position = offset;
    };
    bone(0, -1, {0, 0.9, 0});
    for (int torso = 1; torso <= 7; ++torso) {
        bone(torso, torso - 1, {0, 0.05, 0});
    }
    bone(8, 7, {0, 0.1, 0});
    bone(9, 8, {0, 0.05, 0});
    bone(10, 9, {0, 0.1, 0});
    for (const int side : {+1, -1}) { // left at +X
        const int first = side > 0 ? 11 : 15;
        bone(first, 7, {0.05 * side, 0.0, 0});
        bone(first + 1, first, {0.1 * side, 0, 0});
        bone(first + 2, first + 1, {0.3 * side, 0, 0});
        bone(first + 3, first + 2, {0.25 * side, 0, 0});
        const int leg = side > 0 ? 19 : 23;
        bone(leg, 0, {0.1 * side, -0.05, 0});
        bone(leg + 1, leg, {0, -0.4, 0});
        bone(leg + 2, leg + 1, {0, -0.4, 0});
        bone(leg + 3, leg + 2, {0, -0.05, 0.12});
    }
    return skeleton;
}

inline glm::dquat mocopiTurn(double degrees, const glm::dvec3& axis) {
    return glm::angleAxis(degrees * std::numbers::pi / 180.0, axis);
}

// Every bone at rest, the root at its rest position; `number` and `milliseconds` stamped.
inline MocopiFramePacket mocopiRestFrame(std::uint32_t number, std::uint32_t milliseconds) {
    const MocopiSkeletonPacket skeleton = mocopiSkeleton();
    MocopiFramePacket frame;
    frame.number = number;
    frame.time = milliseconds;
    for (std::size_t id = 0; id < kMocopiBones; ++id) {
        frame.bones[id] = skeleton.rest[id];
    }
    return frame;
}

// The left arm lowered (l_up_arm turned -90 about Z: +X to -Y) and the left knee bent
// (l_low_leg turned +90 about X: -Y to -Z, the foot behind the knee).
inline MocopiFramePacket mocopiKnownPose(std::uint32_t number, std::uint32_t milliseconds) {
    MocopiFramePacket frame = mocopiRestFrame(number, milliseconds);
    frame.bones[12]->rotation = mocopiTurn(-90, {0, 0, 1});
    frame.bones[20]->rotation = mocopiTurn(90, {1, 0, 0});
    return frame;
}

} // namespace bvh::live::test
