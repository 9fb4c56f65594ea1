// The docked layout (app/viewer/layout/dock_layout.h): every panel inside the window at every
// size, no panel over the view or another panel, the view's share at common screen sizes, and
// fractions that follow resizes.
#include "app/viewer/layout/dock_layout.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

std::vector<LayoutRect> panels(const DockLayout& layout) {
    return {layout.files,    layout.joints,    layout.info,       layout.selection,
            layout.settings, layout.leftStrip, layout.rightStrip, layout.browser,
            layout.curves,   layout.compare,   layout.timeline,   layout.tabs};
}

bool overlaps(const LayoutRect& a, const LayoutRect& b) {
    if (a.empty() || b.empty()) {
        return false;
    }
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

bool inside(const LayoutRect& rect, float width, float height) {
    return rect.empty() ||
           (rect.x >= 0 && rect.y >= 0 && rect.right() <= width && rect.bottom() <= height);
}

// Panels and view tile the window: no overlap, nothing outside, whole pixels, areas sum up.
void expectTiles(const DockLayout& layout, float width, float height) {
    std::vector<LayoutRect> all = panels(layout);
    all.push_back(layout.view);
    float area = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        EXPECT_TRUE(inside(all[i], width, height))
            << "rect " << i << " at " << all[i].x << "," << all[i].y << " " << all[i].width << "x"
            << all[i].height << " in " << width << "x" << height;
        EXPECT_EQ(all[i].x, std::round(all[i].x));
        EXPECT_EQ(all[i].y, std::round(all[i].y));
        EXPECT_EQ(all[i].width, std::round(all[i].width));
        EXPECT_EQ(all[i].height, std::round(all[i].height));
        area += all[i].area();
        for (std::size_t j = i + 1; j < all.size(); ++j) {
            EXPECT_FALSE(overlaps(all[i], all[j])) << "rects " << i << " and " << j;
        }
    }
    // Nothing is left uncovered (the view is what the docks leave).
    EXPECT_FLOAT_EQ(area, width * height);
}

DockLayout firstRun(float width, float height, float scale = 1.0f) {
    DockRequest request;
    request.windowWidth = width;
    request.windowHeight = height;
    request.scale = scale;
    return computeDockLayout(request, DockProportions{});
}

TEST(DockLayout, FirstRunViewShareAtCommonScreenSizes) {
    // The goals: 60 % of a 1280x720 window is 3D view, 70 % of 1920x1080.
    const DockLayout small = firstRun(1280, 720);
    EXPECT_GE(small.view.area() / (1280.0f * 720.0f), 0.60f);
    const DockLayout large = firstRun(1920, 1080);
    EXPECT_GE(large.view.area() / (1920.0f * 1080.0f), 0.70f);
    // The view is the largest thing on screen.
    for (const LayoutRect& panel : panels(large)) {
        EXPECT_LT(panel.area(), large.view.area());
    }
    // Columns on either side, the timeline along the whole bottom.
    EXPECT_EQ(small.files.x, 0.0f);
    EXPECT_EQ(small.info.right(), 1280.0f);
    EXPECT_EQ(small.timeline.width, 1280.0f);
    EXPECT_EQ(small.timeline.bottom(), 720.0f);
    EXPECT_EQ(small.view.x, small.files.right());
    EXPECT_EQ(small.view.right(), small.info.x);
    EXPECT_EQ(small.view.bottom(), small.timeline.y);
}

TEST(DockLayout, TilesTheWindowAtEverySizeAndScale) {
    for (const float scale : {1.0f, 1.5f, 2.0f}) {
        for (float width = 200; width <= 4000; width += 173) {
            for (float height = 150; height <= 2400; height += 131) {
                DockRequest request;
                request.windowWidth = width;
                request.windowHeight = height;
                request.scale = scale;
                request.curvesShown = true;
                request.compareShown = static_cast<int>(width) % 2 == 0;
                request.browserShown = static_cast<int>(height) % 2 == 0;
                const DockLayout layout = computeDockLayout(request, DockProportions{});
                expectTiles(layout, width, height);
                // The view keeps its minimum share whatever the docks want.
                EXPECT_GE(layout.view.width, std::floor(width * kMinViewFraction) - 1);
                EXPECT_GE(layout.view.height, std::floor(height * kMinViewFraction) - 1);
            }
        }
    }
}

