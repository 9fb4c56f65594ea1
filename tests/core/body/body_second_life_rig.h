// The full Second Life Bento skeleton (avatar_skeleton.xml's 133 bones: the classic 19, the
// spine's folded helpers, fingers, 50-odd face joints, wings, a tail and a second pair of legs),
// written as BVH files of it are: Y up, facing +Z, left +X, in centimetres (or inches), the
// classic bones' names. Offsets from the skeleton file (SL axes: X forward, Y left, Z up,
// metres), face and fingers to the millimetre.
#pragma once

#include "tests/core/body/body_rig_walk.h"
#include "tests/core/body/body_test_skeletons.h"

#include <cmath>
#include <string>

namespace bvh::test {

struct BentoJoint {
    const char* name;
    const char* parent; // nullptr: the root
    double x, y, z;     // SL axes, metres
};

// Left-side joints are mirrored into "...Right" ones (y negated) by secondLifeBento().
inline constexpr BentoJoint kBentoJoints[] = {
    {"mPelvis", nullptr, 0.0, 0.0, 1.067},
    {"mSpine1", "mPelvis", 0.0, 0.0, 0.084},
    {"mSpine2", "mSpine1", 0.0, 0.0, -0.084},
    {"mTorso", "mSpine2", 0.0, 0.0, 0.084},
    {"mSpine3", "mTorso", -0.015, 0.0, 0.205},
    {"mSpine4", "mSpine3", 0.015, 0.0, -0.205},
    {"mChest", "mSpine4", -0.015, 0.0, 0.205},
    {"mNeck", "mChest", -0.010, 0.0, 0.251},
    {"mHead", "mNeck", 0.0, 0.0, 0.076},
    {"mSkull", "mHead", 0.0, 0.0, 0.079},
    {"mEyeLeft", "mHead", 0.098, 0.036, 0.079},
    {"mFaceRoot", "mHead", 0.025, 0.0, 0.045},
    {"mFaceEyeAltLeft", "mFaceRoot", 0.073, 0.036, 0.034},
    {"mFaceForeheadLeft", "mFaceRoot", 0.061, 0.035, 0.083},
    {"mFaceForeheadCenter", "mFaceRoot", 0.069, 0.0, 0.065},
    {"mFaceEyebrowOuterLeft", "mFaceRoot", 0.064, 0.051, 0.048},
    {"mFaceEyebrowCenterLeft", "mFaceRoot", 0.070, 0.043, 0.056},
    {"mFaceEyebrowInnerLeft", "mFaceRoot", 0.075, 0.022, 0.051},
    {"mFaceEyeLidUpperLeft", "mFaceRoot", 0.073, 0.036, 0.034},
    {"mFaceEyeLidLowerLeft", "mFaceRoot", 0.073, 0.036, 0.034},
    {"mFaceEyecornerInnerLeft", "mFaceRoot", 0.075, 0.017, 0.032},
    {"mFaceEar1Left", "mFaceRoot", 0.0, 0.080, 0.002},
    {"mFaceEar2Left", "mFaceEar1Left", -0.019, 0.018, 0.025},
    {"mFaceNoseLeft", "mFaceRoot", 0.086, 0.015, -0.004},
    {"mFaceNoseCenter", "mFaceRoot", 0.102, 0.0, 0.0},
    {"mFaceNoseBase", "mFaceRoot", 0.094, 0.0, -0.016},
    {"mFaceNoseBridge", "mFaceRoot", 0.091, 0.0, 0.020},
    {"mFaceCheekLowerLeft", "mFaceRoot", 0.050, 0.034, -0.031},
    {"mFaceCheekUpperLeft", "mFaceRoot", 0.070, 0.034, -0.005},
    {"mFaceJaw", "mFaceRoot", -0.001, 0.0, -0.015},
    {"mFaceChin", "mFaceJaw", 0.074, 0.0, -0.054},
    {"mFaceTeethLower", "mFaceJaw", 0.021, 0.0, -0.039},
    {"mFaceLipLowerLeft", "mFaceTeethLower", 0.045, 0.010, 0.0},
    {"mFaceLipLowerCenter", "mFaceTeethLower", 0.045, 0.0, 0.0},
    {"mFaceTongueBase", "mFaceTeethLower", 0.039, 0.0, 0.005},
    {"mFaceTongueTip", "mFaceTongueBase", 0.022, 0.0, 0.007},
    {"mFaceJawShaper", "mFaceRoot", 0.0, 0.0, 0.0},
    {"mFaceTeethUpper", "mFaceRoot", 0.020, 0.0, -0.030},
    {"mFaceLipUpperLeft", "mFaceTeethUpper", 0.045, 0.010, -0.003},
    {"mFaceLipUpperCenter", "mFaceTeethUpper", 0.045, 0.0, -0.003},
    {"mFaceLipCornerLeft", "mFaceTeethUpper", 0.028, 0.019, -0.010},
    {"mCollarLeft", "mChest", -0.021, 0.085, 0.165},
    {"mShoulderLeft", "mCollarLeft", 0.0, 0.079, 0.0},
    {"mElbowLeft", "mShoulderLeft", 0.0, 0.248, 0.0},
    {"mWristLeft", "mElbowLeft", 0.0, 0.205, 0.0},
    {"mHandMiddle1Left", "mWristLeft", 0.013, 0.101, 0.015},
    {"mHandMiddle2Left", "mHandMiddle1Left", -0.001, 0.040, -0.006},
    {"mHandMiddle3Left", "mHandMiddle2Left", -0.001, 0.049, -0.008},
    {"mHandIndex1Left", "mWristLeft", 0.038, 0.097, 0.015},
    {"mHandIndex2Left", "mHandIndex1Left", 0.017, 0.036, -0.006},
    {"mHandIndex3Left", "mHandIndex2Left", 0.014, 0.032, -0.006},
    {"mHandRing1Left", "mWristLeft", -0.010, 0.099, 0.009},
    {"mHandRing2Left", "mHandRing1Left", -0.013, 0.038, -0.008},
    {"mHandRing3Left", "mHandRing2Left", -0.013, 0.040, -0.009},
    {"mHandPinky1Left", "mWristLeft", -0.031, 0.095, 0.003},
    {"mHandPinky2Left", "mHandPinky1Left", -0.024, 0.025, -0.006},
    {"mHandPinky3Left", "mHandPinky2Left", -0.015, 0.018, -0.004},
    {"mHandThumb1Left", "mWristLeft", 0.031, 0.026, 0.004},
    {"mHandThumb2Left", "mHandThumb1Left", 0.028, 0.032, -0.001},
    {"mHandThumb3Left", "mHandThumb2Left", 0.023, 0.031, -0.001},
    {"mWingsRoot", "mChest", -0.014, 0.0, 0.0},
    {"mWing1Left", "mWingsRoot", -0.099, 0.105, 0.181},
    {"mWing2Left", "mWing1Left", -0.168, 0.169, 0.067},
    {"mWing3Left", "mWing2Left", -0.181, 0.183, 0.0},
    {"mWing4Left", "mWing3Left", -0.171, 0.173, 0.0},
    {"mWing4FanLeft", "mWing3Left", -0.171, 0.173, 0.0},
    {"mHipLeft", "mPelvis", 0.034, 0.127, -0.041},
    {"mKneeLeft", "mHipLeft", -0.001, -0.046, -0.491},
    {"mAnkleLeft", "mKneeLeft", -0.029, 0.001, -0.468},
    {"mFootLeft", "mAnkleLeft", 0.112, 0.0, -0.061},
    {"mToeLeft", "mFootLeft", 0.109, 0.0, 0.0},
    {"mTail1", "mPelvis", -0.116, 0.0, 0.047},
    {"mTail2", "mTail1", -0.197, 0.0, 0.0},
    {"mTail3", "mTail2", -0.168, 0.0, 0.0},
    {"mTail4", "mTail3", -0.142, 0.0, 0.0},
    {"mTail5", "mTail4", -0.112, 0.0, 0.0},
    {"mTail6", "mTail5", -0.094, 0.0, 0.0},
    {"mGroin", "mPelvis", 0.064, 0.0, -0.097},
    {"mHindLimbsRoot", "mPelvis", -0.200, 0.0, 0.084},
    {"mHindLimb1Left", "mHindLimbsRoot", -0.204, 0.129, -0.125},
    {"mHindLimb2Left", "mHindLimb1Left", 0.002, -0.046, -0.491},
    {"mHindLimb3Left", "mHindLimb2Left", -0.030, -0.003, -0.468},
    {"mHindLimb4Left", "mHindLimb3Left", 0.112, 0.0, -0.061},
};

// The 133-joint Bento skeleton, its leaves without End Sites, `unit` file units to the metre:
// 100 for centimetres, 39.37 for inches.
inline BvhTextBuilder secondLifeBento(double unit = 100.0) {
    BvhTextBuilder b;
    const auto bvhOffset = [unit](double x, double y, double z) {
        return glm::dvec3(y, z, x) * unit;
    };
    const auto mirrored = [](std::string name) {
        const std::size_t at = name.rfind("Left");
        return at == std::string::npos ? name : name.replace(at, 4, "Right");
    };
    for (int sideIndex = 0; sideIndex < 2; ++sideIndex) {
        for (const BentoJoint& joint : kBentoJoints) {
            const bool sided = mirrored(joint.name) != joint.name;
            if (sideIndex == 1 && !sided) {
                continue;
            }
            const double y = sideIndex == 1 ? -joint.y : joint.y;
            const std::string name = sideIndex == 1 ? mirrored(joint.name) : joint.name;
            const std::string parent =
                joint.parent == nullptr ? ""
                                        : (sideIndex == 1 ? mirrored(joint.parent) : joint.parent);
            b.add(name, parent.empty() ? -1 : b.indexOf(parent), bvhOffset(joint.x, y, joint.z));
        }
    }
    return b;
}

// The walk's joints on Bento's classic bones, starting a metre back and travelling three, in
// `unit` file units to the metre.
inline WalkJoints secondLifeBentoWalkJoints(double unit) {
    WalkJoints walk;
    walk.hips = "mPelvis";
    walk.spine = "mChest";
    for (int s = 0; s < 2; ++s) {
        const std::string side = s == 0 ? "Left" : "Right";
        walk.upperArm[s] = "mShoulder" + side;
        walk.forearm[s] = "mElbow" + side;
        walk.thigh[s] = "mHip" + side;
        walk.shin[s] = "mKnee" + side;
    }
    walk.rootStart = glm::dvec3(0.0, 1.067 * unit, -unit);
    walk.travel = 3.0 * unit;
    return walk;
}

// secondLifeBento with an End Site on every leaf and a walk of `frames` frames on its classic
// bones. `helpersTurn`: the spine's folded helpers (mSpine1, mSpine2, mSpine3, mSpine4) bend
// and unbend as exporters that fill them write, rather than stay still.
inline std::string secondLifeBentoWalkText(int frames = 61, double unit = 100.0,
                                           bool helpersTurn = true) {
    BvhTextBuilder b = secondLifeBento(unit);
    b.addEndSitesOnLeaves(2.0 * unit / 100.0);
    const WalkJoints walk = secondLifeBentoWalkJoints(unit);
    std::vector<ExtraTurn> extra;
    if (helpersTurn) {
        const auto bendForward = [](double t) {
            return glm::dvec3(0.0, 12.0 * std::sin(6.283185307 * t), 0.0);
        };
        const auto bendBack = [](double t) {
            return glm::dvec3(0.0, -12.0 * std::sin(6.283185307 * t), 4.0);
        };
        extra = {{b.indexOf("mSpine1"), bendForward},
                 {b.indexOf("mSpine2"), bendBack},
                 {b.indexOf("mSpine3"), bendForward},
                 {b.indexOf("mSpine4"), bendBack}};
    }
    return b.text(walkFrames(b, walk, frames, extra));
}

// secondLifeBentoWalkText's walk with its wings flapping: each wing's first bone turns about the
// figure's front axis from 60 degrees up to 60 down and back (up at the first and last frames,
// down at the middle one), its second bone curling 30 degrees with it and its third sweeping 20
// degrees back and forth about up.
inline std::string secondLifeBentoFlapText(int frames = 61, double unit = 100.0) {
    BvhTextBuilder b = secondLifeBento(unit);
    b.addEndSitesOnLeaves(2.0 * unit / 100.0);
    const WalkJoints walk = secondLifeBentoWalkJoints(unit);
    std::vector<ExtraTurn> extra;
    for (int s = 0; s < 2; ++s) {
        const std::string side = s == 0 ? "Left" : "Right";
        // BVH's Z is the figure's front: a turn about it lifts the left wing (+X) and, negated,
        // the right one.
        const double sign = s == 0 ? 1.0 : -1.0;
        const auto stroke = [](double t) { return std::cos(6.283185307 * t); };
        extra.push_back({b.indexOf("mWing1" + side), [=](double t) {
                             return zxyDegreesAbout({0.0, 0.0, 1.0}, sign * 60.0 * stroke(t));
                         }});
        extra.push_back({b.indexOf("mWing2" + side), [=](double t) {
                             return zxyDegreesAbout({0.0, 0.0, 1.0}, sign * 30.0 * stroke(t));
                         }});
        extra.push_back({b.indexOf("mWing3" + side), [=](double t) {
                             return zxyDegreesAbout({0.0, 1.0, 0.0}, sign * 20.0 * stroke(t));
                         }});
    }
    return b.text(walkFrames(b, walk, frames, extra));
}

} // namespace bvh::test
