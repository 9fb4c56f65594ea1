// Summaries of measured frame times for the render benchmark (--bench-render).
#pragma once

#include <span>

namespace bvhscope::viewer {

struct FrameTimeSummary {
    double median = 0.0; // the middle value; the mean of the two middle ones for an even count
    double p99 = 0.0;    // nearest rank: the smallest value with at least 99% of them <= it
    double min = 0.0;
    double max = 0.0;
};

// The summary of `samples` (any unit; any order). All zero when there are none.
FrameTimeSummary summarizeFrameTimes(std::span<const double> samples);

// The nearest-rank percentile (0 < percent <= 100) of samples sorted ascending (non-empty).
double nearestRankPercentile(std::span<const double> sorted, double percent);

} // namespace bvhscope::viewer
