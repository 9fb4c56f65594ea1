#include "core/body/body_limb_copies.h"

#include <glm/geometric.hpp>
#include <optional>

namespace bvh {
namespace {

// Per node: the child its longest bone reaches (an End Site counts), kNoParent for none.
std::vector<NodeIndex> longestChildren(const Skeleton& skeleton,
                                       std::span<const glm::dvec3> positions) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<NodeIndex> longest(n, kNoParent);
    std::vector<double> length(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent) {
            continue;
        }
        const auto p = static_cast<std::size_t>(parent);
        const double bone = glm::length(positions[i] - positions[p]);
        if (bone > length[p]) {
            length[p] = bone;
            longest[p] = static_cast<NodeIndex>(i);
        }
    }
    return longest;
}

bool sameBone(const glm::dvec3& a, const glm::dvec3& b) {
    const double longer = std::max(glm::length(a), glm::length(b));
    return longer > 0.0 && glm::length(a - b) <= kCopyTolerance * longer;
}

bool startsNamedLimb(const Skeleton& skeleton, std::span<const BoneRole> roles, std::size_t node) {
    const NodeIndex parent = skeleton.parents[node];
    return (roles[node] == BoneRole::Thigh || roles[node] == BoneRole::UpperArm) &&
           parent != kNoParent && roles[static_cast<std::size_t>(parent)] != roles[node];
}

bool startsUnnamedChain(const Skeleton& skeleton, std::span<const BoneRole> roles,
                        std::size_t node) {
    const NodeIndex parent = skeleton.parents[node];
    return skeleton.isEndSite[node] == 0 && roles[node] == BoneRole::Unknown &&
           parent != kNoParent && roles[static_cast<std::size_t>(parent)] != BoneRole::Unknown;
}

} // namespace

void takeRolesOfCopiedLimbs(const Skeleton& skeleton, std::span<const glm::dvec3> positions,
                            std::vector<BoneRole>& roles) {
    const std::size_t n = skeleton.nodeCount();
    const std::vector<NodeIndex> next = longestChildren(skeleton, positions);
    const std::vector<BoneRole> named = roles;
    std::vector<std::size_t> limbs;
    for (std::size_t node = 0; node < n; ++node) {
        if (startsNamedLimb(skeleton, named, node)) {
            limbs.push_back(node);
        }
    }
    for (std::size_t start = 0; start < n && !limbs.empty(); ++start) {
        if (!startsUnnamedChain(skeleton, named, start)) {
            continue;
        }
        for (const std::size_t limb : limbs) {
            // Down both chains while each bone repeats the limb's.
            std::vector<std::size_t> copied;
            auto node = start;
            auto model = limb;
            while (next[node] != kNoParent && next[model] != kNoParent &&
                   named[node] == BoneRole::Unknown && skeleton.isEndSite[node] == 0 &&
                   sameBone(positions[static_cast<std::size_t>(next[node])] - positions[node],
                            positions[static_cast<std::size_t>(next[model])] - positions[model])) {
                copied.push_back(model);
                node = static_cast<std::size_t>(next[node]);
                model = static_cast<std::size_t>(next[model]);
            }
            if (copied.size() < static_cast<std::size_t>(kCopiedBones)) {
                continue;
            }
            // The joint after the last copied bone goes on as the limb does there.
            if (skeleton.isEndSite[node] == 0 && named[node] == BoneRole::Unknown) {
                roles[node] = named[model];
            }
            for (auto at = start; const std::size_t from : copied) {
                roles[at] = named[from];
                at = static_cast<std::size_t>(next[at]);
            }
            break;
        }
    }
}

} // namespace bvh
