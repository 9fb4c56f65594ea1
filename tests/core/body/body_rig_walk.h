// A walk written over any named biped standing in +Y and facing +Z (left +X): the hips sway,
// upper arms swing 15 to 75 degrees below the horizontal, elbows and knees bend, thighs swing,
// two strides over the clip while the root travels 3 m along +Z. For the rig families whose
// names no other generated walk uses (Second Life's, Unreal's).
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace bvh::test {

// The joints the walk turns, by name; an empty name is left still.
struct WalkJoints {
    std::string hips;
    std::string spine; // bends with the stride
    std::string upperArm[2];
    std::string forearm[2];
    std::string thigh[2];
    std::string shin[2];
    double armRestBelowHorizontal = 0.0; // 0 for a T-pose, about 40 for Unreal's A-pose
    glm::dvec3 rootStart{0.0, 0.0, -100.0};
    double travel = 300.0; // along +Z over the clip, file units
};

// A turn of `degrees` about `axis` (unit) as BVH's Z, X, Y rotation channels (R = Rz Rx Ry).
inline glm::dvec3 zxyDegreesAbout(glm::dvec3 axis, double degrees) {
    const double angle = degrees * 3.14159265358979 / 180.0;
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    const double t = 1.0 - c;
    const double r01 = t * axis.x * axis.y - s * axis.z;
    const double r11 = t * axis.y * axis.y + c;
    const double r20 = t * axis.x * axis.z - s * axis.y;
    const double r21 = t * axis.y * axis.z + s * axis.x;
    const double r22 = t * axis.z * axis.z + c;
    const double toDegrees = 180.0 / 3.14159265358979;
    return glm::dvec3(std::atan2(-r01, r11), std::asin(std::clamp(r21, -1.0, 1.0)),
                      std::atan2(-r20, r22)) *
           toDegrees;
}

// Per joint index (BvhTextBuilder::add's): extra Z, X, Y degrees on top of the walk, by frame
// share t in [0, 1].
using ExtraTurn = std::pair<int, std::function<glm::dvec3(double t)>>;

inline std::vector<BvhTextBuilder::Frame> walkFrames(const BvhTextBuilder& b, const WalkJoints& j,
                                                     int frames,
                                                     const std::vector<ExtraTurn>& extra = {}) {
    std::vector<BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        const double t = frames > 1 ? static_cast<double>(f) / (frames - 1) : 0.0;
        const double phase = 4.0 * 3.14159265358979 * t + 3.14159265358979 / 3.0;
        BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = j.rootStart + glm::dvec3(0.0, 0.0, j.travel * t);
        row.rotations.assign(400, glm::dvec3(0.0));
        const auto set = [&](const std::string& name, glm::dvec3 zxy) {
            const int index = b.indexOf(name);
            if (!name.empty() && index >= 0) {
                row.rotations[static_cast<std::size_t>(index)] += zxy;
            }
        };
        const double armDown = 45.0 - 30.0 * std::cos(phase) - j.armRestBelowHorizontal;
        const double bend = 30.0 * (1.0 - std::cos(phase));
        const double swing = 30.0 * std::sin(phase);
        set(j.hips, {0.0, 0.0, 5.0 * std::sin(phase)});
        set(j.spine, {0.0, 3.0, 0.3 * swing});
        set(j.upperArm[0], {-armDown, 0.0, swing});
        set(j.upperArm[1], {armDown, 0.0, swing});
        set(j.forearm[0], {0.0, 0.0, -bend});
        set(j.forearm[1], {0.0, 0.0, bend});
        set(j.thigh[0], {0.0, -swing, 0.0});
        set(j.thigh[1], {0.0, swing, 0.0});
        set(j.shin[0], {0.0, 2.0 * bend, 0.0});
        set(j.shin[1], {0.0, bend, 0.0});
        for (const auto& [joint, turn] : extra) {
            row.rotations[static_cast<std::size_t>(joint)] += turn(t);
        }
    }
    return rows;
}

} // namespace bvh::test