TEST(DockLayout, KeptFractionsFollowAResizeAndNeverLeaveTheWindow) {
    // A layout kept on a 3840x2160 screen with wide columns, opened in a 1280x720 window.
    DockProportions kept;
    kept.leftWidth = 0.25f;
    kept.rightWidth = 0.20f;
    kept.bottomHeight = 0.4f;
    DockRequest request;
    request.curvesShown = true;
    for (const auto& [width, height] :
         {std::pair{3840.0f, 2160.0f}, std::pair{1280.0f, 720.0f}, std::pair{800.0f, 600.0f}}) {
        request.windowWidth = width;
        request.windowHeight = height;
        const DockLayout layout = computeDockLayout(request, kept);
        expectTiles(layout, width, height);
        EXPECT_NEAR(layout.leftWidth, std::round(width * 0.25f), 1.0f);
        EXPECT_NEAR(layout.rightWidth, std::round(width * 0.20f), 1.0f);
        EXPECT_NEAR(layout.curves.height, std::round(height * 0.4f), 1.0f);
    }
}

TEST(DockLayout, HostileFractionsAreClampedInsideTheWindow) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float infinity = std::numeric_limits<float>::infinity();
    for (const float value : {-1.0f, 0.0f, 0.99f, 5.0f, nan, infinity, -infinity}) {
        DockProportions kept;
        kept.leftWidth = value;
        kept.rightWidth = value;
        kept.bottomHeight = value;
        DockRequest request;
        request.windowWidth = 1366;
        request.windowHeight = 768;
        request.timelineHeight = value * 1000.0f;
        request.compareShown = true;
        const DockLayout layout = computeDockLayout(request, kept);
        expectTiles(layout, 1366, 768);
        EXPECT_GE(layout.view.width, 1366 * kMinViewFraction - 1);
    }
}

TEST(DockLayout, TabHidesEveryPanel) {
    DockRequest request;
    request.windowWidth = 1280;
    request.windowHeight = 720;
    request.panelsHidden = true;
    request.curvesShown = true;
    const DockLayout layout = computeDockLayout(request, DockProportions{});
    for (const LayoutRect& panel : panels(layout)) {
        EXPECT_TRUE(panel.empty());
    }
    EXPECT_EQ(layout.view.width, 1280.0f);
    EXPECT_EQ(layout.view.height, 720.0f);
}

TEST(DockLayout, CollapsedColumnsLeaveAStripAndWidenTheView) {
    DockProportions collapsed;
    collapsed.leftCollapsed = true;
    collapsed.rightCollapsed = true;
    DockRequest request;
    request.windowWidth = 1280;
    request.windowHeight = 720;
    request.scale = 2.0f;
    const DockLayout layout = computeDockLayout(request, collapsed);
    expectTiles(layout, 1280, 720);
    EXPECT_TRUE(layout.files.empty() && layout.joints.empty() && layout.info.empty());
    EXPECT_EQ(layout.leftStrip.width, kCollapsedStripWidth * 2.0f);
    EXPECT_EQ(layout.rightStrip.width, kCollapsedStripWidth * 2.0f);
    EXPECT_EQ(layout.view.width, 1280.0f - 4.0f * kCollapsedStripWidth);
}

