#include "app/pictures/frame_label.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace bvhscope::pictures {

int timecodeRate(double frameTime) {
    if (!(frameTime > 0.0) || !std::isfinite(frameTime)) {
        return 30;
    }
    return static_cast<int>(std::clamp(std::round(1.0 / frameTime), 1.0, 100000.0));
}

std::string timecode(std::int64_t frame, int rate) {
    frame = std::max<std::int64_t>(frame, 0);
    rate = std::max(rate, 1);
    const std::int64_t frames = frame % rate;
    const std::int64_t seconds = frame / rate;
    // FF has the digits the rate needs: two up to 100 fps, three for 120 fps captures.
    const int frameDigits = rate > 100 ? static_cast<int>(std::to_string(rate - 1).size()) : 2;
    char text[64];
    std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld:%0*lld",
                  static_cast<long long>(seconds / 3600), static_cast<long long>(seconds / 60 % 60),
                  static_cast<long long>(seconds % 60), frameDigits,
                  static_cast<long long>(frames));
    return text;
}

std::string rateLabel(double frameTime) {
    const int rate = timecodeRate(frameTime);
    const double exact = frameTime > 0.0 ? 1.0 / frameTime : 0.0;
    char text[32];
    if (std::abs(exact - rate) < 0.005) {
        std::snprintf(text, sizeof text, "%d fps", rate);
    } else {
        std::snprintf(text, sizeof text, "%.4g fps", exact); // 29.97, 30.03
    }
    return text;
}

FrameLabel frameLabel(const std::string& fileName, std::int64_t frame, std::int64_t lastFrame,
                      double frameTime) {
    return {fileName, "frame " + std::to_string(frame) + " / " + std::to_string(lastFrame) + "   " +
                          timecode(frame, timecodeRate(frameTime)) + "   " + rateLabel(frameTime)};
}

std::string shortFrameLabel(std::int64_t frame, std::int64_t lastFrame, double frameTime) {
    return "frame " + std::to_string(frame) + " / " + std::to_string(lastFrame) + "  " +
           rateLabel(frameTime);
}

} // namespace bvhscope::pictures
