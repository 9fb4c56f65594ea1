// What a video output is, decided from its file name, and the frame rates it is written at.
// No FFmpeg here: the command line decides with these before any encoder is opened.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bvhscope::media {

// mp4: H.264 (yuv420p, index at the front) with AAC sound; webm: VP9 with Opus sound; gif: one
// 256-colour palette for the whole clip, no sound.
enum class VideoContainer : std::uint8_t { Mp4, WebM, Gif };

// The container for a file name's extension (case-insensitive: .mp4, .m4v, .webm, .gif), or
// nullopt when the name is not a video (a PNG sequence, say).
std::optional<VideoContainer> videoContainerFor(std::string_view fileName);
std::string_view containerName(VideoContainer container);
bool containerHasSound(VideoContainer container);

// A frame rate as a fraction: frames = numerator, per denominator seconds.
struct FrameRate {
    int numerator = 30;
    int denominator = 1;
    double perSecond() const { return static_cast<double>(numerator) / denominator; }
    bool operator==(const FrameRate&) const = default;
};

// The rate of a capture from its Frame Time. BVH writes the time per frame with a few decimals
// (0.0333333 for 30 fps, 0.00833333 for 120, 0.041708 for 23.976), so a rate within 0.05 % of a
// whole number or of an NTSC rate (N*1000/1001) is taken as that; anything else is kept to a
// thousandth of a frame per second, or below 1 fps to a millisecond of Frame Time (3 s is
// 1000/3000, not 0.333). nullopt when the rate is not one a video is written at
// (bvh::kMinVideoFrameRate to bvh::kMaxVideoFrameRate, core/model/output_limits.h): a Frame Time
// of an hour or of a microsecond gives no video rate, and the caller says so rather than
// writing the video at another rate.
std::optional<FrameRate> frameRateFromFrameTime(double frameTimeSeconds);
// A rate given on the command line (--fps 29.97, --fps 30000/1001), snapped as above; nullopt
// when it is not a number or a fraction of whole numbers in the video rates' range.
std::optional<FrameRate> parseFrameRate(std::string_view text);
// Whether a video can be written at `rate` (the range above).
bool isVideoFrameRate(FrameRate rate);
// That range in words, for messages: "1/600 to 1000 fps".
std::string videoFrameRateRange();

// GIF frame delays are whole hundredths of a second, and browsers play delays under two
// hundredths as ten, so a GIF is written at most at 50 frames per second: a faster rate is
// divided by the smallest whole number that brings it to 50 or less (120 -> 40, 60 -> 30),
// keeping every n-th frame of the capture. Returns the rate unchanged when it is 50 or less.
FrameRate gifFrameRate(FrameRate rate);

// The quality setting (--crf): the constant-rate factor of H.264 (0..51, default 20) and VP9
// (0..63, default 32); lower is better and larger. GIF has none.
int defaultCrf(VideoContainer container);
int maximumCrf(VideoContainer container);

} // namespace bvhscope::media
