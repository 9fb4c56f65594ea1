// How large an output bvhscope makes from what it reads, in one place. Every size that comes from
// input (a frame count times a rate, a duration, a scale factor) is checked against these bounds
// arithmetically, before anything is allocated, written or drawn, so a hostile file or option
// fails at once with a message instead of running for hours or out of memory. Each bound is far
// beyond what an animator does with a real capture; the messages name them.
//
// Where they are checked: media::planVideoFrames and headless::planRender (`render`'s pictures
// and video rates), bvh::planConversionRequest and the conversions (`convert` and the viewer's
// File > Export). A picture's side is bounded in app/pictures/picture_size.h.
#pragma once

#include "core/model/motion.h"

#include <cstdint>

namespace bvh {

// Pictures one `render` writes: the shots of a video or the PNGs of a sequence. A million is
// 9 h 15 min of video at 30 fps, 4 h 37 min at 60; drawing them takes a day on a fast GPU. A
// plan past it (two captures at wildly different rates, a one-hour Frame Time at --fps 1000)
// is a mistake, not a render.
inline constexpr std::int64_t kMaxOutputPictures = 1'000'000;

// The rates a video is written at. At most 1000 fps: no player shows more, and a 1 us Frame Time
// (a million fps) needs --fps rather than a video of a million pictures a second. At least one
// picture every 10 minutes: a GIF's delay is a 16-bit count of hundredths (655.35 s at most),
// and a slower video is a slide show no encoder is tuned for.
inline constexpr double kMaxVideoFrameRate = 1000.0;
inline constexpr double kMinVideoFrameRate = 1.0 / 600.0;

// Values (frames x channels) of a motion a conversion makes: 2^27 floats, 512 MiB. A one-hour
// 120 fps capture of 100 joints (300 channels, 130 million values) fits; resampling a tiny file
// to 20 000 fps over an hour of Frame Time does not. Only resampling makes more values than it
// is given, so it checks before allocating.
inline constexpr std::uint64_t kMaxConvertedValues = std::uint64_t{1} << 27;

// The frame rates `convert --fps` may write: those whose Frame Time (1 / rate) the reader
// accepts (motion.h: 1 microsecond to 1 hour). Outside them the written file would be read back
// at an assumed 30 fps.
inline bool isWritableFrameRate(double framesPerSecond) {
    const double frameTime = 1.0 / framesPerSecond;
    return framesPerSecond > 0.0 && frameTime >= kShortestFrameTime &&
           frameTime <= kLongestFrameTime;
}

} // namespace bvh
