// Whether a frame may take a mouse button's change, from the docked layout it is drawn in.
//
// Dear ImGui 1.86 finds the window under the pointer from the rectangles the previous frame
// left, and judges a button's press and release by them (platform/input_queue.h, ButtonHold). In
// the first frame of a new layout those rectangles are the old layout's: a window resized, a
// phone turned, and as much a panel opened or closed (the Browser when a folder opens, Curves
// or the joint's panel when a joint is selected), a splitter dragged, the timeline grown a row.
// A click pressed or let go in that frame would land on whatever was there before, so its
// button change waits for the next frame. A layout that changes every frame (a window resized
// continuously, a splitter held in a drag) still takes clicks: the hold lasts at most
// kLongestHold frames in a row.
#pragma once

#include "app/viewer/layout/dock_layout.h"
#include "app/viewer/platform/input_queue.h"

#include <optional>

namespace bvhscope::viewer {

class LayoutButtonHold {
public:
    static constexpr int kLongestHold = 3;

    // Once a frame, with the layout that frame is drawn in (before its input is taken).
    ButtonHold next(const DockLayout& layout);

private:
    std::optional<DockLayout> last_;
    int framesChanged_ = 0; // frames in a row whose layout differed from the one before
};

} // namespace bvhscope::viewer
