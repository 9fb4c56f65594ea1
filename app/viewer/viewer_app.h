// The viewer's window and main loop (imgui's example_glfw_opengl3 frame order): poll events,
// act on requests (opened and dropped files, removals, camera), advance playback, sample every
// character, draw the scene into a multisampled target, resolve it, draw the panels, swap.
#pragma once

#include "app/viewer/viewer_options.h"

#include <ostream>

namespace bvhscope::viewer {

// Returns the process exit code: 0, or 1 when the window or GL cannot start or a requested
// screenshot cannot be written.
int runViewer(const ViewerOptions& options, std::ostream& err);

} // namespace bvhscope::viewer
