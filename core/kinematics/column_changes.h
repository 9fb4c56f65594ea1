// Which columns of a clip ever change: one pass over every frame, read by the forward
// kinematics' held joints (ForwardKinematicsPlan::heldOver) and by the stance's riders
// (riding_joints.h), which each walked the rows for it (over a library of takes, most of whose
// fingers and face helpers never move, the two walks cost 8 M instructions of `info --json`).
//
// Pure; never throws (but std::bad_alloc) or prints.
#pragma once

#include "core/model/motion.h"

#include <cstdint>
#include <vector>

namespace bvh {

// Per column of `motion`, 0 where every frame holds frame 0's bits in it, else nonzero (some bits
// in which a frame differs: -0 differs from +0, a NaN equals itself). All zero without frames.
std::vector<std::uint32_t> clipColumnChanges(const Motion& motion);

} // namespace bvh
