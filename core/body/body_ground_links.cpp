#include "core/body/body_ground_links.h"

#include "core/analysis/ground_root.h"
#include "core/body/body_roles.h"

namespace bvh {

std::vector<NodeIndex> linksFromGroundRoots(const Skeleton& skeleton,
                                            std::span<const glm::dvec3> positions,
                                            const glm::dvec3& up) {
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
        const NodeIndex child = branchingOnlyChild(skeleton, root);
        if (child != kNoParent && liesOnGroundUnder(skeleton, positions, root, child, up)) {
            links.push_back(child);
        }
    }
    return links;
}

} // namespace bvh
