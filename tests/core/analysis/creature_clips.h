// Synthetic creatures that walk with planted feet, written as BVH text: a biped, a quadruped, a
// crab (and a centipede that stands still), in any file axes, with a rest pose that may lie down, a
// static root, a floor that is off.
//
// Every joint has six channels (Xposition Yposition Zposition Zrotation Xrotation Yrotation, the
// Perception Neuron layout) and absolute position channels, so each node's place in every frame
// is exactly what the generator computed: local translation = the root's rotation undone on the
// node's offset from its parent, rotations zero except the root's. End Sites sit at fixed
// offsets from their parents.
#pragma once

#include "tests/core/analysis/analysis_clips.h"

#include <cmath>
#include <functional>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <numbers>
#include <string>
#include <vector>

namespace bvh::test {

struct CreatureNode {
    std::string name;
    int parent = -1;
    bool endSite = false;
    glm::dvec3 endOffset{0.0}; // canonical, for End Sites
};

// A creature in canonical axes: Y up, facing +Z, left +X, centimetres.
struct Creature {
    std::vector<CreatureNode> nodes; // parents before children, depth first
    // Canonical world positions of the joints (End Sites are filled in from their offsets).
    std::function<void(double timeSeconds, std::vector<glm::dvec3>& positions)> pose;
    double height = 0.0; // canonical, for the tests' expectations
};

// Where the feet are: foot `phase` in [0, 1) of a gait cycle of `period` seconds, the body
// travelling at `speed` along +Z; the foot's home is `home` (relative to the body's ground
// point). In stance (the first `duty` of the cycle) the foot stays where it landed; in swing it
// moves to its next landing place in an arc `lift` high.
inline glm::dvec3 footPlace(double t, double phase, double period, double duty, double speed,
                            glm::dvec3 home, double lift) {
    const double cycles = t / period + phase;
    const double cycle = std::floor(cycles);
    const double p = cycles - cycle;
    auto landing = [&](double c) {
        // At mid-stance the foot is under its home.
        return home.z + speed * period * (c + 0.5 * duty - phase);
    };
    if (p < duty) {
        return {home.x, 0.0, landing(cycle)};
    }
    const double s = (p - duty) / (1.0 - duty);
    return {home.x, lift * std::sin(std::numbers::pi * s),
            landing(cycle) + (landing(cycle + 1.0) - landing(cycle)) * s};
}

// A biped 170 tall: Hips, Spine, Head (+ End Site), Left/Right UpLeg, Foot (+ toe End Site),
// Left/Right Arm, Hand (+ End Site). Walks at `speed` cm/s along +Z (0: in place, no sliding).
inline Creature biped(double speed, bool anatomicalNames = true) {
    Creature creature;
    auto name = [&](const char* real, int index) {
        return anatomicalNames ? std::string(real) : "Bone" + std::to_string(index);
    };
    creature.nodes = {
        {name("Hips", 0), -1},
        {name("Spine", 1), 0},
        {name("Head", 2), 1},
        {"End Site", 2, true, {0, 20, 3}},
        {name("LeftArm", 4), 1},
        {name("LeftHand", 5), 4},
        {"End Site", 5, true, {0, -8, 0}},
        {name("RightArm", 7), 1},
        {name("RightHand", 8), 7},
        {"End Site", 8, true, {0, -8, 0}},
        {name("LeftUpLeg", 10), 0},
        {name("LeftFoot", 11), 10},
        {"End Site", 11, true, {0, -8, 15}},
        {name("RightUpLeg", 13), 0},
        {name("RightFoot", 14), 13},
        {"End Site", 14, true, {0, -8, 15}},
    };
    creature.height = 170.0;
    creature.pose = [speed](double t, std::vector<glm::dvec3>& p) {
        const double period = 1.0;
        const double z = speed * t;
        const double bob = 2.0 * std::cos(4.0 * std::numbers::pi * t);
        p[0] = {0, 95 + bob, z};
        p[1] = p[0] + glm::dvec3(0, 35, 0);
        p[2] = p[1] + glm::dvec3(0, 40, 2);
        p[4] = p[1] + glm::dvec3(18, 28, 0);
        p[7] = p[1] + glm::dvec3(-18, 28, 0);
        const double swing = 20.0 * std::sin(2.0 * std::numbers::pi * t);
        p[5] = p[4] + glm::dvec3(2, -55, -swing);
        p[8] = p[7] + glm::dvec3(-2, -55, swing);
        p[10] = p[0] + glm::dvec3(10, -5, 0);
        p[13] = p[0] + glm::dvec3(-10, -5, 0);
        const double step = speed > 0.0 ? speed : 60.0;
        glm::dvec3 left =
            footPlace(t, 0.0, period, 0.6, step, {10, 0, 0}, 12) + glm::dvec3(0, 8, 0);
        glm::dvec3 right =
            footPlace(t, 0.5, period, 0.6, step, {-10, 0, 0}, 12) + glm::dvec3(0, 8, 0);
        if (speed == 0.0) { // marking time on the spot: feet lift and land where they were
            left = {10, 8 + std::max(0.0, 12 * std::sin(2 * std::numbers::pi * t)), 0};
            right = {-10, 8 + std::max(0.0, -12 * std::sin(2 * std::numbers::pi * t)), 0};
        }
        p[11] = left + glm::dvec3(0, 0, z * 0.0);
        p[14] = right;
    };
    return creature;
}

// A quadruped 300 long and 200 tall (an elephant: longer than tall), no anatomical names, a
// diagonal gait along +Z.
inline Creature quadruped(double speed) {
    Creature creature;
    creature.nodes = {
        {"b0", -1},                          // pelvis
        {"b1", 0},                           // chest
        {"b2", 1},                           // neck
        {"b3", 2},                           // skull
        {"End Site", 3, true, {0, -60, 40}}, // trunk tip
        {"b5", 0},                           // tail
        {"End Site", 5, true, {0, -60, -5}},
    };
    const glm::dvec3 homes[4] = {{30, 0, 150}, {-30, 0, 150}, {30, 0, 0}, {-30, 0, 0}};
    const double phases[4] = {0.0, 0.5, 0.5, 0.0};
    for (int leg = 0; leg < 4; ++leg) {
        const int hip = static_cast<int>(creature.nodes.size());
        creature.nodes.push_back({"b" + std::to_string(hip), leg < 2 ? 1 : 0});
        creature.nodes.push_back({"b" + std::to_string(hip + 1), hip});
        creature.nodes.push_back({"End Site", hip + 1, true, {0, -10, 8}});
    }
    creature.height = 200.0;
    creature.pose = [=](double t, std::vector<glm::dvec3>& p) {
        const double z = speed * t;
        p[0] = {0, 150, z};
        p[1] = {0, 155, z + 150};
        p[2] = {0, 175, z + 210};
        p[3] = {0, 190, z + 250};
        p[5] = {0, 150, z - 20};
        // The body sways over the supporting legs; the hooves land a little inside the hips,
        // as a standing animal's do.
        const double sway = 4.0 * std::sin(2.0 * std::numbers::pi * t / 1.2);
        for (std::size_t i = 0; i < 6; ++i) {
            p[i].x += sway;
        }
        for (int leg = 0; leg < 4; ++leg) {
            const std::size_t hip = 7 + 3 * static_cast<std::size_t>(leg);
            p[hip] = glm::dvec3(homes[leg].x + sway, 140, z + homes[leg].z);
            p[hip + 1] =
                footPlace(t, phases[leg], 1.2, 0.7, speed, homes[leg] * glm::dvec3(0.8, 1, 1), 15) +
                glm::dvec3(0, 10, 0);
        }
    };
    return creature;
}

// A crab 240 wide and 50 tall, walking sideways (+X) on eight legs; no anatomical names.
inline Creature crab(double speed) {
    Creature creature;
    creature.nodes = {{"body", -1}, {"eyes", 0}, {"End Site", 1, true, {0, 10, 5}}};
    for (int leg = 0; leg < 8; ++leg) {
        const int knee = static_cast<int>(creature.nodes.size());
        creature.nodes.push_back({"leg" + std::to_string(leg) + "_knee", 0});
        creature.nodes.push_back({"leg" + std::to_string(leg) + "_tip", knee});
        creature.nodes.push_back({"End Site", knee + 1, true, {0, -2, 0}});
    }
    creature.height = 50.0;
    creature.pose = [=](double t, std::vector<glm::dvec3>& p) {
        const double x = speed * t;
        p[0] = {x, 35, 0};
        p[1] = {x, 45, 20};
        for (int leg = 0; leg < 8; ++leg) {
            const double side = leg < 4 ? 1.0 : -1.0;
            const double along = -45.0 + 30.0 * (leg % 4);
            const std::size_t knee = 3 + 3 * static_cast<std::size_t>(leg);
            p[knee] = {x + side * 70, 50, along};
            // The gait runs along +X: footPlace works along +Z, so swap the axes.
            const glm::dvec3 foot = footPlace(t, 0.25 * (leg % 4) + 0.5 * (leg < 4 ? 0 : 1) * 0.5,
                                              0.8, 0.75, speed, {along, 0, side * 120}, 8);
            p[knee + 1] = {foot.z, foot.y + 2, foot.x};
        }
    };
    return creature;
}

// A centipede 220 long (+Z) and 40 tall that stands still: twelve segments 20 apart at Y = 30,
// each with a pair of legs reaching out (hip 5 aside), up to the knee (15 out, 10 up) and down
// to the foot, an End Site 40 below at Y = 0; no anatomical names. Its rest pose is longest
// along Z: the extent alone stood it on its tail.
inline Creature centipede() {
    Creature creature;
    int previous = -1;
    for (int segment = 0; segment < 12; ++segment) {
        const int joint = static_cast<int>(creature.nodes.size());
        creature.nodes.push_back({"j" + std::to_string(segment), previous});
        for (const char* side : {"a", "b"}) {
            const std::string leg = "l" + std::to_string(segment) + side;
            const int hip = static_cast<int>(creature.nodes.size());
            const double out = side[0] == 'a' ? 1.0 : -1.0;
            creature.nodes.push_back({leg + "1", joint});
            creature.nodes.push_back({leg + "2", hip});
            creature.nodes.push_back({"End Site", hip + 1, true, {5 * out, -40, 0}});
        }
        previous = joint;
    }
    creature.height = 40.0;
    creature.pose = [](double, std::vector<glm::dvec3>& p) {
        for (std::size_t segment = 0; segment < 12; ++segment) {
            const std::size_t joint = 7 * segment;
            p[joint] = {0, 30, 20.0 * static_cast<double>(segment)};
            for (std::size_t side = 0; side < 2; ++side) {
                const double out = side == 0 ? 1.0 : -1.0;
                const std::size_t hip = joint + 1 + 3 * side;
                p[hip] = p[joint] + glm::dvec3(5 * out, 0, 0);
                p[hip + 1] = p[hip] + glm::dvec3(15 * out, 10, 0);
            }
        }
    };
    return creature;
}

// A static root: "joint_Root" at `at` (canonical; the origin by default) that never moves,
// above the creature's root.
inline Creature withStaticRoot(Creature inner, glm::dvec3 at = glm::dvec3(0.0)) {
    Creature creature;
    creature.nodes.push_back({"joint_Root", -1});
    for (CreatureNode node : inner.nodes) {
        node.parent = node.parent < 0 ? 0 : node.parent + 1;
        creature.nodes.push_back(node);
    }
    creature.height = inner.height;
    auto innerPose = inner.pose;
    creature.pose = [innerPose, at](double t, std::vector<glm::dvec3>& p) {
        std::vector<glm::dvec3> body(p.size() - 1);
        innerPose(t, body);
        p[0] = at;
        for (std::size_t i = 0; i < body.size(); ++i) {
            p[i + 1] = body[i];
        }
    };
    return creature;
}

// The creature with its root held where it is at frame 0 (every node moved back by the root's
// travel): what a take written with rotations only below the root, or played in place, keeps.
inline Creature withStillHips(Creature inner) {
    auto innerPose = inner.pose;
    inner.pose = [innerPose](double t, std::vector<glm::dvec3>& p) {
        std::vector<glm::dvec3> first(p.size());
        innerPose(0.0, first);
        innerPose(t, p);
        const glm::dvec3 travel = p[0] - first[0];
        for (glm::dvec3& node : p) {
            node -= travel;
        }
    };
    return inner;
}

struct CreatureFileOptions {
    // Canonical (Y up, facing +Z) to file axes, a proper rotation: identity for a Y-up file.
    glm::dmat3 canonicalToFile{1.0};
    // The rest pose (OFFSETs) is the first frame turned by this; the root's rotation channels
    // undo it in every frame (a bind pose lying down that the root stands up). A rotation about
    // one axis: 'X', 'Y' or 'Z' and degrees.
    char restTurnAxis = 'X';
    double restTurnDegrees = 0.0;
    // Added to every node's file position along the file's up (a sunk or floating capture).
    glm::dvec3 fileShift{0.0};
    int frames = 120;
    double framesPerSecond = 30.0;
};

inline glm::dmat3 axisRotation(char axis, double degrees) {
    const glm::dvec3 vector = axis == 'X'   ? glm::dvec3(1, 0, 0)
                              : axis == 'Y' ? glm::dvec3(0, 1, 0)
                                            : glm::dvec3(0, 0, 1);
    return glm::dmat3(glm::rotate(glm::dmat4(1.0), glm::radians(degrees), vector));
}

// The BVH text of a creature, and the file positions of its nodes per frame.
struct CreatureFile {
    std::string text;
    std::vector<std::vector<glm::dvec3>> positions; // file axes, per frame, per node
};

inline CreatureFile creatureFile(const Creature& creature, const CreatureFileOptions& options) {
    const std::size_t n = creature.nodes.size();
    const glm::dmat3 turn = axisRotation(options.restTurnAxis, options.restTurnDegrees);
    const glm::dmat3& toFile = options.canonicalToFile;
    CreatureFile file;
    for (int f = 0; f < options.frames; ++f) {
        std::vector<glm::dvec3> canonical(n, glm::dvec3(0.0));
        creature.pose(f / options.framesPerSecond, canonical);
        for (std::size_t i = 0; i < n; ++i) {
            if (creature.nodes[i].endSite) {
                canonical[i] = canonical[static_cast<std::size_t>(creature.nodes[i].parent)] +
                               creature.nodes[i].endOffset;
            }
        }
        std::vector<glm::dvec3> positions(n);
        for (std::size_t i = 0; i < n; ++i) {
            positions[i] = toFile * canonical[i] + options.fileShift;
        }
        file.positions.push_back(std::move(positions));
    }
    // Hierarchy: OFFSETs are frame 0's offsets turned by `turn`.
    std::string text = "HIERARCHY\n";
    auto fmt = [](const glm::dvec3& v) {
        char buffer[128];
        std::snprintf(buffer, sizeof buffer, "%.9g %.9g %.9g", v.x, v.y, v.z);
        return std::string(buffer);
    };
    std::vector<std::size_t> order; // depth first, as the hierarchy is written and rows read
    std::function<void(std::size_t, int)> write = [&](std::size_t i, int depth) {
        order.push_back(i);
        const std::string indent(static_cast<std::size_t>(depth), '\t');
        const CreatureNode& node = creature.nodes[i];
        const glm::dvec3 offset =
            node.parent < 0 ? glm::dvec3(0.0)
                            : turn * (file.positions[0][i] -
                                      file.positions[0][static_cast<std::size_t>(node.parent)]);
        if (node.endSite) {
            text += indent + "End Site\n" + indent + "{\n" + indent + "\tOFFSET " + fmt(offset) +
                    "\n" + indent + "}\n";
            return;
        }
        text += indent + (node.parent < 0 ? "ROOT " : "JOINT ") + node.name + "\n" + indent +
                "{\n" + indent + "\tOFFSET " + fmt(offset) + "\n" + indent +
                "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n";
        for (std::size_t c = i + 1; c < n; ++c) {
            if (creature.nodes[c].parent == static_cast<int>(i)) {
                write(c, depth + 1);
            }
        }
        text += indent + "}\n";
    };
    write(0, 0);
    // Rows: the root at its file position with the rotation undoing `turn`; every other joint's
    // translation is its offset turned into the root's frame.
    const glm::dvec3 undo = glm::dvec3(options.restTurnAxis == 'Z' ? -options.restTurnDegrees : 0,
                                       options.restTurnAxis == 'X' ? -options.restTurnDegrees : 0,
                                       options.restTurnAxis == 'Y' ? -options.restTurnDegrees : 0);
    std::vector<std::vector<double>> rows;
    for (const std::vector<glm::dvec3>& positions : file.positions) {
        std::vector<double> row;
        for (const std::size_t i : order) {
            const CreatureNode& node = creature.nodes[i];
            if (node.endSite) {
                continue;
            }
            const glm::dvec3 local =
                node.parent < 0
                    ? positions[i]
                    : turn * (positions[i] - positions[static_cast<std::size_t>(node.parent)]);
            row.insert(row.end(), {local.x, local.y, local.z});
            if (node.parent < 0) {
                row.insert(row.end(), {undo.x, undo.y, undo.z}); // Z, X, Y rotation
            } else {
                row.insert(row.end(), {0.0, 0.0, 0.0});
            }
        }
        rows.push_back(std::move(row));
    }
    text += motionSection(exactFrameTime(options.framesPerSecond), rows);
    file.text = std::move(text);
    return file;
}

// Canonical Y up to a Z-up file facing -Y (Character Studio's axes): a proper rotation.
inline glm::dmat3 yUpToZUp() {
    return glm::dmat3(glm::dvec3(1, 0, 0), glm::dvec3(0, 0, 1), glm::dvec3(0, -1, 0));
}

} // namespace bvh::test
