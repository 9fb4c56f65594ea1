// The clock of a Browser cell that plays its take while hovered (folder_hover_play.h): which
// frame shows `elapsedSeconds` after it started, looping over the clip at its own rate. Pure, so
// it is tested without a window (tests/app/viewer/folder/hover_clock_test.cpp).
#pragma once

#include <cmath>
#include <cstddef>

namespace bvhscope::viewer {

// Frame at `elapsedSeconds` of a clip of `frameCount` frames, `frameTime` seconds each, from 0
// again after the last one (a loop lasts frameCount x frameTime). 0 for an empty clip, a
// non-positive or non-finite frame time, or a negative or non-finite elapsed time.
inline std::size_t hoverPlayFrame(double elapsedSeconds, double frameTime, std::size_t frameCount) {
    if (frameCount == 0 || !(frameTime > 0.0) || !std::isfinite(frameTime) ||
        !(elapsedSeconds >= 0.0) || !std::isfinite(elapsedSeconds)) {
        return 0;
    }
    const double loop = frameTime * static_cast<double>(frameCount);
    const double within = std::fmod(elapsedSeconds, loop);
    const auto frame = static_cast<std::size_t>(std::floor(within / frameTime));
    return frame < frameCount ? frame : frameCount - 1; // rounding at the loop's end
}

} // namespace bvhscope::viewer
