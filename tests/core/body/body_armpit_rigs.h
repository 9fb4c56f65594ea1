// Bipeds held in a T-pose, for the armpit's tests (body_armpit_test.cpp): Y up, facing +Z, left +X.
#pragma once

#include "tests/core/body/body_test_skeletons.h"

namespace bvh::test {

// MakeHuman's default skeleton (makehuman_tpose_173j's body, without its fingers, toes and face),
// in MakeHuman's units (decimetres: 17 tall),
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

// A Poser-style biped held in a T-pose (three.js's pirouette, threejs_pirouette's skeleton with
// its eyes): Y up, facing +Z, left +X, inches. hip, abdomen, chest, then on each side a short
// collar (lCollar, 9 wide) leaving the chest's top 4.9 behind its axis, and the arm (lShldr) held
// out level from there, its deltoid lying across the trunk, not along it; hands with two-bone
// fingers, thighs leaving the hip through a short buttock bone.
inline BvhTextBuilder poserTPoseBiped() {
    BvhTextBuilder b;
    const int hip = b.add("hip", -1, {0, 0, 0});
    const int abdomen = b.add("abdomen", hip, {0, 20.6881, -0.73152});
    const int chest = b.add("chest", abdomen, {0, 11.7043, -0.48768});
    const int neck = b.add("neck", chest, {0, 22.1894, -2.19456});
    const int head = b.add("head", neck, {-0.24384, 7.07133, 1.2192});
    for (const double side : {-1.0, 1.0}) {
        const int eye = b.add(side > 0 ? "leftEye" : "rightEye", head,
                              {side > 0 ? 4.14528 : -3.6576, 8.04674, 8.04672});
        b.endSite(eye, {1, 0, 0});
    }
    for (const double side : {-1.0, 1.0}) {
        const std::string s = side > 0 ? "l" : "r";
        const int collar = b.add(s + "Collar", chest, {side * 2.68224, 19.2634, -4.8768});
        const int shoulder = b.add(s + "Shldr", collar, {side * 8.77824, -1.95073, 1.46304});
        const int forearm = b.add(s + "ForeArm", shoulder, {side * 28.1742, -1.7115, 0.48768});
        const int hand = b.add(s + "Hand", forearm, {side * 22.5879, 0.773209, 7.07136});
        const struct {
            const char* name;
            glm::dvec3 first, second, end;
        } fingers[] = {
            {"Thumb",
             {1.2192, -0.487915, 3.41376},
             {3.37035, -0.52449, 3.41376},
             {1.78271, -1.18214, 1.43049}},
            {"Index",
             {7.75947, 0.938293, 5.60832},
             {2.54057, -0.884171, 1.56538},
             {1.62519, -0.234802, 1.16502}},
            {"Mid",
             {8.24714, 1.18213, 3.41376},
             {3.10165, -0.590103, 1.0647},
             {2.48547, -0.328903, 0.83742}},
            {"Ring",
             {8.82822, 0.546677, 1.51678},
             {2.60934, -0.819778, -0.0198488},
             {2.33842, -0.294052, 0.168128}},
            {"Pinky",
             {8.27202, -0.0477905, -0.4584},
             {1.82734, -0.647385, -0.700984},
             {1.69225, -0.51767, -0.607171}},
        };
        const glm::dvec3 mirror(side, 1, 1);
        for (const auto& finger : fingers) {
            const int one = b.add(s + finger.name + "1", hand, mirror * finger.first);
            const int two = b.add(s + finger.name + "2", one, mirror * finger.second);
            b.endSite(two, mirror * finger.end);
        }
    }
    for (const double side : {-1.0, 1.0}) {
        const std::string s = side > 0 ? "l" : "r";
        const int buttock = b.add(s + "Buttock", hip, {side * 8.77824, 4.35084, 1.2192});
        const int thigh = b.add(s + "Thigh", buttock, {0, -1.70687, -2.19456});
        const int shin = b.add(s + "Shin", thigh, {0, -36.8199, 0.73152});
        const int foot = b.add(s + "Foot", shin, {side * -0.73152, -45.1104, -5.12064});
        b.endSite(foot, {side * 1.1221, -3.69964, 12.103});
    }
    return b;
}

} // namespace bvh::test
