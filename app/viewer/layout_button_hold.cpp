#include "app/viewer/layout_button_hold.h"

namespace bvhscope::viewer {

ButtonHold LayoutButtonHold::next(const DockLayout& layout) {
    const bool changed = !last_ || *last_ != layout;
    framesChanged_ = changed ? framesChanged_ + 1 : 0;
    last_ = layout;
    return framesChanged_ > 0 && framesChanged_ <= kLongestHold ? ButtonHold::ForNewLayout
                                                                : ButtonHold::None;
}

} // namespace bvhscope::viewer
