#include "app/folder/browser_pacing.h"

#include <algorithm>

namespace bvhscope::folder {

double browserWorkFrameDue(const BrowserWorkFrame& frame) {
    const double paced = frame.lastFrameBegan + kBrowserWorkFrameSeconds;
    if (!frame.summarizing) {
        return frame.hoverRedraw ? std::min(paced, *frame.hoverRedraw) : paced;
    }
    const double due =
        frame.onScreenChanged ? paced : frame.lastFrameBegan + kSummariesHeartbeatSeconds;
    return frame.hoverRedraw ? std::min(due, std::max(paced, *frame.hoverRedraw)) : due;
}

bool browserWorkPacingApplies(const ViewerActivity& activity, double settleSeconds) {
    return activity.now - activity.lastActivity >= settleSeconds ||
           activity.framesSinceActivity >= kSettleFramesAfterWork;
}

} // namespace bvhscope::folder
