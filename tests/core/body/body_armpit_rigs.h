// A MakeHuman-like biped held in a T-pose, for the armpit's tests (body_armpit_test.cpp): Y up,
// facing +Z, left +X, MakeHuman's units (decimetres: 17 tall).
#pragma once

#include "tests/core/body/body_test_skeletons.h"

namespace bvh::test {

// MakeHuman's default skeleton (makehuman_tpose_173j's body, without its fingers, toes and face)
// in the T-pose its motion holds: five spine bones, a clavicle and a shoulder bone on each side
// leaving the chest (spine01) 1 up and 0.4 forward, upper arms split in two along one line
// (upperarm01, upperarm02) held out level at the height of the chest's top, breasts leaving
// spine02 at the chest joint. The arm's first bone starts 1.77 from the spine, inside the
// chest's elliptic cone (1.23 wide there), so its underside meets the chest's side along the
// armpit, which only the thin shoulder bone bridges.
inline BvhTextBuilder makeHumanTPoseBiped() {
    BvhTextBuilder b;
    const int root = b.add("root", -1, {0, 0.659, -1.279});
    for (const double side : {1.0, -1.0}) {
        const std::string suffix = side > 0 ? ".L" : ".R";
        const int pelvis = b.add("pelvis" + suffix, root, {0, 0.042, 0.791});
        const int upper01 = b.add("upperleg01" + suffix, pelvis, {side * 1.026, -0.083, -0.084});
        const int upper02 = b.add("upperleg02" + suffix, upper01, {side * 0.052, -0.792, 0.106});
        const int lower01 = b.add("lowerleg01" + suffix, upper02, {side * 0.084, -3.218, 0.219});
        const int lower02 = b.add("lowerleg02" + suffix, lower01, {side * 0.044, -2.047, -0.075});
        const int foot = b.add("foot" + suffix, lower02, {side * 0.044, -2.047, -0.075});
        b.endSite(foot, {0, -0.4, 1.2});
    }
    const int spine05 = b.add("spine05", root, {0, 0.042, 0.791});
    const int spine04 = b.add("spine04", spine05, {0, 0.804, -0.389});
    const int spine03 = b.add("spine03", spine04, {0, 0.67, 0.158});
    const int spine02 = b.add("spine02", spine03, {0, 0.762, 0.02});
    const int spine01 = b.add("spine01", spine02, {0, 1.456, -0.109});
    for (const double side : {1.0, -1.0}) {
        const std::string suffix = side > 0 ? ".L" : ".R";
        const int clavicle = b.add("clavicle" + suffix, spine01, {side * 0.23, 1.045, 0.41});
        const int shoulder = b.add("shoulder01" + suffix, clavicle, {side * 0.743, 0.268, 0.004});
        const int upper01 = b.add("upperarm01" + suffix, shoulder, {side * 0.801, -0.149, -0.033});
        const int upper02 = b.add("upperarm02" + suffix, upper01, {side * 0.643, -0.009, -0.021});
        const int lower01 = b.add("lowerarm01" + suffix, upper02, {side * 1.797, -0.054, -0.058});
        const int lower02 = b.add("lowerarm02" + suffix, lower01, {side * 1.189, 0.035, 0.033});
        const int wrist = b.add("wrist" + suffix, lower02, {side * 1.181, 0.035, 0.033});
        b.endSite(wrist, {side * 0.9, -0.05, 0});
    }
    const int neck01 = b.add("neck01", spine01, {0, 1.764, 0.239});
    const int neck02 = b.add("neck02", neck01, {0, 0.342, 0.023});
    const int neck03 = b.add("neck03", neck02, {0, 0.403, 0.001});
    const int head = b.add("head", neck03, {0, 0.365, 0.008});
    b.endSite(head, {0, 1.6, 0});
    for (const double side : {1.0, -1.0}) {
        const int breast = b.add(side > 0 ? "breast.L" : "breast.R", spine02, {0, 1.456, -0.109});
        b.endSite(breast, {side * 1.026, -0.26, 1.691});
    }
    return b;
}

} // namespace bvh::test
