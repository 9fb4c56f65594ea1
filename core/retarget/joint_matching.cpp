#include "core/retarget/joint_matching.h"

#include <algorithm>

namespace bvh {
namespace {

bool sameSlot(const RigJointRole& a, const RigJointRole& b) {
    return a.role == b.role && a.side == b.side && a.finger == b.finger &&
           a.fingerJoint == b.fingerJoint;
}

// The source joint of a chain (spine, neck) whose part of the chain holds `share`: the last one
// starting at or before it.
NodeIndex chainJointAt(const RigRoles& source, RigRole role, double share) {
    NodeIndex best = kNoParent;
    double bestStart = -1.0;
    for (std::size_t node = 0; node < source.joints.size(); ++node) {
        const RigJointRole& joint = source.joints[node];
        if (joint.role != role) {
            continue;
        }
        const bool starts = joint.chainShare <= share + 1e-9;
        if ((starts && joint.chainShare > bestStart) || best == kNoParent) {
            best = static_cast<NodeIndex>(node);
            bestStart = starts ? joint.chainShare : -1.0;
        }
    }
    return best;
}

NodeIndex sourceFor(const RigRoles& source, const RigJointRole& target) {
    if (target.role == RigRole::Spine || target.role == RigRole::Neck) {
        return chainJointAt(source, target.role, target.chainShare);
    }
    for (std::size_t node = 0; node < source.joints.size(); ++node) {
        if (sameSlot(source.joints[node], target)) {
            return static_cast<NodeIndex>(node);
        }
    }
    return kNoParent;
}

Diagnostic missingJoint(std::uint32_t line, std::uint32_t column, const std::string& name,
                        const char* side) {
    return Diagnostic{Severity::Error, line, column,
                      "no joint " + quotedForMessage(name) + " in the " + side + " skeleton"};
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
    for (std::size_t node = 0; node < target.joints.size(); ++node) {
        const RigJointRole& role = target.joints[node];
        if (role.role == RigRole::None) {
            continue;
        }
        map.sourceOf[node] = sourceFor(source, role);
        if (map.sourceOf[node] != kNoParent) {
            map.why[node] = describeRigJointRole(role);
        }
    }
    return map;
}

std::vector<Diagnostic> applyJointMapFile(const MnmFile& file, const Skeleton& source,
                                          const Skeleton& target, JointMap& map) {
    std::vector<Diagnostic> diagnostics = file.diagnostics;
    for (const MnmEntry& entry : file.entries) {
        const NodeIndex targetJoint = target.find(entry.bipedName);
        const NodeIndex sourceJoint = source.find(entry.customName);
        if (targetJoint == kNoParent || target.isEndSite[static_cast<std::size_t>(targetJoint)]) {
            diagnostics.push_back(
                missingJoint(entry.line, entry.bipedColumn, entry.bipedName, "target"));
            continue;
        }
        if (sourceJoint == kNoParent || source.isEndSite[static_cast<std::size_t>(sourceJoint)]) {
            diagnostics.push_back(
                missingJoint(entry.line, entry.customColumn, entry.customName, "source"));
            continue;
        }
        const auto node = static_cast<std::size_t>(targetJoint);
        map.sourceOf[node] = sourceJoint;
        map.why[node] = "map line " + std::to_string(entry.line);
    }
    return diagnostics;
}

} // namespace bvh
