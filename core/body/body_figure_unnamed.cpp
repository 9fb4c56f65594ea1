// Figures whose joints name no parts: a quadruped's head, neck and tail found from its barrel, and
// the shell of a many-legged body.
#include "core/body/body_figure_builder.h"
#include "core/body/body_girdles.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

namespace bvh::body_figure_detail {

void FigureBuilder::findUnnamedHead() {
    boneRole.assign(points.size(), BoneRole::Unknown);
    chainBone.assign(points.size(), glm::vec2(0.0f));
    const bool named = std::any_of(roles.begin(), roles.end(),
                                   [](BoneRole role) { return role != BoneRole::Unknown; });
    for (std::size_t end = 0; end < points.size() && !named; ++end) {
        const NodeIndex from = skeleton.parents[end];
        const bool barrelEnd = from != kNoParent && hasBone[end] != 0 &&
                               leafCount[end] >= kUnknownBarrelLeaves &&
                               skeleton.parents[static_cast<std::size_t>(from)] == kNoParent;
        for (std::size_t c = end + 1; barrelEnd && c < points.size(); ++c) {
            if (skeleton.parents[c] == static_cast<NodeIndex>(end) && hasBone[c] != 0 &&
                leafCount[c] == 1.0f) {
                markNeckChain(c);
            }
        }
        if (barrelEnd && topologyHead != kNoParent) {
            sizeFromBarrel(end);
            break; // one barrel, one neck
        }
    }
}

std::vector<std::size_t> FigureBuilder::chainFrom(std::size_t first) const {
    std::vector<std::size_t> chain{static_cast<std::size_t>(skeleton.parents[first]), first};
    while (longestChild[chain.back()] != kNoParent) {
        chain.push_back(static_cast<std::size_t>(longestChild[chain.back()]));
    }
    return chain;
}

void FigureBuilder::taperChain(std::span<const std::size_t> chain, std::size_t last, float start,
                               float end) {
    float run = 0.0f;
    for (std::size_t k = 1; k <= last; ++k) {
        run += boneLength(chain[k]);
    }
    float along = 0.0f;
    float before = start;
    for (std::size_t k = 1; k <= last; ++k) {
        along += boneLength(chain[k]);
        const float after = run > 0.0f ? start + (end - start) * (along / run) : start;
        chainBone[chain[k]] = glm::vec2(before, after);
        before = after;
    }
}

void FigureBuilder::sizeFromBarrel(std::size_t barrelEnd) {
    const float barrel = startRadius(BoneRole::Unknown, boneLength(barrelEnd), barrelEnd);
    const auto head = static_cast<std::size_t>(topologyHead);
    for (std::size_t c = barrelEnd + 1; c < points.size(); ++c) {
        if (skeleton.parents[c] != static_cast<NodeIndex>(barrelEnd) || leafCount[c] != 1.0f) {
            continue;
        }
        const std::vector<std::size_t> chain = chainFrom(c);
        const auto at = std::find(chain.begin(), chain.end(), head);
        if (at != chain.end()) {
            taperChain(chain, static_cast<std::size_t>(at - chain.begin()), kNeckPerBarrel * barrel,
                       kNeckAtHeadPerBarrel * barrel);
        }
    }
    const auto root = static_cast<std::size_t>(skeleton.parents[barrelEnd]);
    for (std::size_t c = root + 1; c < points.size(); ++c) {
        if (skeleton.parents[c] != static_cast<NodeIndex>(root) || hasBone[c] == 0 ||
            leafCount[c] != 1.0f) {
            continue;
        }
        const std::vector<std::size_t> chain = chainFrom(c);
        if (glm::dot(points[chain.back()], up) - lowest >= kOffTheGround) {
            taperChain(chain, chain.size() - 1, kTailPerBarrel * barrel,
                       kTailTipPerBarrel * barrel);
        }
    }
}

void FigureBuilder::markNeckChain(std::size_t first) {
    std::vector<std::size_t> chain{first};
    while (longestChild[chain.back()] != kNoParent) {
        chain.push_back(static_cast<std::size_t>(longestChild[chain.back()]));
    }
    if (chain.size() < 3 || glm::dot(points[chain.back()], up) - lowest < kOffTheGround) {
        return; // a leg, or a neck with no head on it
    }
    for (std::size_t k = 0; k + 1 < chain.size(); ++k) {
        boneRole[chain[k]] = BoneRole::Neck;
    }
    boneRole[chain.back()] = BoneRole::Tail;
    topologyHead = static_cast<NodeIndex>(chain[chain.size() - 2]);
}

void FigureBuilder::addTopologyHead() {
    if (topologyHead == kNoParent) {
        return;
    }
    const auto head = static_cast<std::size_t>(topologyHead);
    const glm::vec3 neck = points[head] - points[static_cast<std::size_t>(skeleton.parents[head])];
    const glm::vec3 direction = glm::normalize(neck);
    const float length = kHeadPerBarrel * kUnknownBarrelRadius * capScale;
    const glm::vec3 side = anyPerpendicular(direction);
    const glm::mat3 axes = glm::transpose(glm::mat3(direction, side, glm::cross(direction, side)));
    BodyVolume skull = makeEllipsoid(points[head] + direction * (0.25f * length), axes,
                                     glm::vec3(0.55f, 0.45f, 0.45f) * length);
    skull.blend = 0.2f * length;
    attach(skull, head, head);
    skull.radiusNode = topologyHead;
    figure.volumes.push_back(skull);
}

void FigureBuilder::findLegHubs() {
    std::vector<std::uint32_t> legs(points.size(), 0);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent && hasBone[i] != 0 && isLegRole(roles[i])) {
            ++legs[static_cast<std::size_t>(parent)];
        }
    }
    legHub.assign(points.size(), 0);
    hubLegLength.assign(points.size(), 0.0f);
    for (std::size_t i = 0; i < points.size(); ++i) {
        legHub[i] = legs[i] >= kManyLegs ? 1 : 0;
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent && hasBone[i] != 0 && isLegRole(roles[i])) {
            const auto hub = static_cast<std::size_t>(parent);
            hubLegLength[hub] += boneLength(i) / static_cast<float>(legs[hub]);
        }
    }
}

void FigureBuilder::addShell(std::size_t hub) {
    std::vector<glm::vec3> legJoints;
    for (std::size_t i = hub + 1; i < points.size(); ++i) {
        if (skeleton.parents[i] == static_cast<NodeIndex>(hub) && hasBone[i] != 0 &&
            isLegRole(roles[i])) {
            legJoints.push_back(points[i]);
        }
    }
    BodyVolume shell = makeShell(points[hub], legJoints, up);
    attach(shell, hub, hub);
    shell.radiusNode = static_cast<NodeIndex>(hub);
    figure.volumes.push_back(shell);
}

} // namespace bvh::body_figure_detail
