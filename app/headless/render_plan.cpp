#include "app/headless/render_plan.h"

#include "core/model/output_limits.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bvhscope::headless {

namespace {

// Frames past this many cannot be told apart in a double's time (2^53); a clip whose end lies
// beyond it, in the first clip's frames, ends here: every range that long is refused by the
// picture bound anyway.
constexpr double kLargestFrameIndex = 9007199254740992.0;

std::string shortNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

// The timeline's last frame, in the first clip's frames: the end of the longest clip.
std::int64_t timelineLastFrame(std::span<const ClipTiming> clips) {
    const double frameTime = clips.front().frameTime;
    double last = static_cast<double>(std::max<std::int64_t>(clips.front().frameCount, 1) - 1);
    for (const ClipTiming& other : clips.subspan(1)) {
        const double otherEnd =
            static_cast<double>(std::max<std::int64_t>(other.frameCount, 1) - 1) * other.frameTime;
        last = std::max(last, std::floor(otherEnd / frameTime + 1e-6));
    }
    return static_cast<std::int64_t>(std::min(last, kLargestFrameIndex));
}

// "--frames 10:20", "--frames 10:", "--frame 7": the option as the range was given.
std::string askedRange(const RenderRequest& request) {
    if (request.mode == RenderMode::Image) {
        return "--frame " + std::to_string(request.frame);
    }
    return "--frames " + std::to_string(request.firstFrame) + ":" +
           (request.lastFrame ? std::to_string(*request.lastFrame) : "");
}

// The video's rate and shots, or the error with what to change on the command line.
std::optional<media::VideoFramePlan> planVideo(const RenderRequest& request, const RenderPlan& plan,
                                               const ClipTiming& timing, std::string& error) {
    if (!request.fps && !media::frameRateFromFrameTime(plan.frameTime)) {
        error = timing.name + " has a Frame Time of " + shortNumber(plan.frameTime) + " s, " +
                shortNumber(1.0 / plan.frameTime) + " fps, and a video plays at " +
                media::videoFrameRateRange() + ": choose the video's rate with --fps";
        return std::nullopt;
    }
    std::string planError;
    auto video = media::planVideoFrames(plan.frameTime, plan.span.first, plan.span.last,
                                        request.fps, request.container, planError);
    if (!video) {
        error = planError + ": choose a lower --fps or fewer frames with --frames";
    }
    return video;
}

} // namespace

std::int64_t RenderPlan::pictureCount() const {
    return video ? video->shotCount() : span.count();
}

media::VideoShot RenderPlan::shot(std::int64_t k) const {
    if (video) {
        return video->shot(k);
    }
    const std::int64_t frame = span.first + k;
    return {static_cast<double>(frame) * frameTime, frame};
}

std::optional<RenderPlan> planRender(const RenderRequest& request,
                                     std::span<const ClipTiming> clips, std::string& error) {
    if (clips.empty()) {
        error = "a FILE to render is needed";
        return std::nullopt;
    }
    RenderPlan plan;
    plan.frameTime = clips.front().frameTime;
    plan.lastFrame = timelineLastFrame(clips);
    for (const ClipTiming& clip : clips) {
        plan.title += (plan.title.empty() ? "" : " + ") + clip.name;
    }
    const cli::FrameRange range = request.mode == RenderMode::Image
                                      ? cli::FrameRange{request.frame, request.frame}
                                      : cli::FrameRange{request.firstFrame, request.lastFrame};
    const std::string clipName =
        clips.size() == 1 ? clips.front().name
                          : plan.title + " (timed by " + clips.front().name + "'s frames)";
    const auto span =
        cli::resolveFrameRange(range, plan.lastFrame, askedRange(request), clipName, error);
    if (!span) {
        return std::nullopt;
    }
    plan.span = *span;
    if (request.mode == RenderMode::Video) {
        plan.video = planVideo(request, plan, clips.front(), error);
        if (!plan.video) {
            return std::nullopt;
        }
    } else if (plan.span.count() > bvh::kMaxOutputPictures) {
        error = askedRange(request) + " would write " + std::to_string(plan.span.count()) +
                " images, more than the " + std::to_string(bvh::kMaxOutputPictures) +
                " one render writes: choose a shorter range";
        return std::nullopt;
    }
    return plan;
}

std::string outputName(const RenderRequest& request, const RenderPlan& plan, std::int64_t k) {
    if (request.mode == RenderMode::Video) {
        return request.output;
    }
    return request.pattern.format(plan.shot(k).frame);
}

std::string repeatedOutputName(const RenderRequest& request, const RenderPlan& plan) {
    if (plan.pictureCount() < 2 || request.mode == RenderMode::Video) {
        return {};
    }
    // A numbered pattern formats different frames differently, and lexical normalisation treats
    // the numbered part of the name the same for every frame: it either stays (every name is
    // its own) or a ".." after it removes it (every name is one). Two names tell which.
    const std::filesystem::path first = bvh::pathFromUtf8(outputName(request, plan, 0));
    const std::filesystem::path second = bvh::pathFromUtf8(outputName(request, plan, 1));
    if (!request.pattern.numbered() || first.lexically_normal() == second.lexically_normal()) {
        return bvh::utf8FromPath(first) + " and " + bvh::utf8FromPath(second) +
               " are one file: every frame would be written over the last";
    }
    return {};
}

std::string checkOutputNames(const RenderRequest& request, const RenderPlan& plan,
                             const bvh::InputFiles& inputs) {
    if (std::string repeated = repeatedOutputName(request, plan); !repeated.empty()) {
        return repeated;
    }
    if (inputs.empty()) {
        return {};
    }
    const std::int64_t names = request.mode == RenderMode::Video ? 1 : plan.pictureCount();
    for (std::int64_t k = 0; k < names; ++k) {
        const std::filesystem::path path = bvh::pathFromUtf8(outputName(request, plan, k));
        if (std::string refusal = inputs.refusal(path); !refusal.empty()) {
            return refusal;
        }
    }
    return {};
}

} // namespace bvhscope::headless
