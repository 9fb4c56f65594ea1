// Names drawn in the 3D view: each figure's file name above its head (Settings > Appearance >
// File names), so with many files open the view says which figure is which file; and, when
// asked for, joint names and each joint's local axes (X red, Y green, Z blue) for the selected
// joint or all of them. Drawn with ImGui's background list (over the scene, under the panels),
// clipped to the view rectangle.
#pragma once

#include "app/viewer/session/viewer_state.h"

namespace bvhscope::viewer {

// Call between ImGui::NewFrame and ImGui::Render, after the live pose is sampled. Records each
// label's rectangle as "label:INDEX", joint names as "jointname:C:NAME" and axes as
// "jointaxis:C:NAME:X" (the axis's bounding box) for --state-out.
void drawViewLabels(ViewerState& state);

} // namespace bvhscope::viewer
