// Writes the bundled sample capture (assets/sample_walk.bvh): a procedurally generated walk.
//
// The walk is two strides of a 23-node biped in centimetres, Y up, facing +Z, 30 frames per
// second, so the viewer's first screen shows a figure moving across the grid. Every value is a
// sum of sines of the gait phase; the output is deterministic (fixed formatting, no clock), so
// the committed asset can be checked against this program (tests/render/CMakeLists.txt).
//
// usage: bvhscope_generate_walk_cycle [OUT.bvh]        write it (stdout when no file is given)
//        bvhscope_generate_walk_cycle --check FILE     exit 1 unless FILE is exactly the output
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct JointSpec {
    const char* name;
    int depth; // nesting level below the root, for indentation and brace closing
    double offset[3];
    bool hasEndSite;
    double endOffset[3];
};

// Depth-first, as BVH writes it. Arms hang down in the rest pose, so X rotations swing them.
const std::vector<JointSpec> kJoints = {
    {"Hips", 0, {0, 0, 0}, false, {}},
    {"Spine", 1, {0, 10, 0}, false, {}},
    {"Chest", 2, {0, 15, 0}, false, {}},
    {"Neck", 3, {0, 22, 0}, false, {}},
    {"Head", 4, {0, 8, 0}, true, {0, 18, 0}},
    {"LeftShoulder", 3, {4, 18, 0}, false, {}},
    {"LeftArm", 4, {14, 0, 0}, false, {}},
    {"LeftForeArm", 5, {0, -28, 0}, false, {}},
    {"LeftHand", 6, {0, -25, 0}, true, {0, -16, 0}},
    {"RightShoulder", 3, {-4, 18, 0}, false, {}},
    {"RightArm", 4, {-14, 0, 0}, false, {}},
    {"RightForeArm", 5, {0, -28, 0}, false, {}},
    {"RightHand", 6, {0, -25, 0}, true, {0, -16, 0}},
    {"LeftUpLeg", 1, {9, -4, 0}, false, {}},
    {"LeftLeg", 2, {0, -42, 0}, false, {}},
    {"LeftFoot", 3, {0, -40, 0}, false, {}},
    {"LeftToeBase", 4, {0, -6, 12}, true, {0, 0, 7}},
    {"RightUpLeg", 1, {-9, -4, 0}, false, {}},
    {"RightLeg", 2, {0, -42, 0}, false, {}},
    {"RightFoot", 3, {0, -40, 0}, false, {}},
    {"RightToeBase", 4, {0, -6, 12}, true, {0, 0, 7}},
};

constexpr int kFramesPerSecond = 30;
constexpr double kStrideSeconds = 1.1;
constexpr int kFrameCount = 66; // two strides
constexpr double kWalkSpeedCm = 110.0;

std::string indent(int depth) {
    return std::string(static_cast<std::size_t>(depth) * 2, ' ');
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", std::abs(value) < 5e-5 ? 0.0 : value);
    return text;
}

void writeHierarchy(std::ostream& out) {
    out << "HIERARCHY\n";
    for (std::size_t i = 0; i < kJoints.size(); ++i) {
        const JointSpec& joint = kJoints[i];
        const std::string pad = indent(joint.depth);
        out << pad << (joint.depth == 0 ? "ROOT " : "JOINT ") << joint.name << "\n"
            << pad << "{\n"
            << pad << "  OFFSET " << number(joint.offset[0]) << " " << number(joint.offset[1])
            << " " << number(joint.offset[2]) << "\n";
        if (joint.depth == 0) {
            out << pad
                << "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
                   "Yrotation\n";
        } else {
            out << pad << "  CHANNELS 3 Zrotation Xrotation Yrotation\n";
        }
        if (joint.hasEndSite) {
            out << pad << "  End Site\n"
                << pad << "  {\n"
                << pad << "    OFFSET " << number(joint.endOffset[0]) << " "
                << number(joint.endOffset[1]) << " " << number(joint.endOffset[2]) << "\n"
                << pad << "  }\n";
        }
        const int nextDepth = i + 1 < kJoints.size() ? kJoints[i + 1].depth : 0;
        for (int depth = joint.depth; depth >= nextDepth; --depth) {
            out << indent(depth) << "}\n";
        }
    }
}

