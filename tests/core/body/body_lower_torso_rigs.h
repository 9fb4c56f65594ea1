// The bipeds the lower torso's tests probe (belly and waist): the generated upright rigs and
// the LAFAN1-like and Bandai-like walks, whose rest poses lie along -X and +X, bound in the frame
// the motion agrees with (chooseBodyBindPose) as every user of the body binds them.
#pragma once

#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/body/body_bind_pose.h"
#include "core/body/body_figure.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"

#include <string>
#include <vector>

namespace bvh::test {

struct LowerTorsoRig {
    std::string name;
    std::string text;
    // The upper arms' roots (left, right) and the thighs' roots (left, right).
    std::string leftArm, rightArm, leftThigh, rightThigh;
};

inline std::vector<LowerTorsoRig> lowerTorsoRigs() {
    const std::string m = "mixamorig:";
    return {
        {"Mixamo", mixamoBipedText(), m + "LeftArm", m + "RightArm", m + "LeftUpLeg",
         m + "RightUpLeg"},
        {"MakeHuman", shortSpineBiped().text(), "upperarm01.L", "upperarm01.R", "upperleg01.L",
         "upperleg01.R"},
        {"CMU", cmuLikeBiped().text(), "LeftArm", "RightArm", "LeftUpLeg", "RightUpLeg"},
        {"LAFAN-like", lyingBipedWalkText(61, {"", false, -1}), "LeftArm", "RightArm", "LeftUpLeg",
         "RightUpLeg"},
        {"Bandai-like", lyingBipedWalkText(61), m + "LeftArm", m + "RightArm", m + "LeftUpLeg",
         m + "RightUpLeg"},
    };
}

// The options that make the rig's body figure in the pose its animation agrees with (the rest
// pose, or for a lying rest pose the frame closest to its shape), as the viewer and `render`
// make it.
inline BodyOptions lowerTorsoBindOptions(const std::string& text) {
    const Document document = parseDocument(text);
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    const TranslationMode translation =
        resolveTranslationMode(TranslationMode::Auto, skeleton, motion);
    const RestAnimationAgreement agreement =
        compareRestWithAnimation(skeleton, motion, translation, analyzeRestPose(skeleton));
    BodyOptions options;
    options.bindWorld = chooseBodyBindPose(skeleton, motion, translation, agreement).world;
    return options;
}

} // namespace bvh::test
