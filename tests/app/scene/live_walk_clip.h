// A live performer for tests of the live view (issue 41): a BVH text whose frames walk and
// raise the arms, streamed by tests/gui/live_gui_test.cpp and fed frame by frame to a live
// character in tests/app/scene/character_test.cpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace bvhscope::live_test {

// A figure that walks 8 m along +Z in 6 s (centimetres, 120 Hz), its legs and arms swinging,
// and raises both arms over its head from 2.5 s to 3.5 s: the live view must keep all of it.
inline std::string farWalkingFigure() {
    std::ostringstream out;
    out << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\n"
           "CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n";
    auto chain = [&](const char* name, const char* offset, const std::string& rest) {
        out << "JOINT " << name << "\n{\nOFFSET " << offset
            << "\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
            << rest << "}\n";
    };
    const std::string end = "End Site\n{\nOFFSET 0 -8 0\n}\n";
    std::string leftLeg = "JOINT LeftLeg\n{\nOFFSET 0 -42 0\nCHANNELS 3 Zrotation Xrotation "
                          "Yrotation\n" +
                          end + "}\n";
    std::string rightLeg = leftLeg;
    rightLeg.replace(rightLeg.find("Left"), 4, "Right");
    chain("LeftUpLeg", "9 -4 0", leftLeg);
    chain("RightUpLeg", "-9 -4 0", rightLeg);
    const std::string head = "JOINT Head\n{\nOFFSET 0 10 0\nCHANNELS 3 Zrotation Xrotation "
                             "Yrotation\nEnd Site\n{\nOFFSET 0 18 0\n}\n}\n";
    std::string arms;
    for (const char* side : {"Left", "Right"}) {
        const bool left = std::string(side) == "Left";
        arms += std::string("JOINT ") + side + "Arm\n{\nOFFSET " + (left ? "18" : "-18") +
                " 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\nJOINT " + side +
                "ForeArm\n{\nOFFSET 0 -28 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n" + end +
                "}\n}\n";
    }
    chain("Spine", "0 10 0",
          "JOINT Chest\n{\nOFFSET 0 25 0\nCHANNELS 3 Zrotation Xrotation "
          "Yrotation\n" +
              head + arms + "}\n");
    out << "}\nMOTION\n";
    constexpr int kFrames = 720;
    out << "Frames: " << kFrames << "\nFrame Time: 0.0083333\n";
    constexpr double kPi = 3.14159265358979;
    for (int f = 0; f < kFrames; ++f) {
        const double t = f / 120.0;
        const double swing = 30.0 * std::sin(2.0 * kPi * t);
        const double raise = t < 2.5 ? 0.0 : t < 3.5 ? 170.0 * std::sin(kPi * (t - 2.5)) : 0.0;
        out << "0 " << 56.0 + 3.0 * std::cos(4.0 * kPi * t) << ' ' << 800.0 * t / 6.0 << " 0 0 0";
        out << ' ' << "0 " << swing << " 0 0 " << std::max(0.0, -swing) << " 0"; // left leg
        out << ' ' << "0 " << -swing << " 0 0 " << std::max(0.0, swing) << " 0"; // right leg
        out << " 0 0 0 0 0 0 0 0 0";                                             // spine..head
        out << ' ' << raise << ' ' << -swing * 0.6 << " 0 0 0 0";                // left arm
        out << ' ' << -raise << ' ' << swing * 0.6 << " 0 0 0 0\n";              // right arm
    }
    return out.str();
}

} // namespace bvhscope::live_test
