// A generated rig whose root joint lies on the ground under the hips (Unreal's `root`, Unity's
// `Reference`, Bandai Namco's `joint_Root`), walking in place: the root never moves, so no
// analysis calls it a static root, and the link from it up to the hips is a bone of the skeleton
// (core/body/body_ground_links.h).
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <cmath>
#include <string>
#include <vector>

namespace bvh::test {

// A biped about 175 tall, Y up, facing +Z, in a T-pose: `Root` at `rootHeight` over the origin
// (0: on the ground), `Hips` 95 above the ground (rotation channels only), the thighs' roots 10
// either side of it, the legs straight down to the ankles at 8 above the ground, the arms along X
// from shoulders at 150.
inline BvhTextBuilder groundRootBiped(double rootHeight = 0.0) {
    BvhTextBuilder b;
    const int root = b.add("Root", -1, {0, rootHeight, 0});
    const int hips = b.add("Hips", root, {0, 95 - rootHeight, 0});
    const int spine = b.add("Spine", hips, {0, 20, 0});
    const int chest = b.add("Chest", spine, {0, 20, 0});
    const int neck = b.add("Neck", chest, {0, 18, 0});
    const int head = b.add("Head", neck, {0, 10, 2});
    b.endSite(head, {0, 20, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string s = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(s + "Shoulder", chest, {side * 5, 15, 0});
        const int arm = b.add(s + "Arm", shoulder, {side * 12, 0, 0});
        const int forearm = b.add(s + "ForeArm", arm, {side * 28, 0, 0});
        const int hand = b.add(s + "Hand", forearm, {side * 25, 0, 0});
        b.endSite(hand, {side * 8, 0, 0});
        const int upLeg = b.add(s + "UpLeg", hips, {side * 10, -3, 0});
        const int leg = b.add(s + "Leg", upLeg, {0, -42, 0});
        const int foot = b.add(s + "Foot", leg, {0, -42, 0});
        const int toe = b.add(s + "ToeBase", foot, {0, -8, 12});
        b.endSite(toe, {0, 0, 5});
    }
    return b;
}

// groundRootBiped walking in place for `frames` frames: the arms 70 degrees down from the T-pose
// and swinging 30 degrees, the thighs swinging 35 degrees, the knees bending up to 70, two strides.
inline std::string groundRootWalkText(int frames, double rootHeight = 0.0) {
    const BvhTextBuilder b = groundRootBiped(rootHeight);
    std::vector<BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        const double t = frames > 1 ? static_cast<double>(f) / (frames - 1) : 0.0;
        const double phase = 4.0 * 3.14159265358979 * t;
        BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {0.0, rootHeight, 0.0};
        row.rotations.assign(64, glm::dvec3(0.0));
        const auto set = [&](const std::string& name, glm::dvec3 zxy) {
            row.rotations[static_cast<std::size_t>(b.indexOf(name))] = zxy;
        };
        const double swing = std::sin(phase);
        set("LeftArm", {-70.0, -30.0 * swing, 0.0});
        set("RightArm", {70.0, 30.0 * swing, 0.0});
        set("LeftUpLeg", {0.0, 35.0 * swing, 0.0});
        set("RightUpLeg", {0.0, -35.0 * swing, 0.0});
        set("LeftLeg", {0.0, 35.0 * (1.0 - std::cos(phase)), 0.0});
        set("RightLeg", {0.0, 35.0 * (1.0 + std::cos(phase)), 0.0});
    }
    return b.text(rows);
}

} // namespace bvh::test
