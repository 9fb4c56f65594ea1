// Notices (app/viewer/session/notices.h, panels/notices_panel.cpp) in the real viewer: a message
// that used to reach only stderr, "no audio device", is shown over the bottom of the view when a
// sound opens without a device (SDL given an audio driver that does not exist), then fades and
// goes. At 1280x720 and 1366x768.
#include "tests/app/media/media_test_support.h"
#include "tests/gui/gui_test_support.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

class NoticesGui : public testing::TestWithParam<const char*> {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        ::setenv("SDL_AUDIODRIVER", "no_such_driver", 1); // the viewer inherits it
    }
    void TearDown() override { ::unsetenv("SDL_AUDIODRIVER"); }
    TempDir dir_;
};

// The notice's rectangle, when one says the sound is not heard.
std::optional<Rect> soundNotice(const ViewerStateFile& state) {
    for (const auto& [name, rect] : state.rects) {
        if (name.rfind("notice:", 0) == 0 &&
            name.find("the sound is shown but not heard") != std::string::npos) {
            return rect;
        }
    }
    return std::nullopt;
}

TEST_P(NoticesGui, NoAudioDeviceIsShownInTheViewThenFades) {
    const auto capture = dir_.path() / "take12.bvh";
    std::filesystem::copy_file(
        std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "assets" / "sample_walk.bvh", capture);
    ASSERT_TRUE(media::test::writeClickTrack(dir_.path() / "take12.wav", "wav", "pcm_s16le", 44100,
                                             2, 3.0, {0.5}));
    ViewerProcess viewer(dir_, {capture.string(), "--size", GetParam()});
    const auto shown = viewer.waitForState(
        [](const ViewerStateFile& state) { return soundNotice(state).has_value(); });
    ASSERT_TRUE(shown.has_value()) << "no notice in the window for the missing audio device";
    const Rect notice = *soundNotice(*shown);
    const Rect view = viewRect(*shown);
    EXPECT_TRUE(view.contains(notice.x, notice.y) &&
                view.contains(notice.x + notice.width, notice.y + notice.height))
        << "the notice is not inside the view";
    EXPECT_GT(notice.y, view.y + view.height / 2) << "over the bottom of the view";
    // Shown for 8 s, faded over 2 s, then gone.
    const auto gone = viewer.waitForState(
        [](const ViewerStateFile& state) { return !soundNotice(state).has_value(); });
    EXPECT_TRUE(gone.has_value()) << "the notice never went";
}

INSTANTIATE_TEST_SUITE_P(LaptopScreens, NoticesGui, testing::Values("1280x720", "1366x768"),
                         [](const testing::TestParamInfo<const char*>& info) {
                             return std::string(info.param) == "1280x720" ? "At1280x720"
                                                                          : "At1366x768";
                         });

} // namespace
