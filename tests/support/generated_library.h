// A generated motion library for the tests of "takes that move like this one" and the Browser:
// takes named `dataset-N_ACTION_STYLE_NNN.bvh`, as a real research dataset names them, on a
// Bandai-Namco-like skeleton (a static `joint_Root` above a travelling `Hips`, `Hand_L`,
// `Foot_R`...). The motion differs by action (walk, jump, wave, kick, squat) and, less, by
// style (amplitude and tempo); each take also varies what must not matter: where the performer
// stands, which way they face, how tall they are, the unit, the up axis (a Z-up take turns its
// static root a quarter turn), the frame rate and the length. Deterministic. Header-only.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bvh::test {

inline constexpr std::array<const char*, 5> kGeneratedActions = {"walk", "jump", "wave", "kick",
                                                                 "squat"};
inline constexpr std::array<const char*, 3> kGeneratedStyles = {"normal", "happy", "tired"};

struct TakeVariation {
    double facingDegrees = 0.0;
    double startX = 0.0;
    double startZ = 0.0;
    double size = 1.0; // body size against a 170 cm performer
    double unit = 1.0; // file units per centimetre (0.01: metres)
    bool zUp = false;  // the static root turns +Y up into +Z up
    double fps = 30.0;
    double seconds = 3.0;
    double phase = 0.0; // where in its cycle the take starts, in cycles
};

// The variation of take `index` (any index gives a valid take).
inline TakeVariation generatedVariation(std::uint32_t index) {
    auto fraction = [&](std::uint32_t salt) {
        std::uint32_t x = index * 2654435761U + salt * 40503U + 12345U;
        x ^= x >> 13;
        x *= 0x5bd1e995U;
        x ^= x >> 15;
        return static_cast<double>(x % 10000U) / 10000.0;
    };
    TakeVariation variation;
    variation.facingDegrees = 360.0 * fraction(1);
    variation.startX = 400.0 * fraction(2) - 200.0;
    variation.startZ = 400.0 * fraction(3) - 200.0;
    variation.size = 0.85 + 0.3 * fraction(4);
    variation.unit = fraction(5) < 0.5 ? 1.0 : 0.01;
    variation.zUp = fraction(6) < 0.3;
    const double rates[] = {30.0, 60.0, 120.0};
    variation.fps = rates[index % 3];
    variation.seconds = 2.0 + 4.0 * fraction(7);
    variation.phase = fraction(8);
    return variation;
}

namespace generated_detail {

inline constexpr double kPi = 3.14159265358979323846;

struct Style {
    double amplitude;
    double tempo;
};
inline Style styleOf(const std::string& style) {
    if (style == "happy") {
        return {1.15, 1.2};
    }
    if (style == "tired") {
        return {0.8, 0.8};
    }
    return {1.0, 1.0};
}

// Joint angles (degrees) and the hips' place (cm, body frame: x left, y up, z forward) at time t.
struct Pose {
    double hipsForward = 0.0;
    double hipsUp = 0.0;
    double leftHip = 0.0, rightHip = 0.0;           // leg swing, + forward
    double leftKnee = 0.0, rightKnee = 0.0;         // bend, + backward
    double leftShoulder = 0.0, rightShoulder = 0.0; // arm swing, + forward
    double leftRaise = 0.0, rightRaise = 0.0;       // arm raised sideways, 0 hanging
    double leftElbow = 0.0, rightElbow = 0.0;
};

inline Pose poseAt(const std::string& action, Style style, double t) {
    Pose pose;
    const double a = style.amplitude;
    const double w = 2.0 * kPi * style.tempo;
    const double s = std::sin(w * t);
    if (action == "walk") {
        pose.hipsForward = 110.0 * a * style.tempo * t;
        pose.hipsUp = 2.0 * a * std::abs(s);
        pose.leftHip = 25.0 * a * s;
        pose.rightHip = -25.0 * a * s;
        pose.leftKnee = 20.0 * a * std::max(0.0, -s);
        pose.rightKnee = 20.0 * a * std::max(0.0, s);
        pose.leftShoulder = -20.0 * a * s;
        pose.rightShoulder = 20.0 * a * s;
    } else if (action == "jump") {
        const double lift = std::max(0.0, s);
        pose.hipsUp = 35.0 * a * lift - 15.0 * a * std::max(0.0, -s);
        pose.leftKnee = pose.rightKnee = 40.0 * a * std::max(0.0, -s);
        pose.leftHip = pose.rightHip = 20.0 * a * std::max(0.0, -s);
        pose.leftRaise = pose.rightRaise = 150.0 * a * lift;
    } else if (action == "wave") {
        pose.rightRaise = 150.0;
        pose.rightElbow = 40.0 + 35.0 * a * std::sin(2.0 * w * t);
        pose.leftShoulder = 3.0 * s;
    } else if (action == "kick") {
        const double kick = std::pow(std::max(0.0, s), 2.0);
        pose.rightHip = 85.0 * a * kick;
        pose.rightKnee = 40.0 * (1.0 - kick);
        pose.leftKnee = 10.0 * kick;
        pose.leftShoulder = -25.0 * a * kick;
        pose.rightShoulder = 25.0 * a * kick;
    } else { // squat
        const double down = 0.5 * (1.0 - std::cos(w * t));
        pose.hipsUp = -45.0 * a * down;
        pose.leftKnee = pose.rightKnee = 110.0 * a * down;
        pose.leftHip = pose.rightHip = 70.0 * a * down;
        pose.leftShoulder = pose.rightShoulder = 80.0 * a * down;
    }
    return pose;
}

} // namespace generated_detail

