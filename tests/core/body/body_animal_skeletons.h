// Generated animals for the body look's tests (issue 38: quadrupeds and many-legged rigs shaped
// like the animal), all in their rest pose, Y up, facing +Z, centimetres: a horse named as a
// rigger would (Hips, Spine, Neck, Head, Tail, LeftFrontLeg...), an elephant with no anatomical
// names and a trunk of four bones hanging in front of its front legs, a crab whose root is its
// carapace with eight legs and two claws, and a spider. Their sizes are those of the animal so
// that the tests can state what the body must measure in centimetres.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <string>

namespace bvh::test {

// A horse 250 long: the hips 110 above the ground at z = 0, the chest (Spine2) at z = 105, the
// head's joint 170 up at z = 155 and its muzzle 50 further on; four legs of three bones to the
// hooves (the front legs 115 long from the chest, the hind legs 110 from the hips) and a tail of
// two bones hanging behind.
inline BvhTextBuilder namedHorse() {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 110, 0});
    const int spine = b.add("Spine", hips, {0, 3, 35});
    const int spine1 = b.add("Spine1", spine, {0, 2, 35});
    const int chest = b.add("Spine2", spine1, {0, 0, 35});
    const int neck = b.add("Neck", chest, {0, 15, 15});
    const int neck1 = b.add("Neck1", neck, {0, 25, 20});
    const int head = b.add("Head", neck1, {0, 15, 15});
    b.endSite(head, {0, -20, 46});
    const int tail = b.add("Tail", hips, {0, 0, -15});
    const int tail1 = b.add("Tail1", tail, {0, -25, -20});
    b.endSite(tail1, {0, -30, -8});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int front = b.add(prefix + "FrontLeg", chest, {side * 18, -20, 0});
        const int knee = b.add(prefix + "FrontKnee", front, {0, -45, 0});
        const int hoof = b.add(prefix + "FrontHoof", knee, {0, -40, 0});
        b.endSite(hoof, {0, -10, 6});
        const int thigh = b.add(prefix + "HindThigh", hips, {side * 18, -10, -5});
        const int shin = b.add(prefix + "HindShin", thigh, {0, -45, 8});
        const int hind = b.add(prefix + "HindHoof", shin, {0, -45, -3});
        b.endSite(hind, {0, -10, 6});
    }
    return b;
}

// An elephant 320 long and 300 tall with no anatomical names (j0, j1...): j0 the pelvis 190 up,
// j1 the chest 150 ahead, a neck of one bone to the skull, a trunk of four bones hanging from
// the skull (240 up, 205 ahead) to 45 above the ground, 75 in front of the front legs, a tail of
// three bones; four legs of three bones, the front ones 200 long.
inline BvhTextBuilder unnamedElephant() {
    BvhTextBuilder b;
    int next = 0;
    const auto joint = [&](int parent, glm::dvec3 offset) {
        return b.add("j" + std::to_string(next++), parent, offset);
    };
    const int pelvis = joint(-1, {0, 190, 0});
    const int chest = joint(pelvis, {0, 10, 150});
    const int neck = joint(chest, {0, 25, 30});
    const int skull = joint(neck, {0, 15, 25});
    int trunk = skull;
    for (const glm::dvec3 step : {glm::dvec3(0, -40, 20), glm::dvec3(0, -45, 5),
                                  glm::dvec3(0, -45, 0), glm::dvec3(0, -40, -5)}) {
        trunk = joint(trunk, step);
    }
    b.endSite(trunk, {0, -25, 5});
    int tail = pelvis;
    for (const glm::dvec3 step :
         {glm::dvec3(0, 0, -20), glm::dvec3(0, -30, -10), glm::dvec3(0, -30, -5)}) {
        tail = joint(tail, step);
    }
    b.endSite(tail, {0, -25, 0});
    for (const double side : {1.0, -1.0}) {
        for (const int at : {chest, pelvis}) {
            const double top = at == chest ? 200.0 : 190.0;
            const int hip = joint(at, {side * 35, -0.25 * top, 0});
            const int knee = joint(hip, {0, -0.4 * top, at == chest ? 0 : 8});
            const int foot = joint(knee, {0, -0.35 * top + 5, at == chest ? 0 : -8});
            b.endSite(foot, {0, -5, 12});
        }
    }
    return b;
}

