// When the desktop viewer draws while the Browser's work (summaries, then thumbnails) is all that
// moves (issue 44, item 3). On a 2-core machine with a software renderer, one frame of a
// 1366x768 window costs 10-30 ms of CPU over the interface's and the renderer's threads, as
// much as 30 summaries: drawn 4 to 10 times a second, and as fast as the renderer went for half
// a second after every load or command, the frames took as much CPU as the 3 076 summaries they
// showed. So while summaries come and the user does nothing, a frame is drawn only when a row on
// screen changed (its summary or thumbnail arrived), and otherwise once a heartbeat for the
// count; input is answered at once as always (the viewer's wait ends on any event).
//
// Pure functions of times in seconds of one steady clock, so the rules are tested without a
// window; the viewer's awaitFrame applies them.
#pragma once

#include <optional>

namespace bvhscope::folder {

// A row on screen that changed is shown within this; it is also the pace of every frame once
// the summaries are in and thumbnails of rows off screen are drawn ahead.
inline constexpr double kBrowserWorkFrameSeconds = 0.25;
// While summaries come and nothing on screen changed, the count of files summarised is redrawn
// this often.
inline constexpr double kSummariesHeartbeatSeconds = 1.0;
// After activity (a load done, a command, the hovered take read), ImGui settles in a few frames
// (a popup fits its contents, a hover lights up): the Browser's pacing starts after this many,
// rather than after the half second of frames the viewer otherwise draws, as fast as the
// renderer goes. Input events are not activity here: each wakes a frame of its own, at once.
inline constexpr int kSettleFramesAfterWork = 4;

struct BrowserWorkFrame {
    double lastFrameBegan = 0.0;       // when the last frame drawn began
    bool summarizing = false;          // summaries are still to come
    bool onScreenChanged = false;      // a row on screen changed since that frame
    std::optional<double> hoverRedraw; // the hovered cell's next picture, while one plays
};

// When the next frame is due: a kBrowserWorkFrameSeconds after the last one began, or, while
// summaries come and no row on screen changed, a kSummariesHeartbeatSeconds after it. A playing
// hovered cell's next picture comes when it is due, but while summaries come no sooner than the
// pace of a changed row (4 a second rather than its 10).
double browserWorkFrameDue(const BrowserWorkFrame& frame);

struct ViewerActivity {
    double now = 0.0;
    double lastActivity = 0.0;   // the last command, load or change that drew frames
    int framesSinceActivity = 0; // frames drawn since lastActivity
};

// Whether the Browser's pacing applies now: once kSettleFramesAfterWork frames were drawn since
// the last activity, or `settleSeconds` after it (when no frame could be drawn: a minimised
// window).
bool browserWorkPacingApplies(const ViewerActivity& activity, double settleSeconds);

} // namespace bvhscope::folder
