// The viewer's test and benchmark hooks, in one object attached only when the command line asks
// for one of them (--state-out, --screenshot, --bench-render, --print-load-timing); without it
// the frame loop is the product's alone. Each hook is called at one point of the frame loop
// (viewer_app.cpp) and says what it needs there.
#pragma once

#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/session/folder_navigation.h"
#include "app/viewer/session/viewer_state.h"
#include "app/viewer/viewer_options.h"

#include <chrono>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace bvhscope::viewer {

class ViewerProbe {
public:
    // nullptr unless `options` asks for a hook.
    static std::unique_ptr<ViewerProbe> attach(const ViewerOptions& options);

    // --bench-render: the default look, a window of its own size, no vsync, no settings kept.
    bool benchmarking() const { return options_.benchRender.has_value(); }
    // --screenshot: a picture of a settled frame, then exit.
    bool capturing() const { return options_.screenshot.has_value(); }
    // Whether the frame loop may sleep while nothing moves (not while a screenshot counts its
    // frames or the render benchmark draws as fast as it can).
    bool allowsSleep() const { return !capturing() && !benchmarking(); }

    // Before the window opens: the benchmark's characters (false, with the reason on `err`,
    // when its file does not load).
    bool prepare(ViewerState& state, std::ostream& err);
    // Before the session's update: the benchmark steps one frame per frame.
    void beforeUpdate(ViewerState& state, int frameNumber);
    // After the panels, before ImGui renders: what only --state-out reads.
    void afterPanels(ViewerState& state);
    // After the frame is drawn, before it is presented. True when the viewer should stop: a
    // screenshot was written (or failed: `exitCode` then 1).
    bool afterDraw(const ViewerState& state, bool loading, bool layoutSettled, int windowWidth,
                   int windowHeight, int framebufferWidth, int framebufferHeight, int& exitCode,
                   std::ostream& err);
    // As the frame loop goes to sleep (nothing moves, no input waits): the state is written
    // again marked idle, so a test knows the picture and the layout are settled.
    void beforeSleep();
    // As the viewer closes, its frame loop ended: the state written once more (the window's size
    // as last written), so a test reads what closing did (a sound's decode stopped).
    void atExit(const ViewerState& state);
    // Every turn of the frame loop, drawn or not: --bench-idle's clock. True when its
    // measurement is printed and the viewer should stop.
    bool idleMeasured(const ViewerState& state, int framesDrawn);
    // After the frame is presented, with when it began. True when the benchmark is done.
    // `timings`: the loads the frame loop found completed and shown (FileLoads), to print.
    bool afterPresent(ViewerState& state, int frameNumber,
                      std::chrono::steady_clock::time_point frameStart,
                      std::span<const LoadTiming> timings, int framebufferWidth,
                      int framebufferHeight);

private:
    explicit ViewerProbe(const ViewerOptions& options) : options_(options) {}

    ViewerOptions options_;
    std::string lastState_;
    int lastWindowWidth_ = 0, lastWindowHeight_ = 0; // of the state last written
    int framesSinceLoaded_ = 0; // a screenshot waits for every load, then for the layout
    std::optional<double> firstSwapMilliseconds_;
    std::vector<double> benchmarkFrameMilliseconds_;
    int framesSinceBodiesBuilt_ = 0;
    FolderTimingReport folderTiming_;
    // --bench-idle: since when nothing moves, and the measurement's start.
    std::optional<std::chrono::steady_clock::time_point> quietSince_;
    std::optional<std::chrono::steady_clock::time_point> idleStart_;
    double idleCpuStart_ = 0.0;
    int idleFramesStart_ = 0;
};

} // namespace bvhscope::viewer
