// The one plan of a video's frames (app/media/video_frame_plan.h) that `bvhscope render` and the
// viewer's Export video share: a range given in seconds lands on the frames it names, and a plan
// is a count and a rule, bounded before anything is drawn.
#include "app/media/video_frame_plan.h"
#include "core/model/output_limits.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace bvhscope::media {
namespace {

using Frame = std::int64_t;

VideoFramePlan plan(double frameTime, std::int64_t first, std::int64_t last,
                    std::optional<FrameRate> rate, VideoContainer container) {
    std::string error;
    std::optional<VideoFramePlan> planned =
        planVideoFrames(frameTime, first, last, rate, container, error);
    EXPECT_TRUE(planned.has_value()) << error;
    return planned.value_or(VideoFramePlan{});
}

VideoFramePlan planSeconds(double frameTime, double start, double end, VideoContainer container) {
    std::string error;
    std::optional<VideoFramePlan> planned =
        planVideoFrames(frameTime, start, end, std::nullopt, container, error);
    EXPECT_TRUE(planned.has_value()) << error;
    return planned.value_or(VideoFramePlan{});
}

TEST(VideoFramePlan, ARangeInSecondsIsTheRangeOfItsNearestFrames) {
    // A timeline range from frame 10 to frame 29 of a 30 fps file, as the viewer holds it.
    const double frameTime = 0.0333333;
    const VideoFramePlan seconds =
        planSeconds(frameTime, 10 * frameTime, 29 * frameTime, VideoContainer::Mp4);
    const VideoFramePlan frames = plan(frameTime, 10, 29, std::nullopt, VideoContainer::Mp4);
    ASSERT_EQ(seconds.shotCount(), 20);
    ASSERT_EQ(frames.shotCount(), seconds.shotCount());
    for (std::int64_t i = 0; i < frames.shotCount(); ++i) {
        EXPECT_EQ(seconds.shot(i).frame, 10 + i);
        EXPECT_DOUBLE_EQ(seconds.shot(i).timeSeconds, frames.shot(i).timeSeconds);
    }
    EXPECT_EQ(seconds.rate, (FrameRate{30, 1}));
    EXPECT_FALSE(seconds.resampled);
}

TEST(VideoFramePlan, AGifOfAFastCaptureTakesEveryFewFramesOfTheRange) {
    // 120 fps into a GIF: a GIF's delays are whole hundredths, so gifFrameRate takes a slower
    // rate and the shots fall between the capture's frames, labelled with the nearest.
    const VideoFramePlan gif = planSeconds(1.0 / 120.0, 0.0, 1.0, VideoContainer::Gif);
    EXPECT_TRUE(gif.resampled);
    EXPECT_EQ(gif.rate, gifFrameRate(FrameRate{120, 1}));
    ASSERT_GE(gif.shotCount(), 2);
    const double step = 1.0 / gif.rate.perSecond();
    EXPECT_NEAR(gif.shot(1).timeSeconds, step, 1e-12);
    EXPECT_EQ(gif.shot(1).frame, std::llround(step * 120.0));
    EXPECT_NEAR(gif.shot(gif.shotCount() - 1).timeSeconds, 1.0, 1e-9); // the end, never past
}

TEST(VideoFramePlan, AnEmptyOrBackwardRangeIsOneShot) {
    const VideoFramePlan backward = planSeconds(0.04, 2.0, 1.0, VideoContainer::WebM);
    ASSERT_EQ(backward.shotCount(), 1);
    EXPECT_EQ(backward.shot(0).frame, 50);
    EXPECT_DOUBLE_EQ(backward.shot(0).timeSeconds, 50 * 0.04);
}

// [SECTION] Hostile plans: refused by arithmetic, before any shot exists

TEST(VideoFramePlan, AnHourLongFrameTimeAtAThousandFpsIsRefusedByItsCount) {
    // Two frames an hour apart at --fps 1000: 3 600 001 pictures, past the bound.
    std::string error;
    EXPECT_FALSE(planVideoFrames(3600.0, Frame{0}, Frame{1}, FrameRate{1000, 1},
                                 VideoContainer::Mp4, error));
    EXPECT_NE(error.find("3600001 pictures"), std::string::npos) << error;
    EXPECT_NE(error.find(std::to_string(bvh::kMaxOutputPictures)), std::string::npos) << error;
    // At 1 fps it is an hour of video, planned as a count.
    const VideoFramePlan hour = plan(3600.0, 0, 1, FrameRate{1, 1}, VideoContainer::Mp4);
    EXPECT_EQ(hour.shotCount(), 3601);
    EXPECT_DOUBLE_EQ(hour.shot(3600).timeSeconds, 3600.0);
    EXPECT_EQ(hour.shot(1799).frame, 0);
    EXPECT_EQ(hour.shot(1801).frame, 1);
}

TEST(VideoFramePlan, ACaptureRateNoVideoPlaysIsRefusedNotChanged) {
    // A 1 us Frame Time is a million fps and an hour is 1/3600 fps: neither becomes a video at
    // some other rate without being asked.
    std::string error;
    EXPECT_FALSE(
        planVideoFrames(1e-6, Frame{0}, Frame{1}, std::nullopt, VideoContainer::Mp4, error));
    EXPECT_NE(error.find("1e+06 fps"), std::string::npos) << error;
    EXPECT_NE(error.find("1/600"), std::string::npos) << error;
    error.clear();
    EXPECT_FALSE(
        planVideoFrames(3600.0, Frame{0}, Frame{1}, std::nullopt, VideoContainer::Gif, error));
    EXPECT_NE(error.find("a Frame Time of 3600 s"), std::string::npos) << error;
    // Given a rate, the same captures plan.
    EXPECT_EQ(plan(1e-6, 0, 1, FrameRate{30, 1}, VideoContainer::Mp4).shotCount(), 1);
}

TEST(VideoFramePlan, BillionsOfFramesAreRefusedWithoutEnumeratingThem) {
    // us.bvh's frames up to hour.bvh's end: 3.6 billion frames at the capture's own rate, or a
    // range no integer holds: refused at once.
    std::string error;
    EXPECT_FALSE(planVideoFrames(1.0 / 30.0, Frame{0}, Frame{3'600'000'000}, std::nullopt,
                                 VideoContainer::Mp4, error));
    EXPECT_NE(error.find("more than the 1000000"), std::string::npos) << error;
    EXPECT_FALSE(planVideoFrames(1.0 / 30.0, Frame{0}, std::numeric_limits<Frame>::max(),
                                 std::nullopt, VideoContainer::Mp4, error));
    EXPECT_FALSE(planVideoFrames(1.0 / 30.0, 0.0, 1e300, std::nullopt, VideoContainer::Mp4, error));
    EXPECT_FALSE(planVideoFrames(1.0 / 30.0, 0.0, NAN, std::nullopt, VideoContainer::Mp4, error));
    // The bound itself is a video.
    EXPECT_EQ(plan(1.0 / 30.0, 0, bvh::kMaxOutputPictures - 1, std::nullopt, VideoContainer::Mp4)
                  .shotCount(),
              bvh::kMaxOutputPictures);
}

TEST(VideoFramePlan, ARateOutsideTheVideoRangeIsRefused) {
    std::string error;
    EXPECT_FALSE(planVideoFrames(1.0 / 30.0, Frame{0}, Frame{10}, FrameRate{5000, 1},
                                 VideoContainer::Mp4, error));
    EXPECT_FALSE(planVideoFrames(1.0 / 30.0, Frame{0}, Frame{10}, FrameRate{1, 3600},
                                 VideoContainer::Mp4, error));
    EXPECT_FALSE(planVideoFrames(1.0 / 30.0, Frame{0}, Frame{10}, FrameRate{0, 1},
                                 VideoContainer::Mp4, error));
}

} // namespace
} // namespace bvhscope::media
