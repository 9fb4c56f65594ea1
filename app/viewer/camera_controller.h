// Mouse and keyboard in the viewport: camera moves, picking, and the keys (through the bindings
// table, panels/key_bindings.h). Only called when ImGui does not want the input
// (io.WantCaptureMouse / WantCaptureKeyboard).
#pragma once

#include "app/viewer/platform/input_queue.h"
#include "app/viewer/session/viewer_state.h"

#include <glm/vec2.hpp>
#include <vector>

namespace bvhscope::viewer {

class ViewportInput {
public:
    // Mouse: left drag orbits, right or middle (or Shift+left) drag pans, wheel or Ctrl+left
    // drag zooms (trackpads), a click without a drag picks a joint. `view` is the 3D view's
    // rectangle in window coordinates (ViewerState::layout.view): a drag or wheel starts only
    // there, and picking casts through the view's own projection.
    void handleMouse(ViewerState& state, const LayoutRect& view);
    // The keys pressed this frame, in order, with their modifiers (input_queue.h): each runs
    // its binding in the bindings table (panels/key_bindings.h).
    void handleKeys(ViewerState& state, const std::vector<KeyPress>& keys);

private:
    bool pressedInViewport_ = false;
};

} // namespace bvhscope::viewer
