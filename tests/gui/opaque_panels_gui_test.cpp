// The viewer draws its 3D view only where no opaque panel covers it
// (app/viewer/panels/opaque_panels.h). That must not show: a screenshot equals, pixel for pixel,
// one drawn with the view under the panels too (--test-draw-under-panels), with the first-run
// layout and with kept dock sizes and a collapsed column (its strip).
#include "tests/gui/gui_test_support.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

// The number of pixels that differ between two screenshots of the bundled sample at frame 12,
// one drawn only outside the panels and one drawn everywhere; -1 when a run failed.
long differingPixels(const TempDir& dir) {
    std::optional<Pixels> shots[2];
    for (int underPanels = 0; underPanels < 2; ++underPanels) {
        const auto png = dir.path() / ("shot-" + std::to_string(underPanels) + ".png");
        std::vector<std::string> arguments = {"--screenshot", png.string(), "--frame",
                                              "12",           "--size",     "1000x640"};
        if (underPanels == 1) {
            arguments.push_back("--test-draw-under-panels");
        }
        if (runViewerToCompletion(dir, arguments) != 0) {
            return -1;
        }
        shots[underPanels] = loadPng(png);
        if (!shots[underPanels] || shots[underPanels]->width != 1000) {
            return -1;
        }
    }
    long differing = 0;
    for (std::size_t i = 0; i < shots[0]->rgb.size(); i += 3) {
        differing += shots[0]->rgb[i] != shots[1]->rgb[i] ||
                     shots[0]->rgb[i + 1] != shots[1]->rgb[i + 1] ||
                     shots[0]->rgb[i + 2] != shots[1]->rgb[i + 2];
    }
    return differing;
}

TEST(OpaquePanels, TheFirstRunLayoutLooksTheSameAsDrawingUnderThePanels) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    EXPECT_EQ(differingPixels(dir), 0);
}

TEST(OpaquePanels, KeptSizesAndACollapsedColumnLookTheSameAsDrawingUnderThem) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    // Kept dock sizes, the left column folded to its strip, and an old imgui.ini with panels
    // far from where the docks put them (ignored: panels are docked).
    writeConfigFile(dir, "settings.ini", "dock_left_collapsed = true\ndock_right_width = 0.33\n");
    writeConfigFile(dir, "imgui.ini", "[Window][Info]\nPos=420,120\nSize=240,200\nCollapsed=0\n");
    EXPECT_EQ(differingPixels(dir), 0);
}

} // namespace
