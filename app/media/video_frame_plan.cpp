#include "app/media/video_frame_plan.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::media {

VideoFramePlan planVideoFrames(double frameTime, std::int64_t firstFrame, std::int64_t lastFrame,
                               std::optional<FrameRate> rate, VideoContainer container) {
    VideoFramePlan plan;
    const FrameRate native = frameRateFromFrameTime(frameTime);
    plan.rate = rate.value_or(native);
    if (container == VideoContainer::Gif) {
        plan.rate = gifFrameRate(plan.rate);
    }
    plan.resampled = plan.rate != native;
    if (!plan.resampled) {
        for (std::int64_t frame = firstFrame; frame <= lastFrame; ++frame) {
            plan.shots.push_back({static_cast<double>(frame) * frameTime, frame});
        }
        return plan;
    }
    const double start = static_cast<double>(firstFrame) * frameTime;
    const double end = static_cast<double>(lastFrame) * frameTime;
    const double steps = (end - start) * plan.rate.perSecond();
    const auto last = static_cast<std::int64_t>(std::floor(steps * (1.0 + 1e-5) + 1e-9));
    for (std::int64_t k = 0; k <= last; ++k) {
        // k / rate rather than accumulating, so long clips do not drift.
        const double time = std::min(start + static_cast<double>(k) / plan.rate.perSecond(), end);
        const auto frame =
            std::clamp<std::int64_t>(std::llround(time / frameTime), firstFrame, lastFrame);
        plan.shots.push_back({time, frame});
    }
    return plan;
}

VideoFramePlan planVideoFrames(double frameTime, double startSeconds, double endSeconds,
                               std::optional<FrameRate> rate, VideoContainer container) {
    const std::int64_t first = std::llround(startSeconds / frameTime);
    const std::int64_t last = std::max<std::int64_t>(first, std::llround(endSeconds / frameTime));
    return planVideoFrames(frameTime, first, last, rate, container);
}

} // namespace bvhscope::media
