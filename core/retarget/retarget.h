// One capture's motion on another skeleton (issue 40).
//
// OUT is TARGET's hierarchy exactly (its joints, their order, OFFSETs, channel layout and
// rotation orders) with SOURCE's frames and Frame Time. Per frame:
// - each matched target joint is turned in the world as its source joint turned from its
//   reference pose (retarget_alignment.h), so its bones point where the source's do, whatever
//   the two rest poses (T against A, lying along +X, differing local axes); local Euler angles
//   are never copied;
// - unmatched target joints keep their reference rotation;
// - the hips' travel is the source's scaled by the ratio of leg lengths (which also converts the
//   unit), turned from the source's up axis to the target's; its height above the ground keeps
//   the target's proportion;
// - where a source foot is planted, the target's leg is bent to hold its foot in place
//   (foot_lock.h) unless options.lockFeet is false;
// - each joint's Euler angles are derived again in its own channel order (core/kinematics
//   euler), continuous from frame to frame.
// Pure; never throws or prints: problems are diagnostics (no place in a file: line 0).
#pragma once

#include "core/model/diagnostic.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"
#include "core/retarget/joint_matching.h"

#include <optional>
#include <string>
#include <vector>

namespace bvh {

// Fewer roles matched than this (hips included) is not a humanoid pair to retarget.
inline constexpr std::size_t kMinimumRetargetRoles = 5;

struct RetargetResult {
    Skeleton skeleton; // TARGET's
    Motion motion;
    std::vector<Diagnostic> diagnostics;
    double rootScale = 0.0; // the leg length ratio the hips' travel was scaled by
    bool ok() const { return !hasErrors(diagnostics); }
};

// The roles both skeletons have, in RigRole order ("hips", "thigh", ...).
std::vector<std::string> sharedRoleNames(const RigRoles& source, const RigRoles& target);

// An Error naming the roles found on each side when the target's hips are not matched or
// fewer than kMinimumRetargetRoles roles are shared; nullopt when the pair can be retargeted.
std::optional<Diagnostic> checkRetargetMatch(const RigRoles& source, const RigRoles& target,
                                             const JointMap& map);

// One side of a retargeting: a skeleton, its motion (the target's may have no frames) and its
// roles (findRigRoles).
struct RetargetSide {
    const Skeleton& skeleton;
    const Motion& motion;
    const RigRoles& roles;
};

struct RetargetOptions {
    // Feet planted in the source stay planted (foot_lock.h); false: each joint only follows
    // its source joint (`--feet free`).
    bool lockFeet = true;
};

// Requires checkRetargetMatch to have passed (an Error otherwise).
RetargetResult retargetMotion(const RetargetSide& source, const RetargetSide& target,
                              const JointMap& map, const RetargetOptions& options = {});

} // namespace bvh
