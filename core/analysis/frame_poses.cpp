#include "core/analysis/frame_poses.h"

#include <algorithm>
#include <limits>

namespace bvh {

void poseRequestedFrames(const ForwardKinematicsPlan& plan, const Motion& motion,
                         std::span<FramePoseRequest* const> requests) {
    // Per request, the index of its next frame: the requests are walked side by side.
    std::vector<std::size_t> next(requests.size(), 0);
    std::vector<RigidTransform> world(plan.nodeCount());
    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    for (;;) {
        std::uint32_t frame = kNone;
        for (std::size_t r = 0; r < requests.size(); ++r) {
            if (next[r] < requests[r]->frames.size()) {
                frame = std::min(frame, requests[r]->frames[next[r]]);
            }
        }
        if (frame == kNone) {
            return;
        }
        plan.computeWorldTransformsOfRow(motion.frame(frame), world);
        for (std::size_t r = 0; r < requests.size(); ++r) {
            FramePoseRequest& request = *requests[r];
            if (next[r] < request.frames.size() && request.frames[next[r]] == frame) {
                request.take(next[r], world);
                ++next[r];
            }
        }
    }
}

} // namespace bvh
