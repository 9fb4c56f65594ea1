// The generated bipeds the proportion tests probe, with the joints their probes are placed by:
// the upper arms', forearms', thighs' and shins' joints of the left side, and the spine from the
// hips up past the shoulder line. Every rig is Y up and faces +Z (body_test_skeletons.h).
#pragma once

#include "tests/core/body/body_test_skeletons.h"

#include <string>
#include <vector>

namespace bvh::test {

struct ProportionRig {
    std::string name;
    std::string text;
    // The left arm: shoulder (the upper arm's root), elbow, wrist; the left leg: hip (the
    // thigh's root), knee, ankle; their mirror images on the right.
    std::string shoulder, elbow, wrist, hip, knee, ankle;
    std::string rightShoulder, rightHip;
    std::vector<std::string> spine; // from the hips up past the shoulder line
};

inline std::vector<ProportionRig> proportionRigs() {
    const std::string m = "mixamorig:";
    return {
        {"Mixamo",
         mixamoBipedText(),
         m + "LeftArm",
         m + "LeftForeArm",
         m + "LeftHand",
         m + "LeftUpLeg",
         m + "LeftLeg",
         m + "LeftFoot",
         m + "RightArm",
         m + "RightUpLeg",
         {m + "Hips", m + "Spine", m + "Spine1", m + "Spine2", m + "Neck"}},
        {"MakeHuman",
         shortSpineBiped().text(),
         "upperarm01.L",
         "lowerarm01.L",
         "wrist.L",
         "upperleg01.L",
         "lowerleg01.L",
         "foot.L",
         "upperarm01.R",
         "upperleg01.R",
         {"root", "spine05", "spine04", "spine03", "spine02", "spine01", "neck01"}},
        {"CMU",
         cmuLikeBiped().text(),
         "LeftArm",
         "LeftForeArm",
         "LeftHand",
         "LeftUpLeg",
         "LeftLeg",
         "LeftFoot",
         "RightArm",
         "RightUpLeg",
         {"Hips", "Spine", "Spine1", "Neck1"}},
        {"Biovision",
         biovisionBiped().text(),
         "LeftShoulder",
         "LeftElbow",
         "LeftWrist",
         "LeftHip",
         "LeftKnee",
         "LeftAnkle",
         "RightShoulder",
         "RightHip",
         {"Hips", "Chest", "Neck"}},
        {"SecondLife",
         secondLifeBiped().text(),
         "mShoulderLeft",
         "mElbowLeft",
         "mWristLeft",
         "mHipLeft",
         "mKneeLeft",
         "mAnkleLeft",
         "mShoulderRight",
         "mHipRight",
         {"mPelvis", "mTorso", "mChest", "mNeck"}},
        {"ArmsDown",
         armsDownBiped().text(),
         "LeftArm",
         "LeftForeArm",
         "LeftHand",
         "LeftUpLeg",
         "LeftLeg",
         "LeftFoot",
         "RightArm",
         "RightUpLeg",
         {"Hips", "Spine", "Spine1", "Spine2", "Neck"}},
    };
}

} // namespace bvh::test
