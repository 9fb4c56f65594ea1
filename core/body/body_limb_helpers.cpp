#include "core/body/body_limb_helpers.h"

#include <cmath>
#include <glm/geometric.hpp>

namespace bvh {
namespace {

bool isLongLimb(BoneRole role) {
    return role == BoneRole::UpperArm || role == BoneRole::Forearm || role == BoneRole::Thigh ||
           role == BoneRole::Shin;
}

} // namespace

std::vector<NodeIndex> limbHelperLeaves(const Skeleton& skeleton,
                                        std::span<const glm::dvec3> positions,
                                        std::span<const BoneRole> roles, double zeroLength) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<NodeIndex> leaves;
    if (positions.size() != n || roles.size() != n) {
        return leaves;
    }
    std::vector<std::uint8_t> hasJointChild(n, 0);
    std::vector<NodeIndex> longestChild(n, kNoParent);
    std::vector<double> longest(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent) {
            continue;
        }
        const auto p = static_cast<std::size_t>(parent);
        hasJointChild[p] = hasJointChild[p] != 0 || skeleton.isEndSite[i] == 0 ? 1 : 0;
        const double length = glm::length(positions[i] - positions[p]);
        if (length > longest[p]) {
            longest[p] = length;
            longestChild[p] = static_cast<NodeIndex>(i);
        }
    }
    const double cosine = std::cos(kHelperLeafAngle * 3.14159265358979 / 180.0);
    std::vector<std::uint8_t> left(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent) {
            continue;
        }
        if (left[static_cast<std::size_t>(parent)] != 0) {
            left[i] = 1; // a helper leaf's End Site
            leaves.push_back(static_cast<NodeIndex>(i));
            continue;
        }
        if (skeleton.isEndSite[i] != 0 || hasJointChild[i] != 0) {
            continue;
        }
        // The joint the leaf's bone really leaves: up through zero-length bones.
        auto limb = static_cast<std::size_t>(parent);
        while (skeleton.parents[limb] != kNoParent &&
               glm::length(positions[limb] -
                           positions[static_cast<std::size_t>(skeleton.parents[limb])]) <=
                   zeroLength) {
            limb = static_cast<std::size_t>(skeleton.parents[limb]);
        }
        const NodeIndex along = longestChild[limb];
        if (!isLongLimb(roles[limb]) || along == kNoParent || along == static_cast<NodeIndex>(i)) {
            continue;
        }
        const glm::dvec3 limbBone = positions[static_cast<std::size_t>(along)] - positions[limb];
        const glm::dvec3 leafBone = positions[i] - positions[limb];
        const double limbLength = glm::length(limbBone);
        const double leafLength = glm::length(leafBone);
        if (leafLength > zeroLength && leafLength <= kHelperLeafShare * limbLength &&
            glm::dot(leafBone, limbBone) < cosine * leafLength * limbLength) {
            left[i] = 1;
            leaves.push_back(static_cast<NodeIndex>(i));
        }
    }
    return leaves;
}

} // namespace bvh