// The BVH text of one take.
inline std::string generatedTake(const std::string& action, const std::string& style,
                                 const TakeVariation& v) {
    using namespace generated_detail;
    const double k = v.size * v.unit; // file units per model centimetre
    std::ostringstream text;
    text.precision(6);
    text << std::fixed;
    auto offset = [&](double x, double y, double z) {
        return std::to_string(x * k) + " " + std::to_string(y * k) + " " + std::to_string(z * k);
    };
    text << "HIERARCHY\nROOT joint_Root\n{\n OFFSET 0 0 0\n CHANNELS 3 Zrotation Xrotation "
            "Yrotation\n JOINT Hips\n {\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition "
            "Zposition Zrotation Xrotation Yrotation\n"
         << "  JOINT Spine\n  {\n   OFFSET " << offset(0, 12, 0)
         << "\n   CHANNELS 3 Zrotation Xrotation Yrotation\n"
         << "   JOINT Head\n   {\n    OFFSET " << offset(0, 50, 0)
         << "\n    CHANNELS 3 Zrotation Xrotation Yrotation\n    End Site\n    {\n     OFFSET "
         << offset(0, 18, 0) << "\n    }\n   }\n";
    for (const char* side : {"L", "R"}) {
        const double x = side[0] == 'L' ? 1.0 : -1.0;
        text << "   JOINT UpperArm_" << side << "\n   {\n    OFFSET " << offset(18 * x, 42, 0)
             << "\n    CHANNELS 3 Zrotation Xrotation Yrotation\n    JOINT LowerArm_" << side
             << "\n    {\n     OFFSET " << offset(0, -28, 0)
             << "\n     CHANNELS 3 Zrotation Xrotation Yrotation\n     JOINT Hand_" << side
             << "\n     {\n      OFFSET " << offset(0, -26, 0)
             << "\n      CHANNELS 3 Zrotation Xrotation Yrotation\n      End Site\n      {\n"
                "       OFFSET "
             << offset(0, -8, 0) << "\n      }\n     }\n    }\n   }\n";
    }
    text << "  }\n";
    for (const char* side : {"L", "R"}) {
        const double x = side[0] == 'L' ? 1.0 : -1.0;
        text << "  JOINT UpperLeg_" << side << "\n  {\n   OFFSET " << offset(9 * x, -4, 0)
             << "\n   CHANNELS 3 Zrotation Xrotation Yrotation\n   JOINT LowerLeg_" << side
             << "\n   {\n    OFFSET " << offset(0, -44, 0)
             << "\n    CHANNELS 3 Zrotation Xrotation Yrotation\n    JOINT Foot_" << side
             << "\n    {\n     OFFSET " << offset(0, -42, 0)
             << "\n     CHANNELS 3 Zrotation Xrotation Yrotation\n     End Site\n     {\n"
                "      OFFSET "
             << offset(0, -6, 12) << "\n     }\n    }\n   }\n  }\n";
    }
    text << " }\n}\nMOTION\n";
    const auto frames = static_cast<int>(std::lround(v.seconds * v.fps));
    text << "Frames: " << frames << "\nFrame Time: " << 1.0 / v.fps << "\n";
    const Style styled = styleOf(style);
    const double facing = v.facingDegrees * kPi / 180.0;
    for (int f = 0; f < frames; ++f) {
        const double t = f / v.fps + v.phase / styled.tempo;
        const Pose p = poseAt(action, styled, t);
        const double travel =
            p.hipsForward - poseAt(action, styled, v.phase / styled.tempo).hipsForward;
        const double x = v.startX + travel * std::sin(facing);
        const double z = v.startZ + travel * std::cos(facing);
        text << (v.zUp ? "0 90 0 " : "0 0 0 ") << x * k << ' ' << (92.0 + p.hipsUp) * k << ' '
             << z * k << " 0 0 " << v.facingDegrees << " 0 0 0 0 0 0";
        // Arms: raise about the forward axis (Z: + lifts the left arm outward), swing about X.
        text << ' ' << p.leftRaise << ' ' << -p.leftShoulder << " 0 0 " << -p.leftElbow
             << " 0 0 0 0";
        text << ' ' << -p.rightRaise << ' ' << -p.rightShoulder << " 0 0 " << -p.rightElbow
             << " 0 0 0 0";
        text << " 0 " << -p.leftHip << " 0 0 " << p.leftKnee << " 0 0 0 0";
        text << " 0 " << -p.rightHip << " 0 0 " << p.rightKnee << " 0 0 0 0\n";
    }
    return text.str();
}

