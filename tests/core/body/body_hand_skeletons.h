// Hand-only rigs for the body tests, as BVH text: one right hand (about 20 cm from the wrist to
// the middle finger's tip) named and laid out as the tools that write hands do, turned to any
// orientation. Sizes from a human hand: a palm about 9 cm long and 8 cm across the knuckles,
// fingers three phalanges each.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <array>
#include <cmath>
#include <glm/mat3x3.hpp>
#include <string>

namespace bvh::test {

// How the rig names its joints and whether a bone runs through the palm to each finger.
enum class HandNaming {
    Mixamo,    // RightHand -> RightHandIndex1 (at the knuckle) -> 2 -> 3
    Neuron,    // Perception Neuron / Axis: RightHand -> RightInHandIndex -> RightHandIndex1
    MakeHuman, // wrist.R -> metacarpal1.R -> finger2-1.R (the thumb's finger1-1.R off the wrist)
    Numbered,  // Hand -> Finger1_1 ... Finger5_3 (the thumb first)
    Unnamed,   // a root with five chains: J0 -> J1_1 ... (no names say anything)
};

// The hand in its own frame: x from the wrist to the fingers, z across the knuckles (the thumb's
// side +z), y the back of the hand (the thumb sits below the palm's plane). `axes` maps these
// into the file's axes: columns are where x, y and z go.
struct HandLayout {
    HandNaming naming = HandNaming::Mixamo;
    glm::dmat3 axes{-1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}; // fingers along -X, palm in XZ
    double scale = 1.0;                                            // 1: centimetres
};

// Fingers along -X, the palm flat in XZ facing down (handAloneText's layout).
inline HandLayout handAlongMinusX(HandNaming naming = HandNaming::Mixamo) {
    return {naming, glm::dmat3(-1, 0, 0, 0, 1, 0, 0, 0, 1), 1.0};
}
// Fingers along +Z, the palm flat in XZ facing down.
inline HandLayout handPalmDownAlongZ(HandNaming naming = HandNaming::Mixamo) {
    return {naming, glm::dmat3(0, 0, 1, 0, 1, 0, -1, 0, 0), 1.0};
}
// A Z-up file: fingers along +Y, the palm flat in XY facing down (-Z), in millimetres.
inline HandLayout handZUp(HandNaming naming = HandNaming::Mixamo) {
    return {naming, glm::dmat3(0, 1, 0, 0, 0, 1, 1, 0, 0), 10.0};
}
// Fingers hanging down (-Y), the palm facing -Z.
inline HandLayout handHanging(HandNaming naming = HandNaming::Mixamo) {
    return {naming, glm::dmat3(0, -1, 0, 0, 0, -1, 1, 0, 0), 1.0};
}

struct HandFingerShape {
    double knuckleAlong; // the knuckle's distance from the wrist along the hand
    double across;       // the knuckle's place across the hand
    double below;        // below the back of the hand (the thumb's root)
    std::array<double, 3> phalanges;
    double curlAcross; // per phalanx, how far it turns across (the thumb's way out)
};

// Thumb, index, middle, ring, little.
inline constexpr std::array<HandFingerShape, 5> kHandFingers{{
    {2.5, 2.8, -1.0, {3.2, 3.0, 2.4}, 0.8},
    {9.0, 2.4, 0.0, {4.2, 2.5, 2.0}, 0.0},
    {9.2, 0.4, 0.0, {4.6, 2.9, 2.1}, 0.0},
    {8.8, -1.5, 0.0, {4.3, 2.7, 2.0}, 0.0},
    {8.0, -3.3, 0.0, {3.4, 2.0, 1.8}, 0.0},
}};

inline std::string handFingerJointName(HandNaming naming, int finger, int phalanx) {
    static const char* const mixamo[5] = {"Thumb", "Index", "Middle", "Ring", "Pinky"};
    const std::string k = std::to_string(phalanx);
    switch (naming) {
    case HandNaming::Mixamo:
    case HandNaming::Neuron:
        return std::string("RightHand") + mixamo[finger] + k;
    case HandNaming::MakeHuman:
        return "finger" + std::to_string(finger + 1) + "-" + k + ".R";
    case HandNaming::Numbered:
        return "Finger" + std::to_string(finger + 1) + "_" + k;
    case HandNaming::Unnamed:
        break;
    }
    return "J" + std::to_string(finger + 1) + "_" + k;
}

inline std::string handRootName(HandNaming naming) {
    switch (naming) {
    case HandNaming::Mixamo:
    case HandNaming::Neuron:
        return "RightHand";
    case HandNaming::MakeHuman:
        return "wrist.R";
    case HandNaming::Numbered:
        return "Hand";
    case HandNaming::Unnamed:
        break;
    }
    return "J0";
}

// The joint a finger's chain leaves the wrist through, at `toKnuckle` (the hand's own frame):
// Neuron's InHand joint a third of the way, MakeHuman's metacarpal 40 % of the way (its
// metacarpals for the ring and little fingers share one point, as MakeHuman's do), or none.
inline int addHandPalmJoint(BvhTextBuilder& b, const HandLayout& layout, int wrist, int finger,
                            glm::dvec3& toKnuckle) {
    static const char* const neuron[5] = {"", "Index", "Middle", "Ring", "Pinky"};
    const auto place = [&layout](const glm::dvec3& v) { return layout.axes * v * layout.scale; };
    if (finger == 0 ||
        (layout.naming != HandNaming::Neuron && layout.naming != HandNaming::MakeHuman)) {
        return wrist;
    }
    glm::dvec3 part = toKnuckle / 3.0;
    std::string name = std::string("RightInHand") + neuron[finger];
    if (layout.naming == HandNaming::MakeHuman) {
        const glm::dvec3 shared = finger < 3
                                      ? kHandFingers[1].knuckleAlong * glm::dvec3(1, 0, 0.1)
                                      : kHandFingers[4].knuckleAlong * glm::dvec3(1, 0, -0.15);
        part = 0.4 * shared;
        name = "metacarpal" + std::to_string(finger) + ".R";
    }
    toKnuckle -= part;
    return b.add(name, wrist, place(part));
}

// One right hand laid out by `layout`: the wrist is the root, at the origin, or (`underRoot`) the
// one child of a "Root" at the same place, as a still root written over a glove's take puts it.
inline BvhTextBuilder handRig(const HandLayout& layout, bool underRoot = false) {
    BvhTextBuilder b;
    const auto place = [&layout](const glm::dvec3& v) { return layout.axes * v * layout.scale; };
    const int top = underRoot ? b.add("Root", -1, glm::dvec3(0.0)) : -1;
    const int wrist = b.add(handRootName(layout.naming), top, glm::dvec3(0.0));
    for (int f = 0; f < 5; ++f) {
        const HandFingerShape& shape = kHandFingers[static_cast<std::size_t>(f)];
        glm::dvec3 toKnuckle(shape.knuckleAlong, shape.below, shape.across);
        int parent = addHandPalmJoint(b, layout, wrist, f, toKnuckle);
        parent = b.add(handFingerJointName(layout.naming, f, 1), parent, place(toKnuckle));
        for (int k = 0; k < 3; ++k) {
            const glm::dvec3 bone(shape.phalanges[static_cast<std::size_t>(k)], 0.0,
                                  shape.curlAcross);
            if (k < 2) {
                parent = b.add(handFingerJointName(layout.naming, f, k + 2), parent, place(bone));
            } else {
                b.endSite(parent, place(bone));
            }
        }
    }
    return b;
}

inline std::string handRigText(const HandLayout& layout, bool underRoot = false) {
    return handRig(layout, underRoot).text();
}

// No hand: five unnamed chains of three bones leaving the root every 72 degrees (a star).
inline std::string starRigText() {
    BvhTextBuilder star;
    const int root = star.add("J0", -1, {0, 0, 0});
    for (int k = 0; k < 5; ++k) {
        const double angle = 2.0 * 3.14159265358979 * k / 5.0;
        const glm::dvec3 step(4.0 * std::cos(angle), 0.0, 4.0 * std::sin(angle));
        int joint = star.add("S" + std::to_string(k) + "a", root, step);
        joint = star.add("S" + std::to_string(k) + "b", joint, step);
        star.endSite(joint, step);
    }
    return star.text();
}

// No hand either: four unnamed chains leaving a root one way, each forking in two.
inline std::string forkedFanText() {
    BvhTextBuilder forked;
    const int wrist = forked.add("J0", -1, {0, 0, 0});
    for (int k = 0; k < 4; ++k) {
        const int first = forked.add("F" + std::to_string(k), wrist, {8.0, 0.0, 2.0 * k - 3.0});
        forked.endSite(forked.add("F" + std::to_string(k) + "a", first, {4, 0, 0}), {2, 0, 0});
        forked.endSite(forked.add("F" + std::to_string(k) + "b", first, {4, 0, 1}), {2, 0, 0});
    }
    return forked.text();
}

} // namespace bvh::test
