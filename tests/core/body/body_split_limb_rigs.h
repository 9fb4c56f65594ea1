// A walk with large motions on MakeHuman-like bipeds whose limbs are split into bones along one
// line (issue 38): the rig the outside check's MakeHuman captures use, moved farther than a walk
// moves them, so that whatever joins two limbs or a limb and the chest is stretched.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <cmath>
#include <string>
#include <vector>

namespace bvh::test {

// shortSpineBiped(thighSplit, armSplit, forearmSplit) over `frames` frames, one stride: thighs
// swinging 70 degrees forward and back in opposition, knees bending to 60 degrees, upper arms
// swinging 60 degrees forward and back and raised up to 50 degrees from their rest, elbows
// bending to 70 degrees. Only the first bone of a split limb turns (the second follows it): the
// surface must hold as the unsplit limb's does.
inline std::string splitLimbWalkText(int frames, double thighSplit, double armSplit,
                                     double forearmSplit) {
    const BvhTextBuilder b = shortSpineBiped(thighSplit, armSplit, forearmSplit);
    std::vector<BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        const double t = frames > 1 ? static_cast<double>(f) / (frames - 1) : 0.0;
        const double phase = 2.0 * 3.14159265358979 * t;
        BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {0.0, 95.0, 80.0 * t};
        row.rotations.assign(static_cast<std::size_t>(b.indexOf("wrist.R")) + 8, glm::dvec3(0.0));
        // Z, X, Y degrees (BvhTextBuilder's channels).
        const auto set = [&](const std::string& name, glm::dvec3 zxy) {
            row.rotations[static_cast<std::size_t>(b.indexOf(name))] = zxy;
        };
        const double swing = std::sin(phase);
        const double bend = 0.5 * (1.0 - std::cos(phase));
        for (const double side : {1.0, -1.0}) {
            const std::string suffix = side > 0 ? ".L" : ".R";
            set("upperleg01" + suffix, {0.0, -70.0 * side * swing, 0.0});
            set("lowerleg01" + suffix, {0.0, 60.0 * (side > 0 ? bend : 1.0 - bend), 0.0});
            set("upperarm01" + suffix, {side * 50.0 * bend, 60.0 * side * swing, 0.0});
            set("lowerarm01" + suffix, {0.0, 0.0, -side * 70.0 * bend});
        }
    }
    return b.text(rows);
}

} // namespace bvh::test
