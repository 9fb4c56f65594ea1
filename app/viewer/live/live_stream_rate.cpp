#include "app/viewer/live/live_stream_rate.h"

#include "core/live/frame_decoder.h"

#include <cmath>
#include <optional>

namespace bvhscope::viewer {

void LiveStreamRate::reset(double headerFrameTime, bool fromSender) {
    arrivals_.clear();
    const bool usable = std::isfinite(headerFrameTime) && headerFrameTime > 0.0;
    frameTime_ = usable ? headerFrameTime : bvh::live::kDefaultLiveFrameTime;
    origin_ = fromSender && usable ? scene::LiveRateOrigin::Sender : scene::LiveRateOrigin::Assumed;
}

bool LiveStreamRate::add(double arrivalSeconds, std::size_t frames) {
    if (origin_ == scene::LiveRateOrigin::Sender || !std::isfinite(arrivalSeconds)) {
        return false;
    }
    arrivals_.add(arrivalSeconds, frames);
    const std::optional<double> measured = arrivals_.frameTime();
    if (!measured || !(*measured >= kShortestMeasuredFrameTime) ||
        !(*measured <= kLongestMeasuredFrameTime)) {
        return false;
    }
    const bool wasMeasured = origin_ == scene::LiveRateOrigin::Measured;
    origin_ = scene::LiveRateOrigin::Measured;
    if (std::abs(*measured - frameTime_) <= kLeastChangeShare * frameTime_) {
        return !wasMeasured; // the origin changed: the Info panel says so
    }
    frameTime_ = *measured;
    return true;
}

} // namespace bvhscope::viewer
