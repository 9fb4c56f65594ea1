// A generated biped for the upper back's tests (body_upper_back_test.cpp): Y up, centimetres,
// facing +Z, left +X, the hips at the origin.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

namespace bvh::test {

// Bandai Namco's research skeleton (its names and bone lengths, 1.66 m): one long chest bone
// from the chest joint (y = 29.7) to the neck (y = 49.4), collars leaving the chest joint 15.6 cm
// up and 6 cm out, and arms hanging straight down from shoulders 12.4 cm from the spine at
// y = 45.3 (elbows at y = 16.1, wrists at y = -10.6), as the takes hold them in the frame the
// body is bound in.
inline BvhTextBuilder bandaiHangingArmsBiped() {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 0, 0});
    const int spine = b.add("Spine", hips, {0, 18.9, 0});
    const int chest = b.add("Chest", spine, {0, 10.8, 0});
    const int neck = b.add("Neck", chest, {0, 19.7, 0.2});
    const int head = b.add("Head", neck, {0, 7.7, 0});
    b.endSite(head, {0, 12, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string suffix = side > 0 ? "_L" : "_R";
        const int collar = b.add("Shoulder" + suffix, chest, {side * 6.0, 15.6, -0.1});
        const int arm = b.add("UpperArm" + suffix, collar, {side * 6.4, 0, 0});
        const int forearm = b.add("LowerArm" + suffix, arm, {0, -29.2, 0});
        const int hand = b.add("Hand" + suffix, forearm, {0, -26.8, 0});
        b.endSite(hand, {0, -12, 0});
    }
    for (const double side : {1.0, -1.0}) {
        const std::string suffix = side > 0 ? "_L" : "_R";
        const int thigh = b.add("UpperLeg" + suffix, hips, {side * 7.8, -2.6, 0});
        const int shin = b.add("LowerLeg" + suffix, thigh, {0, -46.9, 0});
        const int foot = b.add("Foot" + suffix, shin, {0, -49.2, 0});
        const int toe = b.add("Toes" + suffix, foot, {0, -4, 13});
        b.endSite(toe, {0, 0, 5});
    }
    return b;
}

} // namespace bvh::test
