// One forward-kinematics pass over the frames several analyses sample from a clip.
//
// The stance (stance.h) and the motion features (motion_features.h) each sample frames of the
// same clip; the Browser's summary of a take runs both (issue 44: a library of 3 000 takes). A
// FramePoseRequest names the frames one analysis wants; posePoseRequests poses every frame any
// request names once, in increasing frame order, and hands its world transforms to each request
// that names it. The results are the analyses' own, to the bit: a frame's world transforms do
// not depend on which other frames are posed.
//
// Pure; never throws (but std::bad_alloc) or prints.
#pragma once

#include "core/kinematics/forward_kinematics_plan.h"
#include "core/model/motion.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace bvh {

struct FramePoseRequest {
    // Increasing, distinct, each below the motion's frame count.
    std::vector<std::uint32_t> frames;
    // Called once per frame, in order: `index` into `frames`, and the world transforms of every
    // node of the plan's skeleton at that frame (valid during the call only).
    std::function<void(std::size_t index, std::span<const RigidTransform> world)> take;
    // Optional: where frames are posed ForwardKinematicsPlan::kLanes at once, called instead of
    // `take` once per such group that holds any of `frames`, with every node's world transforms
    // in lanes (valid during the call only) and per lane the index into `frames` of its frame,
    // or kNotRequested. The frames posed one by one still go to `take`. For an analysis that
    // reads part of each pose (the stance: positions), so that no whole pose is written out.
    static constexpr std::size_t kNotRequested = ~std::size_t{0};
    using LaneIndices = std::array<std::size_t, ForwardKinematicsPlan::kLanes>;
    std::function<void(std::span<const ForwardKinematicsPlan::LaneWorld> lanes,
                       const LaneIndices& indices)>
        takeLanes;
};

// Poses the union of the requests' frames with `plan` (built for the skeleton `motion` animates,
// whose rows it reads), each frame once. `plan` is held over the frames in place (heldOver).
// `clipChanges`: clipColumnChanges(motion) (column_changes.h) where the caller has it, else empty
// (ForwardKinematicsPlan::heldOver).
void poseRequestedFrames(ForwardKinematicsPlan plan, const Motion& motion,
                         std::span<FramePoseRequest* const> requests,
                         std::span<const std::uint32_t> clipChanges = {});

} // namespace bvh
