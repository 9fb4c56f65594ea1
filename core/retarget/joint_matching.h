// Which source joint drives each target joint: by role (rig_roles.h), then overridden by a map
// file. Pure; never throws or prints.
#pragma once

#include "core/character_studio/mnm.h"
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

// Applies a map file's `target source` lines (an MNM file's columns: left target, right
// source) over `map`. A name that is no joint of its skeleton is an Error at its line and
// column; the map's own warnings are passed on. `map` is changed only for valid lines.
std::vector<Diagnostic> applyJointMapFile(const MnmFile& file, const Skeleton& source,
                                          const Skeleton& target, JointMap& map);

} // namespace bvh
