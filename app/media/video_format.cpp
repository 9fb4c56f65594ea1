#include "app/media/video_format.h"

#include "core/model/output_limits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

namespace bvhscope::media {

namespace {

std::string lowercase(std::string_view text) {
    std::string result(text);
    std::transform(result.begin(), result.end(), result.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return result;
}

bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

template <typename Number>
bool parseNumber(std::string_view text, Number& value) {
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, value);
    return !text.empty() && result.ec == std::errc() && result.ptr == end;
}

// `rate` (finite, > 0) as a fraction: a whole or NTSC rate when within 0.05 % of one, else to a
// thousandth of a frame per second, or below 1 fps to a millisecond of Frame Time (a thousandth
// of 1/3 fps is 0.1 % off, which over an hour is a second). nullopt when the fraction's terms
// would not fit an int (far outside every video rate).
std::optional<FrameRate> nearestFrameRate(double rate) {
    const double tolerance = rate * 5e-4;
    const double whole = std::round(rate);
    if (whole > bvh::kMaxVideoFrameRate * 2.0 || 1.0 / rate > bvh::kLongestFrameTime * 2.0) {
        return std::nullopt;
    }
    if (whole >= 1.0 && std::abs(rate - whole) <= tolerance) {
        return FrameRate{static_cast<int>(whole), 1};
    }
    const double ntscWhole = std::round(rate * 1.001);
    if (ntscWhole >= 1.0 && std::abs(rate - ntscWhole * 1000.0 / 1001.0) <= tolerance) {
        return FrameRate{static_cast<int>(ntscWhole) * 1000, 1001};
    }
    const double thousandths = std::round(rate * 1000.0);
    if (rate >= 1.0 || (thousandths >= 1.0 && std::abs(rate - thousandths / 1000.0) <= tolerance)) {
        return FrameRate{static_cast<int>(thousandths), 1000};
    }
    return FrameRate{1000, static_cast<int>(std::lround(1000.0 / rate))};
}

} // namespace

std::optional<VideoContainer> videoContainerFor(std::string_view fileName) {
    const std::string name = lowercase(fileName);
    if (endsWith(name, ".mp4") || endsWith(name, ".m4v")) {
        return VideoContainer::Mp4;
    }
    if (endsWith(name, ".webm")) {
        return VideoContainer::WebM;
    }
    if (endsWith(name, ".gif")) {
        return VideoContainer::Gif;
    }
    return std::nullopt;
}

std::string_view containerName(VideoContainer container) {
    switch (container) {
    case VideoContainer::Mp4:
        return "MP4";
    case VideoContainer::WebM:
        return "WebM";
    case VideoContainer::Gif:
        return "GIF";
    }
    return "video";
}

bool containerHasSound(VideoContainer container) {
    return container != VideoContainer::Gif;
}

bool isVideoFrameRate(FrameRate rate) {
    if (rate.numerator <= 0 || rate.denominator <= 0) {
        return false;
    }
    const double perSecond = rate.perSecond();
    return perSecond >= bvh::kMinVideoFrameRate && perSecond <= bvh::kMaxVideoFrameRate;
}

std::string videoFrameRateRange() {
    return "1/" + std::to_string(std::lround(1.0 / bvh::kMinVideoFrameRate)) + " to " +
           std::to_string(std::lround(bvh::kMaxVideoFrameRate)) + " fps";
}

std::optional<FrameRate> frameRateFromFrameTime(double frameTimeSeconds) {
    if (!std::isfinite(frameTimeSeconds) || frameTimeSeconds <= 0.0) {
        return std::nullopt;
    }
    const std::optional<FrameRate> rate = nearestFrameRate(1.0 / frameTimeSeconds);
    if (!rate || !isVideoFrameRate(*rate)) {
        return std::nullopt;
    }
    return rate;
}

std::optional<FrameRate> parseFrameRate(std::string_view text) {
    const auto slash = text.find('/');
    if (slash != std::string_view::npos) {
        int numerator = 0;
        int denominator = 0;
        if (!parseNumber(text.substr(0, slash), numerator) ||
            !parseNumber(text.substr(slash + 1), denominator) ||
            !isVideoFrameRate({numerator, denominator})) {
            return std::nullopt;
        }
        return FrameRate{numerator, denominator};
    }
    double rate = 0.0;
    if (!parseNumber(text, rate) || !std::isfinite(rate) || rate <= 0.0) {
        return std::nullopt;
    }
    const std::optional<FrameRate> snapped = nearestFrameRate(rate);
    if (!snapped || !isVideoFrameRate(*snapped)) {
        return std::nullopt;
    }
    return snapped;
}

FrameRate gifFrameRate(FrameRate rate) {
    if (rate.perSecond() <= 50.0) {
        return rate;
    }
    const int divisor = static_cast<int>(std::ceil(rate.perSecond() / 50.0 - 1e-9));
    if (rate.numerator % divisor == 0) {
        return {rate.numerator / divisor, rate.denominator};
    }
    return {rate.numerator, rate.denominator * divisor};
}

int defaultCrf(VideoContainer container) {
    return container == VideoContainer::WebM ? 32 : 20;
}

int maximumCrf(VideoContainer container) {
    return container == VideoContainer::WebM ? 63 : 51;
}

} // namespace bvhscope::media
