// Rigged captures for the stance tests, written the way capture tools write them: rotation
// channels on every joint, position channels on the root only, and poses authored as each
// bone's orientation in the world (how SlimeVR's BVH writer and most solvers think), turned into
// local rotations (inverse of the parent's world rotation times the bone's) and ZXY Euler angles.
//
// Two skeletons whose hierarchies follow real exporters:
// - arenaSkeleton: OptiTrack Arena's 18 joints (Hips, Chest, Neck, Head, Left/Right Collar,
//   UpArm, LowArm, Hand, Left/Right UpLeg, LowLeg, Foot), Y up, facing +Z, a T-pose, the root
//   OFFSET at hip height (root translation added to it).
// - headRootedSkeleton: SlimeVR's, whose ROOT is the headset and whose body hangs from it
//   through the neck, chest, waist and hips to the legs; every OFFSET points down the parent
//   bone (0, -length, 0), so the rest pose is one vertical line and the shape lives in the
//   rotations.
#pragma once

#include "core/kinematics/euler.h"
#include "tests/core/analysis/analysis_clips.h"

#include <cstdint>
#include <glm/ext/quaternion_double.hpp>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

namespace bvh::test {

struct RigJoint {
    std::string name; // "End Site" for End Sites
    int parent = -1;
    glm::dvec3 offset{0.0};
};

using Rig = std::vector<RigJoint>; // parents before children, depth first (as written)

// One frame: the root's position channels and every node's world rotation (End Sites' are
// ignored).
struct RigPose {
    glm::dvec3 rootPosition{0.0};
    std::vector<glm::dquat> world;
};

inline glm::dquat turn(char axis, double degrees) {
    const glm::dvec3 vector = axis == 'X'   ? glm::dvec3(1, 0, 0)
                              : axis == 'Y' ? glm::dvec3(0, 1, 0)
                                            : glm::dvec3(0, 0, 1);
    return glm::angleAxis(glm::radians(degrees), vector);
}

inline bool isEndSite(const RigJoint& joint) {
    return joint.name == "End Site";
}

// The BVH text: the root with 6 channels, every other joint with 3 (ZXY), rows from `poses`.
inline std::string rigFile(const Rig& rig, double framesPerSecond,
                           const std::vector<RigPose>& poses) {
    std::string text = "HIERARCHY\n";
    auto fmt = [](const glm::dvec3& v) {
        char buffer[128];
        std::snprintf(buffer, sizeof buffer, "%.9g %.9g %.9g", v.x, v.y, v.z);
        return std::string(buffer);
    };
    std::vector<int> depth(rig.size(), 0);
    for (std::size_t i = 0; i < rig.size(); ++i) {
        depth[i] = rig[i].parent < 0 ? 0 : depth[static_cast<std::size_t>(rig[i].parent)] + 1;
        const std::string indent(static_cast<std::size_t>(depth[i]), '\t');
        if (isEndSite(rig[i])) {
            text += indent + "End Site\n" + indent + "{\n" + indent + "\tOFFSET " +
                    fmt(rig[i].offset) + "\n" + indent + "}\n";
        } else {
            text += indent + (rig[i].parent < 0 ? "ROOT " : "JOINT ") + rig[i].name + "\n" +
                    indent + "{\n" + indent + "\tOFFSET " + fmt(rig[i].offset) + "\n" + indent +
                    (rig[i].parent < 0 ? "\tCHANNELS 6 Xposition Yposition Zposition "
                                       : "\tCHANNELS 3 ") +
                    "Zrotation Xrotation Yrotation\n";
        }
        // Close every block that ends here: the next node's depth says how many.
        const int nextDepth =
            i + 1 < rig.size() ? depth[static_cast<std::size_t>(rig[i + 1].parent)] + 1 : 0;
        const bool hasChild = i + 1 < rig.size() && rig[i + 1].parent == static_cast<int>(i);
        if (!hasChild) {
            // An End Site's block is closed already.
            for (int d = depth[i] - (isEndSite(rig[i]) ? 1 : 0); d >= nextDepth; --d) {
                text += std::string(static_cast<std::size_t>(d), '\t') + "}\n";
            }
        }
    }
    const EulerOrder zxy{{2, 0, 1}};
    std::vector<glm::dvec3> previous(rig.size(), glm::dvec3(0.0));
    std::vector<std::vector<double>> rows;
    for (const RigPose& pose : poses) {
        std::vector<double> row = {pose.rootPosition.x, pose.rootPosition.y, pose.rootPosition.z};
        for (std::size_t i = 0; i < rig.size(); ++i) {
            if (isEndSite(rig[i])) {
                continue;
            }
            const glm::dquat parentWorld =
                rig[i].parent < 0 ? glm::dquat(1, 0, 0, 0)
                                  : pose.world[static_cast<std::size_t>(rig[i].parent)];
            const glm::dquat local = glm::inverse(parentWorld) * pose.world[i];
            previous[i] = quaternionToEuler(zxy, local, previous[i]);
            row.insert(row.end(), {previous[i].x, previous[i].y, previous[i].z});
        }
        rows.push_back(std::move(row));
    }
    return text + motionSection(exactFrameTime(framesPerSecond), rows);
}

inline std::size_t jointNamed(const Rig& rig, const std::string& name) {
    for (std::size_t i = 0; i < rig.size(); ++i) {
        if (rig[i].name == name) {
            return i;
        }
    }
    ADD_FAILURE() << "no joint " << name;
    return 0;
}

// A deterministic jitter in [-1, 1] (a solver's or an IMU's noise): the same on every platform.
class Jitter {
public:
    double next() {
        state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>(state_ >> 11) / static_cast<double>(1ULL << 52) - 1.0;
    }

private:
    std::uint64_t state_ = 0x9E3779B97F4A7C15ULL;
};

// OptiTrack Arena's skeleton in centimetres scaled by `scale` (0.01: metres), Y up, facing +Z,
// left +X, in a T-pose: 140 tall to the top of the head, hips at 72.
inline Rig arenaSkeleton(double scale) {
    auto at = [scale](double x, double y, double z) { return glm::dvec3(x, y, z) * scale; };
    Rig rig = {
        {"Hips", -1, at(0, 72, 0)},         {"Chest", 0, at(0, 22, 0)},
        {"Neck", 1, at(0, 22, 0)},          {"Head", 2, at(0, 8, 0)},
        {"End Site", 3, at(0, 16, 0)},      {"LeftCollar", 1, at(3, 19, 0)},
        {"LeftUpArm", 5, at(14, 0, 0)},     {"LeftLowArm", 6, at(26, 0, 0)},
        {"LeftHand", 7, at(22, 0, 0)},      {"End Site", 8, at(8, 0, 0)},
        {"RightCollar", 1, at(-3, 19, 0)},  {"RightUpArm", 10, at(-14, 0, 0)},
        {"RightLowArm", 11, at(-26, 0, 0)}, {"RightHand", 12, at(-22, 0, 0)},
        {"End Site", 13, at(-8, 0, 0)},     {"LeftUpLeg", 0, at(9, 0, 0)},
        {"LeftLowLeg", 15, at(0, -33, 0)},  {"LeftFoot", 16, at(0, -33, 0)},
        {"End Site", 17, at(0, -6, 13)},    {"RightUpLeg", 0, at(-9, 0, 0)},
        {"RightLowLeg", 19, at(0, -33, 0)}, {"RightFoot", 20, at(0, -33, 0)},
        {"End Site", 21, at(0, -6, 13)},
    };
    return rig;
}

// SlimeVR's skeleton, rooted at the headset: `names` are its node names from the headset down
// (HMD, Head, Neck, Chest, Waist, Hip, LeftHip, LeftUpperLeg, LeftLowerLeg, LeftFoot,
// LeftShoulder, LeftUpperArm, LeftLowerArm, LeftHand and the right side's, in that order), each
// child's OFFSET (0, -length of its parent, 0) in metres.
inline Rig headRootedSkeleton(const std::vector<std::string>& names) {
    // Bone lengths, metres: the bone from each node to its first child.
    const double hmd = 0.10, head = 0.10, neck = 0.10, chest = 0.30, waist = 0.20, hip = 0.05;
    const double pelvis = 0.10, thigh = 0.45, shin = 0.45, foot = 0.10;
    const double shoulder = 0.18, upperArm = 0.28, lowerArm = 0.26, hand = 0.08;
    auto down = [](double length) { return glm::dvec3(0, -length, 0); };
    Rig rig = {
        {names[0], -1, glm::dvec3(0.0)}, // 0 HMD
        {names[1], 0, down(hmd)},        // 1 Head
        {names[2], 1, down(head)},       // 2 Neck
        {names[3], 2, down(neck)},       // 3 Chest
        {names[4], 3, down(chest)},      // 4 Waist
        {names[5], 4, down(waist)},      // 5 Hip
    };
    for (int side = 0; side < 2; ++side) {
        const int hipJoint = static_cast<int>(rig.size());
        rig.push_back({names[6 + 4 * side], 5, down(hip)});
        rig.push_back({names[7 + 4 * side], hipJoint, down(pelvis)});
        rig.push_back({names[8 + 4 * side], hipJoint + 1, down(thigh)});
        rig.push_back({names[9 + 4 * side], hipJoint + 2, down(shin)});
        rig.push_back({"End Site", hipJoint + 3, down(foot)});
    }
    for (int side = 0; side < 2; ++side) {
        const int shoulderJoint = static_cast<int>(rig.size());
        rig.push_back({names[14 + 4 * side], 2, down(neck)});
        rig.push_back({names[15 + 4 * side], shoulderJoint, down(shoulder)});
        rig.push_back({names[16 + 4 * side], shoulderJoint + 1, down(upperArm)});
        rig.push_back({names[17 + 4 * side], shoulderJoint + 2, down(lowerArm)});
        rig.push_back({"End Site", shoulderJoint + 3, down(hand)});
    }
    return rig;
}

inline std::vector<std::string> slimeVrNames() {
    return {"HMD",           "Head",          "Neck",          "Chest",         "Waist",
            "Hip",           "LeftHip",       "LeftUpperLeg",  "LeftLowerLeg",  "LeftFoot",
            "RightHip",      "RightUpperLeg", "RightLowerLeg", "RightFoot",     "LeftShoulder",
            "LeftUpperArm",  "LeftLowerArm",  "LeftHand",      "RightShoulder", "RightUpperArm",
            "RightLowerArm", "RightHand"};
}

} // namespace bvh::test
