#include "core/analysis/goal_branches.h"

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <limits>
#include <span>

namespace bvh {
namespace {

struct RestPlaces {
    std::vector<glm::dvec3> positions;
    std::vector<int> depth; // bones from the node's root
    double tolerance = 0.0;
};

// The OFFSET rest pose has no rotations: each node lies at its parent plus its offset, what
// computeRestTransforms and computeWorldTransforms give, without their two transform arrays
// (allocations a summary of every take would pay: stance_allocation_test.cpp).
RestPlaces restPlaces(const Skeleton& skeleton) {
    const std::size_t n = skeleton.nodeCount();
    RestPlaces places;
    places.positions.resize(n);
    places.depth.assign(n, 0);
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent) {
            places.positions[i] = skeleton.offsets[i];
        } else {
            const auto p = static_cast<std::size_t>(parent);
            places.positions[i] = places.positions[p] + skeleton.offsets[i];
            places.depth[i] = places.depth[p] + 1;
        }
        low = glm::min(low, places.positions[i]);
        high = glm::max(high, places.positions[i]);
    }
    const glm::dvec3 extent = high - low;
    places.tolerance = kGoalPlaceShare * std::max({extent.x, extent.y, extent.z});
    return places;
}

bool isAncestor(const Skeleton& skeleton, std::size_t above, std::size_t node, int steps) {
    NodeIndex at = static_cast<NodeIndex>(node);
    for (int k = 0; k < steps && at != kNoParent; ++k) {
        at = skeleton.parents[static_cast<std::size_t>(at)];
    }
    return at == static_cast<NodeIndex>(above);
}

// A node's place along X with its index and what makes it a partner at a glance (its depth; -1
// for an End Site, never deeper): sorted by the place alone, they are compared as the indices
// were (std::sort's moves follow its comparisons' results alone, so the order, ties and all, is
// the same), and the scan along X reads them in a row rather than each node's through its index.
struct NodeOnX {
    double x = 0.0;
    std::uint32_t node = 0;
    std::int32_t depth = 0;
};

// Whether a node within the tolerance along X of byX[at] (both ways from it, in the sorted
// order) is a joint more bones below the common ancestor than it, at its place, outside its own
// line: the partner that makes it a goal.
bool hasDeeperPartner(const Skeleton& skeleton, const RestPlaces& places,
                      std::span<const NodeOnX> byX, std::size_t at) {
    const NodeOnX& j = byX[at];
    const auto partners = [&](const NodeOnX& k) {
        const int deeper = k.depth - j.depth;
        return deeper > 0 &&
               glm::length(places.positions[k.node] - places.positions[j.node]) <=
                   places.tolerance &&
               !isAncestor(skeleton, j.node, k.node, deeper);
    };
    for (std::size_t other = at; other-- > 0;) {
        if (std::abs(byX[other].x - j.x) > places.tolerance) {
            break;
        }
        if (partners(byX[other])) {
            return true;
        }
    }
    for (std::size_t other = at + 1; other < byX.size(); ++other) {
        if (std::abs(byX[other].x - j.x) > places.tolerance) {
            break;
        }
        if (partners(byX[other])) {
            return true;
        }
    }
    return false;
}

// What goalBranchNodes knows of a node, one byte of bits a node (one vector, not one a verdict).
enum NodeMark : std::uint8_t {
    kOnParent = 1,   // a joint at its parent's place (not set for End Sites and roots)
    kGoal = 2,       // a joint away from its parent on a deeper joint outside its own line
    kAnyGoal = 4,    // a goal in its subtree, itself included
    kAllHelpers = 8, // every node of its subtree an End Site, on its parent or a goal
    kInBranch = 16,  // a node of a goal branch
};

// Per node: kOnParent or kGoal (else neither), and kAllHelpers set for the passes to clear.
std::vector<std::uint8_t> goalJoints(const Skeleton& skeleton, const RestPlaces& places) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<NodeOnX> byX(n);
    for (std::size_t i = 0; i < n; ++i) {
        byX[i] = {places.positions[i].x, static_cast<std::uint32_t>(i),
                  skeleton.isEndSite[i] != 0 ? -1 : places.depth[i]};
    }
    std::sort(byX.begin(), byX.end(), [](const NodeOnX& a, const NodeOnX& b) { return a.x < b.x; });
    std::vector<std::uint8_t> marks(n, kAllHelpers);
    for (std::size_t at = 0; at < n; ++at) {
        const std::size_t j = byX[at].node;
        const NodeIndex parent = skeleton.parents[j];
        if (skeleton.isEndSite[j] != 0 || parent == kNoParent) {
            continue;
        }
        if (glm::length(places.positions[j] - places.positions[static_cast<std::size_t>(parent)]) <=
            places.tolerance) {
            marks[j] |= kOnParent;
        } else if (hasDeeperPartner(skeleton, places, byX, at)) {
            marks[j] |= kGoal;
        }
    }
    return marks;
}

} // namespace

std::vector<NodeIndex> goalBranchNodes(const Skeleton& skeleton) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<NodeIndex> nodes;
    if (n == 0) {
        return nodes;
    }
    std::vector<std::uint8_t> marks = goalJoints(skeleton, restPlaces(skeleton));
    // Children come after their parents: from the last node back, each subtree's verdict.
    for (std::size_t i = n; i-- > 0;) {
        std::uint8_t mark = marks[i];
        const bool helper = skeleton.isEndSite[i] != 0 || (mark & (kOnParent | kGoal)) != 0;
        mark = static_cast<std::uint8_t>(helper ? mark : mark & ~kAllHelpers);
        mark = static_cast<std::uint8_t>((mark & kGoal) != 0 ? mark | kAnyGoal : mark);
        marks[i] = mark;
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent) {
            const auto p = static_cast<std::size_t>(parent);
            const std::uint8_t cleared = (mark & kAllHelpers) != 0 ? 0 : kAllHelpers;
            marks[p] = static_cast<std::uint8_t>((marks[p] & ~cleared) | (mark & kAnyGoal));
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        const bool parentIn =
            parent != kNoParent && (marks[static_cast<std::size_t>(parent)] & kInBranch) != 0;
        const bool branchStart =
            parent != kNoParent && (marks[i] & kAllHelpers) != 0 && (marks[i] & kAnyGoal) != 0;
        if (parentIn || branchStart) {
            marks[i] |= kInBranch;
            nodes.push_back(static_cast<NodeIndex>(i));
        }
    }
    return nodes;
}

} // namespace bvh
