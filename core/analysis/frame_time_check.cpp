#include "core/analysis/frame_time_check.h"

#include "core/analysis/formatted_text.h"
#include "core/analysis/percentile.h"
#include "core/analysis/turn_angle.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <numbers>
#include <vector>

namespace bvh {

namespace {

// Whole rates first (findWrittenCommonRate prefers them), then the NTSC ones.
constexpr std::array<CommonFrameRate, 33> kCommonRates = {{
    {8, "8"},
    {10, "10"},
    {12, "12"},
    {15, "15"},
    {20, "20"},
    {24, "24"},
    {25, "25"},
    {30, "30"},
    {48, "48"},
    {50, "50"},
    {60, "60"},
    {72, "72"},
    {90, "90"},
    {96, "96"},
    {100, "100"},
    {120, "120"},
    {125, "125"},
    {144, "144"},
    {150, "150"},
    {180, "180"},
    {200, "200"},
    {240, "240"},
    {250, "250"},
    {300, "300"},
    {360, "360"},
    {480, "480"},
    {500, "500"},
    {960, "960"},
    {1000, "1000"},
    {24000.0 / 1001.0, "23.976"},
    {30000.0 / 1001.0, "29.97"},
    {60000.0 / 1001.0, "59.94"},
    {120000.0 / 1001.0, "119.88"},
}};

bool isWholeRate(const CommonFrameRate& rate) {
    return rate.framesPerSecond == std::floor(rate.framesPerSecond);
}

// [SECTION] Motion measures

// Frames t (pairs t-1, t) to measure: all, or `limit` evenly spaced.
std::vector<std::uint32_t> measuredFrames(std::uint32_t frameCount, std::size_t limit) {
    std::vector<std::uint32_t> frames;
    const std::uint32_t pairs = frameCount - 1;
    const std::size_t count = std::min<std::size_t>(pairs, std::max<std::size_t>(limit, 1));
    for (std::size_t k = 0; k < count; ++k) {
        frames.push_back(1 + static_cast<std::uint32_t>(k * pairs / count));
    }
    return frames;
}

// The typical joint's turn per frame (degrees): per measured pair, the median over the joints
// that move at all in the clip, then the 90th percentile over the pairs.
double typicalJointTurnPerFrame(const Skeleton& skeleton, const Motion& motion,
                                TranslationMode translation,
                                const std::vector<std::uint32_t>& frames) {
    std::vector<std::size_t> rotating;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        for (const ChannelType type : skeleton.channelsOf(static_cast<NodeIndex>(node))) {
            if (isRotation(type)) {
                rotating.push_back(node);
                break;
            }
        }
    }
    if (rotating.empty()) {
        return 0.0;
    }
    const std::size_t n = skeleton.nodeCount();
    std::vector<RigidTransform> previous(n);
    std::vector<RigidTransform> current(n);
    // turns[j * pairs + p]: joint j's turn over pair p.
    std::vector<double> turns(rotating.size() * frames.size());
    std::vector<double> activity(rotating.size(), 0.0);
    for (std::size_t p = 0; p < frames.size(); ++p) {
        // Consecutive pairs share a frame: the last pair's second is this one's first.
        if (p > 0 && frames[p - 1] == frames[p] - 1) {
            previous.swap(current);
        } else {
            computeLocalTransforms(skeleton, motion.frame(frames[p] - 1), translation, previous);
        }
        computeLocalTransforms(skeleton, motion.frame(frames[p]), translation, current);
        for (std::size_t j = 0; j < rotating.size(); ++j) {
            const double turn =
                turnDegrees(previous[rotating[j]].rotation, current[rotating[j]].rotation);
            turns[j * frames.size() + p] = turn;
            activity[j] += turn;
        }
    }
    // Joints that never move (fingers a capture did not record) would make every median zero.
    const double mostActive = *std::ranges::max_element(activity);
    std::vector<std::size_t> active;
    for (std::size_t j = 0; j < rotating.size(); ++j) {
        if (activity[j] > 0.02 * mostActive) {
            active.push_back(j);
        }
    }
    if (active.empty()) {
        return 0.0;
    }
    std::vector<double> medians(frames.size());
    std::vector<double> pairTurns(active.size());
    for (std::size_t p = 0; p < frames.size(); ++p) {
        for (std::size_t k = 0; k < active.size(); ++k) {
            pairTurns[k] = turns[active[k] * frames.size() + p];
        }
        medians[p] = percentile(pairTurns, 0.5);
    }
    return percentile(medians, 0.9);
}

// The root's horizontal travel per second over quarter-second windows, 90th percentile, in
// file units; nullopt when no root has position channels.
std::optional<double> rootTravelPerSecond(const Skeleton& skeleton, const Motion& motion,
                                          TranslationMode translation, const RestPoseAnalysis& rest,
                                          std::size_t limit) {
    const std::vector<NodeIndex> roots = skeleton.roots();
    if (roots.empty() || !skeleton.hasPositionChannels(roots.front())) {
        return std::nullopt;
    }
    const auto root = static_cast<std::size_t>(roots.front());
    // The root's position is its local translation (roots have no parent).
    auto rootPosition = [&](std::uint32_t frame) {
        glm::dvec3 position = skeleton.offsets[root];
        const std::uint32_t begin = skeleton.channelBegin[root];
        for (std::uint32_t k = 0; k < skeleton.channelCount[root]; ++k) {
            const ChannelType type = skeleton.channels[begin + k];
            if (isPosition(type)) {
                const double value = motion.frame(frame)[begin + k];
                const int axis = channelAxis(type);
                position[axis] = translation == TranslationMode::Absolute
                                     ? value
                                     : skeleton.offsets[root][axis] + value;
            }
        }
        return position;
    };
    const std::uint32_t window = std::max<std::uint32_t>(
        1, static_cast<std::uint32_t>(std::lround(0.25 / motion.frameTime)));
    if (motion.frameCount <= window) {
        return std::nullopt;
    }
    const glm::dvec3 up = upAxisVector(rest.upAxis);
    std::vector<double> speeds;
    for (const std::uint32_t end : measuredFrames(motion.frameCount - window + 1, limit)) {
        // Windows [end - 1, end - 1 + window].
        glm::dvec3 travel = rootPosition(end - 1 + window) - rootPosition(end - 1);
        travel -= glm::dot(travel, up) * up;
        speeds.push_back(glm::length(travel) / (window * motion.frameTime));
    }
    return percentile(speeds, 0.9);
}

bool ordinaryAt(const MotionSpeed& speed, const MotionSpeedOptions& options) {
    return speed.typicalJointDegreesPerSecond < 0.5 * options.implausibleJointDegreesPerSecond &&
           (!speed.rootHeightsPerSecond ||
            *speed.rootHeightsPerSecond < options.ordinaryRootHeightsPerSecond);
}

MotionSpeed scaled(const MotionSpeed& speed, double factor) {
    MotionSpeed result = speed;
    result.typicalJointDegreesPerSecond *= factor;
    if (result.rootHeightsPerSecond) {
        *result.rootHeightsPerSecond *= factor;
    }
    return result;
}

std::string describe(const MotionSpeed& speed) {
    std::string text =
        formatted("the typical joint turns %.0f deg/s", speed.typicalJointDegreesPerSecond);
    if (speed.rootHeightsPerSecond) {
        text +=
            formatted(" and the root travels %.1f figure heights/s", *speed.rootHeightsPerSecond);
    }
    return text;
}

} // namespace

