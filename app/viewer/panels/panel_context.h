// What a panel is given (issue 43): everything the viewer keeps, to read only, and the two
// things a panel may change, the commands it pushes (the session applies them on its next
// update) and the rectangles of what it drew (for --state-out). A panel drawn from a
// PanelContext cannot write a session field or the interface's state: the compiler says so.
//
// Panels move to it one at a time: each keeps its entry in panels.h, taking the ViewerState
// the frame loop has, and draws from PanelContext::of(state). Those that still take the
// ViewerState itself are listed in the notes; a panel whose widgets keep state of their
// own (an open section, a text being typed) keeps it in a struct of its own, not in the session.
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
