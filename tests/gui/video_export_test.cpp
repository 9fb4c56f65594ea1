// File > Export video's job in a hidden window's GL context: the range drawn with the view it
// is given, a few pictures per step as the viewer runs it, encoded on the worker thread, read
// back with FFmpeg's libraries; and Cancel leaving nothing.
#include "app/viewer/io/video_export.h"
#include "tests/app/media/media_test_support.h"
#include "tests/app/viewer/bundled_sample.h"
#include "tests/gui/gl_test_context.h"

#include <chrono>
#include <gtest/gtest.h>
#include <optional>
#include <thread>
#include <unistd.h>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::pictures;
using namespace bvhscope::scene;

namespace {

namespace fs = std::filesystem;

struct ExportFixture : testing::Test {
    void SetUp() override {
        // Before anything touches GL: without a context (no display, or a server that could not
        // be reached) the drawer's constructor would call into GL with none current.
        BVHSCOPE_REQUIRE_GL(context);
        drawer.emplace();
        directory =
            fs::temp_directory_path() / ("bvhscope_video_export_" + std::to_string(::getpid()));
        fs::create_directories(directory);
        scene.add(test::bundledSample());
        render::frameBounds(camera, scene.motionBounds(), 320.0f / 180.0f);
        camera.yawRadians += 0.7f; // not the default view: the export must use this direction
        camera.distance *= 0.3f;   // zoomed in on screen: the video is framed on its own
    }
    void TearDown() override {
        if (!directory.empty()) {
            fs::remove_all(directory);
        }
    }

    VideoExportSettings settings(const std::string& name) const {
        VideoExportSettings result;
        result.output = directory / name;
        result.container = *media::videoContainerFor(name);
        result.width = 320;
        result.height = 180;
        result.frameTime = scene.frameTime();
        result.startSeconds = 10 * result.frameTime; // the in/out range: frames 10 to 29
        result.endSeconds = 29 * result.frameTime;
        result.camera = camera;
        result.interpolation = bvh::Interpolation::Nearest;
        return result;
    }
    // Steps as the viewer's frame loop does until the job is over.
    VideoExportJob::Status runToEnd(VideoExportJob& job, int& steps) {
        OverlayBuilder overlays;
        for (steps = 0; steps < 5000 && job.status() == VideoExportJob::Status::Running; ++steps) {
            job.step(scene, overlays, *drawer, std::chrono::milliseconds(7));
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return job.status();
    }

    gl_test::HiddenContext context;
    fs::path directory;
    Scene scene;
    render::OrbitCamera camera;
    std::optional<SceneDrawer> drawer; // made in SetUp once the context is known to be there
};

TEST_F(ExportFixture, TheRangeIsWrittenWithTheGivenViewAFewPicturesAStep) {
    std::string error;
    auto job = VideoExportJob::start(settings("range.mp4"), error);
    ASSERT_TRUE(job) << error;
    EXPECT_EQ(job->total(), 20);
    int steps = 0;
    ASSERT_EQ(runToEnd(*job, steps), VideoExportJob::Status::Done) << job->error();
    EXPECT_GT(steps, 3); // never everything at once: the UI keeps drawing between steps
    EXPECT_EQ(job->encoded(), 20);

    const fs::path path = directory / "range.mp4";
    const auto info = media::test::probeVideo(path);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->decodedFrames, 20);
    EXPECT_NEAR(static_cast<double>(info->rateNumerator) / info->rateDenominator, 30.0, 0.01);
    EXPECT_TRUE(info->indexBeforeData);

