// The standard file shortcuts (app/viewer/panels/key_bindings.h) in the real viewer, driven with
// xdotool at 1280x720 and 1366x768: Ctrl+W closes the selected file, Ctrl+E and Ctrl+Shift+E
// open Export and Export video, Ctrl+Q quits as the window's close does; the F1 sheet lists them
// all (and A), and every row of the bindings table, inside the window. Also the Files panel at
// 1088x612 with three files: its path field and Open button stay inside it.
#include "app/media/media_features.h"
#include "app/viewer/panels/key_bindings.h"
#include "tests/gui/gui_test_support.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <thread>

using namespace bvhscope::gui_test;

namespace {

bool inside(const Rect& outer, const Rect& inner) {
    return inner.x >= outer.x - 0.5f && inner.y >= outer.y - 0.5f &&
           inner.x + inner.width <= outer.x + outer.width + 0.5f &&
           inner.y + inner.height <= outer.y + outer.height + 0.5f;
}

class ShortcutsGui : public testing::TestWithParam<const char*> {
protected:
    void SetUp() override { BVHSCOPE_REQUIRE_DISPLAY(); }

    // Two files open: the sample and a copy named second_take.bvh.
    void start() {
        const auto second = dir_.path() / "second_take.bvh";
        std::filesystem::copy_file(kSample, second);
        viewer_.emplace(dir_,
                        std::vector<std::string>{kSample, second.string(), "--size", GetParam()});
        ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
            return !state.loading && state.fileNames.size() == 2 && hasRect(state, "menu:File");
        }));
        window_ = viewer_->windowId();
    }

    // MODIFIERS+KEY ("ctrl+w") tapped over the view, where ImGui does not hold the keyboard:
    // each press carries its modifiers through the window's input queue.
    void chord(const std::string& modifiers, const std::string& key) {
        ASSERT_TRUE(xdotool("mousemove --window " + window_ + " 640 300 windowfocus --sync " +
                            window_ + " key " + modifiers + "+" + key));
    }

    TempDir dir_;
    std::optional<ViewerProcess> viewer_;
    std::string window_;
};

TEST_P(ShortcutsGui, CtrlWClosesTheSelectedFile) {
    start();
    // The first file selected, as a click on its name does.
    ASSERT_TRUE(clickSettledRect(*viewer_, window_, "files:name:0"));
    chord("ctrl", "w");
    const auto closed = viewer_->waitForState(
        [](const ViewerStateFile& state) { return state.fileNames.size() == 1; });
    ASSERT_TRUE(closed.has_value()) << "Ctrl+W closed nothing";
    EXPECT_EQ(closed->fileNames[0], "second_take.bvh") << "the selected (first) file goes";
}

TEST_P(ShortcutsGui, CtrlEAndCtrlShiftEOpenTheExports) {
    start();
    chord("ctrl", "e");
    const auto exporting = viewer_->waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "export:dialog"); });
    ASSERT_TRUE(exporting.has_value()) << "Ctrl+E did not open Export";
    ASSERT_TRUE(clickSettledRect(*viewer_, window_, "export:Cancel"));
    ASSERT_TRUE(viewer_->waitForState(
        [](const ViewerStateFile& state) { return !hasRect(state, "export:dialog"); }));
    if (!bvhscope::media::videoAvailable()) {
        GTEST_SKIP() << "this build has no video export";
    }
    chord("ctrl+shift", "e");
    EXPECT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "window:Export video") && !hasRect(state, "export:dialog");
    })) << "Ctrl+Shift+E did not open Export video (alone)";
}

TEST_P(ShortcutsGui, CtrlQQuitsLikeClosingTheWindow) {
    start();
    chord("ctrl", "q");
    int status = 0;
    pid_t ended = 0;
    const auto deadline = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while ((ended = waitpid(viewer_->pid(), &status, WNOHANG)) == 0 &&
           std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_EQ(ended, viewer_->pid()) << "Ctrl+Q did not end the viewer";
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "not a normal exit";
    // Ended as a close does: the settings were saved.
    EXPECT_TRUE(std::filesystem::exists(dir_.path() / "config" / "bvhscope" / "settings.ini"));
}

TEST_P(ShortcutsGui, TheF1SheetListsEveryShortcutInsideTheWindow) {
    start();
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " 640 300 windowfocus --sync " + window_ +
                        " key F1"));
    const auto sheet = viewer_->waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "shortcuts:sheet"); });
    ASSERT_TRUE(sheet.has_value()) << "F1 showed no sheet";
    const Rect window{0, 0, static_cast<float>(sheet->windowWidth),
                      static_cast<float>(sheet->windowHeight)};
    for (const char* keys :
         {"A", "Ctrl+O", "Ctrl+W", "Ctrl+Q", "Ctrl+E", "Ctrl+Shift+E", "Ctrl+Z", "F1 or ?"}) {
        const std::string name = std::string("shortcuts:") + keys;
        ASSERT_TRUE(hasRect(*sheet, name)) << keys << " is not on the sheet";
        EXPECT_TRUE(inside(window, sheet->rects.at(name))) << keys << " is outside the window";
    }
    // Every row of the bindings table, the mouse's included, is on the sheet.
    for (const bvhscope::viewer::Shortcut& shortcut : bvhscope::viewer::shortcutTable()) {
        const std::string keys = bvhscope::viewer::shortcutKeys(shortcut);
        ASSERT_TRUE(hasRect(*sheet, "shortcuts:" + keys)) << keys << " is not on the sheet";
        EXPECT_TRUE(inside(window, sheet->rects.at("shortcuts:" + keys)))
            << keys << " is outside the window";
    }
}

INSTANTIATE_TEST_SUITE_P(LaptopScreens, ShortcutsGui, testing::Values("1280x720", "1366x768"),
                         [](const testing::TestParamInfo<const char*>& info) {
                             return std::string(info.param) == "1280x720" ? "At1280x720"
                                                                          : "At1366x768";
                         });

// The window a 1280x720 screen leaves (1088x612), with three files: the list scrolls, and the
// path field and Open stay whole inside the Files panel.
TEST(FilesPanelGui, PathFieldAndOpenStayInsideWithThreeFilesAt1088x612) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    std::vector<std::string> arguments;
    for (const char* name : {"cmu_05_20_daz_friendly.bvh", "cmu_05_20_mb_friendly.bvh",
                             "third_take_with_a_long_name.bvh"}) {
        std::filesystem::copy_file(kSample, dir.path() / name);
        arguments.push_back((dir.path() / name).string());
    }
    arguments.insert(arguments.end(), {"--size", "1088x612"});
    ViewerProcess viewer(dir, arguments);
    const auto state = viewer.waitForState([](const ViewerStateFile& s) {
        return !s.loading && s.fileNames.size() == 3 && hasRect(s, "files:open");
    });
    ASSERT_TRUE(state.has_value());
    ASSERT_TRUE(hasRect(*state, "window:Files"));
    const Rect panel = state->rects.at("window:Files");
    for (const char* name : {"files:path", "files:open"}) {
        const Rect rect = state->rects.at(name);
        EXPECT_TRUE(inside(panel, rect))
            << name << " at " << rect.x << "," << rect.y << " " << rect.width << "x" << rect.height
            << " is cut by the Files panel " << panel.x << "," << panel.y << " " << panel.width
            << "x" << panel.height;
        EXPECT_GE(rect.width, 30.0f) << name << " too narrow to use";
    }
    for (const std::string& clipped : state->clipped) {
        EXPECT_EQ(clipped.rfind("Files", 0), std::string::npos) << clipped;
    }
}

} // namespace
