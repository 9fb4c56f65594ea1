// An Unreal Engine mannequin (UE4's SK_Mannequin names, or UE5's Manny with five spine bones,
// two neck bones, metacarpals and corrective bones), as BVH files of it are written: Y up,
// facing +Z, left +X, centimetres, the arms in the mannequin's A-pose 40 degrees below the
// horizontal. Besides the body: twist bones along each limb bone (leaves, as in the engine), and
// the IK bones hanging off the root at the ground's origin, ik_foot_root to each foot and
// ik_hand_root to ik_hand_gun at the right hand to ik_hand_l at the left, which carry no mass.
#pragma once

#include "tests/core/body/body_rig_walk.h"
#include "tests/core/body/body_test_skeletons.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <string>

namespace bvh::test {

enum class UnrealMannequin { UE4, UE5 };

namespace unreal_detail {

// Adds a joint and keeps its rest position (offsets only: the rest pose has no rotations).
struct Placer {
    BvhTextBuilder& b;
    std::vector<glm::dvec3> world;
    int add(const std::string& name, int parent, glm::dvec3 offset) {
        const int index = b.add(name, parent, offset);
        world.resize(static_cast<std::size_t>(index) + 1);
        world[static_cast<std::size_t>(index)] =
            (parent >= 0 ? world[static_cast<std::size_t>(parent)] : glm::dvec3(0.0)) + offset;
        return index;
    }
    glm::dvec3 at(int joint) const { return world[static_cast<std::size_t>(joint)]; }
};

// A twist bone halfway from `from` to `to` (UE5: another a quarter of the way), leaves under
// `from`; UE5 adds a corrective root at `from` itself with four leaves out to the limb's surface
// (`radius` from its axis: front, back and either side).
inline void addLimbHelpers(Placer& p, const std::string& limb, const std::string& side, int from,
                           int to, UnrealMannequin kind, double radius) {
    const glm::dvec3 bone = p.at(to) - p.at(from);
    p.add(limb + "_twist_01_" + side, from, 0.5 * bone);
    if (kind == UnrealMannequin::UE5) {
        p.add(limb + "_twist_02_" + side, from, 0.25 * bone);
        const int corrective = p.add(limb + "_correctiveRoot_" + side, from, glm::dvec3(0.0));
        const glm::dvec3 normal = glm::cross(bone, glm::dvec3(0.0, 0.0, 1.0));
        const glm::dvec3 across =
            glm::length(normal) > 1e-9 ? glm::normalize(normal) : glm::dvec3(1.0, 0.0, 0.0);
        const glm::dvec3 front(0.0, 0.0, 1.0);
        const glm::dvec3 along = 0.1 * bone;
        p.add(limb + "_fwd_" + side, corrective, along + radius * front);
        p.add(limb + "_bck_" + side, corrective, along - radius * front);
        p.add(limb + "_in_" + side, corrective, along - radius * across);
        p.add(limb + "_out_" + side, corrective, along + radius * across);
    }
}

inline void addFingersUnreal(Placer& p, int hand, const std::string& side, glm::dvec3 along,
                             UnrealMannequin kind) {
    const char* names[5] = {"thumb", "index", "middle", "ring", "pinky"};
    const double spread[5] = {3.5, 2.4, 0.4, -1.6, -3.4};
    const double reach[5] = {3.0, 9.5, 9.7, 9.3, 8.6};
    const double segments[5][3] = {
        {4.5, 3.7, 3.0}, {4.3, 2.6, 2.3}, {4.7, 3.1, 2.5}, {4.4, 3.0, 2.4}, {3.4, 2.2, 2.0}};
    const glm::dvec3 forward(0.0, 0.0, 1.0);
    for (int f = 0; f < 5; ++f) {
        const std::string finger = names[f];
        const glm::dvec3 root = reach[f] * along + spread[f] * forward;
        int parent = hand;
        glm::dvec3 offset = root;
        if (kind == UnrealMannequin::UE5 && f > 0) {
            parent = p.add(finger + "_metacarpal_" + side, hand, 0.4 * root);
            offset = 0.6 * root;
        }
        const glm::dvec3 direction = f == 0 ? glm::normalize(along + 0.8 * forward) : along;
        for (int k = 0; k < 3; ++k) {
            parent = p.add(finger + "_0" + std::to_string(k + 1) + "_" + side, parent, offset);
            offset = segments[f][k] * direction;
        }
        p.b.endSite(parent, offset);
    }
}

} // namespace unreal_detail

// The mannequin, about 180 cm tall; the root at the ground's origin under the pelvis.
// `withIkBones` false: without the ik_foot_root and ik_hand_root chains, the figure as it would
// be drawn and framed if they were no part of the file.
inline BvhTextBuilder unrealMannequin(UnrealMannequin kind = UnrealMannequin::UE4,
                                      bool withIkBones = true) {
    BvhTextBuilder b;
    unreal_detail::Placer p{b, {}};
    const bool ue5 = kind == UnrealMannequin::UE5;
    const int root = p.add("root", -1, {0, 0, 0});
    const int pelvis = p.add("pelvis", root, {0, 96.8, -1.0});
    int spine = pelvis;
    if (ue5) {
        const glm::dvec3 bones[5] = {
            {0, 8.0, 0.5}, {0, 9.5, 0.8}, {0, 10.0, 0.8}, {0, 10.5, 0.5}, {0, 14.0, -0.6}};
        for (int k = 0; k < 5; ++k) {
            spine = p.add("spine_0" + std::to_string(k + 1), spine, bones[k]);
        }
    } else {
        spine = p.add("spine_01", spine, {0, 10.8, 0.5});
        spine = p.add("spine_02", spine, {0, 18.8, 1.0});
        spine = p.add("spine_03", spine, {0, 13.4, 0.5});
    }
    int neck = p.add("neck_01", spine, {0, ue5 ? 9.0 : 16.3, -1.5});
    if (ue5) {
        neck = p.add("neck_02", neck, {0, 7.3, 0.5});
    }
    const int head = p.add("head", neck, {0, 9.3, 1.5});
    b.endSite(head, {0, 19.0, 0});
    const double down = 40.0 * 3.14159265358979 / 180.0;
    int hands[2] = {-1, -1};
    int feet[2] = {-1, -1};
    for (int s = 0; s < 2; ++s) {
        const double x = s == 0 ? 1.0 : -1.0;
        const std::string side = s == 0 ? "l" : "r";
        const glm::dvec3 along(x * std::cos(down), -std::sin(down), 0.0);
        const int clavicle = p.add("clavicle_" + side, spine, {x * 3.8, 11.9, 1.0});
        const int upperarm = p.add("upperarm_" + side, clavicle, {x * 15.3, -1.5, -1.5});
        const int lowerarm = p.add("lowerarm_" + side, upperarm, 30.3 * along);
        const int hand = p.add("hand_" + side, lowerarm, 26.9 * along);
        unreal_detail::addLimbHelpers(p, "upperarm", side, upperarm, lowerarm, kind, 5.0);
        unreal_detail::addLimbHelpers(p, "lowerarm", side, lowerarm, hand, kind, 4.0);
        unreal_detail::addFingersUnreal(p, hand, side, along, kind);
        hands[s] = hand;
        const int thigh = p.add("thigh_" + side, pelvis, {x * 9.5, -2.0, 0.5});
        const int calf = p.add("calf_" + side, thigh, {x * 0.5, -42.5, 0.5});
        const int foot = p.add("foot_" + side, calf, {0, -40.0, -3.0});
        const int ball = p.add("ball_" + side, foot, {0, -9.3, 13.0});
        b.endSite(ball, {0, -1.0, 6.0});
        unreal_detail::addLimbHelpers(p, "thigh", side, thigh, calf, kind, 7.5);
        unreal_detail::addLimbHelpers(p, "calf", side, calf, foot, kind, 5.5);
        feet[s] = foot;
    }
    if (withIkBones) {
        const int footRoot = p.add("ik_foot_root", root, {0, 0, 0});
        for (int s = 0; s < 2; ++s) {
            b.endSite(p.add(s == 0 ? "ik_foot_l" : "ik_foot_r", footRoot, p.at(feet[s])),
                      {0, 0, 1.0});
        }
        const int handRoot = p.add("ik_hand_root", root, {0, 0, 0});
        const int gun = p.add("ik_hand_gun", handRoot, p.at(hands[1]));
        b.endSite(p.add("ik_hand_l", gun, p.at(hands[0]) - p.at(hands[1])), {0, 0, 1.0});
        b.endSite(p.add("ik_hand_r", gun, {0, 0, 0}), {0, 0, 1.0});
    }
    b.addEndSitesOnLeaves(3.0);
    return b;
}

// unrealMannequin walking `frames` frames: the root travels (root motion), the IK bones stay
// where the rest pose put them, as takes that leave them unkeyed have them; the twist bones
// roll a share of their limb's swing.
inline std::string unrealMannequinWalkText(int frames = 61,
                                           UnrealMannequin kind = UnrealMannequin::UE4,
                                           bool withIkBones = true) {
    const BvhTextBuilder b = unrealMannequin(kind, withIkBones);
    WalkJoints walk;
    walk.hips = "pelvis";
    walk.spine = kind == UnrealMannequin::UE5 ? "spine_04" : "spine_02";
    for (int s = 0; s < 2; ++s) {
        const std::string side = s == 0 ? "l" : "r";
        walk.upperArm[s] = "upperarm_" + side;
        walk.forearm[s] = "lowerarm_" + side;
        walk.thigh[s] = "thigh_" + side;
        walk.shin[s] = "calf_" + side;
    }
    walk.armRestBelowHorizontal = 40.0;
    walk.rootStart = glm::dvec3(0.0, 0.0, -100.0);
    std::vector<ExtraTurn> extra;
    // A twist bone rolls about its limb (its own offset lies along it), a third of the swing.
    for (const std::string limb : {"upperarm", "lowerarm", "thigh", "calf"}) {
        for (const std::string side : {"l", "r"}) {
            const int twist = b.indexOf(limb + "_twist_01_" + side);
            const glm::dvec3 axis = glm::normalize(b.offsetOf(twist));
            extra.push_back({twist, [axis](double t) {
                                 return zxyDegreesAbout(axis, 10.0 * std::sin(12.566 * t));
                             }});
        }
    }
    return b.text(walkFrames(b, walk, frames, extra));
}

} // namespace bvh::test
