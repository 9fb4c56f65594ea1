// Figures whose joints name no parts: a quadruped's head, neck and tail found from its barrel, and
// the shell of a many-legged body.
#include "core/body/body_figure_builder.h"
#include "core/body/body_girdles.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

namespace bvh::body_figure_detail {

void FigureBuilder::findUnnamedHead() {
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

void FigureBuilder::taperChain(std::span<const std::size_t> chain, std::size_t first,
                               std::size_t last, float start, float end) {
    float run = 0.0f;
    for (std::size_t k = first; k <= last; ++k) {
        run += boneLength(chain[k]);
    }
    float along = 0.0f;
    float before = start;
    for (std::size_t k = first; k <= last; ++k) {
        along += boneLength(chain[k]);
        const float after = run > 0.0f ? start + (end - start) * (along / run) : start;
        chainBone[chain[k]] = glm::vec2(before, after);
        before = after;
    }
}

std::size_t FigureBuilder::barrelEndOf(std::size_t head) const {
    std::size_t node = head;
    while (skeleton.parents[node] != kNoParent &&
           skeleton.parents[static_cast<std::size_t>(skeleton.parents[node])] != kNoParent) {
        node = static_cast<std::size_t>(skeleton.parents[node]);
    }
    return node;
}

float FigureBuilder::unnamedHeadLength() const {
    const std::size_t barrelEnd = barrelEndOf(static_cast<std::size_t>(topologyHead));
    return kHeadPerBarrelLength * boneLength(barrelEnd);
}

std::vector<std::vector<std::size_t>> FigureBuilder::barrelLegs(std::size_t barrelEnd) const {
    std::vector<std::vector<std::size_t>> legs;
    for (const auto end : {static_cast<std::size_t>(skeleton.parents[barrelEnd]), barrelEnd}) {
        for (std::size_t c = end + 1; c < points.size(); ++c) {
            if (skeleton.parents[c] != static_cast<NodeIndex>(end) || hasBone[c] == 0 ||
                leafCount[c] != 1.0f) {
                continue;
            }
            std::vector<std::size_t> chain = chainFrom(c);
            if (glm::dot(points[chain.back()], up) - lowest < kOffTheGround) {
                legs.push_back(std::move(chain));
            }
        }
    }
    return legs;
}

void FigureBuilder::sizeFromBarrel(std::size_t barrelEnd) {
    const float barrel = takeBarrel(skeleton.parents[barrelEnd], barrelEnd, boneLength(barrelEnd),
                                    barrelLegs(barrelEnd));
    boneRole[barrelEnd] = BoneRole::Inner; // addBarrel makes it
    const auto head = static_cast<std::size_t>(topologyHead);
    const float headHeight = 2.0f * kQuadrupedHeadHalfHeight * unnamedHeadLength();
    for (std::size_t c = barrelEnd + 1; c < points.size(); ++c) {
        if (skeleton.parents[c] != static_cast<NodeIndex>(barrelEnd) || leafCount[c] != 1.0f) {
            continue;
        }
        const std::vector<std::size_t> chain = chainFrom(c);
        const auto at =
            static_cast<std::size_t>(std::find(chain.begin(), chain.end(), head) - chain.begin());
        if (at < chain.size()) {
            taperChain(chain, 1, at, std::max(kNeckPerBarrel * barrel, 0.5f * headHeight),
                       kNeckAtHeadPerHeadHeight * 0.5f * headHeight);
        }
        if (at + 1 < chain.size()) {
            taperChain(chain, at + 1, chain.size() - 1, kSnoutPerHeadHeight * 0.5f * headHeight,
                       kSnoutTipPerHeadHeight * 0.5f * headHeight);
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
            taperChain(chain, 1, chain.size() - 1, kTailPerBarrel * barrel,
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
    // The head is the chain's highest joint short of its tip, its first after the neck's root
    // where two are as high: an elephant's trunk hangs below it, a horse's muzzle ahead of it.
    std::size_t head = 1;
    for (std::size_t k = 2; k + 1 < chain.size(); ++k) {
        head = glm::dot(points[chain[k]], up) > glm::dot(points[chain[head]], up) ? k : head;
    }
    for (std::size_t k = 0; k < chain.size(); ++k) {
        boneRole[chain[k]] = k <= head ? BoneRole::Neck : BoneRole::Tail;
    }
    topologyHead = static_cast<NodeIndex>(chain[head]);
}

void FigureBuilder::addTopologyHead() {
    if (topologyHead == kNoParent) {
        return;
    }
    const auto head = static_cast<std::size_t>(topologyHead);
    const glm::vec3 neck = points[head] - points[static_cast<std::size_t>(skeleton.parents[head])];
    const glm::vec3 direction = glm::normalize(neck);
    const float length = unnamedHeadLength();
    // Its height along up (as far as the neck's direction allows), its width across.
    const glm::vec3 level = up - direction * glm::dot(up, direction);
    const glm::vec3 above =
        glm::length(level) > 1e-3f ? glm::normalize(level) : anyPerpendicular(direction);
    const glm::mat3 axes =
        glm::transpose(glm::mat3(direction, above, glm::cross(direction, above)));
    BodyVolume skull =
        makeEllipsoid(points[head] + direction * (0.25f * length), axes,
                      glm::vec3(0.5f, kQuadrupedHeadHalfHeight, kQuadrupedHeadHalfWidth) * length);
    skull.blend = 0.2f * length;
    attach(skull, head, head);
    skull.radiusNode = topologyHead;
    figure.volumes.push_back(skull);
}

void FigureBuilder::addBarrel() {
    const auto root = static_cast<std::size_t>(barrelFrom);
    const auto end = static_cast<std::size_t>(barrelTo);
    const glm::vec3 axis = points[end] - points[root];
    const float length = glm::length(axis);
    const glm::vec3 along = axis / length;
    const float inset =
        std::min((1.0f - kBarrelEndPastJoint) * barrelRadius, kBarrelEndInset * length);
    BodyVolume barrel = makeRoundCone(points[root] + along * inset, points[end] - along * inset,
                                      barrelRadius, barrelRadius);
    barrel.blend = 0.6f * barrelRadius;
    attach(barrel, root, end);
    barrel.radiusNode = barrelTo;
    figure.volumes.push_back(barrel);
}

void FigureBuilder::joinLegRootsToBarrel(std::span<const std::vector<std::size_t>> legs) {
    const glm::vec3 from = points[static_cast<std::size_t>(barrelFrom)];
    const glm::vec3 to = points[static_cast<std::size_t>(barrelTo)];
    const glm::vec3 axis = to - from;
    const float length2 = glm::dot(axis, axis);
    for (const std::vector<std::size_t>& leg : legs) {
        for (std::size_t k = 1; k + 1 < leg.size(); ++k) {
            const glm::vec3 p = points[leg[k]];
            const float t = length2 > 0.0f ? glm::dot(p - from, axis) / length2 : 0.0f;
            const glm::vec3 nearest = from + axis * std::clamp(t, 0.0f, 1.0f);
            if (glm::length(p - nearest) >= barrelRadius) {
                break;
            }
            jointOf[leg[k]] = jointOf[leg[0]];
        }
    }
}

float FigureBuilder::takeBarrel(NodeIndex from, std::size_t to, float length,
                                std::span<const std::vector<std::size_t>> legs) {
    const float legLength = taperLegs(legs);
    barrelRadius = legs.empty()
                       ? startRadius(BoneRole::Unknown, boneLength(to), to)
                       : std::min(kBarrelPerLegLength * legLength, kBarrelPerBarrelLength * length);
    barrelFrom = from;
    barrelTo = static_cast<NodeIndex>(to);
    joinLegRootsToBarrel(legs);
    return barrelRadius;
}

float FigureBuilder::taperLegs(std::span<const std::vector<std::size_t>> legs) {
    float mean = 0.0f;
    for (const std::vector<std::size_t>& leg : legs) {
        const float run = chainRun(leg);
        mean += run / static_cast<float>(legs.size());
        taperChain(leg, 1, leg.size() - 1, kLegTopPerLength * run,
                   kLegFootShare * kLegTopPerLength * run);
    }
    return mean;
}

bool FigureBuilder::startsUnnamedLeg(std::size_t node) const {
    const NodeIndex parent = skeleton.parents[node];
    if (parent == kNoParent || roles[node] != BoneRole::Unknown ||
        roles[static_cast<std::size_t>(parent)] != BoneRole::Unknown || leafCount[node] != 1.0f) {
        return false;
    }
    const std::vector<std::size_t> chain = chainFrom(node);
    return glm::dot(points[chain.back()], up) - lowest < kOffTheGround;
}

void FigureBuilder::findLegHubs() {
    boneRole.assign(points.size(), BoneRole::Unknown);
    chainBone.assign(points.size(), glm::vec2(0.0f));
    legStart.assign(points.size(), 0);
    std::vector<std::uint32_t> named(points.size(), 0);
    std::vector<std::uint32_t> legs(points.size(), 0);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent || hasBone[i] == 0) {
            continue;
        }
        const bool namedLeg = isLegRole(roles[i]);
        legStart[i] = namedLeg || startsUnnamedLeg(i) ? 1 : 0;
        named[static_cast<std::size_t>(parent)] += namedLeg ? 1 : 0;
        legs[static_cast<std::size_t>(parent)] += legStart[i];
    }
    legHub.assign(points.size(), 0);
    hubLegLength.assign(points.size(), 0.0f);
    for (std::size_t i = 0; i < points.size(); ++i) {
        legHub[i] = named[i] >= kManyLegs || legs[i] >= kManyUnnamedLegs ? 1 : 0;
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent && legStart[i] != 0) {
            const auto hub = static_cast<std::size_t>(parent);
            hubLegLength[hub] += boneLength(i) / static_cast<float>(legs[hub]);
        }
    }
    for (std::size_t i = 0; i < points.size(); ++i) { // a leg of no hub is none
        const NodeIndex parent = skeleton.parents[i];
        legStart[i] = legStart[i] != 0 && parent != kNoParent &&
                      legHub[static_cast<std::size_t>(parent)] != 0;
    }
    for (std::size_t hub = 0; hub < points.size(); ++hub) {
        if (legHub[hub] != 0) {
            sizeHubLimbs(hub);
        }
    }
}

float FigureBuilder::meanLegRun(std::size_t hub) const {
    float total = 0.0f;
    std::size_t legs = 0;
    for (std::size_t c = hub + 1; c < points.size(); ++c) {
        if (skeleton.parents[c] == static_cast<NodeIndex>(hub) && legStart[c] != 0) {
            total += chainRun(chainFrom(c));
            ++legs;
        }
    }
    return legs > 0 ? total / static_cast<float>(legs) : 0.0f;
}

void FigureBuilder::sizeHubLimbs(std::size_t hub) {
    const float legTop = kManyLegTopPerLength * meanLegRun(hub);
    for (std::size_t c = hub + 1; c < points.size(); ++c) {
        if (skeleton.parents[c] != static_cast<NodeIndex>(hub) || hasBone[c] == 0) {
            continue;
        }
        const std::vector<std::size_t> chain = chainFrom(c);
        if (legStart[c] != 0) {
            const float top = kManyLegTopPerLength * chainRun(chain);
            taperChain(chain, 1, chain.size() - 1, top, kManyLegTipShare * top);
        } else if (roles[c] == BoneRole::Unknown && leafCount[c] == 1.0f &&
                   glm::dot(points[chain.back()], up) - lowest >= kOffTheGround) {
            taperChain(chain, 1, chain.size() - 1, kClawPerLegTop * legTop,
                       kClawTipPerLegTop * legTop);
        }
    }
}

void FigureBuilder::addShell(std::size_t hub) {
    std::vector<glm::vec3> legJoints;
    for (std::size_t i = hub + 1; i < points.size(); ++i) {
        if (skeleton.parents[i] == static_cast<NodeIndex>(hub) && legStart[i] != 0) {
            legJoints.push_back(points[i]);
        }
    }
    BodyVolume shell = makeShell(points[hub], legJoints, up, kShellPerLegRun * meanLegRun(hub));
    attach(shell, hub, hub);
    shell.radiusNode = static_cast<NodeIndex>(hub);
    figure.volumes.push_back(shell);
}

} // namespace bvh::body_figure_detail
