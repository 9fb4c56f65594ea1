// The per-node arithmetic of forward kinematics, shared by the free functions (pose.cpp) and
// ForwardKinematicsPlan (forward_kinematics_plan.cpp). Internal to core: include it from those
// two files only.
#pragma once

#include "core/kinematics/degree_trig.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/kinematics/pose.h"

#include <glm/ext/quaternion_double.hpp>
#include <glm/gtc/quaternion.hpp>

namespace bvh::detail {

static_assert(static_cast<int>(ChannelType::Xposition) == 0 &&
                  static_cast<int>(ChannelType::Zposition) == 2 &&
                  static_cast<int>(ChannelType::Xrotation) == 3 &&
                  static_cast<int>(ChannelType::Zrotation) == 5,
              "describeNodeChannels reads axes straight from the channel type's value");

// How a node's channels feed its local transform (see NodeLayout).
inline NodeLayout describeNodeChannels(const Skeleton& skeleton, std::size_t node) {
    NodeLayout layout;
    layout.channelBegin = skeleton.channelBegin[node];
    layout.channelCount = skeleton.channelCount[node];
    int axes[3] = {0, 0, 0};
    std::uint32_t rotations = 0;
    for (std::uint32_t column = layout.channelBegin;
         column < layout.channelBegin + layout.channelCount; ++column) {
        // Xposition..Zposition are 0..2, Xrotation..Zrotation 3..5 (asserted above).
        const auto type = static_cast<unsigned>(skeleton.channels[column]);
        if (type < 3) {
            layout.positionColumns[type] = column;
            layout.hasPositions = true;
        } else if (type < 6) {
            if (rotations < 3) {
                axes[rotations] = static_cast<int>(type) - 3;
                layout.rotationColumns[rotations] = column;
            }
            ++rotations;
        }
    }
    if (rotations == 0) {
        layout.rotation = RotationLayout::None;
    } else if (rotations != 3 || axes[0] == axes[1] || axes[1] == axes[2] || axes[0] == axes[2]) {
        layout.rotation = RotationLayout::Other;
    } else {
        layout.rotation = RotationLayout::ThreeAxes;
        for (int i = 0; i < 3; ++i) {
            layout.rotationAxes[i] = static_cast<std::uint8_t>(axes[i]);
        }
        layout.cyclicSign = axes[1] == (axes[0] + 1) % 3 ? 1.0 : -1.0;
    }
    return layout;
}

// q * (rotation of `degrees` about one coordinate axis), written out: the axis quaternion
// (cos, sin along the axis) has two non-zero components, so this is 8 multiplications, not 16.
// For the rare nodes whose rotation channels are not three distinct axes.
inline void applyAxisRotation(glm::dquat& q, int axis, double degrees) {
    const SinCos half = sinCosDegrees(degrees * 0.5);
    const double s = half.sine;
    const double c = half.cosine;
    const double w = q.w;
    const double x = q.x;
    const double y = q.y;
    const double z = q.z;
    switch (axis) {
    case 0: // (c, s, 0, 0)
        q = glm::dquat(w * c - x * s, x * c + w * s, y * c + z * s, z * c - y * s);
        break;
    case 1: // (c, 0, s, 0)
        q = glm::dquat(w * c - y * s, x * c - z * s, y * c + w * s, z * c + x * s);
        break;
    default: // (c, 0, 0, s)
        q = glm::dquat(w * c - z * s, x * c + y * s, y * c - x * s, z * c + w * s);
        break;
    }
}

// R_A * R_B * R_C for the three distinct axes of a ThreeAxes layout (0 = X), each given by the
// sine and cosine of its HALF angle: the factors are the quaternions (ca, sa e_A), (cb, sb e_B),
// (cc, sc e_C), and their product has a closed form of 12 multiplications where three general
// quaternion products take 48 (and applying the axes one by one from the identity, 24). With
// e_A x e_B = sign e_C (sign +1 for the cyclic orders XYZ, YZX, ZXY, else -1):
//   w   = ca cb cc - sign sa sb sc        v_A = sa cb cc + sign ca sb sc
//   v_B = ca sb cc - sign sa cb sc        v_C = ca cb sc + sign sa sb cc
// The products are grouped as applying A, then B, then C one by one groups them (and a product
// with sign = +-1 is exact), so both give the same result to the bit, up to the sign of zero
// components.
inline glm::dquat composeAxisRotations(const NodeLayout& layout, const SinCos& a, const SinCos& b,
                                       const SinCos& c) {
    const double sign = layout.cyclicSign;
    const double cacb = a.cosine * b.cosine;
    const double sasb = a.sine * b.sine;
    const double sacb = a.sine * b.cosine;
    const double casb = a.cosine * b.sine;
    double v[3];
    v[layout.rotationAxes[0]] = sacb * c.cosine + sign * (casb * c.sine);
    v[layout.rotationAxes[1]] = casb * c.cosine - sign * (sacb * c.sine);
    v[layout.rotationAxes[2]] = cacb * c.sine + sign * (sasb * c.cosine);
    return glm::dquat(cacb * c.cosine - sign * (sasb * c.sine), v[0], v[1], v[2]);
}

// A node's rotation applied channel by channel in declared order ("Z X Y" gives Rz * Rx * Ry),
// for RotationLayout::Other.
inline glm::dquat applyRotationChannels(const NodeLayout& layout,
                                        std::span<const ChannelType> channels, const float* row) {
    glm::dquat rotation(1.0, 0.0, 0.0, 0.0);
    for (std::uint32_t c = layout.channelBegin; c < layout.channelBegin + layout.channelCount;
         ++c) {
        if (isRotation(channels[c])) {
            applyAxisRotation(rotation, channelAxis(channels[c]), row[c]);
        }
    }
    return rotation;
}

// OFFSET, with the axes that have position channels replaced (Absolute) or offset (Additive).
template <bool kAbsolute>
inline glm::dvec3 localTranslation(const NodeLayout& layout, const glm::dvec3& offset,
                                   const float* row) {
    glm::dvec3 translation = offset;
    if (layout.hasPositions) {
        for (int axis = 0; axis < 3; ++axis) {
            const std::uint32_t column = layout.positionColumns[axis];
            if (column != NodeLayout::kNoColumn) {
                const double value = row[column];
                translation[axis] = kAbsolute ? value : offset[axis] + value;
            }
        }
    }
    return translation;
}

// world = parentWorld * local.
inline void composeWorld(const RigidTransform& parentWorld, const RigidTransform& local,
                         RigidTransform& world) {
    world.translation = parentWorld.translation + parentWorld.rotation * local.translation;
    world.rotation = parentWorld.rotation * local.rotation;
}

} // namespace bvh::detail
