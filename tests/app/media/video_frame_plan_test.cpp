// The one plan of a video's frames (app/media/video_frame_plan.h) that `bvhscope render` and the
// viewer's Export video share: a range given in seconds lands on the frames it names.
#include "app/media/video_frame_plan.h"

#include <cmath>
#include <gtest/gtest.h>

namespace bvhscope::media {
namespace {

TEST(VideoFramePlan, ARangeInSecondsIsTheRangeOfItsNearestFrames) {
    // A timeline range from frame 10 to frame 29 of a 30 fps file, as the viewer holds it.
    const double frameTime = 0.0333333;
    const VideoFramePlan seconds = planVideoFrames(frameTime, 10 * frameTime, 29 * frameTime,
                                                   std::nullopt, VideoContainer::Mp4);
    const VideoFramePlan frames = planVideoFrames(frameTime, std::int64_t{10}, std::int64_t{29},
                                                  std::nullopt, VideoContainer::Mp4);
    ASSERT_EQ(seconds.shots.size(), 20u);
    ASSERT_EQ(frames.shots.size(), seconds.shots.size());
    for (std::size_t i = 0; i < frames.shots.size(); ++i) {
        EXPECT_EQ(seconds.shots[i].frame, static_cast<std::int64_t>(10 + i));
        EXPECT_DOUBLE_EQ(seconds.shots[i].timeSeconds, frames.shots[i].timeSeconds);
    }
    EXPECT_EQ(seconds.rate, (FrameRate{30, 1}));
    EXPECT_FALSE(seconds.resampled);
}

TEST(VideoFramePlan, AGifOfAFastCaptureTakesEveryFewFramesOfTheRange) {
    // 120 fps into a GIF: a GIF's delays are whole hundredths, so gifFrameRate takes a slower
    // rate and the shots fall between the capture's frames, labelled with the nearest.
    const VideoFramePlan plan =
        planVideoFrames(1.0 / 120.0, 0.0, 1.0, std::nullopt, VideoContainer::Gif);
    EXPECT_TRUE(plan.resampled);
    EXPECT_EQ(plan.rate, gifFrameRate(FrameRate{120, 1}));
    ASSERT_GE(plan.shots.size(), 2u);
    const double step = 1.0 / plan.rate.perSecond();
    EXPECT_NEAR(plan.shots[1].timeSeconds, step, 1e-12);
    EXPECT_EQ(plan.shots[1].frame, std::llround(step * 120.0));
    EXPECT_NEAR(plan.shots.back().timeSeconds, 1.0, 1e-9); // the range's end, never past it
}

TEST(VideoFramePlan, AnEmptyOrBackwardRangeIsOneShot) {
    const VideoFramePlan plan = planVideoFrames(0.04, 2.0, 1.0, std::nullopt, VideoContainer::WebM);
    ASSERT_EQ(plan.shots.size(), 1u);
    EXPECT_EQ(plan.shots.front().frame, 50);
    EXPECT_DOUBLE_EQ(plan.shots.front().timeSeconds, 50 * 0.04);
}

} // namespace
} // namespace bvhscope::media
