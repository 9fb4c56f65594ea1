// The first window's size (app/viewer/layout/window_fit.h).
#include "app/viewer/layout/window_fit.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;

namespace {

TEST(WindowFit, ALaptopScreenGetsAWindowThatFits) {
    // The issue: a 1366x768 screen (a 30-pixel panel on top) and the old 1400x860 default.
    const WorkArea laptop{0, 30, 1366, 738};
    const WindowPlacement placement = fitWindowToWorkArea(1400, 860, laptop);
    EXPECT_EQ(placement.width, 1161); // floor(1366 * 0.85)
    EXPECT_EQ(placement.height, 627); // floor(738 * 0.85)
    EXPECT_EQ(placement.x, (1366 - 1161) / 2);
    EXPECT_EQ(placement.y, 30 + (738 - 627) / 2);
}

TEST(WindowFit, ASmallerRequestIsKept) {
    const WindowPlacement placement = fitWindowToWorkArea(1280, 720, WorkArea{0, 0, 2560, 1440});
    EXPECT_EQ(placement.width, 1280);
    EXPECT_EQ(placement.height, 720);
    EXPECT_EQ(placement.x, 640);
    EXPECT_EQ(placement.y, 360);
}

TEST(WindowFit, NeverLargerThanTheWorkAreaEvenForTinyScreens) {
    const WorkArea tiny{10, 10, 500, 300};
    const WindowPlacement placement = fitWindowToWorkArea(1400, 860, tiny);
    EXPECT_LE(placement.width, 500);
    EXPECT_LE(placement.height, 300);
    EXPECT_GE(placement.x, 10);
    EXPECT_GE(placement.y, 10);
    // A silly small request grows to a usable size where the screen allows it.
    const WindowPlacement grown = fitWindowToWorkArea(10, 10, WorkArea{0, 0, 1920, 1080});
    EXPECT_EQ(grown.width, kMinWindowWidth);
    EXPECT_EQ(grown.height, kMinWindowHeight);
}

TEST(WindowFit, NoWorkAreaLeavesTheRequest) {
    const WindowPlacement placement = fitWindowToWorkArea(1400, 860, WorkArea{});
    EXPECT_EQ(placement.width, 1400);
    EXPECT_EQ(placement.height, 860);
}

TEST(WindowFit, AHandEditedSizeFitsTheScreen) {
    // settings.ini's window_width = 99999999 (clamped to 16384 when read) on a 1600x960 screen.
    const WindowPlacement placement =
        fitWindowToWorkArea(16'384, 16'384, WorkArea{0, 40, 1600, 960});
    EXPECT_EQ(placement.width, 1360);
    EXPECT_EQ(placement.height, 816);
    EXPECT_EQ(placement.y, 40 + (960 - 816) / 2);
    // No monitor known (a work area of 0 x 0): the size as read.
    EXPECT_EQ(fitWindowToWorkArea(2000, 1500, WorkArea{}).width, 2000);
}

} // namespace