// Z, X, Y rotation (degrees) of every joint at gait phase `phase` (radians).
struct Rotation {
    double z = 0, x = 0, y = 0;
};

std::vector<Rotation> poseAt(double phase) {
    std::vector<Rotation> pose(kJoints.size());
    auto at = [&](const char* name) -> Rotation& {
        for (std::size_t i = 0; i < kJoints.size(); ++i) {
            if (std::string(kJoints[i].name) == name) {
                return pose[i];
            }
        }
        std::abort();
    };
    const double s = std::sin(phase);
    const double c = std::cos(phase);
    // A positive X rotation swings a hanging limb backwards (-Z); the figure walks towards +Z.
    at("Hips").y = 6 * s;
    at("Hips").z = 2 * c;
    at("Spine").y = -4 * s;
    at("Chest").y = -4 * s;
    at("Chest").x = 4;
    at("Neck").x = -3;
    at("Head").y = 2 * s;
    at("LeftUpLeg").x = -24 * s - 4;
    at("RightUpLeg").x = 24 * s - 4;
    at("LeftLeg").x = 8 + 28 * std::max(0.0, std::sin(phase + 0.9));
    at("RightLeg").x = 8 + 28 * std::max(0.0, std::sin(phase + 0.9 + std::numbers::pi));
    at("LeftFoot").x = -4 + 10 * std::sin(phase - 0.6);
    at("RightFoot").x = -4 - 10 * std::sin(phase - 0.6);
    at("LeftArm").x = 20 * s;
    at("RightArm").x = -20 * s;
    at("LeftArm").z = 6;
    at("RightArm").z = -6;
    at("LeftForeArm").x = -18 + 8 * s;
    at("RightForeArm").x = -18 - 8 * s;
    return pose;
}

// Seven decimals, so readers recover 30 fps rather than the 30.03 that "0.0333" gives.
std::string frameTimeText() {
    char text[32];
    std::snprintf(text, sizeof text, "%.7f", 1.0 / kFramesPerSecond);
    return text;
}

void writeMotion(std::ostream& out) {
    out << "MOTION\n"
        << "Frames: " << kFrameCount << "\n"
        << "Frame Time: " << frameTimeText() << "\n";
    for (int frame = 0; frame < kFrameCount; ++frame) {
        const double seconds = static_cast<double>(frame) / kFramesPerSecond;
        const double phase = 2 * std::numbers::pi * seconds / kStrideSeconds;
        const std::vector<Rotation> pose = poseAt(phase);
        // The pelvis dips twice per stride, at each foot's contact.
        const double hipsHeight = 91.0 + 1.5 * std::cos(2 * phase);
        std::ostringstream row;
        row << number(2.0 * std::sin(phase)) << " " << number(hipsHeight) << " "
            << number(kWalkSpeedCm * seconds - 0.5 * kWalkSpeedCm * kFrameCount / kFramesPerSecond);
        for (const Rotation& rotation : pose) {
            row << " " << number(rotation.z) << " " << number(rotation.x) << " "
                << number(rotation.y);
        }
        out << row.str() << "\n";
    }
}

} // namespace

int main(int argc, char** argv) {
    std::ostringstream text;
    writeHierarchy(text);
    writeMotion(text);
    if (argc < 2) {
        std::cout << text.str();
        return 0;
    }
    if (argc == 3 && std::string(argv[1]) == "--check") {
        std::ifstream file(argv[2], std::ios::binary);
        std::ostringstream existing;
        existing << file.rdbuf();
        if (!file || existing.str() != text.str()) {
            std::cerr << argv[2] << " differs from the generator's output; regenerate it with "
                      << argv[0] << " " << argv[2] << "\n";
            return 1;
        }
        return 0;
    }
    std::ofstream file(argv[1], std::ios::binary);
    file << text.str();
    if (!file) {
        std::cerr << "cannot write " << argv[1] << "\n";
        return 1;
    }
    return 0;
}
