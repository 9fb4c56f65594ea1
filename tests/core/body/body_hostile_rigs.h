// Skeletons no capture holds but a hostile or careless exporter can write, as BVH text with a
// few frames of motion, for the body's bounds (body_hostile_skeletons_test.cpp) and for
// `bvhscope_write_body_rigs --hostile DIR`, which writes them for `render`, `convert` and
// `thumbnail`: a hub of 300 spokes (a hedgehog), a 1000-joint snake, the benchmark's unnamed
// 1000-joint rig, bones 1e-4 beside 1e3, every bone zero but one, 60 joints on one point, a
// figure 1e5 tall and one 1e-4 tall, a flight 1e4 heights away in one frame, a hand of 30
// fingers, and trees of fan-out 8 (4 681 joints, over the 4096 a body takes) and 6 (1 555), both
// depth 4.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace bvh::test {

// A unit direction of `count` spread evenly over a sphere (the golden-angle spiral), the `i`th.
inline glm::dvec3 spreadDirection(int i, int count) {
    const double z = 1.0 - 2.0 * (i + 0.5) / count;
    const double ring = std::sqrt(1.0 - z * z);
    const double angle = 2.39996322972865332 * i;
    return {ring * std::cos(angle), ring * std::sin(angle), z};
}

// Three frames: the rest pose, every one of `joints` joints turned by `degrees` about each axis,
// and back. (BvhTextBuilder's indices count End Sites as well: twice the joints cover them.)
inline std::vector<BvhTextBuilder::Frame> turningFrames(std::size_t joints, double degrees) {
    BvhTextBuilder::Frame turned;
    turned.rotations.assign(2 * joints, glm::dvec3(degrees, degrees * 0.5, -degrees));
    return {BvhTextBuilder::Frame{}, turned, BvhTextBuilder::Frame{}};
}

// `spokes` joints under one root, each `length` out along its own direction with an End Site
// `tip` further up (the bristle exporters write for helper bones).
inline std::string hubOfSpokesText(int spokes, double length = 10.0, double tip = 1.0) {
    BvhTextBuilder b;
    const int root = b.add("Root", -1, {0, 0, 0});
    for (int i = 0; i < spokes; ++i) {
        const int bone = b.add("B" + std::to_string(i), root, spreadDirection(i, spokes) * length);
        b.endSite(bone, {0, tip, 0});
    }
    std::vector<BvhTextBuilder::Frame> frames =
        turningFrames(static_cast<std::size_t>(spokes) + 1, 5.0);
    // The root stays still: turned 5 degrees, the 300-spoke hub's grid fell where its marched
    // surface simplified closed (7 998 triangles on the tree before the bound); still, 500 732.
    frames[1].rotations[0] = glm::dvec3(0.0);
    return b.text(frames);
}

// A chain of `joints` joints, each `step` on from the last along a gentle zig-zag, waving.
inline std::string snakeText(int joints, double step) {
    BvhTextBuilder b;
    int parent = b.add("Root", -1, {0, 0, 0});
    for (int i = 1; i < joints; ++i) {
        parent = b.add("S" + std::to_string(i), parent, {step * ((i % 2) ? 0.2 : -0.2), 0, step});
    }
    b.endSite(parent, {0, 0, step});
    return b.text(turningFrames(static_cast<std::size_t>(joints), 2.0));
}

// A named biped `height` tall (about), Y up, facing +Z; `tiny` and `huge` are the lengths of its
// toes and of its left arm's bones when given (0: a human's proportions).
inline std::string scaledBipedText(double height, double tiny = 0.0, double huge = 0.0) {
    const double s = height / 170.0;
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 95 * s, 0});
    const int spine = b.add("Spine", hips, {0, 20 * s, 0});
    const int chest = b.add("Chest", spine, {0, 25 * s, 0});
    const int neck = b.add("Neck", chest, {0, 15 * s, 0});
    b.endSite(b.add("Head", neck, {0, 8 * s, 0}), {0, 20 * s, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string n = side > 0 ? "Left" : "Right";
        const double arm = side > 0 && huge > 0.0 ? huge : 28 * s;
        const int shoulder = b.add(n + "Shoulder", chest, {side * 5 * s, 10 * s, 0});
        const int upper = b.add(n + "Arm", shoulder, {side * 12 * s, 0, 0});
        const int fore = b.add(n + "ForeArm", upper, {side * arm, 0, 0});
        b.endSite(b.add(n + "Hand", fore, {side * arm * 0.9, 0, 0}), {side * 18 * s, 0, 0});
        const int thigh = b.add(n + "UpLeg", hips, {side * 10 * s, -5 * s, 0});
        const int knee = b.add(n + "Leg", thigh, {0, -45 * s, 0});
        const int foot = b.add(n + "Foot", knee, {0, -42 * s, 0});
        const int toe = b.add(n + "ToeBase", foot, {0, -3 * s, 12 * s});
        b.endSite(toe, {0, 0, tiny > 0.0 ? tiny : 6 * s});
    }
    BvhTextBuilder::Frame step;
    step.rootPosition = {0, 95 * s, 10 * s};
    step.rotations.assign(64, glm::dvec3(0.0));
    step.rotations[static_cast<std::size_t>(b.indexOf("LeftUpLeg"))] = {0, 30, 0};
    step.rotations[static_cast<std::size_t>(b.indexOf("RightUpLeg"))] = {0, -30, 0};
    BvhTextBuilder::Frame rest;
    rest.rootPosition = {0, 95 * s, 0};
    return b.text({rest, step, rest});
}

