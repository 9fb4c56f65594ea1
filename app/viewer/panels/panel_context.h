// What a panel is given (issue 43): everything the viewer keeps, to read only, and the two
// things a panel may change, the commands it pushes (the session applies them on its next
// update) and the rectangles of what it drew (for --state-out). A panel drawn from a
// PanelContext cannot write a session field or the interface's state: the compiler says so.
//
// Panels move to it one at a time. An entry the frame loop calls takes a PanelContext, and the
// form it edits (a dialog's fields) as a reference of its own; an entry that still takes the
// ViewerState draws from PanelContext::of(state), and stores what the panel returns of the
// interface's own state (open/closed, a measured height, a chooser or sheet asked for).
// tools/check_panel_state.py lists the functions that still take a mutable ViewerState&.
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
