#include "core/body/body_ground_links.h"

#include "core/body/body_roles.h"

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

std::vector<NodeIndex> linksFromGroundRoots(const Skeleton& skeleton,
                                            std::span<const glm::dvec3> positions,
                                            const glm::dvec3& up) {
    std::vector<NodeIndex> links;
    const std::size_t n = skeleton.nodeCount();
    if (positions.size() != n) {
        return links;
    }
    for (const NodeIndex root : skeleton.roots()) {
        const auto r = static_cast<std::size_t>(root);
        // A foot or a hand may root an IK-driven rig: its bone is a limb. The ground's root is
        // named as the trunk ("Root", "joint_Root") or not at all ("Reference").
        const BoneRole role = roleFromName(skeleton.names[r]);
        const JointChildren children = jointChildren(skeleton, r);
        if (skeleton.isEndSite[r] != 0 || (role != BoneRole::Trunk && role != BoneRole::Unknown) ||
            children.count != 1 ||
            jointChildren(skeleton, static_cast<std::size_t>(children.last)).count < 2) {
            continue;
        }
        // The figure's extent along up, from every other node of this root's tree (those after
        // it until the next root: BVH writes a tree depth-first).
        double lowest = std::numeric_limits<double>::max();
        double highest = -std::numeric_limits<double>::max();
        for (std::size_t i = r + 1; i < n && skeleton.parents[i] != kNoParent; ++i) {
            const double height = glm::dot(positions[i], up);
            lowest = std::min(lowest, height);
            highest = std::max(highest, height);
        }
        const double tall = highest - lowest;
        const double rootHeight = glm::dot(positions[r], up);
        const double childHeight = glm::dot(positions[static_cast<std::size_t>(children.last)], up);
        // Not a number fails both comparisons.
        if (tall > 0.0 && rootHeight <= lowest + kGroundRootLevel * tall &&
            childHeight - rootHeight >= kGroundRootRise * tall) {
            links.push_back(children.last);
        }
    }
    return links;
}

} // namespace bvh
