// Input shorter than a frame reaches the real viewer (app/viewer/platform/input_queue.h), on a
// busy machine: two processes keep the cores busy and every frame takes 150 ms longer
// (--test-frame-delay, a software renderer's frame), so each 5 ms tap and click below begins and
// ends inside one frame. Dear ImGui 1.86 on its own reads key and button state once a frame and
// loses every one of them; the window's shortcuts lost Ctrl with them.
#include "tests/gui/gui_test_support.h"

#include <cmath>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace bvhscope::gui_test;

namespace {

// xdotool actions: a key held 5 ms, a chord held 5 ms, a button held 5 ms.
std::string tap(const std::string& key) {
    return "keydown " + key + " sleep 0.005 keyup " + key;
}
std::string chordTap(const std::string& modifier, const std::string& key) {
    return "keydown " + modifier + " keydown " + key + " sleep 0.005 keyup " + key + " keyup " +
           modifier;
}
std::string clickTap() {
    return "mousedown 1 sleep 0.005 mouseup 1";
}

class QuickInput : public testing::Test {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        // The viewer's own chooser, whose path field takes the keys (no desktop portal).
        noBus_.emplace(dir_.path() / "runtime");
        busy_.emplace();
    }

    void start(std::vector<std::string> arguments) {
        const std::size_t files = arguments.size();
        arguments.insert(arguments.end(),
                         {"--size", "1280x720", "--frame", "0", "--test-frame-delay", "150"});
        viewer_.emplace(dir_, arguments);
        ASSERT_TRUE(viewer_->waitForSettledState(
            [&](const ViewerStateFile& state) {
                return !state.loading && state.fileNames.size() == files &&
                       hasRect(state, "menu:File");
            },
            {}, ViewerProcess::kStateTimeout, "the viewer with its files"));
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty());
    }

    // The pointer over the 3D view (ImGui does not want the keyboard there) and the window
    // focused, for XTEST keys.
    void focusView() {
        ASSERT_TRUE(
            xdotool("mousemove --window " + window_ + " 640 300 windowfocus --sync " + window_));
    }

    // A copy of the sample under `name`, in a folder of its own.
    std::filesystem::path take(const std::string& name) {
        const auto folder = dir_.path() / "takes";
        std::filesystem::create_directories(folder);
        std::filesystem::copy_file(kSample, folder / name,
                                   std::filesystem::copy_options::overwrite_existing);
        return folder / name;
    }

    TempDir dir_;
    std::optional<NoSessionBus> noBus_;
    std::optional<BusyProcesses> busy_;
    std::optional<ViewerProcess> viewer_;
    std::string window_;
};

TEST_F(QuickInput, CtrlOThenATypedPathAndEnterOpenEachFile) {
    start({kSample});
    const std::vector<std::string> names = {"first_take.bvh", "Second_Take_02.bvh",
                                            "third.take.bvh"};
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::filesystem::path file = take(names[i]);
        focusView();
        ASSERT_TRUE(xdotool(chordTap("ctrl", "o")));
        ASSERT_TRUE(viewer_->waitForState(
            [](const ViewerStateFile& state) { return hasRect(state, "chooser:typed (typing)"); },
            ViewerProcess::kStateTimeout, "the chooser after a 5 ms Ctrl+O"))
            << "file " << i;
        // (xdotool's `type` takes every word after it as text: a call of its own.)
        ASSERT_TRUE(xdotool("type --delay 5 '" + file.string() + "'"));
        ASSERT_TRUE(xdotool(tap("Return")));
        const auto opened = viewer_->waitForState(
            [&](const ViewerStateFile& state) {
                return state.fileNames.size() == i + 2 && !hasRect(state, "chooser:accept");
            },
            ViewerProcess::kStateTimeout, names[i] + " opened by a typed path and a 5 ms Enter");
        ASSERT_TRUE(opened.has_value());
        EXPECT_EQ(opened->fileNames.back(), names[i]) << "the path arrived changed";
    }
}

