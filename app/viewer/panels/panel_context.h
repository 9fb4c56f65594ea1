// What a panel is given (issue 43): everything the viewer keeps, to read only, and the two
// things a panel may change, the commands it pushes (the session applies them on its next
// update) and the rectangles of what it drew (for --state-out). A panel drawn from a
// PanelContext cannot write a session field or the interface's state: the compiler says so.
//
// Panels move to it one at a time: each keeps its entry in panels.h, taking the ViewerState
// the frame loop has, and draws from PanelContext::of(state); what the interface itself keeps
// (a panel's open/closed state, its measured height) the panel returns, and its entry stores.
// The panels not moved yet still draw from the ViewerState itself.
#pragma once

#include "app/viewer/session/commands.h"
#include "app/viewer/session/viewer_state.h"

namespace bvhscope::viewer {

struct PanelContext {
    const ViewerState& state;
    CommandQueue& commands;
    WidgetRects& rects;

    static PanelContext of(ViewerState& viewer) {
        return {viewer, viewer.commands, viewer.widgetRects};
    }
};

} // namespace bvhscope::viewer
