// Generated bipeds for the back's tests (body_back_test.cpp): Y up, centimetres, facing +Z, left
// +X, the root at the origin.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

namespace bvh::test {

// The bundled walk's skeleton (assets/sample_walk.bvh, CMU-like, 165 cm): one long spine bone
// from the chest (y = 25) to the neck (y = 47), which the chest's fullest section splits, collars
// leaving the chest joint 18 cm up and 4 cm out, and arms hanging straight down from shoulders
// 18 cm from the spine at y = 43 (elbows at y = 15, wrists at y = -10). With
// `collarsUnderTheNeck`, as Character Studio's Biped has them (Bip01 L Clavicle under Bip01 Neck):
// the neck's joint sits 16 cm above the chest (y = 41) and the collars leave it 2 cm up, the
// shoulders and the head's top where they were.
inline BvhTextBuilder hangingArmsWalkBiped(bool collarsUnderTheNeck = false) {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 0, 0});
    const int spine = b.add("Spine", hips, {0, 10, 0});
    const int chest = b.add("Chest", spine, {0, 15, 0});
    const int neck = b.add("Neck", chest, {0, collarsUnderTheNeck ? 16.0 : 22.0, 0});
    const int head = b.add("Head", neck, {0, collarsUnderTheNeck ? 14.0 : 8.0, 0});
    b.endSite(head, {0, 18, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int collar = collarsUnderTheNeck
                               ? b.add(prefix + "Shoulder", neck, {side * 4, 2, 0})
                               : b.add(prefix + "Shoulder", chest, {side * 4, 18, 0});
        const int arm = b.add(prefix + "Arm", collar, {side * 14, 0, 0});
        const int forearm = b.add(prefix + "ForeArm", arm, {0, -28, 0});
        const int hand = b.add(prefix + "Hand", forearm, {0, -25, 0});
        b.endSite(hand, {0, -16, 0});
    }
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int thigh = b.add(prefix + "UpLeg", hips, {side * 9, -4, 0});
        const int shin = b.add(prefix + "Leg", thigh, {0, -42, 0});
        const int foot = b.add(prefix + "Foot", shin, {0, -40, 0});
        const int toe = b.add(prefix + "ToeBase", foot, {0, -6, 12});
        b.endSite(toe, {0, 0, 7});
    }
    return b;
}

} // namespace bvh::test
