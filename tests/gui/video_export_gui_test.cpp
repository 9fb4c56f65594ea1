// Sound and File > Export video in the real viewer: a capture with a sound of the same name
// beside it brings the sound along (SDL's dummy driver stands in for a sound card), and File >
// Export video, picked with xdotool, writes the range as an MP4 with that sound.
#include "tests/app/media/media_test_support.h"
#include "tests/gui/gui_test_support.h"

#include <cmath>
#include <cstdlib>
#include <gtest/gtest.h>
#include <thread>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

class VideoExportGui : public testing::Test {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        ::setenv("SDL_AUDIODRIVER", "dummy", 1); // the viewer inherits it
        capture_ = dir_.path() / "take12.bvh";
        std::filesystem::copy_file(
            std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "assets" / "sample_walk.bvh", capture_);
        ASSERT_TRUE(media::test::writeClickTrack(dir_.path() / "take12.wav", "wav", "pcm_s16le",
                                                 44100, 2, 3.0, {0.5}));
        viewer_.emplace(dir_, std::vector<std::string>{capture_.string(), "--size", "1200x800"});
        ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
            return hasRect(state, "menu:File") && state.fileNames.size() == 1 && !state.loading;
        })) << "the viewer did not start";
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty());
    }
    void TearDown() override { ::unsetenv("SDL_AUDIODRIVER"); }

    // Clicks a widget once it is there and has settled (gui_test_support.h).
    void click(const std::string& rect) { ASSERT_TRUE(clickSettledRect(*viewer_, window_, rect)); }

    TempDir dir_;
    std::filesystem::path capture_;
    std::optional<ViewerProcess> viewer_;
    std::string window_;
};

TEST_F(VideoExportGui, TheSoundBesideTheCaptureIsLoadedAndExportedWithTheVideo) {
    // The sound is found by its stem; the dummy device is a device, so nothing says "silent".
    const auto withSound = viewer_->waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "audio:offset"); });
    ASSERT_TRUE(withSound.has_value()) << "take12.wav was not found beside take12.bvh";
    EXPECT_FALSE(hasRect(*withSound, "audio:silent"));

    click("menu:File");
    click("menu:File>Export video");
    // The name offered: beside the capture, never the capture's own name.
    const std::filesystem::path output = dir_.path() / "take12_export.mp4";
    click("button:Export video");
    const auto done = viewer_->waitForState(
        [](const ViewerStateFile& state) {
            return hasRect(state, "video:message") || hasRect(state, "video:failed");
        },
        std::chrono::seconds(90));
    ASSERT_TRUE(done.has_value()) << "the export did not finish";
    ASSERT_FALSE(hasRect(*done, "video:failed"));

    const auto info = media::test::probeVideo(output);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->decodedFrames, 66); // the whole clip: the range was never narrowed
    EXPECT_EQ(info->width, 1280);
    EXPECT_EQ(info->height, 720);
    EXPECT_EQ(info->audioCodec, "aac");
    // The label (on by default): white text on a dark box in the top-left corner, where the
    // scene itself has no white.
    const auto first = media::test::decodeVideoFrame(output, 0);
    ASSERT_TRUE(first);
    int white = 0;
    for (int y = 8; y < 60; ++y) {
        for (int x = 8; x < 400; ++x) {
            const std::uint8_t* p = &first->rgb[(static_cast<std::size_t>(y) * 1280 + x) * 3];
            white += p[0] > 200 && p[1] > 200 && p[2] > 200 ? 1 : 0;
        }
    }
    EXPECT_GT(white, 100) << "no label text";
    const auto sound = media::decodeAudio(output, {0.0, 3.0});
    ASSERT_TRUE(sound.clip);
    const auto clicks = media::test::findClicks(*sound.clip);
    ASSERT_EQ(clicks.size(), 1u);
    EXPECT_NEAR(clicks[0], 0.5, 0.005);
    EXPECT_EQ(viewer_->terminate(), 0);
}

} // namespace

namespace {

TEST(SoundDrop, ADroppedSoundIsTheSoundAndNotACharacter) {
    BVHSCOPE_REQUIRE_DISPLAY();
    ::setenv("SDL_AUDIODRIVER", "dummy", 1);
    TempDir dir;
    ViewerProcess viewer(dir, {"--size", "1200x800"}); // the bundled walk, no sound beside it
    ASSERT_TRUE(viewer.waitForState([](const ViewerStateFile& state) {
        return state.fileNames.size() == 1 && !state.loading;
    }));
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    const std::filesystem::path sound = dir.path() / "music.flac";
    ASSERT_TRUE(media::test::writeClickTrack(sound, "flac", "flac", 48000, 2, 2.0, {0.5}));
    ASSERT_TRUE(dropOnWindow(window, {sound}));
    const auto state = viewer.waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "audio:offset"); });
    ::unsetenv("SDL_AUDIODRIVER");
    ASSERT_TRUE(state.has_value()) << "the dropped sound was not loaded";
    EXPECT_EQ(state->fileNames.size(), 1u); // not opened as a capture
    EXPECT_TRUE(state->errors.empty());
}

} // namespace
