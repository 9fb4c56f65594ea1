#include "core/analysis/rest_animation_agreement.h"

#include "core/analysis/formatted_text.h"
#include "core/analysis/percentile.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <numbers>
#include <utility>

namespace bvh {

namespace {

std::string axisName(UpAxis axis) {
    return std::string(upAxisName(axis));
}

glm::dvec3 meanPosition(const std::vector<RigidTransform>& world,
                        const std::vector<NodeIndex>& nodes) {
    glm::dvec3 sum(0.0);
    for (const NodeIndex node : nodes) {
        sum += world[static_cast<std::size_t>(node)].translation;
    }
    return sum / double(nodes.size());
}

struct UnitRatio {
    double factor;
    const char* meaning; // what the position channels look like against the OFFSETs
};
constexpr std::array<UnitRatio, 6> kUnitRatios = {{
    {1000.0, "millimetres against metres"},
    {100.0, "centimetres against metres"},
    {10.0, "millimetres against centimetres"},
    {2.54, "centimetres against inches"},
    {0.01, "metres against centimetres"},
    {0.001, "metres against millimetres"},
}};

// The sampled frames' root positions and each frame's extremes along the file axes.
struct AgreementSamples {
    std::vector<glm::dvec3> rootPositions;
    std::vector<glm::dvec3> lowestPerAxis;  // per frame: min over nodes of +X, +Y, +Z ...
    std::vector<glm::dvec3> highestPerAxis; // ... and the max (the lowest along -X, -Y, -Z)
    glm::dvec3 upSum{0.0};                  // the sum of each frame's unit up direction
};

// Poses up to `samples` evenly spaced frames and measures each (the agreement's upEvidence
// says which up direction: feet to head, or the rest pose's up turned by the root).
AgreementSamples sampleAgreementFrames(const Skeleton& skeleton, const Motion& motion,
                                       TranslationMode translation, std::size_t samples,
                                       const BodyLandmarks& landmarks, AnimationUpEvidence evidence,
                                       const glm::dvec3& restUp) {
    AgreementSamples sampled;
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    for (std::size_t s = 0; s < samples; ++s) {
        const auto frame = static_cast<std::uint32_t>(s * motion.frameCount / samples);
        computeLocalTransforms(skeleton, motion.frame(frame), translation, local);
        computeWorldTransforms(skeleton, local, world);
        const glm::dvec3 up =
            evidence == AnimationUpEvidence::HeadAndFeet
                ? meanPosition(world, landmarks.heads) - meanPosition(world, landmarks.feet)
                : world[0].rotation * restUp;
        const double length = glm::length(up);
        if (length > 0.0) {
            sampled.upSum += up / length;
        }
        sampled.rootPositions.push_back(world[0].translation);
        glm::dvec3 lowest = world[0].translation;
        glm::dvec3 highest = world[0].translation;
        for (const RigidTransform& node : world) {
            lowest = glm::min(lowest, node.translation);
            highest = glm::max(highest, node.translation);
        }
        sampled.lowestPerAxis.push_back(lowest);
        sampled.highestPerAxis.push_back(highest);
    }
    return sampled;
}

// The floor: along the true up axis the figure's lowest point stays at the ground; along a
// horizontal one it wanders as the performer travels and turns (90th - 10th percentile).
double agreementFloorSpread(const AgreementSamples& sampled, UpAxis axis) {
    const int index = upAxisIndex(axis);
    std::vector<double> lows;
    for (std::size_t s = 0; s < sampled.lowestPerAxis.size(); ++s) {
        lows.push_back(upAxisSign(axis) > 0 ? sampled.lowestPerAxis[s][index]
                                            : -sampled.highestPerAxis[s][index]);
    }
    const double high = percentile(lows, 0.9);
    return high - percentile(std::move(lows), 0.1);
}

// [SECTION] Up axis: sets upDisagrees (with its message) from the measured mean up direction.
// A performer lying down for the whole clip (push-ups, a crawl) also points feet to head
// horizontally, so the animation's axis must have the steadier floor too.
void decideAgreementUp(RestAnimationAgreement& agreement, const AgreementSamples& sampled,
                       const RestPoseAnalysis& rest, const glm::dvec3& restUp) {
    const double cosine =
        agreement.upConsistency > 0.0
            ? glm::dot(agreement.meanUpDirection, restUp) / agreement.upConsistency
            : 1.0;
    agreement.restFloorSpread = agreementFloorSpread(sampled, rest.upAxis);
    agreement.animationFloorSpread = agreementFloorSpread(sampled, agreement.animationUp);
    agreement.upDisagrees = agreement.upConsistency >= 0.5 &&
                            cosine < std::cos(45.0 * std::numbers::pi / 180.0) &&
                            agreement.animationUp != rest.upAxis &&
                            agreement.animationFloorSpread < 0.5 * agreement.restFloorSpread;
    if (agreement.upDisagrees) {
        agreement.messages.push_back(
            formatted("The OFFSET rest pose is %s up (%s) but the animation is %s up (%s, %.0f%% "
                      "consistent over %zu frames): the root's rotation turns the figure.",
                      axisName(rest.upAxis).c_str(),
                      rest.upFromAnatomy ? "feet to head"
                      : rest.upFromFeet  ? "away from the floor its feet end on"
                                         : "its longest extent",
                      axisName(agreement.animationUp).c_str(),
                      agreement.upEvidence == AnimationUpEvidence::HeadAndFeet
                          ? "feet to head"
                          : "the rest pose's up turned by the root",
                      100.0 * agreement.upConsistency, agreement.framesSampled));
    }
}

// [SECTION] Scale: the animated root's median height along up against the legs' length; a
// steady ratio near one of kUnitRatios sets scaleFactor (with its message).
void decideAgreementScale(RestAnimationAgreement& agreement, const AgreementSamples& sampled,
                          const RestPoseAnalysis& rest) {
    const glm::dvec3 up = upAxisVector(agreement.upDisagrees ? agreement.animationUp : rest.upAxis);
    std::vector<double> heights;
    heights.reserve(sampled.rootPositions.size());
    for (const glm::dvec3& position : sampled.rootPositions) {
        heights.push_back(glm::dot(position, up));
    }
    const double height = median(heights);
    agreement.animationRootHeight = height;
    if (rest.rootHeight <= 0.0 || height <= 0.0) {
        return;
    }
    const auto steady = std::ranges::count_if(
        heights, [&](double h) { return h >= 0.5 * height && h <= 1.5 * height; });
    const double ratio = height / rest.rootHeight;
    if (double(steady) < 0.8 * double(heights.size())) {
        return;
    }
    for (const UnitRatio& candidate : kUnitRatios) {
        if (std::abs(ratio / candidate.factor - 1.0) <= 0.25) {
            agreement.scaleFactor = candidate.factor;
            agreement.messages.push_back(
                formatted("The animated root stands %.4g above the ground but the skeleton's "
                          "legs are %.4g long (x%.3g): the position channels look like %s.",
                          height, rest.rootHeight, ratio, candidate.meaning));
            break;
        }
    }
}

} // namespace

RestAnimationAgreement compareRestWithAnimation(const Skeleton& skeleton, const Motion& motion,
                                                TranslationMode translation,
                                                const RestPoseAnalysis& rest,
                                                std::size_t maxFrames) {
    RestAnimationAgreement agreement;
    const std::size_t n = skeleton.nodeCount();
    if (n == 0 || motion.frameCount == 0 || maxFrames == 0 ||
        motion.channelCount != skeleton.totalChannels() ||
        motion.values.size() != std::size_t{motion.frameCount} * motion.channelCount ||
        translation == TranslationMode::Auto) {
        return agreement;
    }
    agreement.measured = true;
    agreement.restRootHeight = rest.rootHeight;

    const BodyLandmarks landmarks = findBodyLandmarks(skeleton);
    agreement.upEvidence = landmarks.complete() ? AnimationUpEvidence::HeadAndFeet
                                                : AnimationUpEvidence::RootOrientation;
    const glm::dvec3 restUp = upAxisVector(rest.upAxis);

    const std::size_t samples = std::min<std::size_t>(motion.frameCount, maxFrames);
    const AgreementSamples sampled = sampleAgreementFrames(skeleton, motion, translation, samples,
                                                           landmarks, agreement.upEvidence, restUp);
    agreement.framesSampled = samples;
    agreement.meanUpDirection = sampled.upSum / double(samples);
    agreement.upConsistency = glm::length(agreement.meanUpDirection);
    agreement.animationUp = nearestUpAxis(agreement.meanUpDirection);
    decideAgreementUp(agreement, sampled, rest, restUp);
    decideAgreementScale(agreement, sampled, rest);
    return agreement;
}

} // namespace bvh
