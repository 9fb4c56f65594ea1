// Rigs for the head tests: a MakeHuman-like biped (a neck of three bones, a crown bone of 7 %
// of the height) and face helpers hung on any rig's head as face rigs hang them.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <array>
#include <cmath>
#include <string>

namespace bvh::test {

// `count` helper joints on `head` within its skull, named as face rigs name them (temporalis,
// oris, levator...), each with a short End Site ahead: as tools/sweep_body.py's face_helpers
// variant writes them, from the head's first bone's length `size` (0.4 of it to either side and
// ahead, from level with the head joint to 0.6 of it above).
inline void addFaceHelpers(BvhTextBuilder& b, int head, double size, int count = 120) {
    static constexpr std::array<const char*, 12> kWords{
        "temporalis", "oris",    "orbicularis", "levator",  "depressor",  "zygomatic",
        "masseter",   "nasalis", "mentalis",    "risorius", "buccinator", "procerus"};
    for (int k = 0; k < count; ++k) {
        const double angle = 0.37 * k;
        const glm::dvec3 offset(0.4 * size * std::sin(angle),
                                0.3 * size + 0.3 * size * std::cos(1.3 * angle), 0.4 * size);
        const std::string name = std::string(kWords[static_cast<std::size_t>(k) % kWords.size()]) +
                                 std::to_string(k / 12) + (k % 2 != 0 ? ".L" : ".R");
        b.endSite(b.add(name, head, offset), {0, 0, 0.05 * size});
    }
}

// A MakeHuman-like biped (its default rig's proportions, 173 cm, Y up, facing +Z, arms out):
// root at the pelvis, spine03 and spine01 up to the chest, a neck of three bones (neck01 on the
// chest 18 cm up, 4, 4 and 4 cm) to the head joint at the skull's base, a crown bone
// (special06) 12.7 cm up, clavicles from the chest to the upper arms' roots at 139.5 cm.
inline BvhTextBuilder makeHumanLikeBiped() {
    BvhTextBuilder b;
    const int root = b.add("root", -1, {0, 89, 0});
    const int spine = b.add("spine03", root, {0, 11, 0});
    const int chest = b.add("spine01", spine, {0, 16.5, -1});
    const int neck1 = b.add("neck01", chest, {0, 18, -1});
    const int neck2 = b.add("neck02", neck1, {0, 4, 0.5});
    const int neck3 = b.add("neck03", neck2, {0, 4, 0.5});
    const int head = b.add("head", neck3, {0, 4, 0});
    b.endSite(b.add("special06.L", head, {0, 12.7, 0}), {0, 1, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string s = side > 0 ? ".L" : ".R";
        const int clavicle = b.add("clavicle" + s, chest, {side * 3, 11, 2});
        const int arm = b.add("upperarm01" + s, clavicle, {side * 14, 1, -3});
        const int forearm = b.add("lowerarm01" + s, arm, {side * 28, 0, 0});
        const int hand = b.add("wrist" + s, forearm, {side * 25, 0, 0});
        b.endSite(hand, {side * 10, 0, 0});
        const int thigh = b.add("upperleg01" + s, root, {side * 10, -3, 0});
        const int shin = b.add("lowerleg01" + s, thigh, {0, -42, 0});
        const int foot = b.add("foot" + s, shin, {0, -40, 0});
        b.endSite(foot, {0, -4, 14});
    }
    return b;
}

} // namespace bvh::test
