#include "tests/fuzz/option_planning.h"

#include "app/cli/convert_request.h"
#include "app/headless/render_plan.h"
#include "app/headless/render_request.h"
#include "app/media/video_format.h"
#include "core/conversions/conversions.h"
#include "core/model/output_limits.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

namespace bvhscope::fuzz {

namespace {

constexpr std::size_t kMaxArguments = 32;
// Conversions at most this large are also run in memory (and read back) on every input; larger
// ones, still within the bound, are only planned, so that a run stays fast.
constexpr std::uint64_t kConvertedValuesRun = 20'000;

std::vector<std::string_view> splitLines(std::string_view bytes) {
    std::vector<std::string_view> lines;
    while (!bytes.empty() && lines.size() < 6 + kMaxArguments) {
        const std::size_t end = bytes.find('\n');
        lines.push_back(bytes.substr(0, end));
        bytes = end == std::string_view::npos ? std::string_view() : bytes.substr(end + 1);
    }
    lines.resize(std::max<std::size_t>(lines.size(), 6));
    return lines;
}

// A two-joint capture with the given Frame Time and Frames: texts, `rows` rows, every row's
// Xposition the given text.
std::string captureText(std::string_view frameTime, std::string_view frames,
                        std::string_view xPosition) {
    const int rows = !frames.empty() && frames.front() >= '0' && frames.front() <= '9'
                         ? frames.front() - '0'
                         : 1;
    std::string text = "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition "
                       "Yposition Zposition Zrotation Xrotation Yrotation\n\tJOINT Spine\n\t{\n"
                       "\t\tOFFSET 0 10 0\n\t\tCHANNELS 3 Zrotation Xrotation Yrotation\n"
                       "\t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0 10 0\n\t\t}\n\t}\n}\nMOTION\n";
    text += "Frames: " + std::string(frames) + "\nFrame Time: " + std::string(frameTime) + "\n";
    for (int row = 0; row < rows; ++row) {
        text += std::string(xPosition.empty() ? "0" : xPosition) + " 90 " + std::to_string(row) +
                " " + std::to_string(row * 37) + " 10 0 " + std::to_string(row * 3) + " 0 0\n";
    }
    return text;
}

PlanningCheck broken(std::string violation) {
    return {std::move(violation), {}};
}

PlanningCheck outcome(std::string what) {
    return {{}, std::move(what)};
}

bool within(double value, double low, double high) {
    const double slack = 1e-9 * std::max({1.0, std::abs(low), std::abs(high)});
    return std::isfinite(value) && value >= low - slack && value <= high + slack;
}

// [SECTION] render

// What parsing promises before any plan: every size and count within its bound.
std::string requestViolation(const headless::RenderRequest& request) {
    if (request.width < pictures::kMinPictureSide || request.height < pictures::kMinPictureSide ||
        request.width > headless::kMaxImageSide || request.height > headless::kMaxImageSide ||
        request.tileWidth > headless::kMaxTileSide || request.tileHeight > headless::kMaxTileSide ||
        request.columns < 0 || request.columns > 1000) {
        return "render accepted a picture size out of its bounds";
    }
    const scene::OverlayOptions& overlays = request.overlays;
    if (overlays.trailFrames < 1 || overlays.trailFrames > 100000 || overlays.ghostCount > 50 ||
        overlays.ghostStep < 1 || overlays.ghostStep > 100000) {
        return "render accepted an overlay count out of its bounds";
    }
    if (request.fps && !media::isVideoFrameRate(*request.fps)) {
        return "render accepted --fps " + std::to_string(request.fps->perSecond());
    }
    return {};
}

// What a plan promises: at most kMaxOutputPictures pictures, within the clip, at a video rate,
// each shot within the range and named.
std::string planViolation(const headless::RenderRequest& request,
                          const headless::RenderPlan& plan) {
    const std::int64_t count = plan.pictureCount();
    if (count < 1 || count > bvh::kMaxOutputPictures) {
        return "a render plan of " + std::to_string(count) + " pictures";
    }
    if (plan.span.first < 0 || plan.span.first > plan.span.last ||
        plan.span.last > plan.lastFrame) {
        return "a render plan's frames are not within the clip";
    }
    if (plan.video && !media::isVideoFrameRate(plan.video->rate)) {
        return "a video planned at " + std::to_string(plan.video->rate.perSecond()) + " fps";
    }
    const double firstTime = static_cast<double>(plan.span.first) * plan.frameTime;
    const double lastTime = static_cast<double>(plan.span.last) * plan.frameTime;
    for (const std::int64_t k : {std::int64_t{0}, count / 2, count - 1}) {
        const media::VideoShot shot = plan.shot(k);
        if (shot.frame < plan.span.first || shot.frame > plan.span.last ||
            !within(shot.timeSeconds, firstTime, lastTime)) {
            return "shot " + std::to_string(k) + " lies outside the planned range";
        }
        if (!plan.video && shot.frame != plan.span.first + k) {
            return "image " + std::to_string(k) + " is not the range's frame " + std::to_string(k);
        }
        if (headless::outputName(request, plan, k).empty()) {
            return "picture " + std::to_string(k) + " has no output name";
        }
    }
    return {};
}

PlanningCheck checkRender(std::span<const std::string_view> arguments,
                          const bvh::Document (&captures)[2]) {
    std::ostringstream out;
    std::ostringstream err;
    const headless::ParsedRender parsed = headless::parseRenderArguments(arguments, out, err);
    if (!parsed.request) {
        return parsed.exitCode ? outcome("usage: " + err.str())
                               : broken("render refused without an exit code");
    }
    const headless::RenderRequest& request = *parsed.request;
    if (std::string violation = requestViolation(request); !violation.empty()) {
        return broken(std::move(violation));
    }
    if (request.mode == headless::RenderMode::ContactSheet) {
        return outcome("skipped: a contact sheet reads a folder");
    }
    std::vector<headless::ClipTiming> clips;
    for (std::size_t i = 0; i <= request.comparedInputs.size(); ++i) {
        const bvh::Document& capture = captures[std::min<std::size_t>(i, 1)];
        if (!capture.loaded()) {
            return outcome("skipped: a capture does not load"); // render stops there
        }
        clips.push_back({i == 0 ? request.input : request.comparedInputs[i - 1],
                         capture.motion.frameCount, capture.motion.frameTime});
    }
    std::string error;
    const std::optional<headless::RenderPlan> plan = headless::planRender(request, clips, error);
    if (!plan) {
        return error.empty() ? broken("a render plan was refused without a message")
                             : outcome("refused: " + error);
    }
    if (std::string violation = planViolation(request, *plan); !violation.empty()) {
        return broken(std::move(violation));
    }
    // Names only: no file is looked at.
    if (std::string repeated = headless::repeatedOutputName(request, *plan); !repeated.empty()) {
        return outcome("refused: " + repeated);
    }
    return outcome("planned: " + std::to_string(plan->pictureCount()) + " pictures");
}

// [SECTION] convert

// scaleSkeleton's promise: a scale it accepts keeps every finite value finite (as a float) and
// every value other than zero other than zero.
std::string scaleViolation(const bvh::Document& capture, double factor) {
    const bvh::Conversion scaled = bvh::scaleSkeleton(capture.skeleton, capture.motion, factor);
    if (!scaled.ok()) {
        return {};
    }
    for (std::size_t i = 0; i < capture.motion.values.size(); ++i) {
        const float before = capture.motion.values[i];
        const float after = scaled.motion.values[i];
        if ((std::isfinite(before) && !std::isfinite(after)) || (before != 0.0f && after == 0.0f)) {
            return "--scale " + std::to_string(factor) + " turned " + std::to_string(before) +
                   " into " + std::to_string(after);
        }
    }
    return {};
}

// A conversion small enough to run: it makes the frames planned, and what is written reads back
// with its own frame count and Frame Time (not an assumed one).
PlanningCheck runConversion(const bvh::Document& capture, const bvh::ConversionRequest& conversions,
                            const bvh::ConversionPlan& plan) {
    const bvh::ConversionOutcome converted =
        bvh::applyConversionRequest(capture.skeleton, capture.motion, conversions, "capture.bvh");
    if (!converted.ok) {
        return outcome("refused: " + (converted.log.empty()
                                          ? std::string("a conversion failed")
                                          : converted.log.back().diagnostic.message));
    }
    if (converted.motion.frameCount != plan.frameCount) {
        return broken("planned " + std::to_string(plan.frameCount) + " frames, made " +
                      std::to_string(converted.motion.frameCount));
    }
    const std::string planned = "planned: " + std::to_string(plan.frameCount) + " frames";
    if (bvh::hasErrors(bvh::validateForWriting(converted.skeleton, converted.motion))) {
        return outcome(planned);
    }
    const bvh::Document reread =
        bvh::parseDocument(bvh::formatBvh(converted.skeleton, converted.motion));
    if (!reread.loaded() || reread.motion.frameCount != converted.motion.frameCount ||
        reread.motion.frameTimeAssumed || reread.motion.frameTime != converted.motion.frameTime) {
        return broken("a converted file does not read back with its frames and Frame Time");
    }
    return outcome(planned);
}

PlanningCheck checkConvert(std::span<const std::string_view> arguments,
                           const bvh::Document& capture) {
    std::ostringstream out;
    std::ostringstream err;
    const cli::ParsedConvert parsed = cli::parseConvertArguments(arguments, out, err);
    if (!parsed.request) {
        return parsed.exitCode ? outcome("usage: " + err.str())
                               : broken("convert refused without an exit code");
    }
    const cli::ConvertRequest& request = *parsed.request;
    if (request.framesPerSecond && !bvh::isWritableFrameRate(*request.framesPerSecond)) {
        return broken("convert accepted --fps " + std::to_string(*request.framesPerSecond));
    }
    if (!capture.loaded()) {
        return outcome("skipped: the capture does not load");
    }
    if (request.scale) {
        if (std::string violation = scaleViolation(capture, *request.scale); !violation.empty()) {
            return broken(std::move(violation));
        }
    }
    std::string error;
    std::optional<bvh::ConversionRequest> conversions =
        cli::conversionRequestFor(request, capture.motion.frameCount, error);
    if (!conversions) {
        return error.empty() ? broken("a --frames range refused without a message")
                             : outcome("usage: " + error);
    }
    conversions->mnmPath.reset(); // the fuzzer reads no file
    const bvh::ConversionPlan plan = bvh::planConversionRequest(capture.motion, *conversions);
    if (!plan.ok()) {
        return outcome("refused: " + plan.errors.front().message);
    }
    const std::uint64_t rowValues = std::max<std::uint32_t>(capture.motion.channelCount, 1);
    if (plan.frameCount > bvh::kMaxConvertedValues / rowValues) {
        return broken("a conversion planned " + std::to_string(plan.frameCount) + " frames");
    }
    if (plan.valueCount > kConvertedValuesRun) {
        return outcome("planned: " + std::to_string(plan.frameCount) + " frames");
    }
    return runConversion(capture, *conversions, plan);
}

} // namespace

PlanningCheck checkOptionPlanning(std::string_view bytes) {
    const std::vector<std::string_view> lines = splitLines(bytes);
    const bvh::Document captures[2] = {
        bvh::parseDocument(captureText(lines[1], lines[2], lines[5])),
        bvh::parseDocument(captureText(lines[3], lines[4], lines[5]))};
    const std::span<const std::string_view> arguments =
        std::span(lines).subspan(std::min<std::size_t>(6, lines.size()));
    if (!lines[0].empty() && lines[0].front() == 'c') {
        return checkConvert(arguments, captures[0]);
    }
    return checkRender(arguments, captures);
}

} // namespace bvhscope::fuzz
