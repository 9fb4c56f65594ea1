// A full-body biped whose fingers curl into a fist, and a hand on its own closing, as BVH text,
// for the skinning tests: the grid of a full-body figure (cells of about 2.5 cm) is coarser than
// the gaps between fingers, so its palm and fingers are one fused surface that curling must fold,
// not tear; a hand on its own keeps them apart.
#pragma once

#include "tests/core/body/body_hand_skeletons.h"
#include "tests/core/body/body_test_skeletons.h"

#include <string>
#include <vector>

namespace bvh::test {

// mixamoBiped (T-pose, palms down, left hand along +X) over `frames` frames: the four fingers of
// both hands (not the thumbs) bend at their first three joints from straight (frame 0) to
// `degrees` (the last frame), evenly, towards the palm (about Z: -degrees on the left, +degrees
// on the right, so both curl down).
inline std::string curlingFistText(int frames, double degrees) {
    const BvhTextBuilder b = mixamoBiped();
    static const char* const fingers[] = {"Index", "Middle", "Ring", "Pinky"};
    std::vector<BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        const double t = frames > 1 ? static_cast<double>(f) / (frames - 1) : 1.0;
        BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {0.0, 100.0, 0.0};
        row.rotations.assign(200, glm::dvec3(0.0));
        for (const char* finger : fingers) {
            for (int k = 1; k <= 3; ++k) {
                const std::string joint = std::string(finger) + std::to_string(k);
                const int left = b.indexOf("mixamorig:LeftHand" + joint);
                const int right = b.indexOf("mixamorig:RightHand" + joint);
                row.rotations[static_cast<std::size_t>(left)] = {-degrees * t, 0.0, 0.0};
                row.rotations[static_cast<std::size_t>(right)] = {degrees * t, 0.0, 0.0};
            }
        }
    }
    return b.text(rows);
}

// The Mixamo-named hand on its own (body_hand_skeletons.h, fingers along -X, the palm facing -Y)
// over `frames` frames: from straight (frame 0) the four fingers curl `degrees` at each joint
// towards the palm (about Z) and the thumb's root turns half that across the palm (about X)
// and towards it (about Z), evenly.
inline std::string movingHandText(int frames, double degrees) {
    const BvhTextBuilder b = handRig(handAlongMinusX(HandNaming::Mixamo));
    static const char* const fingers[] = {"Index", "Middle", "Ring", "Pinky"};
    std::vector<BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        const double t = frames > 1 ? static_cast<double>(f) / (frames - 1) : 1.0;
        BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rotations.assign(64, glm::dvec3(0.0));
        for (const char* finger : fingers) {
            for (int k = 1; k <= 3; ++k) {
                const int joint = b.indexOf("RightHand" + std::string(finger) + std::to_string(k));
                row.rotations[static_cast<std::size_t>(joint)] = {degrees * t, 0.0, 0.0};
            }
        }
        row.rotations[static_cast<std::size_t>(b.indexOf("RightHandThumb1"))] = {
            0.5 * degrees * t, 0.5 * degrees * t, 0.0};
    }
    return b.text(rows);
}

} // namespace bvh::test
