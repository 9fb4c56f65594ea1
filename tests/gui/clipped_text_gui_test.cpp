// No label is cut (app/viewer/panels/clipped_text.h): every panel, at 1280x720, 1366x768 and
// 1920x1080, at content scale 1 (with a joint selected and Compare open, after live resizes)
// and 2 (a private X server at 192 dpi, with the folder Browser open), with a file whose name is
// far longer than a column.
#include "tests/gui/gui_test_support.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

const char* kLongName = "Character_0042_walk_cycle_take_3_retargeted_to_the_final_rig.bvh";

const std::pair<int, int> kSizes[] = {{1280, 720}, {1366, 768}, {1920, 1080}};

TEST(ClippedText, NoPanelCutsItsTextAtScaleOne) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto longFile = dir.path() / kLongName;
    std::filesystem::copy_file(kSample, longFile);
    ViewerProcess viewer(dir, {kSample, longFile.string(), "--size", "1920x1080", "--frame", "9"});
    const auto started = viewer.waitForState([](const ViewerStateFile& state) {
        return !state.loading && state.rects.contains("files:compare") &&
               state.rects.contains("tree:0:Head");
    });
    ASSERT_TRUE(started.has_value()) << "the viewer did not start";
    const std::string window = viewer.windowId();
    // Everything a panel can show: a selected joint (its channels, Curves), Compare on. Each
    // click aims by the layout the one before it left (selecting a joint changes the columns).
    ASSERT_TRUE(clickSettledRect(viewer, window, "tree:0:Head"));
    // View > Curves (the Selected joint panel's button is off this 1600-pixel screen).
    ASSERT_TRUE(clickSettledRect(viewer, window, "menu:View"));
    ASSERT_TRUE(clickSettledRect(viewer, window, "menu:View>Curves"));
    ASSERT_TRUE(clickSettledRect(viewer, window, "files:compare"));
    const auto opened = viewer.waitForState([](const ViewerStateFile& state) {
        return state.rects.contains("compare:enable") && state.curves.has_value();
    });
    ASSERT_TRUE(opened.has_value()) << "no Compare panel or no Curves";
    ASSERT_TRUE(clickSettledRect(viewer, window, "compare:enable"));
    ASSERT_TRUE(
        viewer.waitForState([](const ViewerStateFile& state) { return state.compare.active; }));
    for (const auto& [width, height] : kSizes) {
        ASSERT_TRUE(runCommand("xdotool windowsize " + window + " " + std::to_string(width) + " " +
                               std::to_string(height)));
        // Settled after the resize: the timeline's height settles on the second frame.
        const auto state = viewer.waitForSettledState([&](const ViewerStateFile& state) {
            return state.windowWidth == width && state.windowHeight == height &&
                   state.rects.contains("window:Compare") && state.rects.contains("window:Curves");
        });
        ASSERT_TRUE(state.has_value()) << width << "x" << height;
        EXPECT_TRUE(state->clipped.empty())
            << width << "x" << height << " cuts text:" << joined(state->clipped);
    }
}

// A screenshot run in a fresh Xvfb at 192 dpi (content scale 2); its state.
std::optional<ViewerStateFile> stateAtDoubleScale(const TempDir& dir, const std::string& longFile,
                                                  int width, int height) {
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    return viewerStateAtDpi(dir, 192, "2000x1200",
                            {kSample, longFile, dir.path().string(), "--size", size}, size);
}

TEST(ClippedText, NoPanelCutsItsTextAtScaleTwo) {
    if (!runCommand("command -v xrdb >/dev/null && command -v xvfb-run >/dev/null")) {
        GTEST_SKIP() << "needs xrdb and xvfb-run (tools/install-deps.sh installs them)";
    }
    const TempDir dir;
    const auto longFile = dir.path() / kLongName;
    std::filesystem::copy_file(kSample, longFile);
    // --size is in unscaled pixels (GLFW scales the window to the monitor): 640x360 at 2x is a
    // 1280x720 screen's worth of pixels, 1280x720 at 2x a 2560x1440 one. Both kinds.
    const std::pair<int, int> sizes[] = {{640, 360},  {683, 384},  {960, 540},
                                         {1280, 720}, {1366, 768}, {1920, 1080}};
    for (const auto& [width, height] : sizes) {
        const auto state = stateAtDoubleScale(dir, longFile.string(), width, height);
        ASSERT_TRUE(state.has_value()) << "the viewer did not run at " << width << "x" << height;
        ASSERT_TRUE(state->rects.contains("window:Files"));
        ASSERT_TRUE(state->rects.contains("window:Browser")) << "the folder did not open";
        EXPECT_TRUE(state->clipped.empty())
            << width << "x" << height << " at 2x cuts text:" << joined(state->clipped);
    }
}

} // namespace

namespace {

TEST(ClippedText, ANonBvhFileSaysWhatItIsInAPopupThatWraps) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    // A PNG renamed .bvh, in a folder whose name alone is wider than the window.
    const auto folder = dir.path() / std::string(120, 'd');
    std::filesystem::create_directories(folder);
    const auto png = folder / "walk_cycle.bvh";
    std::ofstream(png, std::ios::binary) << std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
    const auto state = dir.path() / "state.txt";
    ASSERT_EQ(runViewerToCompletion(dir, {png.string(), "--size", "1280x720", "--screenshot",
                                          (dir.path() / "shot.png").string(), "--state-out",
                                          state.string()}),
              0);
    const auto parsed = readStateFile(state);
    ASSERT_TRUE(parsed.has_value());
    ASSERT_EQ(parsed->errors.size(), 1u);
    EXPECT_NE(parsed->errors[0].find("not a BVH file (it looks like a PNG image)"),
              std::string::npos)
        << parsed->errors[0];
    EXPECT_TRUE(parsed->clipped.empty()) << "cuts text:" << joined(parsed->clipped);
}

} // namespace
