// Which capture times become a video's frames: the one plan for `bvhscope render -o clip.mp4`
// (app/headless) and the viewer's File > Export video (app/viewer/io), so both write the same
// frames for the same range. Arithmetic only: no FFmpeg, no GL.
#pragma once

#include "app/media/video_format.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace bvhscope::media {

// One picture of the video: the capture time it shows and the frame its label names.
struct VideoShot {
    double timeSeconds = 0.0;
    std::int64_t frame = 0;
};

struct VideoFramePlan {
    FrameRate rate;
    std::vector<VideoShot> shots;
    // Whether times fall between the capture's frames (another rate, or a GIF of a fast
    // capture): poses are then interpolated, as playback does.
    bool resampled = false;
};

// The shots of a video of the capture's frames `firstFrame` to `lastFrame` (frameTime apart).
// At the capture's own rate (frameRateFromFrameTime) every frame is a shot. At another rate
// (`rate`, or gifFrameRate for a GIF) shots are 1/rate apart from the first frame's time up to
// the last frame's, each labelled with its nearest frame. Frame Times are written with six or
// seven digits (0.0333333 for 1/30), so the range's length in shots is rounded down only past a
// relative 1e-5: frames 0 to 15 of a 30 fps file at 60 fps are 31 shots, not 30.
VideoFramePlan planVideoFrames(double frameTime, std::int64_t firstFrame, std::int64_t lastFrame,
                               std::optional<FrameRate> rate, VideoContainer container);

// The same for a range of capture time (the viewer's timeline range, which ends on frames):
// its first and last frames are the frames nearest to `startSeconds` and `endSeconds`.
VideoFramePlan planVideoFrames(double frameTime, double startSeconds, double endSeconds,
                               std::optional<FrameRate> rate, VideoContainer container);

} // namespace bvhscope::media
