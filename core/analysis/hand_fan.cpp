#include "core/analysis/hand_fan.h"

#include <algorithm>
#include <cstdint>
#include <glm/geometric.hpp>
#include <limits>

namespace bvh {
namespace {

// The first node from the root that does not continue a single chain; nullopt when the skeleton
// is not one tree in parent-before-child order.
std::optional<std::size_t> firstBranch(const Skeleton& skeleton,
                                       const std::vector<std::uint32_t>& children) {
    for (std::size_t i = 1; i < skeleton.nodeCount(); ++i) {
        if (skeleton.parents[i] == kNoParent ||
            static_cast<std::size_t>(skeleton.parents[i]) >= i) {
            return std::nullopt;
        }
    }
    std::size_t node = 0;
    while (children[node] == 1) {
        ++node; // a single child follows its parent (depth-first order)
    }
    return node;
}

} // namespace

std::optional<HandFan> findHandFan(const Skeleton& skeleton,
                                   std::span<const glm::dvec3> positions) {
    const std::size_t n = skeleton.nodeCount();
    if (n == 0 || positions.size() != n) {
        return std::nullopt;
    }
    const std::vector<std::uint32_t> children = skeleton.childCounts();
    const std::optional<std::size_t> wrist = firstBranch(skeleton, children);
    if (!wrist || children[*wrist] < kHandFewestFingers || children[*wrist] > kHandMostFingers) {
        return std::nullopt;
    }
    HandFan hand{static_cast<NodeIndex>(*wrist), {}, {}};
    glm::dvec3 fan(0.0);
    double shortest = std::numeric_limits<double>::max();
    double longest = 0.0;
    for (std::size_t i = *wrist + 1; i < n; ++i) {
        if (children[i] > 1) {
            return std::nullopt; // a finger is one chain
        }
        if (static_cast<std::size_t>(skeleton.parents[i]) != *wrist) {
            continue;
        }
        std::size_t tip = i;
        double length = glm::length(positions[i] - positions[*wrist]);
        std::size_t bones = 1;
        for (; children[tip] == 1; ++bones, ++tip) {
            length += glm::length(positions[tip + 1] - positions[tip]);
        }
        const glm::dvec3 reach = positions[tip] - positions[*wrist];
        if (bones < 2 || bones > 5 || !(glm::length(reach) > 1e-9 * length) || !(length > 0.0)) {
            return std::nullopt; // no finger: a stick, or a long tentacle
        }
        hand.fingers.push_back(static_cast<NodeIndex>(i));
        hand.tips.push_back(static_cast<NodeIndex>(tip));
        fan += glm::normalize(reach);
        shortest = std::min(shortest, length);
        longest = std::max(longest, length);
    }
    if (!(glm::length(fan) > 0.0) || longest > kHandFingerLengths * shortest) {
        return std::nullopt;
    }
    fan = glm::normalize(fan);
    for (const NodeIndex tip : hand.tips) {
        const glm::dvec3 reach = positions[static_cast<std::size_t>(tip)] - positions[*wrist];
        if (glm::dot(glm::normalize(reach), fan) < kHandFingerFan) {
            return std::nullopt;
        }
    }
    return hand;
}

std::optional<glm::dvec3> handBackDirection(const HandFan& hand,
                                            std::span<const glm::dvec3> positions) {
    const glm::dvec3& wrist = positions[static_cast<std::size_t>(hand.wrist)];
    // The thumb: the finger that turns farthest from the others' way (its first node may lie
    // farther from the wrist than theirs: Perception Neuron's InHand joints, MakeHuman's
    // metacarpals).
    glm::dvec3 fan(0.0);
    for (const NodeIndex tip : hand.tips) {
        fan += glm::normalize(positions[static_cast<std::size_t>(tip)] - wrist);
    }
    const auto along = [&](std::size_t k) {
        return glm::dot(glm::normalize(positions[static_cast<std::size_t>(hand.tips[k])] - wrist),
                        fan);
    };
    std::size_t thumb = 0;
    for (std::size_t k = 0; k < hand.tips.size(); ++k) {
        thumb = along(k) < along(thumb) ? k : thumb;
    }
    // Forward and across from the other fingers: the thumb leaves their plane.
    glm::dvec3 forward(0.0);
    for (std::size_t k = 0; k < hand.tips.size(); ++k) {
        forward += k == thumb ? glm::dvec3(0.0)
                              : positions[static_cast<std::size_t>(hand.tips[k])] - wrist;
    }
    if (!(glm::length(forward) > 0.0)) {
        return std::nullopt;
    }
    forward = glm::normalize(forward);
    // Across: the widest spread of those fingertips.
    glm::dvec3 across(0.0);
    for (std::size_t a = 0; a < hand.tips.size(); ++a) {
        for (std::size_t b = 0; b < hand.tips.size(); ++b) {
            if (a == thumb || b == thumb) {
                continue;
            }
            glm::dvec3 d = positions[static_cast<std::size_t>(hand.tips[b])] -
                           positions[static_cast<std::size_t>(hand.tips[a])];
            d -= forward * glm::dot(d, forward);
            across = glm::length(d) > glm::length(across) ? d : across;
        }
    }
    const glm::dvec3 normal = glm::cross(forward, across);
    if (!(glm::length(normal) > 1e-3 * glm::length(across)) || !(glm::length(across) > 0.0)) {
        return std::nullopt;
    }
    const glm::dvec3 back = glm::normalize(normal);
    // The thumb (its whole chain, from the wrist) lies on the palm's side.
    const glm::dvec3 thumbSide = positions[static_cast<std::size_t>(hand.tips[thumb])] +
                                 positions[static_cast<std::size_t>(hand.fingers[thumb])] -
                                 2.0 * wrist;
    return glm::dot(thumbSide, back) > 0.0 ? -back : back;
}

} // namespace bvh
