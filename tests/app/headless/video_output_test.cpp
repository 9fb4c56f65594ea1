// The sound file a video takes (resolveAudio), without GL. Its frames: render_plan_test.cpp.
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