// An elephant named as Character Studio names a quadruped's biped (Bip01 Pelvis, Spine, Neck,
// Head, L Thigh, L UpperArm...), as Truebones' zoo does: the same shape as unnamedElephant, its
// trunk (Bip01 Ponytail1 to 4) under the head, its front legs an "arm" of upper arm, forearm and
// hand, its hind legs thigh, calf and foot.
inline BvhTextBuilder characterStudioElephant() {
    BvhTextBuilder b;
    const int pelvis = b.add("Bip01 Pelvis", -1, {0, 190, 0});
    const int spine = b.add("Bip01 Spine", pelvis, {0, 5, 75});
    const int chest = b.add("Bip01 Spine1", spine, {0, 5, 75});
    const int neck = b.add("Bip01 Neck", chest, {0, 25, 30});
    const int head = b.add("Bip01 Head", neck, {0, 15, 25});
    int trunk = head;
    int piece = 1;
    for (const glm::dvec3 step : {glm::dvec3(0, -40, 20), glm::dvec3(0, -45, 5),
                                  glm::dvec3(0, -45, 0), glm::dvec3(0, -40, -5)}) {
        trunk = b.add("Bip01 Ponytail" + std::to_string(piece++), trunk, step);
    }
    b.endSite(trunk, {0, -25, 5});
    int tail = pelvis;
    piece = 0;
    for (const glm::dvec3 step :
         {glm::dvec3(0, 0, -20), glm::dvec3(0, -30, -10), glm::dvec3(0, -30, -5)}) {
        tail = b.add("Bip01 Tail" + std::to_string(piece++), tail, step);
    }
    b.endSite(tail, {0, -25, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Bip01 L " : "Bip01 R ";
        const int arm = b.add(prefix + "UpperArm", chest, {side * 35, -50, 0});
        const int forearm = b.add(prefix + "Forearm", arm, {0, -80, 0});
        const int hand = b.add(prefix + "Hand", forearm, {0, -65, 0});
        b.endSite(hand, {0, -5, 12});
        const int thigh = b.add(prefix + "Thigh", pelvis, {side * 35, -47.5, 0});
        const int calf = b.add(prefix + "Calf", thigh, {0, -76, 8});
        const int foot = b.add(prefix + "Foot", calf, {0, -61.5, -8});
        b.endSite(foot, {0, -5, 12});
    }
    return b;
}

// A crab 200 wide: its root "Carapace" 30 above the ground, eight legs of three bones
// ("LeftLeg1", "LeftLeg1Knee", "LeftLeg1Tip": coxa, femur, tibia) spread along Z on each side,
// and two claws forward (LeftClaw, LeftClaw2, LeftPincer) thicker than the legs.
inline BvhTextBuilder carapaceCrab() {
    BvhTextBuilder b;
    const int carapace = b.add("Carapace", -1, {0, 30, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        for (int leg = 0; leg < 4; ++leg) {
            const std::string name = prefix + "Leg" + std::to_string(leg + 1);
            const double along = 15.0 - 12.0 * leg;
            const int coxa = b.add(name, carapace, {side * 22, 0, along});
            const int femur = b.add(name + "Knee", coxa, {side * 30, 15, 0.3 * along});
            const int tibia = b.add(name + "Tip", femur, {side * 25, -35, 0.3 * along});
            b.endSite(tibia, {side * 3, -9, 0});
        }
        const int claw = b.add(prefix + "Claw", carapace, {side * 14, 2, 18});
        const int merus = b.add(prefix + "Claw2", claw, {side * 18, 4, 20});
        const int pincer = b.add(prefix + "Pincer", merus, {-side * 4, 0, 22});
        b.endSite(pincer, {0, 0, 14});
    }
    return b;
}

// A spider 100 across: a cephalothorax ("Body") 15 above the ground, an abdomen behind it, and
// eight legs of three bones ("leg_l1", "leg_l1_knee", "leg_l1_tip") from the body.
inline BvhTextBuilder spider() {
    BvhTextBuilder b;
    const int body = b.add("Body", -1, {0, 15, 0});
    const int abdomen = b.add("Abdomen", body, {0, 2, -12});
    b.endSite(abdomen, {0, 0, -14});
    for (const double side : {1.0, -1.0}) {
        for (int leg = 0; leg < 4; ++leg) {
            const std::string name =
                std::string("leg_") + (side > 0 ? "l" : "r") + std::to_string(leg + 1);
            const double along = 4.5 - 3.0 * leg;
            const int coxa = b.add(name, body, {side * 4, 0, along});
            const int femur = b.add(name + "_knee", coxa, {side * 18, 14, 3.0 * along});
            const int tibia = b.add(name + "_tip", femur, {side * 20, -27, 3.0 * along});
            b.endSite(tibia, {side * 2, -2, 0});
        }
    }
    return b;
}

} // namespace bvh::test