std::span<const CommonFrameRate> commonFrameRates() {
    return kCommonRates;
}

// [SECTION] A common rate written short

std::string shortestDecimal(double value) {
    char text[64];
    const auto [end, error] =
        std::to_chars(text, text + sizeof text, value, std::chars_format::fixed);
    return error == std::errc() ? std::string(text, end) : std::string();
}

int decimalsWritten(double frameTime) {
    const std::string text = shortestDecimal(frameTime);
    const auto point = text.find('.');
    return point == std::string::npos ? 0 : static_cast<int>(text.size() - point - 1);
}

std::optional<WrittenCommonRate> findWrittenCommonRate(double frameTime) {
    if (!std::isfinite(frameTime) || frameTime <= 0.0) {
        return std::nullopt;
    }
    const double rate = 1.0 / frameTime;
    // A whole or round rate (0.01, 0.008, 1/23.976 to 12 digits) is what the writer meant.
    if (std::abs(rate - std::round(rate * 1000.0) / 1000.0) <= 1e-9 * rate) {
        return std::nullopt;
    }
    for (const CommonFrameRate& candidate : commonFrameRates()) {
        if (std::abs(frameTime * candidate.framesPerSecond - 1.0) < 1e-12) {
            return std::nullopt; // 1001/30000 to the last bit
        }
    }
    const int decimals = decimalsWritten(frameTime);
    if (decimals < 1 || decimals > 15) {
        return std::nullopt;
    }
    const double scale = std::pow(10.0, decimals);
    const double written = std::round(frameTime * scale); // the digits, as an integer
    std::optional<WrittenCommonRate> best;
    for (const CommonFrameRate& candidate : commonFrameRates()) {
        const double exact = 1.0 / candidate.framesPerSecond;
        const double digits = exact * scale;
        // Tiny slack: exact * scale is not always exactly representable.
        const double truncated = std::floor(digits * (1.0 + 1e-12));
        const double rounded = std::round(digits);
        if (written != truncated && written != rounded) {
            continue;
        }
        const double error = std::abs(frameTime - exact) / exact;
        if (best) {
            // Whole rates before NTSC ones; then the closer.
            const bool bestWhole = isWholeRate(best->rate);
            const bool candidateWhole = isWholeRate(candidate);
            if (bestWhole && !candidateWhole) {
                continue;
            }
            if (bestWhole == candidateWhole && error >= best->relativeError) {
                continue;
            }
        }
        WrittenCommonRate found;
        found.frameTime = frameTime;
        found.decimals = decimals;
        found.rate = candidate;
        found.exactFrameTime = exact;
        found.shortening = written != truncated ? Shortening::Rounded
                           : written != rounded ? Shortening::Cut
                                                : Shortening::CutOrRounded;
        found.relativeError = error;
        best = found;
    }
    if (!best) {
        return std::nullopt;
    }
    const std::string text = shortestDecimal(frameTime);
    const double driftSeconds = 1.0 / best->relativeError / best->rate.framesPerSecond;
    std::string drift = driftSeconds >= 3600.0 ? formatted("%.1f h", driftSeconds / 3600.0)
                        : driftSeconds >= 60.0 ? formatted("%.1f min", driftSeconds / 60.0)
                                               : formatted("%.1f s", driftSeconds);
    // Enough digits to show how far the written rate is from the exact one.
    int precision = 6;
    while (precision < 15 && formatted("%.*g", precision, rate) ==
                                 formatted("%.*g", precision, best->rate.framesPerSecond)) {
        ++precision;
    }
    best->message = formatted(
        "Frame Time %s is 1/%s s %s to %d decimals: it plays at %.*g fps, a frame off every %s. "
        "The exact rate is %s fps.",
        text.c_str(), std::string(best->rate.name).c_str(),
        best->shortening == Shortening::Cut       ? "cut"
        : best->shortening == Shortening::Rounded ? "rounded"
                                                  : "written",
        decimals, precision, rate, drift.c_str(), std::string(best->rate.name).c_str());
    return best;
}

