// Joints that ride on the joint above them: face-rig helpers (temporalis, oris, eyelids), eyes,
// fingers or toes held still over a take. They carry no mass of their own and move only with
// their anchor, so the stance's vote on up (stance.h [SECTION] Up axis) must not count them: a
// face rig's hundred helpers under the head would otherwise outweigh the limbs (the mean speed
// would be the head's, their ends a floor at the top of the figure, and a three-joint test chain
// with them a "figure" of hundreds of nodes).
//
// A rider is a joint, not a root, whose channels never change over the clip and whose subtree
// is riders and End Sites only, lying within kRiderReach of the body's size of the joint above
// it (a skull's, a hand's reach: never a limb). Its End Sites ride too. Nothing rides in a clip
// where no joint moves against its parent (a frozen crab, a single-frame T-pose): there the
// still joints are the figure, not helpers of it.
//
// Pure; never throws or prints.
#pragma once

#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

inline constexpr double kRiderReach = 0.25; // of the body's size

struct RidingJoints {
    // Per node: 1 for a rider (or an End Site below one), 0 otherwise. Empty when none rides.
    std::vector<std::uint8_t> rides;
    // Per node: the nearest ancestor (or the node itself) that does not ride. Filled with rides.
    std::vector<NodeIndex> anchor;
    std::size_t count = 0; // nodes that ride
};

// `pose`: one posed frame of the clip (world positions, node order), where the riders' reach
// is measured (a rider's subtree is rigid: any frame gives the same); `bodySize` in file units;
// `clipChanges`: clipColumnChanges(motion) (column_changes.h) where the caller has it, else
// empty (then found here).
RidingJoints findRidingJoints(const Skeleton& skeleton, const Motion& motion,
                              std::span<const glm::dvec3> pose, double bodySize,
                              std::span<const std::uint32_t> clipChanges = {});

} // namespace bvh
