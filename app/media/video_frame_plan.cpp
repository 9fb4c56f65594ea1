#include "app/media/video_frame_plan.h"

#include "core/model/output_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bvhscope::media {

namespace {

// Six significant digits, as messages show rates and times ("0.000277778", "3600").
std::string shortNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

// Frames this far apart (and further) cannot be told apart in a double's time: a range past it
// is refused before any arithmetic on it (2^53 frames).
constexpr double kLargestFrameIndex = 9007199254740992.0;

} // namespace

VideoShot VideoFramePlan::shot(std::int64_t k) const {
    if (!resampled) {
        const std::int64_t frame = firstFrame_ + k;
        return {static_cast<double>(frame) * frameTime_, frame};
    }
    const double start = static_cast<double>(firstFrame_) * frameTime_;
    const double end = static_cast<double>(lastFrame_) * frameTime_;
    // k / rate rather than accumulating, so long clips do not drift.
    const double time = std::min(start + static_cast<double>(k) / rate.perSecond(), end);
    const auto frame =
        std::clamp<std::int64_t>(std::llround(time / frameTime_), firstFrame_, lastFrame_);
    return {time, frame};
}

std::optional<VideoFramePlan> planVideoFrames(double frameTime, std::int64_t firstFrame,
                                              std::int64_t lastFrame, std::optional<FrameRate> rate,
                                              VideoContainer container, std::string& error) {
    if (!std::isfinite(frameTime) || frameTime <= 0.0 || firstFrame < 0 ||
        static_cast<double>(std::max(firstFrame, lastFrame)) > kLargestFrameIndex) {
        error = "the range is not a range of frames";
        return std::nullopt;
    }
    const std::optional<FrameRate> native = frameRateFromFrameTime(frameTime);
    if (rate && !isVideoFrameRate(*rate)) {
        error = "a video cannot be written at " + shortNumber(rate->perSecond()) +
                " fps: videos are written at " + videoFrameRateRange();
        return std::nullopt;
    }
    if (!rate && !native) {
        error = "the capture's rate, " + shortNumber(1.0 / frameTime) + " fps (a Frame Time of " +
                shortNumber(frameTime) + " s), is not one a video plays: videos are written at " +
                videoFrameRateRange() + " (a picture every 10 minutes at the slowest)";
        return std::nullopt;
    }
    VideoFramePlan plan;
    plan.frameTime_ = frameTime;
    plan.firstFrame_ = firstFrame;
    plan.lastFrame_ = std::max(firstFrame, lastFrame);
    plan.rate = rate.value_or(native.value_or(FrameRate{}));
    if (container == VideoContainer::Gif) {
        plan.rate = gifFrameRate(plan.rate);
    }
    plan.resampled = !native || plan.rate != *native;

    // The count first, in doubles (a hostile range times a high rate does not fit an integer).
    double pictures = static_cast<double>(plan.lastFrame_ - plan.firstFrame_) + 1.0;
    const double seconds = static_cast<double>(plan.lastFrame_ - plan.firstFrame_) * frameTime;
    if (plan.resampled) {
        // Frame Times are written short (0.0333333): a relative 1e-5 more is still the range's
        // end, but never more than half a step, or a long range would gain pictures past it.
        const double steps = seconds * plan.rate.perSecond();
        pictures = std::floor(steps + std::min(steps * 1e-5, 0.5) + 1e-9) + 1.0;
    }
    if (!(pictures <= static_cast<double>(bvh::kMaxOutputPictures))) {
        // Whole numbers while a double holds them exactly; a count past that is just large.
        const std::string count = pictures < kLargestFrameIndex
                                      ? std::to_string(static_cast<std::int64_t>(pictures))
                                      : shortNumber(pictures);
        error = "a video of " + shortNumber(seconds) + " s of capture at " +
                shortNumber(plan.rate.perSecond()) + " fps would be " + count +
                " pictures, more than the " + std::to_string(bvh::kMaxOutputPictures) +
                " one video may hold";
        return std::nullopt;
    }
    plan.shotCount_ = static_cast<std::int64_t>(pictures);
    return plan;
}

std::optional<VideoFramePlan> planVideoFrames(double frameTime, double startSeconds,
                                              double endSeconds, std::optional<FrameRate> rate,
                                              VideoContainer container, std::string& error) {
    const double first = std::round(startSeconds / frameTime);
    const double last = std::round(endSeconds / frameTime);
    if (!std::isfinite(first) || !std::isfinite(last) || first < 0.0 ||
        std::max(first, last) > kLargestFrameIndex) {
        error = "the range is not a range of the capture's frames";
        return std::nullopt;
    }
    return planVideoFrames(frameTime, static_cast<std::int64_t>(first),
                           static_cast<std::int64_t>(std::max(first, last)), rate, container,
                           error);
}

} // namespace bvhscope::media