// [SECTION] A rate the motion disagrees with

MotionSpeedCheck checkMotionSpeed(const Skeleton& skeleton, const Motion& motion,
                                  TranslationMode translation, const RestPoseAnalysis& rest,
                                  const MotionSpeedOptions& options) {
    MotionSpeedCheck check;
    if (motion.frameCount < 3 || motion.channelCount != skeleton.totalChannels() ||
        motion.values.size() != std::size_t{motion.frameCount} * motion.channelCount ||
        !(motion.frameTime > 0.0) || translation == TranslationMode::Auto) {
        return check;
    }
    const std::vector<std::uint32_t> frames =
        measuredFrames(motion.frameCount, options.maxFramePairs);
    const double fps = motion.framesPerSecond();
    MotionSpeed& speed = check.atDeclared;
    speed.framePairs = frames.size();
    speed.typicalJointDegreesPerSecond =
        typicalJointTurnPerFrame(skeleton, motion, translation, frames) * fps;
    if (const auto travel =
            rootTravelPerSecond(skeleton, motion, translation, rest, options.maxFramePairs);
        travel && rest.height > 0.0) {
        speed.rootHeightsPerSecond = *travel / rest.height;
    }
    if (speed.typicalJointDegreesPerSecond <= options.implausibleJointDegreesPerSecond ||
        motion.frameCount - 1 < options.minimumFramePairs) {
        return check;
    }
    // The highest common rate below the declared one at which the motion is ordinary.
    std::vector<CommonFrameRate> lower;
    for (const CommonFrameRate& rate : commonFrameRates()) {
        if (isWholeRate(rate) && rate.framesPerSecond < fps * 0.99) {
            lower.push_back(rate);
        }
    }
    std::ranges::sort(lower, std::greater<>(), &CommonFrameRate::framesPerSecond);
    for (const CommonFrameRate& rate : lower) {
        const MotionSpeed at = scaled(speed, rate.framesPerSecond / fps);
        if (!ordinaryAt(at, options)) {
            continue;
        }
        SpeedSuspicion suspicion;
        suspicion.declaredFramesPerSecond = fps;
        suspicion.suggested = rate;
        suspicion.atSuggested = at;
        suspicion.message = formatted(
            "At the declared %.6g fps %s: faster than any performer. At %s fps %s. The Frame Time "
            "may be wrong (the capture ran at a lower rate).",
            fps, describe(speed).c_str(), std::string(rate.name).c_str(), describe(at).c_str());
        check.suspicion = suspicion;
        break;
    }
    return check;
}

FrameTimeReport checkFrameTime(const Skeleton& skeleton, const Motion& motion,
                               TranslationMode translation, const RestPoseAnalysis& rest,
                               const MotionSpeedOptions& options) {
    FrameTimeReport report;
    if (motion.frameTimeAssumed) {
        return report;
    }
    report.written = findWrittenCommonRate(motion.frameTime);
    report.speed = checkMotionSpeed(skeleton, motion, translation, rest, options);
    return report;
}

} // namespace bvh
