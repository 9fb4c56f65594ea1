// The viewer's docked layout, computed from the window size every frame: pure arithmetic, no
// ImGui, unit-tested in tests/app/viewer/layout/dock_layout_test.cpp.
//
//   +--------+-----------------------------+--------+
//   | Files  |                             | Info   |
//   |        |          3D view            |        |
//   +--------+                             +--------+
//   | Joints |                             | Joint  |
//   |        +---------+---------+---------+--------+
//   |        | Browser | Curves  | Compare | Settings
//   +--------+---------+---------+---------+--------+
//   | Timeline (the whole width)                    |
//   +-----------------------------------------------+
//
// A phone (the page narrower than kCompactLayoutWidth, or touch without a keyboard) gets the
// compact layout instead: the view on top, a row of tabs and the timeline along the bottom, and
// at most one panel at a time in a drawer that a tab opens, under the view (portrait) or beside
// it (landscape); the view keeps at least half of the window.
//
//   +-----------------------+      +---------------+--------+
//   |       3D view         |      |   3D view     | drawer |
//   +-----------------------+      +---------------+--------+
//   | drawer (a tab's panel)|      | Files|Joints|Info|...   |
//   +-----------------------+      +------------------------+
//   | Files|Joints|Info|... |      | Timeline               |
//   +-----------------------+      +------------------------+
//   | Timeline              |
//   +-----------------------+
//
// Panels never overlap the view or each other: the view is what the docks leave. The user's
// sizes are kept as fractions of the window (settings.ini), so a layout kept on a large screen
// still fits a small window, and every rectangle lies inside the window whatever the fractions
// (the tests sweep sizes and hostile fractions). Edges are whole pixels, so docks meet with no
// gap for the view to show through (opaque_panels.h).
#pragma once

#include "app/scene/settings.h"

namespace bvhscope::viewer {

// In window coordinates (ImGui's, top-left origin).
struct LayoutRect {
    float x = 0, y = 0, width = 0, height = 0;
    float right() const { return x + width; }
    float bottom() const { return y + height; }
    bool empty() const { return width <= 0.0f || height <= 0.0f; }
    float area() const { return empty() ? 0.0f : width * height; }
    bool operator==(const LayoutRect&) const = default; // exact: any change is a new layout
};

// The panel a compact layout's drawer shows (its tab is the one lit).
enum class CompactDrawer { None, Files, Joints, Info, Selection, Settings };

struct DockRequest {
    float windowWidth = 0;
    float windowHeight = 0;
    float scale = 1.0f; // the content scale: sizes given in unscaled pixels are multiplied by it
    // The height the timeline's content needs (measured on the last frame; its controls wrap
    // onto more rows in a narrow window). 0: a default of kDefaultTimelineHeight * scale.
    float timelineHeight = 0;
    bool panelsHidden = false; // Tab: every panel hidden, the view is the whole window
    bool browserShown = false;
    bool curvesShown = false;
    bool compareShown = false;
    // A joint is selected: its panel (name, channel table, positions) gets the right column's
    // largest share, Info and Settings scroll.
    bool jointSelected = false;
    // The compact layout (a phone), and the panel its drawer shows.
    bool compact = false;
    CompactDrawer drawer = CompactDrawer::None;
};

struct DockLayout {
    LayoutRect files, joints;             // the left column (empty when collapsed or hidden)
    LayoutRect info, selection, settings; // the right column
    LayoutRect leftStrip, rightStrip;     // a collapsed column's narrow strip (its button)
    LayoutRect browser, curves, compare;  // the analysis dock, between the columns
    LayoutRect timeline;                  // the whole width along the bottom
    LayoutRect view;                      // the 3D view: what the docks leave
    LayoutRect tabs;                      // the compact layout's row of tabs (else empty)
    bool compact = false;                 // the compact layout: no columns, no splitters
    // The columns' widths in pixels as drawn (splitters convert a drag back to a fraction).
    float leftWidth = 0, rightWidth = 0, bottomHeight = 0;
    bool operator==(const DockLayout&) const = default;
};

inline constexpr float kDefaultTimelineHeight = 90.0f;
inline constexpr float kCollapsedStripWidth = 24.0f;
// Default column width: this fraction of the window, at most kMaxDefaultColumnWidth * scale and
// at least kMinColumnWidth * scale: the view gets 60 % of a 1280x720 window, 70 % of 1920x1080.
inline constexpr float kDefaultColumnFraction = 0.15f;
inline constexpr float kMaxDefaultColumnWidth = 220.0f;
inline constexpr float kMinColumnWidth = 170.0f;
inline constexpr float kDefaultBottomFraction = 0.30f;
// With the folder Browser in the dock, its list needs a few rows more.
inline constexpr float kDefaultBrowserBottomFraction = 0.36f;
// The view keeps at least this fraction of the window's width and height: columns and docks
// shrink (in proportion) before it goes.
inline constexpr float kMinViewFraction = 0.30f;
// The right column's split, top to bottom: Info, Selected joint, Settings; with a joint selected
// and without (the panel then holds one line).
inline constexpr float kRightColumnSelected[3] = {0.30f, 0.44f, 0.26f};
inline constexpr float kRightColumnUnselected[3] = {0.36f, 0.26f, 0.38f};

// The compact layout below this window width (CSS pixels in the page, times the scale).
inline constexpr float kCompactLayoutWidth = 600.0f;
// Its row of tabs, tall enough for a fingertip.
inline constexpr float kCompactTabsHeight = 44.0f;
// The view's least share of the window's height (portrait) or width (landscape) with a drawer
// open, and the timeline's largest share of the height.
inline constexpr float kCompactMinViewFraction = 0.5f;
inline constexpr float kCompactMaxTimelineFraction = 0.3f;

// Whether a window of `windowWidth` (unscaled: times `scale`) gets the compact layout: narrow,
// or touch without a keyboard.
bool wantsCompactLayout(float windowWidth, float scale, bool touchOnly);

DockLayout computeDockLayout(const DockRequest& request, const scene::DockProportions& proportions);

// The default fractions for a window (what 0 in DockProportions stands for).
float defaultColumnFraction(float windowWidth, float scale);

} // namespace bvhscope::viewer
