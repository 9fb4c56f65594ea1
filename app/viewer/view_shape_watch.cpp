#include "app/viewer/view_shape_watch.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

void ViewShapeWatch::update(ViewerState& state, const LayoutRect& view) {
    if (view.empty()) {
        return; // Tab's hidden panels leave a view; a minimised window does not
    }
    if (!last_) {
        last_ = view;
        return;
    }
    // Less than a pixel is a rounding of the layout, not a new shape.
    const bool changed = std::abs(view.width - last_->width) >= 1.0f ||
                         std::abs(view.height - last_->height) >= 1.0f;
    if (!changed) {
        return;
    }
    const float oldAspect = last_->width / last_->height;
    const float newAspect = view.width / view.height;
    last_ = view;
    if (state.scene.empty()) {
        return;
    }
    if (state.follow.framingKept()) {
        state.commands.push(command::FrameFigures{false});
    } else if (newAspect < oldAspect) {
        render::OrbitCamera& camera = state.camera;
        camera.distance = std::clamp(camera.distance * oldAspect / newAspect, camera.minDistance,
                                     camera.maxDistance);
    }
}

} // namespace bvhscope::viewer
