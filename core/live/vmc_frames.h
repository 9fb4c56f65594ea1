// VMC poses (vmc_assembler.h) into what every live source gives: a BVH skeleton, its frame time
// and frames of channel values (live_frame.h).
//
// The skeleton is Unity's humanoid hierarchy (unity_humanoid.h) with Unity's bone names: the
// bones the sender has sent once it has sent every bone Unity requires, each under its nearest
// present ancestor, with the local positions of that first complete frame as offsets (times the
// v2.1 root scale). When a later frame's local positions differ (another avatar, a rescale) or
// it adds bones, the skeleton is built again: skeletonGeneration() increments and problem() says
// so, and a recorder starts a new take. A bone a frame does not send keeps its last rotation.
//
// Space: Unity is left-handed, Y up, metres; BVH is right-handed. X is negated (positions
// (-x, y, z), quaternions (x, -y, -z, w)): a mirror taken twice, so the figure keeps its
// handedness: a left arm stays the figure's left arm, and a figure facing Unity's +Z faces +Z.
// Units stay metres. Hips carries Xposition Yposition Zposition (its world position: the root
// transform, less the v2.1 offset, applied to Hips; its offset is 0) then, like every bone,
// Zrotation Xrotation Yrotation in degrees, each angle kept within 180 of the frame before.
//
// Frame time: the first kRateFrames complete frames are held, then the skeleton and they are
// given with the median step of the sender's T stamps (of the arrival times the caller gives
// where the sender sends no T). No clock here: the caller passes arrival times.
#pragma once

#include "core/live/live_frame.h"
#include "core/live/sender_rate.h"
#include "core/live/vmc_assembler.h"
#include "core/model/skeleton.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bvh::live {

class VmcFrames {
public:
    // Frames held to measure the rate before the skeleton is given (bounded: the held frames).
    static constexpr std::size_t kRateFrames = RateMeasure::kFrames;

    // Takes one pose that arrived at `arrivalSeconds` (any steady clock); appends the frames
    // ready to `frames` (numbered from 0, on across skeleton changes).
    void add(const VmcPose& pose, double arrivalSeconds, std::vector<LiveFrame>& frames);

    // The sender went quiet: frames held for the rate are given now, at the rate their stamps
    // give so far (a take of a few frames is a take too).
    void releaseHeld(std::vector<LiveFrame>& frames);

    // Null until the first complete frame has been followed by kRateFrames - 1 more (or the
    // sender went quiet after it).
    const Skeleton* skeleton() const { return ready_ ? &skeleton_ : nullptr; }
    std::uint32_t skeletonGeneration() const { return generation_; }
    double frameTime() const { return frameTime_; }
    // Whether frameTime() came from the sender's T stamps (else from arrivals).
    bool frameTimeFromSender() const { return frameTimeFromSender_; }
    // "" or the last change in words ("the sender's skeleton changed: a new take").
    const std::string& problem() const { return problem_; }
    // Frames held for the rate (at most kRateFrames), for a status line: "waiting".
    std::size_t heldFrames() const { return rate_.held(); }

private:
    void accumulate(const VmcPose& pose);
    bool complete() const;
    bool skeletonDiffers() const;
    void buildSkeleton();
    LiveFrame frameValues();

    // The latest of each bone and of the root, as sent (Unity space).
    std::array<std::optional<UnityTransform>, kUnityHumanoidBones> bones_;
    UnityTransform root_;
    glm::dvec3 rootScale_{1.0};
    glm::dvec3 rootOffset_{0.0};

    Skeleton skeleton_;
    std::vector<std::size_t> skeletonBones_; // kUnityHumanoid index of each skeleton node
    bool built_ = false;                     // skeleton_ is built (maybe not yet given)
    bool ready_ = false;                     // the rate is measured: skeleton() is given
    std::uint32_t generation_ = 0;
    double frameTime_ = 0.0;
    bool frameTimeFromSender_ = false;
    std::string problem_;
    std::vector<glm::dvec3> lastDegrees_; // per skeleton node, for continuous angles
    RateMeasure rate_;
    std::uint64_t nextNumber_ = 0;
};

} // namespace bvh::live