// `dataset-N_ACTION_STYLE_NNN.bvh`.
inline std::string generatedTakeName(int dataset, const std::string& action,
                                     const std::string& style, int number) {
    char digits[8];
    std::snprintf(digits, sizeof digits, "%03d", number);
    return "dataset-" + std::to_string(dataset) + "_" + action + "_" + style + "_" + digits +
           ".bvh";
}

// The ACTION of a generated take's name or path (`.../dataset-N_ACTION_STYLE_NNN.bvh`): the text
// between the first two underscores of its last component.
inline std::string generatedActionOf(const std::string& nameOrPath) {
    const std::size_t slash = nameOrPath.find_last_of("/\\");
    const std::size_t first = slash == std::string::npos ? 0 : slash + 1;
    const std::size_t action = nameOrPath.find('_', first) + 1;
    return nameOrPath.substr(action, nameOrPath.find('_', action) - action);
}

// How many takes writeGeneratedLibrary(root, perStyle) writes.
inline constexpr std::size_t generatedLibraryTakeCount(int perStyle) {
    return kGeneratedActions.size() * kGeneratedStyles.size() * static_cast<std::size_t>(perStyle);
}

// Writes `perStyle` takes of every action and style under `root`, half in `root/dataset-1/data`
// and half in `root/dataset-2/data` (the layout of the real dataset: no take directly in
// `root`). Returns the paths written, in the order written.
inline std::vector<std::filesystem::path> writeGeneratedLibrary(const std::filesystem::path& root,
                                                                int perStyle) {
    std::vector<std::filesystem::path> written;
    std::uint32_t index = 0;
    for (const char* action : kGeneratedActions) {
        for (const char* style : kGeneratedStyles) {
            for (int number = 0; number < perStyle; ++number) {
                const int dataset = number % 2 == 0 ? 1 : 2;
                const auto folder = root / ("dataset-" + std::to_string(dataset)) / "data";
                std::filesystem::create_directories(folder);
                const auto path = folder / generatedTakeName(dataset, action, style, number);
                std::ofstream(path, std::ios::binary)
                    << generatedTake(action, style, generatedVariation(index++));
                written.push_back(path);
            }
        }
    }
    return written;
}

} // namespace bvh::test
