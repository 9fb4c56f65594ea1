#include "app/viewer/layout/window_fit.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

WindowPlacement fitWindowToWorkArea(int requestedWidth, int requestedHeight, const WorkArea& area) {
    WindowPlacement placement{0, 0, std::max(requestedWidth, 1), std::max(requestedHeight, 1)};
    if (area.width <= 0 || area.height <= 0) {
        return placement;
    }
    const int mostWidth = static_cast<int>(std::floor(area.width * kWorkAreaFraction));
    const int mostHeight = static_cast<int>(std::floor(area.height * kWorkAreaFraction));
    placement.width = std::clamp(requestedWidth, std::min(kMinWindowWidth, mostWidth), mostWidth);
    placement.height =
        std::clamp(requestedHeight, std::min(kMinWindowHeight, mostHeight), mostHeight);
    placement.x = area.x + (area.width - placement.width) / 2;
    placement.y = area.y + (area.height - placement.height) / 2;
    return placement;
}

} // namespace bvhscope::viewer
