#include "core/analysis/frame_poses.h"

#include "core/analysis/kept_vectors.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <utility>

namespace bvh {

namespace {

// Every frame any request names, once, in increasing order: the requests' own lists (each
// increasing, by contract) merged, never sorted.
std::vector<std::uint32_t> unionOfRequestedFrames(std::span<FramePoseRequest* const> requests) {
    std::vector<std::uint32_t> frames = takeKeptVector<std::uint32_t>();
    auto merged = KeptVector<std::uint32_t>::cleared(0); // kept_vectors.h
    frames.clear();
    for (const FramePoseRequest* request : requests) {
        merged->clear();
        merged->reserve(frames.size() + request->frames.size());
        // std::set_union, not std::ranges': the page's libc++ 14 has no ranges::set_union.
        std::set_union(frames.begin(), frames.end(), request->frames.begin(), request->frames.end(),
                       std::back_inserter(*merged));
        frames.swap(*merged);
    }
    return frames;
}

// Hands `world`, the pose of `frame`, to each request whose next frame it is. `next` holds per
// request the index of its next frame: the requests are walked side by side.
void handOutPose(std::uint32_t frame, std::span<const RigidTransform> world,
                 std::span<FramePoseRequest* const> requests, std::span<std::size_t> next) {
    for (std::size_t r = 0; r < requests.size(); ++r) {
        FramePoseRequest& request = *requests[r];
        if (next[r] < request.frames.size() && request.frames[next[r]] == frame) {
            request.take(next[r], world);
            ++next[r];
        }
    }
}

// Hands a group of kLanes frames posed together (`lanes`) to each request that names any: to
// `take`, frame by frame in frame order across the requests, each frame written out of its lane
// once whichever requests name it; then whole to each request with takeLanes. `indices`:
// scratch, one per request. `anyTakesFrames`: whether any request lacks takeLanes (the stance
// alone, `info`'s, has it: the walk over lanes and requests for `take` is skipped then).
void handOutLanes(const std::uint32_t* frames,
                  std::span<const ForwardKinematicsPlan::LaneWorld> lanes,
                  std::span<FramePoseRequest* const> requests, std::span<std::size_t> next,
                  std::span<FramePoseRequest::LaneIndices> indices,
                  std::span<RigidTransform> worlds, bool anyTakesFrames) {
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    constexpr std::size_t kNot = FramePoseRequest::kNotRequested;
    for (std::size_t r = 0; r < requests.size(); ++r) {
        const std::vector<std::uint32_t>& named = requests[r]->frames;
        for (std::size_t k = 0; k < kLanes; ++k) {
            const bool names = next[r] < named.size() && named[next[r]] == frames[k];
            indices[r][k] = names ? next[r]++ : kNot;
        }
    }
    const std::size_t nodes = lanes.size();
    for (std::size_t k = 0; k < kLanes && anyTakesFrames; ++k) {
        bool written = false;
        const std::span<RigidTransform> world = worlds.subspan(k * nodes, nodes);
        for (std::size_t r = 0; r < requests.size(); ++r) {
            if (indices[r][k] == kNot || requests[r]->takeLanes) {
                continue;
            }
            if (!written) {
                ForwardKinematicsPlan::laneTransforms(lanes, k, world);
                written = true;
            }
            requests[r]->take(indices[r][k], world);
        }
    }
    for (std::size_t r = 0; r < requests.size(); ++r) {
        const bool any = std::ranges::any_of(indices[r], [](std::size_t i) { return i != kNot; });
        if (any && requests[r]->takeLanes) {
            requests[r]->takeLanes(lanes, indices[r]);
        }
    }
}

} // namespace

void poseRequestedFrames(ForwardKinematicsPlan skeletonPlan, const Motion& motion,
                         std::span<FramePoseRequest* const> requests,
                         std::span<const std::uint32_t> clipChanges) {
    KeptVector<std::uint32_t> keptFrames(unionOfRequestedFrames(requests)); // kept_vectors.h
    const std::vector<std::uint32_t>& frames = *keptFrames;
    // Only these frames are posed: the joints still over them (most of a take's fingers, face
    // and often spine) are composed once, not once a frame.
    const ForwardKinematicsPlan plan =
        std::move(skeletonPlan).heldOver(motion, frames, clipChanges);
    std::vector<std::size_t> next(requests.size(), 0);
    const std::size_t nodes = plan.nodeCount();
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    // Whole groups of kLanes frames are posed together (equal to the bit to one by one, and
    // faster); the rest, and a skeleton without channels (empty rows), one frame at a time.
    KeptVector<RigidTransform> keptWorlds(takeKeptVector<RigidTransform>(kLanes * nodes));
    std::vector<RigidTransform>& worlds = *keptWorlds;
    worlds.clear();
    worlds.resize(kLanes * nodes);
    std::size_t f = 0;
    if (plan.channelCount() > 0) {
        KeptVector<ForwardKinematicsPlan::LaneWorld> keptLanes(
            takeKeptVector<ForwardKinematicsPlan::LaneWorld>(nodes));
        std::vector<ForwardKinematicsPlan::LaneWorld>& lanes = *keptLanes;
        lanes.clear();
        lanes.resize(nodes);
        std::vector<FramePoseRequest::LaneIndices> indices(requests.size());
        const bool anyTakesFrames = std::ranges::any_of(
            requests, [](const FramePoseRequest* request) { return !request->takeLanes; });
        std::array<const float*, kLanes> rows{};
        for (; f + kLanes <= frames.size(); f += kLanes) {
            for (std::size_t k = 0; k < kLanes; ++k) {
                rows[k] = motion.frame(frames[f + k]).data();
            }
            plan.computeWorldLanesOfRows(rows, lanes);
            handOutLanes(frames.data() + f, lanes, requests, next, indices, worlds, anyTakesFrames);
        }
    }
    const std::span<RigidTransform> world(worlds.data(), nodes);
    for (; f < frames.size(); ++f) {
        plan.computeWorldTransformsOfRow(motion.frame(frames[f]), world);
        handOutPose(frames[f], world, requests, next);
    }
}

} // namespace bvh