    // Video frame 5 is frame 15 drawn from this camera's direction, framed as `render` frames
    // a video: the range followed at the video's own size (app/scene/framing.h).
    const std::optional<FollowFraming> framing =
        frameFollow(scene, camera, 320.0f / 180.0f, 10 * scene.frameTime(), 29 * scene.frameTime());
    ASSERT_TRUE(framing.has_value());
    render::ImageTarget target;
    target.resize(320, 180);
    ScenePose pose;
    scene.sample(15 * scene.frameTime(), bvh::Interpolation::Nearest, false, pose);
    drawer->draw(scene, pose, followCamera(*framing, scene, pose), std::nullopt, SceneDrawOptions{},
                 320, 180, target.framebuffer());
    const auto expected = media::test::fromRgba(target.read().rgba, 320, 180);
    const auto decoded = media::test::decodeVideoFrame(path, 5);
    ASSERT_TRUE(decoded);
    EXPECT_GE(media::test::psnr(*decoded, expected), 30.0);
    // Not the zoomed-in view on screen, which cuts the figure.
    drawer->draw(scene, pose, camera, std::nullopt, SceneDrawOptions{}, 320, 180,
                 target.framebuffer());
    EXPECT_LT(media::test::psnr(*decoded, media::test::fromRgba(target.read().rgba, 320, 180)),
              25.0);
    // The default view differs: the export did not fall back to it.
    render::OrbitCamera defaultView;
    render::frameBounds(defaultView, scene.motionBounds(), 320.0f / 180.0f);
    drawer->draw(scene, pose, defaultView, std::nullopt, SceneDrawOptions{}, 320, 180,
                 target.framebuffer());
    EXPECT_LT(media::test::psnr(*decoded, media::test::fromRgba(target.read().rgba, 320, 180)),
              25.0);
}

TEST_F(ExportFixture, EachPictureIsDecoratedWithItsTimeBeforeEncoding) {
    VideoExportSettings decorated = settings("decorated.mp4");
    std::vector<double> times;
    decorated.decorate = [&times](render::Image& image, double time) {
        times.push_back(time);
        for (int y = 0; y < 32; ++y) { // a red square in the top-left corner
            for (int x = 0; x < 32; ++x) {
                std::uint8_t* p = &image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4];
                p[0] = 230;
                p[1] = 20;
                p[2] = 20;
            }
        }
    };
    std::string error;
    auto job = VideoExportJob::start(decorated, error);
    ASSERT_TRUE(job) << error;
    int steps = 0;
    ASSERT_EQ(runToEnd(*job, steps), VideoExportJob::Status::Done) << job->error();
    ASSERT_EQ(times.size(), 20u);
    EXPECT_NEAR(times.front(), 10 * scene.frameTime(), 1e-9);
    EXPECT_NEAR(times.back(), 29 * scene.frameTime(), 1e-9);
    const auto decoded = media::test::decodeVideoFrame(directory / "decorated.mp4", 7);
    ASSERT_TRUE(decoded);
    const std::uint8_t* centre = &decoded->rgb[(16 * 320 + 16) * 3];
    EXPECT_GT(centre[0], 180);
    EXPECT_LT(centre[1], 70);
}

TEST_F(ExportFixture, SoundIsCutToTheRangeWithTheOffset) {
    auto sound = std::make_shared<media::AudioClip>();
    sound->samples.assign(4 * 48000 * 2, 0.0f);
    for (int i = 0; i < 192; ++i) { // a click at 1.0 s of the sound
        sound->samples[(48000 + i) * 2] = i % 8 < 4 ? 0.8f : -0.8f;
        sound->samples[(48000 + i) * 2 + 1] = i % 8 < 4 ? 0.8f : -0.8f;
    }
    VideoExportSettings withSound = settings("sound.webm");
    withSound.audio = sound;
    withSound.audioOffsetSeconds = 0.5; // capture 0.5 s = sound 1.0 s: 0.1667 s into the range
    std::string error;
    auto job = VideoExportJob::start(withSound, error);
    ASSERT_TRUE(job) << error;
    int steps = 0;
    ASSERT_EQ(runToEnd(*job, steps), VideoExportJob::Status::Done) << job->error();
    const auto decoded = media::decodeAudio(directory / "sound.webm", {0.0, 1.0});
    ASSERT_TRUE(decoded.clip);
    const auto clicks = media::test::findClicks(*decoded.clip);
    ASSERT_EQ(clicks.size(), 1u);
    EXPECT_NEAR(clicks[0], 0.5 - 10 * scene.frameTime(), 0.005);
}

TEST_F(ExportFixture, CancelLeavesNoFileAndAGifIsWrittenWhole) {
    std::string error;
    auto job = VideoExportJob::start(settings("cancelled.mp4"), error);
    ASSERT_TRUE(job) << error;
    OverlayBuilder overlays;
    job->step(scene, overlays, *drawer, std::chrono::milliseconds(1));
    job->cancel();
    int steps = 0;
    EXPECT_EQ(runToEnd(*job, steps), VideoExportJob::Status::Cancelled);
    job.reset();
    EXPECT_TRUE(fs::is_empty(directory));

    job = VideoExportJob::start(settings("loop.gif"), error);
    ASSERT_TRUE(job) << error;
    ASSERT_EQ(runToEnd(*job, steps), VideoExportJob::Status::Done) << job->error();
    EXPECT_EQ(media::test::probeVideo(directory / "loop.gif")->decodedFrames, 20);

    // A size MP4 cannot hold is refused before anything is drawn.
    VideoExportSettings odd = settings("odd.mp4");
    odd.width = 321;
    EXPECT_FALSE(VideoExportJob::start(odd, error));
    EXPECT_NE(error.find("even"), std::string::npos);
}

} // namespace
