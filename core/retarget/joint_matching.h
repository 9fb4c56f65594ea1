// Which source joint drives each target joint: by role (rig_roles.h), then overridden by a map
// file (joint_map_file.h). Pure; never throws or prints.
#pragma once

#include "core/model/diagnostic.h"
#include "core/retarget/rig_roles.h"

#include <string>
#include <vector>

namespace bvh {

struct JointMap {
    std::vector<NodeIndex> sourceOf; // per target node: the source joint, or kNoParent
    std::vector<std::string> why;    // per target node: the role matched, or "map LINE"
    std::size_t matchedCount() const;
};

// Every target joint with a role gets the source joint of the same role and side: the same
// finger and place in it for fingers; for spine and neck joints, the source joint whose part of
// its chain holds the target joint's share of its own chain (so a 3-joint spine drives a
// 5-joint one joint by joint along its length).
JointMap matchJointsByRole(const RigRoles& source, const RigRoles& target);

} // namespace bvh
