// Keeps the figures in the picture when the 3D view's rectangle changes shape: a panel opening
// under it (Curves when a joint is selected, the Browser when a folder opens), a splitter
// dragged, the window resized.
//
// The rule: while the camera is as the last framing left it (FigureFollow::framingKept: framed
// by F, on load or after Page Down, and neither orbited, zoomed nor panned since), the figures
// are framed anew for the new shape, and followed as before. Once the user has moved the camera,
// it is theirs: direction, target and distance stay, except that a view that gets narrower
// moves the eye back by the ratio of the aspects, so what was seen across the view is still seen
// (the vertical field of view is fixed, so what was seen from top to bottom always is).
#pragma once

#include "app/viewer/session/viewer_state.h"

#include <optional>

namespace bvhscope::viewer {

class ViewShapeWatch {
public:
    // Once a frame, after the layout is computed and before the session's update (a framing
    // asked for here is done in that update, with the new aspect).
    void update(ViewerState& state, const LayoutRect& view);

private:
    std::optional<LayoutRect> last_;
};

} // namespace bvhscope::viewer
