// Takes whose stance is hard to sample (issue 44): a few frames spread over the clip may all
// fall in the part that misleads. On OptiTrack Arena's skeleton (rigged_clips.h), in
// centimetres, Y up, facing +Z at frame 0, any file axes (inFileAxes):
// - jumps: crouch, take off 40 cm, land, stand, every 1.5 s;
// - a crawl on hands and knees: trunk tilted forward, shins flat on the floor, arms straight down;
// - lying down on the back for the second half of the clip after standing for the first;
// - a long walk round a circle 3 m across, the body turning with it.
#pragma once

#include "tests/core/analysis/capture_takes.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace bvh::test {

enum class AwkwardKind : std::uint8_t { Jumps, Crawl, LiesDownHalfway, TurningWalk };

struct AwkwardTake {
    AwkwardKind kind = AwkwardKind::Jumps;
    int frames = 480;
    double framesPerSecond = 120.0;
    glm::dquat canonicalToFile{1, 0, 0, 0};
};

// The world rotations of the legs for a thigh swung forward by `thigh` degrees and a shin bent
// back by `knee` more, turned by `body` (a yaw).
inline void setLeg(RigPose& pose, const Rig& rig, const std::string& side, const glm::dquat& body,
                   double thigh, double knee) {
    pose.world[jointNamed(rig, side + "UpLeg")] = body * turn('X', -thigh);
    pose.world[jointNamed(rig, side + "LowLeg")] = body * turn('X', knee - thigh);
    pose.world[jointNamed(rig, side + "Foot")] = body * turn('X', knee - thigh);
}

// Both arms hanging `out` degrees from the trunk's side, swung forward by `swing`.
inline void setArms(RigPose& pose, const Rig& rig, const glm::dquat& body, double out,
                    double swing) {
    for (const char* part : {"UpArm", "LowArm", "Hand"}) {
        pose.world[jointNamed(rig, std::string("Left") + part)] =
            body * turn('X', -swing) * turn('Z', -(90.0 - out));
        pose.world[jointNamed(rig, std::string("Right") + part)] =
            body * turn('X', swing) * turn('Z', 90.0 - out);
    }
}

// [SECTION] The poses, canonical axes

inline RigPose jumpPose(const Rig& rig, double t) {
    RigPose pose;
    pose.world.assign(rig.size(), glm::dquat(1, 0, 0, 0));
    const double pi = std::numbers::pi;
    const double u = std::fmod(t, 1.5) / 1.5;
    // A crouch before take-off and after landing (knees to 50 degrees), airborne in between.
    const double crouch = u < 0.2    ? 0.0
                          : u < 0.45 ? std::sin(pi * (u - 0.2) / 0.25)
                          : u < 0.7  ? 0.0
                          : u < 0.9  ? std::sin(pi * (u - 0.7) / 0.2)
                                     : 0.0;
    const double flight = u >= 0.45 && u < 0.7 ? std::sin(pi * (u - 0.45) / 0.25) : 0.0;
    const double bend = 50.0 * crouch + 10.0 * flight;
    const double drop = 2.0 * 33.0 * (1.0 - std::cos(glm::radians(bend)));
    pose.rootPosition = glm::dvec3(0.0, 40.0 * flight - drop, 0.0);
    setLeg(pose, rig, "Left", glm::dquat(1, 0, 0, 0), bend, 2.0 * bend);
    setLeg(pose, rig, "Right", glm::dquat(1, 0, 0, 0), bend, 2.0 * bend);
    setArms(pose, rig, glm::dquat(1, 0, 0, 0), 10.0 + 60.0 * flight, -30.0 * crouch);
    return pose;
}

inline RigPose crawlPose(const Rig& rig, double t) {
    RigPose pose;
    pose.world.assign(rig.size(), glm::dquat(1, 0, 0, 0));
    const double pi = std::numbers::pi;
    const double phase = 2.0 * pi * 0.8 * t;
    // The trunk 34 degrees above horizontal: hips at knee height (33), shoulders at arm's
    // length (56) above the floor; 20 cm/s forward.
    const glm::dquat trunk = turn('X', 56.0);
    for (glm::dquat& rotation : pose.world) {
        rotation = trunk;
    }
    pose.rootPosition = glm::dvec3(0.0, 33.0 - 72.0, 20.0 * t);
    pose.world[jointNamed(rig, "Neck")] = turn('X', 20.0);
    pose.world[jointNamed(rig, "Head")] = turn('X', 10.0 * std::sin(phase));
    for (const auto& [side, sign] :
         {std::pair<std::string, double>{"Left", 1.0}, {"Right", -1.0}}) {
        const double swing = 12.0 * sign * std::sin(phase);
        pose.world[jointNamed(rig, side + "UpLeg")] = turn('X', -swing);
        pose.world[jointNamed(rig, side + "LowLeg")] = turn('X', 90.0);
        pose.world[jointNamed(rig, side + "Foot")] = turn('X', 90.0);
        for (const char* part : {"UpArm", "LowArm", "Hand"}) {
            pose.world[jointNamed(rig, side + part)] = turn('X', swing) * turn('Z', -sign * 90.0);
        }
    }
    return pose;
}

