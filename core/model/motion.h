// The motion: the MOTION section as one contiguous `frames x channels` float block.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace bvh {

inline constexpr double kAssumedFrameTime = 1.0 / 30.0;
// The Frame Times the reader accepts, in seconds (a million to 1/3600 frames per second);
// outside them, as for a missing or non-positive one, kAssumedFrameTime is used with a warning.
// So framesPerSecond() and every time derived from the frame time are finite.
inline constexpr double kShortestFrameTime = 1e-6;
inline constexpr double kLongestFrameTime = 3600.0;

struct Motion {
    std::uint32_t frameCount = 0;
    std::uint32_t channelCount = 0;
    // Seconds per frame. When the file's Frame Time is missing, not a number, or outside
    // [kShortestFrameTime, kLongestFrameTime], this is kAssumedFrameTime and frameTimeAssumed is
    // true, so the UI can say so.
    double frameTime = kAssumedFrameTime;
    bool frameTimeAssumed = true;
    std::vector<float> values; // frameCount * channelCount, row-major

    std::span<const float> frame(std::uint32_t index) const {
        return std::span(values).subspan(std::size_t{index} * channelCount, channelCount);
    }
    double framesPerSecond() const { return 1.0 / frameTime; }
    // True when every frame holds the first frame's value in `column` (no frames: true).
    bool columnNeverChanges(std::uint32_t column) const {
        const std::size_t count = std::size_t{frameCount} * channelCount;
        for (std::size_t at = channelCount + std::size_t{column}; at < count; at += channelCount) {
            if (values[at] != values[column]) {
                return false;
            }
        }
        return true;
    }
    // Time of the last frame; a one-frame clip lasts 0 s.
    double duration() const { return frameCount > 1 ? (frameCount - 1) * frameTime : 0.0; }
};

} // namespace bvh
