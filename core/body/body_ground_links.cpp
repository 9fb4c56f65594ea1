#include "core/body/body_ground_links.h"

#include "core/analysis/ground_root.h"
#include "core/body/body_roles.h"

#include <algorithm>

namespace bvh {
namespace {

// core/analysis's branchingOnlyChild, with the children in `leftOut` not counted.
NodeIndex branchingOnlyChildKept(const Skeleton& skeleton, NodeIndex root,
                                 std::span<const NodeIndex> leftOut) {
    const auto keptChildren = [&](NodeIndex node, NodeIndex& last) {
        std::size_t count = 0;
        for (std::size_t i = static_cast<std::size_t>(node) + 1; i < skeleton.nodeCount(); ++i) {
            if (skeleton.parents[i] == node && skeleton.isEndSite[i] == 0 &&
                std::find(leftOut.begin(), leftOut.end(), static_cast<NodeIndex>(i)) ==
                    leftOut.end()) {
                ++count;
                last = static_cast<NodeIndex>(i);
            }
        }
        return count;
    };
    NodeIndex child = kNoParent;
    NodeIndex grandchild = kNoParent;
    if (skeleton.isEndSite[static_cast<std::size_t>(root)] != 0 || keptChildren(root, child) != 1 ||
        keptChildren(child, grandchild) < 2) {
        return kNoParent;
    }
    return child;
}

} // namespace

std::vector<NodeIndex> linksFromGroundRoots(const Skeleton& skeleton,
                                            std::span<const glm::dvec3> positions,
                                            const glm::dvec3& up,
                                            std::span<const NodeIndex> leftOut) {
    std::vector<NodeIndex> links;
    if (positions.size() != skeleton.nodeCount()) {
        return links;
    }
    for (const NodeIndex root : skeleton.roots()) {
        // A foot or a hand may root an IK-driven rig: its bone is a limb. The ground's root is
        // named as the trunk ("Root", "joint_Root") or not at all ("Reference").
        const BoneRole role = roleFromName(skeleton.names[static_cast<std::size_t>(root)]);
        if (role != BoneRole::Trunk && role != BoneRole::Unknown) {
            continue;
        }
        const NodeIndex child = leftOut.empty() ? branchingOnlyChild(skeleton, root)
                                                : branchingOnlyChildKept(skeleton, root, leftOut);
        if (child != kNoParent && liesOnGroundUnder(skeleton, positions, root, child, up)) {
            links.push_back(child);
        }
    }
    return links;
}

} // namespace bvh
