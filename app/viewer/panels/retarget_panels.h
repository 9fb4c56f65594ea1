// Retargeting's ImGui parts (issue 40): "Retarget onto" in a file's context menu, and the
// Retarget map window. They read the session's retargeting (session/retargeting.h) and push
// commands (commands.h's "Issue 40, RETARGET"); they change nothing of the session themselves.
#pragma once

#include "app/viewer/panels/panel_context.h"
#include "app/viewer/session/viewer_state.h"

#include <cstddef>

namespace bvhscope::viewer {

// A submenu of the other open files: the one chosen becomes the skeleton `source`'s motion is
// put on (command::Retarget). Files still loading and live streams are shown disabled.
void drawRetargetOntoMenu(const PanelContext& panel, std::size_t source);

// While the Info panel's file is a retargeted one: each target joint with its source joint (a
// combo of the source's joints, or "none") and the role it was matched by; a change makes the
// character again. "Save map" writes the map as a `bvhscope retarget --map` file.
void drawRetargetMapPanel(ViewerState& state, float scale);

} // namespace bvhscope::viewer
