#include "core/analysis/ground_root.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <limits>

namespace bvh {
namespace {

// The node's children that are joints (not End Sites), counted, and the last one.
struct JointChildren {
    std::size_t count = 0;
    NodeIndex last = kNoParent;
};

JointChildren jointChildren(const Skeleton& skeleton, std::size_t node) {
    JointChildren children;
    for (std::size_t i = node + 1; i < skeleton.nodeCount(); ++i) {
        if (skeleton.parents[i] == static_cast<NodeIndex>(node) && skeleton.isEndSite[i] == 0) {
            ++children.count;
            children.last = static_cast<NodeIndex>(i);
        }
    }
    return children;
}

} // namespace

NodeIndex branchingOnlyChild(const Skeleton& skeleton, NodeIndex root) {
    const auto r = static_cast<std::size_t>(root);
    if (r >= skeleton.nodeCount() || skeleton.isEndSite[r] != 0) {
        return kNoParent;
    }
    const JointChildren children = jointChildren(skeleton, r);
    if (children.count != 1 ||
        jointChildren(skeleton, static_cast<std::size_t>(children.last)).count < 2) {
        return kNoParent;
    }
    return children.last;
}

bool liesOnGroundUnder(const Skeleton& skeleton, std::span<const glm::dvec3> positions,
                       NodeIndex root, NodeIndex child, const glm::dvec3& up) {
    const std::size_t n = skeleton.nodeCount();
    const auto r = static_cast<std::size_t>(root);
    const auto c = static_cast<std::size_t>(child);
    if (positions.size() != n || r >= n || c >= n) {
        return false;
    }
    // The tree's extent along up, from every other node of it (those after the root until the
    // next root: BVH writes a tree depth-first).
    double lowest = std::numeric_limits<double>::max();
    double highest = -std::numeric_limits<double>::max();
    for (std::size_t i = r + 1; i < n && skeleton.parents[i] != kNoParent; ++i) {
        const double height = glm::dot(positions[i], up);
        lowest = std::min(lowest, height);
        highest = std::max(highest, height);
    }
    return liesOnGroundWithin(glm::dot(positions[r], up), glm::dot(positions[c], up), lowest,
                              highest);
}

bool liesOnGroundWithin(double rootHeight, double childHeight, double lowest, double highest) {
    const double tall = highest - lowest;
    return tall > 0.0 && rootHeight <= lowest + kGroundRootLevel * tall &&
           childHeight - rootHeight >= kGroundRootRise * tall;
}

} // namespace bvh