inline RigPose lyingPose(const Rig& rig, double t, double seconds) {
    RigPose pose;
    pose.world.assign(rig.size(), glm::dquat(1, 0, 0, 0));
    const double pi = std::numbers::pi;
    const double sway = std::sin(2.0 * pi * 0.4 * t);
    if (t < seconds / 2.0) { // standing, swaying, arms at the sides
        pose.rootPosition = glm::dvec3(3.0 * sway, 0.0, 0.0);
        setLeg(pose, rig, "Left", glm::dquat(1, 0, 0, 0), 8.0 + 6.0 * sway, 16.0 + 12.0 * sway);
        setLeg(pose, rig, "Right", glm::dquat(1, 0, 0, 0), 8.0 - 6.0 * sway, 16.0 - 12.0 * sway);
        setArms(pose, rig, glm::dquat(1, 0, 0, 0), 10.0, 20.0 * sway);
        return pose;
    }
    // On the back: +Y (the trunk) along -Z, the front up; hips 10 cm above the floor; a knee
    // drawn up and an arm waving in turn.
    const glm::dquat back = turn('X', -90.0);
    for (glm::dquat& rotation : pose.world) {
        rotation = back;
    }
    pose.rootPosition = glm::dvec3(0.0, 10.0 - 72.0, 0.0);
    setLeg(pose, rig, "Left", back, 30.0 + 30.0 * sway, 60.0 + 60.0 * sway);
    setArms(pose, rig, back, 40.0 + 30.0 * sway, 0.0);
    return pose;
}

inline RigPose turningWalkPose(const Rig& rig, double t) {
    RigPose pose;
    pose.world.assign(rig.size(), glm::dquat(1, 0, 0, 0));
    const double pi = std::numbers::pi;
    const double radius = 150.0;
    const double speed = 120.0; // cm/s: a turn every 7.9 s
    const double angle = speed * t / radius;
    // Starting at the origin heading +Z, curving left (towards +X).
    pose.rootPosition = glm::dvec3(radius * (1.0 - std::cos(angle)), 0.0, radius * std::sin(angle));
    const glm::dquat body = turn('Y', glm::degrees(angle));
    for (glm::dquat& rotation : pose.world) {
        rotation = body;
    }
    const double phase = 2.0 * pi * 0.9 * t;
    const double swing = 25.0 * std::sin(phase);
    setLeg(pose, rig, "Left", body, swing, 20.0 + 20.0 * std::max(0.0, std::sin(phase + 1.0)));
    setLeg(pose, rig, "Right", body, -swing, 20.0 + 20.0 * std::max(0.0, -std::sin(phase + 1.0)));
    setArms(pose, rig, body, 8.0, -swing);
    pose.rootPosition.y = -2.0 * std::abs(std::sin(phase));
    return pose;
}

inline std::string awkwardFile(const AwkwardTake& take) {
    const Rig rig = arenaSkeleton(1.0);
    std::vector<RigPose> poses;
    const double seconds = take.frames / take.framesPerSecond;
    for (int f = 0; f < take.frames; ++f) {
        const double t = f / take.framesPerSecond;
        RigPose pose;
        switch (take.kind) {
        case AwkwardKind::Jumps:
            pose = jumpPose(rig, t);
            break;
        case AwkwardKind::Crawl:
            pose = crawlPose(rig, t);
            break;
        case AwkwardKind::LiesDownHalfway:
            pose = lyingPose(rig, t, seconds);
            break;
        case AwkwardKind::TurningWalk:
            pose = turningWalkPose(rig, t);
            break;
        }
        poses.push_back(inFileAxes(pose, take.canonicalToFile));
    }
    return rigFile(rig, take.framesPerSecond, poses);
}

} // namespace bvh::test
