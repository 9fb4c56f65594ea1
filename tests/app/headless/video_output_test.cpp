// Which capture times become video frames (planVideo), without GL.
#include "app/headless/video_output.h"

#include <gtest/gtest.h>
#include <sstream>

namespace bvhscope::headless {
namespace {

RenderRequest videoRequest(media::VideoContainer container) {
    RenderRequest request;
    request.mode = RenderMode::Video;
    request.container = container;
    return request;
}

TEST(VideoPlan, AtTheCapturesRateEveryFrameIsAShot) {
    const VideoPlan plan = planVideo(videoRequest(media::VideoContainer::Mp4), 0.0333333, 10, 29);
    EXPECT_EQ(plan.rate, (media::FrameRate{30, 1}));
    EXPECT_FALSE(plan.resampled);
    ASSERT_EQ(plan.shots.size(), 20u);
    EXPECT_EQ(plan.shots.front().frame, 10);
    EXPECT_DOUBLE_EQ(plan.shots.front().timeSeconds, 10 * 0.0333333);
    EXPECT_EQ(plan.shots.back().frame, 29);
}

TEST(VideoPlan, AnotherRateResamplesBetweenFrames) {
    RenderRequest request = videoRequest(media::VideoContainer::WebM);
    request.fps = media::FrameRate{60, 1};
    const VideoPlan plan = planVideo(request, 0.0333333, 0, 15);
    EXPECT_TRUE(plan.resampled);
    ASSERT_EQ(plan.shots.size(), 31u); // 0.5 s at 60 fps, both ends included
    EXPECT_NEAR(plan.shots[1].timeSeconds, 1.0 / 60.0, 1e-9);
    EXPECT_NEAR(plan.shots.back().timeSeconds, 15 * 0.0333333, 1e-9); // never past the end
    EXPECT_EQ(plan.shots[2].frame, 1);
    EXPECT_EQ(plan.shots[3].frame, 2); // 0.05 s is frame 1.5, labelled with the nearest (2)

    request.fps = media::FrameRate{10, 1};
    const VideoPlan slow = planVideo(request, 0.0333333, 3, 33);
    ASSERT_EQ(slow.shots.size(), 11u); // 1 s at 10 fps from frame 3
    EXPECT_EQ(slow.shots[1].frame, 6);
    EXPECT_EQ(slow.shots.back().frame, 33);
}

TEST(VideoPlan, AGifOfAFastCaptureKeepsEveryNthFrame) {
    const VideoPlan plan = planVideo(videoRequest(media::VideoContainer::Gif), 1.0 / 120.0, 0, 119);
    EXPECT_EQ(plan.rate, (media::FrameRate{40, 1}));
    ASSERT_EQ(plan.shots.size(), 40u);
    for (std::size_t i = 0; i < plan.shots.size(); ++i) {
        EXPECT_EQ(plan.shots[i].frame, static_cast<std::int64_t>(3 * i));
    }
}

TEST(VideoPlan, AutoSoundIsOptionalAndNamedSoundIsTakenAsGiven) {
    RenderRequest request = videoRequest(media::VideoContainer::Mp4);
    std::ostringstream err;
    EXPECT_EQ(resolveAudio(request, "walk.bvh", err), std::nullopt);
    EXPECT_TRUE(err.str().empty());
    request.audio = "music.flac";
    EXPECT_EQ(resolveAudio(request, "walk.bvh", err), std::filesystem::path("music.flac"));
    request.audio = "auto";
    EXPECT_EQ(resolveAudio(request, "/nonexistent/dir/walk.bvh", err), std::nullopt);
    EXPECT_NE(err.str().find("no sound file named like walk.bvh"), std::string::npos);
}

} // namespace
} // namespace bvhscope::headless
