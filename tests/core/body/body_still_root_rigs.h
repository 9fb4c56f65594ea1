// Generated rigs whose root joint stays behind while the body walks away, for the body tests:
// Bandai Namco's research takes put a joint_Root at the origin, never moved, over hips that carry
// the motion's position channels.
#pragma once

#include <cstdio>
#include <glm/vec3.hpp>
#include <sstream>
#include <string>

namespace bvh::test {

// `text` (a BVH with one ROOT, whose rows start with its X, Y, Z position) put under a still
// root joint `rootName` at the origin (six channels, zero in every frame); the old root becomes
// a joint keeping its six channels, its position moved by `away` in every frame.
inline std::string underStillRoot(const std::string& text, const std::string& rootName,
                                  const glm::dvec3& away) {
    const std::size_t root = text.find("ROOT ");
    const std::size_t motion = text.find("MOTION\n");
    const std::size_t rows = text.find('\n', text.find("Frame Time:", motion)) + 1;
    std::string out = "HIERARCHY\nROOT " + rootName +
                      "\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition Zposition Zrotation "
                      "Xrotation Yrotation\n";
    out += "JOINT " + text.substr(root + 5, motion - root - 5) + "}\n";
    out += text.substr(motion, rows - motion);
    std::istringstream lines(text.substr(rows));
    for (std::string line; std::getline(lines, line) && !line.empty();) {
        std::istringstream values(line);
        out += "0 0 0 0 0 0";
        for (int k = 0; values; ++k) {
            double value = 0.0;
            if (!(values >> value)) {
                break;
            }
            char number[48];
            std::snprintf(number, sizeof number, " %.9g", k < 3 ? value + away[k] : value);
            out += number;
        }
        out += "\n";
    }
    return out;
}

} // namespace bvh::test
