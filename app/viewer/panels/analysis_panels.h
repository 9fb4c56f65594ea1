// The analysis views' ImGui parts (see analysis_views.h for their state): the Curves and
// Compare windows, and the pieces other panels embed.
#pragma once

#include "app/viewer/session/viewer_state.h"

#include <cstddef>

namespace bvhscope::viewer {

// The selected joint's channel curves, with flips and jitter (curves_panel.cpp). Drawn while a
// joint is selected and the user has not closed it.
void drawCurvesPanel(ViewerState& state, float scale);
// A/B compare (compare_panel.cpp). Drawn while two or more files are open.
void drawComparePanel(ViewerState& state, float scale);
// The compare numbers for the Info panel when it shows A or B.
void drawCompareSummary(const ViewerState& state, CommandQueue& commands, std::size_t character);

} // namespace bvhscope::viewer
