// Which capture times become a video's frames: the one plan for `bvhscope render -o clip.mp4`
// (app/headless) and the viewer's File > Export video (app/viewer/io), so both write the same
// frames for the same range. Arithmetic only: no FFmpeg, no GL.
//
// A plan is a count and a rule, never a list: shot(k) computes the k-th picture when it is drawn,
// so planning costs the same for two pictures and for a million, and the count is checked
// against bvh::kMaxOutputPictures (core/model/output_limits.h) before anything is drawn.
#pragma once

#include "app/media/video_format.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bvhscope::media {

// One picture of the video: the capture time it shows and the frame its label names.
struct VideoShot {
    double timeSeconds = 0.0;
    std::int64_t frame = 0;
};

class VideoFramePlan {
public:
    FrameRate rate;
    // Whether times fall between the capture's frames (another rate, or a GIF of a fast
    // capture): poses are then interpolated, as playback does.
    bool resampled = false;

    // The number of pictures: 1 to bvh::kMaxOutputPictures.
    std::int64_t shotCount() const { return shotCount_; }
    // Picture k, 0 <= k < shotCount(): its time is within the range's first and last frames'
    // times, its label the nearest frame of the range.
    VideoShot shot(std::int64_t k) const;
    // How long the video plays: shotCount() pictures at `rate`.
    double durationSeconds() const { return static_cast<double>(shotCount_) / rate.perSecond(); }

private:
    friend std::optional<VideoFramePlan> planVideoFrames(double, std::int64_t, std::int64_t,
                                                         std::optional<FrameRate>, VideoContainer,
                                                         std::string&);
    double frameTime_ = 1.0 / 30.0;
    std::int64_t firstFrame_ = 0;
    std::int64_t lastFrame_ = 0;
    std::int64_t shotCount_ = 1;
};

// The shots of a video of the capture's frames `firstFrame` to `lastFrame` (frameTime apart,
// 0 <= firstFrame; a lastFrame before firstFrame is the one frame firstFrame). At the capture's
// own rate (frameRateFromFrameTime) every frame is a shot. At another rate (`rate`, or
// gifFrameRate for a GIF) shots are 1/rate apart from the first frame's time up to the last
// frame's, each labelled with its nearest frame. Frame Times are written with six or seven
// digits (0.0333333 for 1/30), so the range's length in shots is rounded down only past a
// relative 1e-5 (at most half a shot): frames 0 to 15 of a 30 fps file at 60 fps are 31 shots,
// not 30.
//
// nullopt, with `error` saying why (a sentence for a message: no command's option names), when
// no rate is given and the capture's own is not a video rate (a Frame Time of an hour, or of a
// microsecond), when `rate` is not one, or when the video would hold more than
// bvh::kMaxOutputPictures pictures. Nothing is allocated either way.
std::optional<VideoFramePlan> planVideoFrames(double frameTime, std::int64_t firstFrame,
                                              std::int64_t lastFrame, std::optional<FrameRate> rate,
                                              VideoContainer container, std::string& error);

// The same for a range of capture time (the viewer's timeline range, which ends on frames):
// its first and last frames are the frames nearest to `startSeconds` and `endSeconds`.
std::optional<VideoFramePlan> planVideoFrames(double frameTime, double startSeconds,
                                              double endSeconds, std::optional<FrameRate> rate,
                                              VideoContainer container, std::string& error);

} // namespace bvhscope::media