// The biped flying `heights` of its height away along X in its second frame, and back.
inline std::string flyAwayBipedText(double heights) {
    std::string text = scaledBipedText(170.0);
    // The second motion row's first value is its root's X.
    const std::size_t rows = text.find("Frame Time:");
    const std::size_t second = text.find('\n', text.find('\n', rows) + 1) + 1;
    const std::size_t firstValueEnd = text.find(' ', second);
    return text.replace(second, firstValueEnd - second, std::to_string(heights * 170.0));
}

// Every bone zero long but the first spine bone.
inline std::string zeroBonesButOneText() {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 0, 0});
    const int spine = b.add("Spine", hips, {0, 30, 0});
    int parent = b.add("Neck", spine, {0, 0, 0});
    b.endSite(b.add("Head", parent, {0, 0, 0}), {0, 0, 0});
    for (const char* name : {"LeftArm", "LeftForeArm", "RightUpLeg", "RightLeg"}) {
        parent = b.add(name, hips, {0, 0, 0});
        b.endSite(parent, {0, 0, 0});
    }
    return b.text(turningFrames(8, 20.0));
}

// A biped whose hips carry `count` more joints on one point (offset zero), each with a zero End
// Site: helper bones an exporter stacked.
inline std::string coincidentJointsText(int count) {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 95, 0});
    const int spine = b.add("Spine", hips, {0, 45, 0});
    b.endSite(b.add("Head", spine, {0, 20, 0}), {0, 20, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string n = side > 0 ? "Left" : "Right";
        const int thigh = b.add(n + "UpLeg", hips, {side * 10, -5, 0});
        b.endSite(b.add(n + "Leg", thigh, {0, -45, 0}), {0, -45, 0});
    }
    for (int i = 0; i < count; ++i) {
        b.endSite(b.add("Helper" + std::to_string(i), hips, {0, 0, 0}), {0, 0, 0});
    }
    return b.text(turningFrames(static_cast<std::size_t>(count) + 6, 15.0));
}

// A palm with `fingers` fingers of three bones fanned over 150 degrees.
inline std::string manyFingeredHandText(int fingers) {
    BvhTextBuilder b;
    const int hand = b.add("RightHand", -1, {0, 0, 0});
    for (int f = 0; f < fingers; ++f) {
        const double angle = (-75.0 + 150.0 * f / (fingers - 1)) * 3.14159265358979 / 180.0;
        const glm::dvec3 along(std::sin(angle), std::cos(angle), 0);
        int parent = b.add("Finger" + std::to_string(f) + "_1", hand, along * 8.0);
        for (int k = 2; k <= 3; ++k) {
            parent =
                b.add("Finger" + std::to_string(f) + "_" + std::to_string(k), parent, along * 3.0);
        }
        b.endSite(parent, along * 2.0);
    }
    return b.text(turningFrames(static_cast<std::size_t>(fingers) * 3 + 1, 20.0));
}

// A tree: every joint has `fanOut` children `length` on, `depth` levels under the root
// (1 + fanOut + ... + fanOut^depth joints).
inline std::string treeText(int fanOut, int depth, double length = 10.0) {
    BvhTextBuilder b;
    std::vector<std::pair<int, glm::dvec3>> level{{b.add("T", -1, {0, 0, 0}), {0, 1, 0}}};
    for (int d = 1; d <= depth; ++d) {
        std::vector<std::pair<int, glm::dvec3>> next;
        for (const auto& [parent, direction] : level) {
            for (int c = 0; c < fanOut; ++c) {
                const glm::dvec3 spread = spreadDirection(c, fanOut);
                const glm::dvec3 way = glm::normalize(direction * 1.5 + spread);
                const int child = b.add("T" + std::to_string(next.size()) + "_" + std::to_string(d),
                                        parent, way * (length / d));
                next.emplace_back(child, way);
            }
        }
        level = std::move(next);
    }
    for (const auto& [leaf, direction] : level) {
        b.endSite(leaf, direction * (length / (depth + 1)));
    }
    return b.text();
}

struct HostileRig {
    std::string name; // a file name
    std::string text;
};

inline std::vector<HostileRig> hostileRigs() {
    return {
        {"h01_hub300.bvh", hubOfSpokesText(300)},
        {"h02_snake1000.bvh", snakeText(1000, 1.0)},
        {"h03_unnamed1000.bvh", thousandJointRigText()},
        {"h04_mixed_lengths.bvh", scaledBipedText(170.0, 1e-4, 1e3)},
        {"h05_zero_but_one.bvh", zeroBonesButOneText()},
        {"h06_coincident60.bvh", coincidentJointsText(60)},
        {"h07_tall_1e5.bvh", scaledBipedText(1e5)},
        {"h08_tiny_1e-4.bvh", scaledBipedText(1e-4)},
        {"h09_fly_away_1e4.bvh", flyAwayBipedText(1e4)},
        {"h10_hand30.bvh", manyFingeredHandText(30)},
        {"h11_tree8x4.bvh", treeText(8, 4)},
        {"h12_tree6x4.bvh", treeText(6, 4)},
    };
}

} // namespace bvh::test
