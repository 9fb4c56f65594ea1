// The ends of limbs whose bones alone do not shape them: a palm where fingers fan out, a sole
// forward of an ankle.
#include "core/body/body_figure_builder.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <string>

namespace bvh::body_figure_detail {

void FigureBuilder::addPalm(std::size_t hand) {
    glm::vec3 knuckles(0.0f);
    std::vector<glm::vec3> roots;
    std::vector<std::size_t> rootNodes;
    std::optional<glm::vec3> thumb;
    for (std::size_t i = hand + 1; i < points.size(); ++i) {
        if (skeleton.parents[i] != static_cast<NodeIndex>(hand) || hasBone[i] == 0) {
            continue;
        }
        if (roleFromName(skeleton.names[i]) == BoneRole::Finger &&
            skeleton.names[i].find("humb") != std::string::npos) {
            thumb = points[i];
            continue;
        }
        // A palm bone (MakeHuman's metacarpal) starts at the wrist: its finger's root, where
        // the bone ends, is the knuckle.
        const bool palmBone =
            roleFromName(skeleton.names[i]) == BoneRole::Hand && longestChild[i] != kNoParent;
        const std::size_t knuckle = palmBone ? static_cast<std::size_t>(longestChild[i]) : i;
        roots.push_back(points[knuckle]);
        rootNodes.push_back(knuckle);
        knuckles += points[knuckle];
    }
    if (roots.size() < 2) {
        return; // no fan of fingers: the hand bone's cone is the hand
    }
    knuckles /= static_cast<float>(roots.size());
    const glm::vec3 reach = knuckles - points[hand];
    const float length = glm::length(reach);
    if (!(length > static_cast<float>(kZeroLength))) {
        return;
    }
    const glm::vec3 forward = reach / length;
    float spread = 0.0f;
    glm::vec3 across = anyPerpendicular(forward);
    for (const glm::vec3& a : roots) {
        for (const glm::vec3& b : roots) {
            const glm::vec3 d = b - a - forward * glm::dot(b - a, forward);
            // Knuckles at one point (MakeHuman's helper joints) give no direction across.
            if (glm::length(d) > std::max(spread, 1e-3f * length)) {
                spread = glm::length(d);
                across = glm::normalize(d);
            }
        }
    }
    if (!(spread > 0.0f) && thumb) {
        const glm::vec3 d = *thumb - points[hand];
        const glm::vec3 side = d - forward * glm::dot(d, forward);
        across = glm::length(side) > 1e-3f * length ? glm::normalize(side) : across;
    }
    const float halfLength = 0.55f * length;
    const float halfWidth = std::max(0.6f * spread, 0.35f * length);
    const float halfThickness = std::max(0.35f * halfWidth, kPalmThinnest);
    across = glm::normalize(across - forward * glm::dot(across, forward));
    const glm::vec3 thick = glm::normalize(glm::cross(forward, across));
    const glm::mat3 axes = glm::transpose(glm::mat3(forward, across, thick));
    BodyVolume palm = makeEllipsoid(points[hand] + 0.5f * reach, axes,
                                    glm::vec3(halfLength, halfWidth, halfThickness));
    palm.blend = 0.5f * halfThickness;
    palm.mass = static_cast<NodeIndex>(hand);
    attach(palm, hand, hand);
    // Picking: the palm is the volume of the bone to the middle knuckle, the farthest.
    std::size_t middle = 0;
    for (std::size_t k = 1; k < roots.size(); ++k) {
        if (glm::length(roots[k] - points[hand]) > glm::length(roots[middle] - points[hand])) {
            middle = k;
        }
    }
    palm.radiusNode = static_cast<NodeIndex>(rootNodes[middle]);
    figure.volumes.push_back(palm);
}

void FigureBuilder::addSole(std::size_t ankle) {
    if (!facing) {
        return;
    }
    // The ankle's subtree is the run of nodes after it whose parents lie within it
    // (parent-before-child, depth-first order).
    float reach = 0.0f;
    for (std::size_t i = ankle + 1; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent || static_cast<std::size_t>(parent) < ankle) {
            break;
        }
        reach = std::max(reach, glm::dot(points[i] - points[ankle], *facing));
    }
    if (reach >= kShortFoot * capScale) {
        return;
    }
    // The sole rests on the lowest joint's level (the ground in the rest pose), never below,
    // and never farther below the ankle than a foot is tall: a foot raised in the bind
    // frame (body_bind_pose.h) keeps its sole under the ankle, not a piece on the ground.
    const float heelRadius = 0.028f * capScale;
    const float toeRadius = 0.022f * capScale;
    const float height = glm::dot(points[ankle], up) - lowest;
    const float tallest = kAnkleHeight * capScale;
    const glm::vec3 heel =
        points[ankle] - up * std::clamp(height - heelRadius, 0.0f, tallest - heelRadius);
    const glm::vec3 toes = points[ankle] -
                           up * std::clamp(height - toeRadius, 0.0f, tallest - toeRadius) +
                           *facing * (kSoleLength * capScale);
    BodyVolume sole = makeRoundCone(heel, toes, heelRadius, toeRadius);
    sole.blend = 0.5f * sole.radiusB;
    attach(sole, ankle, ankle);
    figure.volumes.push_back(sole);
}

} // namespace bvh::body_figure_detail
