// A generated biped whose thighs leave the pelvis through a bone across it, for the hip tests:
// the older MakeHuman rig's rest pose (makehuman_walk1's 75 joints, less the face and fingers;
// Z up, facing -Y, decimetres, about 17 tall). Hips hangs a bone down from the root to the
// pelvis's middle, where __UpLeg_L and __UpLeg_R both sit, and each thigh's first bone runs
// sideways from there to its hip joint, UpLeg_L: named, as the rest of the leg, a thigh.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <string>

namespace bvh::test {

inline BvhTextBuilder crossPelvisThighsBiped() {
    BvhTextBuilder b;
    const int root = b.add("Root", -1, {0, 1.235, 9.557});
    int spine = b.add("Spine1", root, {0, -0.336, 0.418});
    spine = b.add("Spine2", spine, {0, 0.202, 1.005});
    spine = b.add("Spine3", spine, {0, 0.371, 1.224});
    const int neck = b.add("Neck", spine, {0, -0.271, 1.967});
    const int head = b.add("Head", neck, {0, -0.007, 1.072});
    b.endSite(head, {0, -0.3, 2.0});
    const int hips = b.add("Hips", root, {0, -0.336, 0.418});
    for (const double side : {1.0, -1.0}) {
        const std::string suffix = side > 0 ? "_L" : "_R";
        const int pelvis = b.add("__UpLeg" + suffix, hips, {0, 0.023, -0.786});
        const int thigh = b.add("UpLeg" + suffix, pelvis, {side * 1.021, -0.049, -0.186});
        const int knee = b.add("LoLeg" + suffix, thigh, {side * -0.115, 0.264, -4.255});
        const int foot = b.add("Foot" + suffix, knee, {side * -0.220, 0.081, -3.913});
        const int toe = b.add("Toe" + suffix, foot, {side * 0.022, -1.132, -0.644});
        b.endSite(toe, {side * 0.031, -0.669, 0.010});
        const int collar = b.add("__Clavicle" + suffix, spine, {0, -0.271, 1.967});
        const int clavicle = b.add("Clavicle" + suffix, collar, {side * 0.252, -0.593, -0.680});
        const int arm = b.add("UpArm" + suffix, clavicle, {side * 1.472, 0.545, -0.007});
        const int forearm = b.add("LoArm" + suffix, arm, {side * 1.972, 0.157, -0.190});
        const int hand = b.add("Hand" + suffix, forearm, {side * 2.380, -0.226, -0.083});
        b.endSite(hand, {side * 1.0, -0.18, 0.06});
    }
    return b;
}

} // namespace bvh::test