TEST_F(QuickInput, TheFilesPanelsPathFieldTakesCtrlAAndEnter) {
    start({kSample});
    const std::filesystem::path file = take("typed_into_the_panel.bvh");
    const auto field = viewer_->waitForSettledState(
        [](const ViewerStateFile& state) { return hasRect(state, "files:path"); }, {"files:path"});
    ASSERT_TRUE(field.has_value());
    const Rect path = field->rects.at("files:path");
    // A 5 ms click into the field, text that Ctrl+A must select and the typing replace.
    // (xdotool's `type` takes every word after it as text: calls of their own.)
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " " +
                        xdotoolPoint(path.centerX(), path.centerY()) + " windowfocus --sync " +
                        window_ + " " + clickTap()));
    ASSERT_TRUE(xdotool("type --delay 5 'not a path'"));
    ASSERT_TRUE(xdotool(chordTap("ctrl", "a")));
    ASSERT_TRUE(xdotool("type --delay 5 '" + file.string() + "'"));
    ASSERT_TRUE(xdotool(tap("Return")));
    const auto opened = viewer_->waitForState(
        [](const ViewerStateFile& state) { return state.fileNames.size() == 2; },
        ViewerProcess::kStateTimeout, "the typed path opened from the Files panel");
    ASSERT_TRUE(opened.has_value());
    EXPECT_EQ(opened->fileNames[1], "typed_into_the_panel.bvh");
    EXPECT_TRUE(opened->errors.empty()) << "Ctrl+A did not select the text it replaced: "
                                        << (opened->errors.empty() ? "" : opened->errors[0]);
}

TEST_F(QuickInput, FiveQuickStepsStepFiveFrames) {
    start({kSample});
    focusView();
    const auto before =
        viewer_->waitForSettledState([](const ViewerStateFile& state) { return state.frame == 0; });
    ASSERT_TRUE(before.has_value());
    std::string taps;
    for (int i = 0; i < 5; ++i) {
        taps += tap("Right") + " sleep 0.005 ";
    }
    ASSERT_TRUE(xdotool(taps));
    // Five presses and five releases, all given to frames: then exactly five steps, none lost
    // and none doubled.
    const auto after = viewer_->waitForInputApplied(*before, 10);
    ASSERT_TRUE(after.has_value());
    EXPECT_EQ(after->frame, 5);
    EXPECT_FALSE(after->playing);
}

TEST_F(QuickInput, AQuickClickPressesAButtonAndEveryWheelStepZooms) {
    const std::filesystem::path second = take("second.bvh");
    start({kSample, second.string()});
    const auto button = viewer_->waitForSettledState(
        [](const ViewerStateFile& state) { return hasRect(state, "files:compare"); },
        {"files:compare"});
    ASSERT_TRUE(button.has_value());
    const Rect compare = button->rects.at("files:compare");
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " " +
                        xdotoolPoint(compare.centerX(), compare.centerY()) + " " + clickTap()));
    ASSERT_TRUE(viewer_->waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "compare:enable"); },
        ViewerProcess::kStateTimeout, "the Compare panel after a 5 ms click"));

    // Four wheel steps 5 ms apart over the view: the camera comes 0.85 times nearer for each.
    const auto settled = viewer_->waitForSettledState([](const ViewerStateFile&) { return true; });
    ASSERT_TRUE(settled.has_value());
    const Rect view = viewRect(*settled);
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " " +
                        xdotoolPoint(view.centerX(), view.centerY())));
    const auto over = viewer_->waitForSettledState([](const ViewerStateFile&) { return true; });
    ASSERT_TRUE(over.has_value());
    ASSERT_TRUE(xdotool("click --repeat 4 --delay 5 4"));
    const auto zoomed = viewer_->waitForInputApplied(*over, 4);
    ASSERT_TRUE(zoomed.has_value());
    EXPECT_NEAR(zoomed->camera.distance / over->camera.distance, std::pow(0.85, 4), 0.01)
        << "from " << over->camera.distance << " to " << zoomed->camera.distance;
}

} // namespace
