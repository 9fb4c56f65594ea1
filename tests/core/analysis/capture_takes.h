// Generated takes in the manner of two capture systems whose files loaded lying on their side
// (issue 25), for the stance tests and the viewer's: an OptiTrack Arena take (a T-pose in frame
// 0, the root's translation added to its OFFSET, 100 Hz, a solver's jitter) and a SlimeVR
// recording (the body hanging from the headset, every bone's IMU jitter, feet that slide with
// the head). Both in any file axes.
#pragma once

#include "tests/core/analysis/rigged_clips.h"

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace bvh::test {

// The world rotations of `rig` (Y up) turned into a file whose up is `canonicalToFile` * +Y:
// every world rotation and the root's position are turned.
inline RigPose inFileAxes(RigPose pose, const glm::dquat& canonicalToFile) {
    pose.rootPosition = canonicalToFile * pose.rootPosition;
    for (glm::dquat& rotation : pose.world) {
        rotation = canonicalToFile * rotation;
    }
    return pose;
}

// [SECTION] OptiTrack Arena

struct ArenaTake {
    int frames = 300;
    double framesPerSecond = 100.0;
    double scale = 0.01; // metres
    // Frame 0 is the T-pose at the origin (every channel 0), the rest the take.
    bool tPoseFirst = true;
    // The take's root channels hold the hips' height as well as the OFFSET does (the file then
    // floats by the hip height when the translation is read as added to the OFFSET).
    bool rootHeightInChannels = false;
    // The performer stands (sways, gestures) or walks a few steps along +Z.
    double walkSpeed = 0.0; // centimetres per second
    // Instead: the right hand rests on a rail at the side, the arm out straight and the trunk
    // still, the head nods and the left arm gestures, while the legs carry a video solver's 4
    // degrees of jitter: the steadiest extreme of the figure is the hand, not a foot.
    bool handOnRail = false;
    glm::dquat canonicalToFile{1, 0, 0, 0};
};

inline std::string arenaFile(const ArenaTake& take) {
    const Rig rig = arenaSkeleton(take.scale);
    Jitter jitter;
    std::vector<RigPose> poses;
    for (int f = 0; f < take.frames; ++f) {
        RigPose pose;
        pose.world.assign(rig.size(), glm::dquat(1, 0, 0, 0));
        if (f == 0 && take.tPoseFirst) {
            poses.push_back(inFileAxes(pose, take.canonicalToFile));
            continue;
        }
        const double t = f / take.framesPerSecond;
        const double pi = std::numbers::pi;
        // A relaxed stand: arms down, the weight moving between the feet, the head looking
        // around, a gesture with the right arm; 1 degree of solver noise on every joint.
        const double sway = std::sin(2 * pi * 0.4 * t);
        pose.rootPosition =
            glm::dvec3(3.0 * sway, -1.0 + 1.0 * std::cos(2 * pi * 0.8 * t), take.walkSpeed * t) *
            take.scale;
        if (take.rootHeightInChannels) {
            pose.rootPosition.y += 72.0 * take.scale;
        }
        auto noisy = [&](glm::dquat rotation) {
            return rotation * turn('X', jitter.next()) * turn('Y', jitter.next()) *
                   turn('Z', jitter.next());
        };
        const glm::dquat body = turn('Y', 25.0 * std::sin(2 * pi * 0.15 * t));
        for (glm::dquat& rotation : pose.world) {
            rotation = noisy(body);
        }
        pose.world[jointNamed(rig, "Head")] =
            noisy(body * turn('Y', 30.0 * std::sin(2 * pi * 0.3 * t)));
        pose.world[jointNamed(rig, "LeftUpArm")] = noisy(body * turn('Z', -78.0));
        pose.world[jointNamed(rig, "LeftLowArm")] = noisy(body * turn('Z', -85.0));
        pose.world[jointNamed(rig, "LeftHand")] = noisy(body * turn('Z', -85.0));
        const double gesture = 40.0 + 35.0 * std::sin(2 * pi * 0.5 * t);
        pose.world[jointNamed(rig, "RightUpArm")] = noisy(body * turn('Z', 78.0 - gesture));
        pose.world[jointNamed(rig, "RightLowArm")] = noisy(body * turn('Z', 85.0 - 2.0 * gesture));
        pose.world[jointNamed(rig, "RightHand")] = noisy(body * turn('Z', 85.0 - 2.0 * gesture));
        // Knees soften in turn as the weight moves; the feet stay flat.
        const double bend = 8.0 + 6.0 * sway;
        pose.world[jointNamed(rig, "LeftUpLeg")] = noisy(body * turn('X', -bend));
        pose.world[jointNamed(rig, "LeftLowLeg")] = noisy(body * turn('X', bend));
        pose.world[jointNamed(rig, "RightUpLeg")] = noisy(body * turn('X', -16.0 + bend));
        pose.world[jointNamed(rig, "RightLowLeg")] = noisy(body * turn('X', 16.0 - bend));
        if (take.handOnRail) {
            pose.rootPosition = glm::dvec3(0.0);
            for (glm::dquat& rotation : pose.world) {
                rotation = glm::dquat(1, 0, 0, 0); // the trunk, the right arm on the rail
            }
            pose.world[jointNamed(rig, "Head")] = turn('X', 25.0 * std::sin(2 * pi * t));
            pose.world[jointNamed(rig, "LeftUpArm")] = turn('Z', -60.0 - gesture);
            pose.world[jointNamed(rig, "LeftLowArm")] = turn('Z', -60.0 - gesture);
            for (const char* leg : {"LeftUpLeg", "LeftLowLeg", "LeftFoot", "RightUpLeg",
                                    "RightLowLeg", "RightFoot"}) {
                pose.world[jointNamed(rig, leg)] =
                    turn('X', 4.0 * jitter.next()) * turn('Z', 4.0 * jitter.next());
            }
        }
        poses.push_back(inFileAxes(pose, take.canonicalToFile));
    }
    return rigFile(rig, take.framesPerSecond, poses);
}

// [SECTION] A body hanging from the headset (SlimeVR)

struct VrTake {
    int frames = 600;
    double framesPerSecond = 50.0;
    std::vector<std::string> names = slimeVrNames();
    glm::dquat canonicalToFile{1, 0, 0, 0};
    double imuNoiseDegrees = 2.0;
    // The hands hold controllers still at the sides (optically tracked: no IMU noise).
    bool controllersStill = false;
    // The body turns and leans with the head (false: only the head moves).
    bool bodyMoves = true;
};

// A VR user standing in place: the head looks around and nods, the body leans and turns a
// little with it, the hands hold controllers in front and move; the legs hang from the hips
// with soft knees. Every bone's world rotation carries the IMU's noise, so the feet, at the end
// of the longest chain from the headset, jitter the most; nothing plants them.
inline std::string vrFile(const VrTake& take) {
    const Rig rig = headRootedSkeleton(take.names);
    Jitter jitter;
    std::vector<RigPose> poses;
    const double pi = std::numbers::pi;
    for (int f = 0; f < take.frames; ++f) {
        const double t = f / take.framesPerSecond;
        RigPose pose;
        pose.world.assign(rig.size(), glm::dquat(1, 0, 0, 0));
        auto noisy = [&](glm::dquat rotation) {
            const double n = take.imuNoiseDegrees;
            return rotation * turn('X', n * jitter.next()) * turn('Y', n * jitter.next()) *
                   turn('Z', n * jitter.next());
        };
        const glm::dquat look = turn('Y', 60.0 * std::sin(2 * pi * 0.2 * t)) *
                                turn('X', 15.0 * std::sin(2 * pi * 0.45 * t));
        const double bodyShare = take.bodyMoves ? 1.0 : 0.0;
        const glm::dquat body = turn('Y', bodyShare * 20.0 * std::sin(2 * pi * 0.2 * t)) *
                                turn('X', bodyShare * 4.0 * std::sin(2 * pi * 0.3 * t));
        pose.rootPosition = glm::dvec3(0.04 * std::sin(2 * pi * 0.13 * t),
                                       1.79 + 0.015 * std::sin(2 * pi * 0.45 * t),
                                       0.03 * std::cos(2 * pi * 0.09 * t));
        pose.world[0] = noisy(look);
        pose.world[1] = noisy(look);
        for (std::size_t i = 2; i < rig.size(); ++i) {
            pose.world[i] = noisy(body);
        }
        const std::size_t leftHip = jointNamed(rig, take.names[6]);
        const std::size_t rightHip = jointNamed(rig, take.names[10]);
        pose.world[leftHip] = noisy(body * turn('Z', 90.0));
        pose.world[rightHip] = noisy(body * turn('Z', -90.0));
        for (const std::size_t thigh : {leftHip + 1, rightHip + 1}) {
            pose.world[thigh] = noisy(body * turn('X', -6.0));
            pose.world[thigh + 1] = noisy(body * turn('X', 6.0));
            pose.world[thigh + 2] = noisy(body * turn('X', -90.0)); // the foot points forward
        }
        const std::size_t leftShoulder = jointNamed(rig, take.names[14]);
        const std::size_t rightShoulder = jointNamed(rig, take.names[18]);
        pose.world[leftShoulder] = noisy(body * turn('Z', 90.0));
        pose.world[rightShoulder] = noisy(body * turn('Z', -90.0));
        for (const std::size_t shoulder : {leftShoulder, rightShoulder}) {
            if (take.controllersStill) {
                const double side = shoulder == leftShoulder ? 1.0 : -1.0;
                for (std::size_t bone = 1; bone <= 3; ++bone) {
                    pose.world[shoulder + bone] = turn('Z', side * 35.0);
                }
                continue;
            }
            const double reach = 30.0 * std::sin(2 * pi * 0.35 * t + (shoulder == leftShoulder));
            pose.world[shoulder + 1] = noisy(body * turn('X', -40.0 - reach));
            pose.world[shoulder + 2] = noisy(body * turn('X', -90.0 - reach));
            pose.world[shoulder + 3] = noisy(body * turn('X', -90.0 - reach));
        }
        poses.push_back(inFileAxes(pose, take.canonicalToFile));
    }
    return rigFile(rig, take.framesPerSecond, poses);
}

} // namespace bvh::test
