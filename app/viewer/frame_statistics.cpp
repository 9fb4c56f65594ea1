#include "app/viewer/frame_statistics.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <vector>

namespace bvhscope::viewer {

double nearestRankPercentile(std::span<const double> sorted, double percent) {
    assert(!sorted.empty() && percent > 0.0 && percent <= 100.0 &&
           "nearestRankPercentile needs samples and a percent in (0, 100]");
    const auto rank =
        static_cast<std::size_t>(std::ceil(percent / 100.0 * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

FrameTimeSummary summarizeFrameTimes(std::span<const double> samples) {
    FrameTimeSummary summary;
    if (samples.empty()) {
        return summary;
    }
    std::vector<double> sorted(samples.begin(), samples.end());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t middle = sorted.size() / 2;
    summary.median =
        sorted.size() % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
    summary.p99 = nearestRankPercentile(sorted, 99.0);
    summary.min = sorted.front();
    summary.max = sorted.back();
    return summary;
}

} // namespace bvhscope::viewer