TEST(DockLayout, AnalysisPanelsShareTheDockUnderTheView) {
    DockRequest request;
    request.windowWidth = 1920;
    request.windowHeight = 1080;
    const DockLayout without = computeDockLayout(request, DockProportions{});
    EXPECT_TRUE(without.curves.empty() && without.compare.empty() && without.browser.empty());
    request.curvesShown = true;
    request.compareShown = true;
    request.browserShown = true;
    const DockLayout with = computeDockLayout(request, DockProportions{});
    expectTiles(with, 1920, 1080);
    // Side by side, left to right, the view's width, directly above the timeline.
    EXPECT_EQ(with.browser.x, with.view.x);
    EXPECT_EQ(with.curves.x, with.browser.right());
    EXPECT_EQ(with.compare.x, with.curves.right());
    EXPECT_EQ(with.compare.right(), with.view.right());
    EXPECT_EQ(with.curves.bottom(), with.timeline.y);
    // With the Browser in it the dock is a little taller (its list has rows of pictures).
    EXPECT_NEAR(with.curves.height, std::round(1080 * kDefaultBrowserBottomFraction), 1.0f);
    // The dock takes its height from the view, not from the columns.
    EXPECT_EQ(with.view.height, without.view.height - with.curves.height);
    EXPECT_EQ(with.joints.height, without.joints.height);
}

TEST(DockLayout, TheTimelineIsAsTallAsItsContentUpToAShare) {
    DockRequest request;
    request.windowWidth = 1280;
    request.windowHeight = 720;
    request.timelineHeight = 123.4f;
    EXPECT_EQ(computeDockLayout(request, DockProportions{}).timeline.height, 123.0f);
    request.timelineHeight = 5000.0f;
    EXPECT_EQ(computeDockLayout(request, DockProportions{}).timeline.height, 288.0f); // 40 %
}

TEST(DockLayout, DefaultColumnsFollowTheContentScale) {
    // At 2x the default column is twice as wide (text is), within the view's minimum share.
    const DockLayout one = firstRun(2560, 1440, 1.0f);
    const DockLayout two = firstRun(2560, 1440, 2.0f);
    EXPECT_EQ(one.leftWidth, kMaxDefaultColumnWidth);
    EXPECT_EQ(two.leftWidth, 384.0f); // 15 % of the width: under 2 x 220 and over 2 x 170
    EXPECT_GT(two.leftWidth, one.leftWidth);
}

TEST(DockLayout, ASelectedJointGetsTheRightColumnsLargestShare) {
    // 1366x768 at scale 1: the timeline's 90 px leave a 678 px column. Without a selection the
    // panel holds one line (26 %, 176 px); with one, 44 %: from 203 to 502 (299 px), room for
    // its name, a six-channel table and the positions.
    DockRequest request;
    request.windowWidth = 1366;
    request.windowHeight = 768;
    const DockLayout unselected = computeDockLayout(request, DockProportions{});
    EXPECT_EQ(unselected.selection.height, 176.0f);
    request.jointSelected = true;
    const DockLayout selected = computeDockLayout(request, DockProportions{});
    EXPECT_EQ(selected.info.height, 203.0f);
    EXPECT_EQ(selected.selection.y, 203.0f);
    EXPECT_EQ(selected.selection.height, 299.0f);
    EXPECT_EQ(selected.settings.bottom(), 678.0f);
    expectTiles(selected, 1366, 768);
}

} // namespace

