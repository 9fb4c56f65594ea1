// The viewer's window and main loop (imgui's example_glfw_opengl3 frame order): poll events,
// act on requests (opened and dropped files, removals, camera), advance playback, sample every
// character, draw the scene into a multisampled target, resolve it, draw the panels, swap.
#pragma once

#include "app/viewer/io/file_loading.h"
#include "app/viewer/viewer_options.h"

#include <cstdint>
#include <memory>
#include <ostream>
#include <vector>

namespace bvhscope::viewer {

struct ViewerState;

// Returns the process exit code: 0, or 1 when the window or GL cannot start or a requested
// screenshot cannot be written.
int runViewer(const ViewerOptions& options, std::ostream& err);

// The same viewer, one frame at a time, for a host that owns the loop (the web page, whose
// browser calls each frame): startViewer opens it (nullptr, said on err, when it cannot start),
// stepViewer draws one frame (false once it should end), finishViewer saves what the user keeps
// and gives the exit code.
class RunningViewer;
struct RunningViewerDeleter {
    void operator()(RunningViewer* viewer) const;
};
using RunningViewerPointer = std::unique_ptr<RunningViewer, RunningViewerDeleter>;

RunningViewerPointer startViewer(const ViewerOptions& options, std::ostream& err);
bool stepViewer(RunningViewer& viewer);
int finishViewer(RunningViewer& viewer);

// While it runs: its session, settings.ini / imgui.ini / up_axes.tsv written now (as at the
// end), the last frame's milliseconds (input to present) and every completed load's timings.
ViewerState& viewerStateOf(RunningViewer& viewer);
void saveViewerSettings(RunningViewer& viewer);
double lastFrameMillisecondsOf(const RunningViewer& viewer);
const std::vector<LoadTiming>& completedLoadTimingsOf(const RunningViewer& viewer);

// The input events the window has received so far and those it has given to frames, counted
// now rather than as the last frame left them: the page's checks wait until a touch's or a
// key's events have all been applied (InputQueue trickles them over frames) before they read
// what it did.
struct InputEventCounts {
    std::uint64_t received = 0;
    std::uint64_t applied = 0;
};
InputEventCounts inputEventCountsOf(const RunningViewer& viewer);

} // namespace bvhscope::viewer
