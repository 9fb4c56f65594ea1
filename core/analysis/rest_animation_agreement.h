// Do the OFFSET rest pose and the animation agree about which way is up and about the unit?
//
// analyzeRestPose() guesses the up axis and unit from the OFFSETs alone. Files exist where the
// animation says otherwise: a rest pose lying along -X that the root's rotation stands up in +Y
// in every frame (Rokoko's Mixamo preset), a Z-up rest pose animated Y-up, OFFSETs in
// centimetres with root positions in metres. The viewer then shows a figure lying down, or
// sunk through the floor, and the user should hear why.
//
// [SECTION] Up axis
// Over up to `maxFrames` evenly spaced frames: with head and foot joints (findBodyLandmarks),
// the direction from the feet's mean to the heads' mean; without them, the rest pose's up
// direction carried by the first root's animated rotation. The unit directions are averaged; the
// mean's nearest axis is the animation's up and its length the consistency (1: every frame
// agrees). They disagree when the consistency is at least 0.5, the mean is more than 45 degrees
// from the rest pose's up axis, and the floor agrees: along the animation's axis the figure's
// lowest point (per frame) must vary less than half as much over the clip as along the rest
// pose's. Along the true up axis the lowest point stays on the ground; along a horizontal one it
// wanders as the performer travels and turns. This keeps a performer who lies down for a whole
// clip (push-ups, a crawl: feet to head horizontal in every frame) from being stood up; a still
// clip, whose floor is steady along every axis, never disagrees.
//
// [SECTION] Scale
// The rest pose's root height (the first root above the lowest node, about the leg length) is
// compared with the animated root's height along the animation's up axis (its median over the
// sampled frames; the file's ground is normally at 0). When 80 % of the frames lie within +-50 %
// of that median (a standing or walking figure, not one whose root hovers around 0) and the
// ratio is within 25 % of 1000, 100, 10, 2.54, 1/100 or 1/1000, the position channels and the
// OFFSETs look like different units. 1/10 and 1/2.54 are left out on purpose: a figure lying or
// crouching has its root that low.
//
// Pure; never throws or prints.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <optional>
#include <string>
#include <vector>

namespace bvh {

enum class AnimationUpEvidence : std::uint8_t { HeadAndFeet, RootOrientation };

struct RestAnimationAgreement {
    bool measured = false; // false without frames (or without nodes)
    std::size_t framesSampled = 0;

    AnimationUpEvidence upEvidence = AnimationUpEvidence::HeadAndFeet;
    glm::dvec3 meanUpDirection{0.0}; // file axes; its length is upConsistency
    double upConsistency = 0.0;      // 0..1
    UpAxis animationUp = UpAxis::PositiveY;
    bool upDisagrees = false;
    // How much the figure's lowest point moves over the clip (90th - 10th percentile, file
    // units) along the rest pose's up axis and along the animation's.
    double restFloorSpread = 0.0;
    double animationFloorSpread = 0.0;

    double restRootHeight = 0.0;      // file units (RestPoseAnalysis::rootHeight)
    double animationRootHeight = 0.0; // median, along the animation's up axis, file units
    // When the units disagree: the unit ratio the animated root height is of the rest one
    // (100: the root stands 100 times higher than the legs are long, position channels in
    // centimetres against OFFSETs in metres; 0.01 the reverse).
    std::optional<double> scaleFactor;
    bool scaleDisagrees() const { return scaleFactor.has_value(); }

    // One sentence per disagreement, with the numbers; empty when they agree.
    std::vector<std::string> messages;
    bool disagrees() const { return upDisagrees || scaleDisagrees(); }
};

RestAnimationAgreement compareRestWithAnimation(const Skeleton& skeleton, const Motion& motion,
                                                TranslationMode translation,
                                                const RestPoseAnalysis& rest,
                                                std::size_t maxFrames = 240);

} // namespace bvh