namespace {

// [SECTION] The compact layout (a phone)

DockRequest phone(float width, float height, CompactDrawer drawer, float timelineHeight = 0) {
    DockRequest request;
    request.windowWidth = width;
    request.windowHeight = height;
    request.timelineHeight = timelineHeight;
    request.compact = true;
    request.drawer = drawer;
    return request;
}

TEST(DockLayout, CompactBelowSixHundredPixelsOrOnTouchAlone) {
    EXPECT_TRUE(wantsCompactLayout(599.0f, 1.0f, false));
    EXPECT_FALSE(wantsCompactLayout(600.0f, 1.0f, false));
    EXPECT_TRUE(wantsCompactLayout(1000.0f, 2.0f, false)); // 500 unscaled pixels
    EXPECT_TRUE(wantsCompactLayout(1280.0f, 1.0f, true));  // a tablet
    EXPECT_FALSE(wantsCompactLayout(0.0f, 1.0f, false));
}

TEST(DockLayout, PhonePortraitGivesTheViewTheTopAndADrawerUnderIt) {
    // 390x844, the timeline's content 186 px tall (its controls wrap at that width).
    const DockLayout closed =
        computeDockLayout(phone(390, 844, CompactDrawer::None, 186), DockProportions{});
    EXPECT_TRUE(closed.compact);
    EXPECT_EQ(closed.timeline.y, 658.0f);
    EXPECT_EQ(closed.tabs.y, 614.0f);
    EXPECT_EQ(closed.tabs.height, 44.0f);
    EXPECT_EQ(closed.view.width, 390.0f);
    EXPECT_EQ(closed.view.height, 614.0f); // 0.73 of the page
    EXPECT_TRUE(closed.files.empty() && closed.info.empty() && closed.leftStrip.empty());
    EXPECT_EQ(closed.leftWidth + closed.rightWidth + closed.bottomHeight, 0.0f);

    const DockLayout info =
        computeDockLayout(phone(390, 844, CompactDrawer::Info, 186), DockProportions{});
    EXPECT_EQ(info.view.height, 422.0f); // half the page
    EXPECT_EQ(info.info.y, 422.0f);
    EXPECT_EQ(info.info.height, 192.0f); // down to the tabs
    EXPECT_EQ(info.info.width, 390.0f);
    EXPECT_TRUE(info.files.empty() && info.joints.empty() && info.settings.empty());
}

TEST(DockLayout, PhoneLandscapePutsTheDrawerBesideTheView) {
    const DockLayout files =
        computeDockLayout(phone(844, 390, CompactDrawer::Files, 90), DockProportions{});
    EXPECT_EQ(files.tabs.height, 39.0f); // a tenth of the height, under 44
    EXPECT_EQ(files.view.height, 261.0f);
    EXPECT_EQ(files.view.width, 422.0f);
    EXPECT_EQ(files.files.x, 422.0f);
    EXPECT_EQ(files.files.width, 422.0f);
    EXPECT_EQ(files.files.height, 261.0f);
}

TEST(DockLayout, CompactAnalysisPanelsTakeTheDrawerUnlessATabHasIt) {
    DockRequest request = phone(390, 844, CompactDrawer::None, 186);
    request.curvesShown = true;
    const DockLayout curves = computeDockLayout(request, DockProportions{});
    EXPECT_EQ(curves.curves.y, 422.0f);
    EXPECT_EQ(curves.curves.height, 192.0f);
    request.drawer = CompactDrawer::Settings;
    const DockLayout settings = computeDockLayout(request, DockProportions{});
    EXPECT_TRUE(settings.curves.empty());
    EXPECT_EQ(settings.settings.height, 192.0f);
}

TEST(DockLayout, CompactTilesTheWindowAndKeepsTheViewItsShare) {
    const CompactDrawer drawers[] = {CompactDrawer::None,      CompactDrawer::Files,
                                     CompactDrawer::Joints,    CompactDrawer::Info,
                                     CompactDrawer::Selection, CompactDrawer::Settings};
    for (float width = 200; width <= 1400; width += 97) {
        for (float height = 150; height <= 1400; height += 89) {
            for (const CompactDrawer drawer : drawers) {
                for (const float timeline : {0.0f, 186.0f, 5000.0f}) {
                    DockRequest request = phone(width, height, drawer, timeline);
                    request.compareShown = static_cast<int>(width) % 2 == 0;
                    const DockLayout layout = computeDockLayout(request, DockProportions{});
                    expectTiles(layout, width, height);
                    // Half the page's height (portrait) or width (landscape) stays the view's,
                    // and its other side keeps at least 60 % (timeline and tabs take at most 40).
                    const bool landscape = width > height;
                    EXPECT_GE(landscape ? layout.view.width : layout.view.height,
                              std::floor((landscape ? width : height) * 0.5f) - 1)
                        << width << "x" << height;
                    EXPECT_GE(landscape ? layout.view.height : layout.view.width,
                              std::floor((landscape ? height : width) * 0.6f) - 1)
                        << width << "x" << height;
                }
            }
        }
    }
}

} // namespace
