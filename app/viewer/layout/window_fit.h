// The first window's size: what the user kept (or the default), never larger than the monitor's
// work area (the screen less panels and docks) allows. Pure, tested in
// tests/app/viewer/layout/window_fit_test.cpp.
#pragma once

namespace bvhscope::viewer {

struct WorkArea {
    int x = 0, y = 0, width = 0, height = 0;
};

struct WindowPlacement {
    int x = 0, y = 0, width = 0, height = 0;
};

// The window takes at most kWorkAreaFraction of the work area in each direction (a laptop's
// 1366x768 screen gets at most 1161x652 of window, title bar and border still on screen), keeps
// the requested size where it is smaller, and is centred in the work area. An empty work area
// (no monitor known) leaves the request as it is, at (0, 0).
inline constexpr double kWorkAreaFraction = 0.85;
// Below this the panels cannot be used; a work area smaller still wins.
inline constexpr int kMinWindowWidth = 640;
inline constexpr int kMinWindowHeight = 400;

WindowPlacement fitWindowToWorkArea(int requestedWidth, int requestedHeight, const WorkArea& area);

} // namespace bvhscope::viewer
