#include "core/retarget/joint_matching.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <tuple>

namespace bvh {
namespace {

// The source's joints by what tells them apart: chains (spine, neck) as (share, node) in
// order along the chain; every other role by its slot. Built once, so matching is n log n.
struct SourceIndex {
    std::map<RigRole, std::vector<std::pair<double, NodeIndex>>> chains;
    std::map<std::tuple<RigRole, RigSide, std::string, int>, NodeIndex> slots;
};

bool isChainRole(RigRole role) {
    return role == RigRole::Spine || role == RigRole::Neck;
}

SourceIndex indexSource(const RigRoles& source) {
    SourceIndex index;
    for (std::size_t node = 0; node < source.joints.size(); ++node) {
        const RigJointRole& joint = source.joints[node];
        const auto n = static_cast<NodeIndex>(node);
        if (isChainRole(joint.role)) {
            index.chains[joint.role].emplace_back(joint.chainShare, n);
        } else if (joint.role != RigRole::None) {
            index.slots.try_emplace({joint.role, joint.side, joint.finger, joint.fingerJoint}, n);
        }
    }
    for (auto& [role, chain] : index.chains) {
        std::stable_sort(chain.begin(), chain.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    return index;
}

// A chain's source joint whose part of the chain holds `share`: the last one starting at or
// before it (the first one when none does).
NodeIndex sourceFor(const SourceIndex& index, const RigJointRole& target) {
    if (isChainRole(target.role)) {
        const auto chain = index.chains.find(target.role);
        if (chain == index.chains.end()) {
            return kNoParent;
        }
        const auto& joints = chain->second;
        auto after = std::upper_bound(joints.begin(), joints.end(), target.chainShare + 1e-9,
                                      [](double share, const auto& j) { return share < j.first; });
        return after == joints.begin() ? joints.front().second : std::prev(after)->second;
    }
    const auto slot =
        index.slots.find({target.role, target.side, target.finger, target.fingerJoint});
    return slot == index.slots.end() ? kNoParent : slot->second;
}

} // namespace

std::size_t JointMap::matchedCount() const {
    return static_cast<std::size_t>(std::count_if(sourceOf.begin(), sourceOf.end(),
                                                  [](NodeIndex n) { return n != kNoParent; }));
}

JointMap matchJointsByRole(const RigRoles& source, const RigRoles& target) {
    JointMap map;
    map.sourceOf.assign(target.joints.size(), kNoParent);
    map.why.assign(target.joints.size(), std::string());
    const SourceIndex index = indexSource(source);
    for (std::size_t node = 0; node < target.joints.size(); ++node) {
        const RigJointRole& role = target.joints[node];
        if (role.role == RigRole::None) {
            continue;
        }
        map.sourceOf[node] = sourceFor(index, role);
        if (map.sourceOf[node] != kNoParent) {
            map.why[node] = describeRigJointRole(role);
        }
    }
    return map;
}

} // namespace bvh
