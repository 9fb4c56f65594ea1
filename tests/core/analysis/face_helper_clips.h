// A tiny figure with a face rig's helpers under its head, as BVH text: pybvh's
// rotation_first_root fixture (Hips, Spine, Head, LeftLeg; root rotation channels before its
// position, four frames), with a right leg when asked, and `helpers` joints under the head laid
// out within its skull as tools/sweep_body.py's face_helpers variant does (temporalis, oris...:
// three rotation channels that stay 0, an End Site each).
#pragma once

#include <cmath>
#include <string>

namespace bvh::test {

inline std::string tinyFigureWithFaceHelpers(int helpers, bool rightLeg = false) {
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\n"
                       "CHANNELS 6 Zrotation Xrotation Yrotation Xposition Yposition Zposition\n"
                       "JOINT Spine\n{\nOFFSET 0 10 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
                       "JOINT Head\n{\nOFFSET 0 8 0\nCHANNELS 3 Zrotation Yrotation Xrotation\n"
                       "End Site\n{\nOFFSET 0 4 0\n}\n";
    const char* const words[] = {"temporalis", "oris", "orbicularis", "levator", "zygomatic"};
    for (int k = 0; k < helpers; ++k) {
        const double angle = 0.37 * k; // the head's End Site is 4 up: a skull 4 tall
        text +=
            "JOINT " + std::string(words[k % 5]) + std::to_string(k) + (k % 2 ? ".L" : ".R") +
            "\n{\nOFFSET " + std::to_string(1.6 * std::sin(angle)) + " " +
            std::to_string(1.2 + 1.2 * std::cos(1.3 * angle)) +
            " 1.6\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 0 0.2\n}\n}\n";
    }
    text += "}\n}\n";
    const char* const legs[] = {"LeftLeg", "RightLeg"};
    for (int leg = 0; leg < (rightLeg ? 2 : 1); ++leg) {
        text += "JOINT " + std::string(legs[leg]) + "\n{\nOFFSET " + (leg == 0 ? "2" : "-2") +
                " -8 0\nCHANNELS 3 Xrotation Yrotation Zrotation\nEnd Site\n{\nOFFSET 0 -6 "
                "0\n}\n}\n";
    }
    text += "}\nMOTION\nFrames: 4\nFrame Time: 0.04\n";
    for (int frame = 0; frame < 4; ++frame) {
        const double f = frame;
        const double figure[] = {5 + f,       -3 + f,      2 * f,       10 + f,
                                 50 + f,      -20 + f,     1 + 0.5 * f, 2 + 0.5 * f,
                                 3 + 0.5 * f, 4 + 0.5 * f, 5 + 0.5 * f, 6 + 0.5 * f};
        for (const double value : figure) {
            text += std::to_string(value) + " ";
        }
        for (int k = 0; k < helpers; ++k) {
            text += "0 0 0 ";
        }
        for (int leg = 0; leg < (rightLeg ? 2 : 1); ++leg) {
            text += std::to_string(7 + 0.5 * f + 10 * leg) + " " + std::to_string(8 + 0.5 * f) +
                    " " + std::to_string(9 + 0.5 * f) + " ";
        }
        text += "\n";
    }
    return text;
}

} // namespace bvh::test
