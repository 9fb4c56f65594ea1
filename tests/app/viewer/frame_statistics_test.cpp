#include "app/viewer/frame_statistics.h"

#include <gtest/gtest.h>
#include <vector>

using bvhscope::viewer::nearestRankPercentile;
using bvhscope::viewer::summarizeFrameTimes;

TEST(FrameStatistics, MedianOfOddAndEvenCounts) {
    const std::vector<double> odd = {5.0, 1.0, 3.0};
    EXPECT_EQ(summarizeFrameTimes(odd).median, 3.0);
    const std::vector<double> even = {4.0, 1.0, 3.0, 2.0};
    EXPECT_EQ(summarizeFrameTimes(even).median, 2.5);
}

TEST(FrameStatistics, P99IsTheNearestRank) {
    std::vector<double> samples;
    for (int i = 1; i <= 200; ++i) {
        samples.push_back(201 - i); // 200 .. 1, unsorted on purpose
    }
    // ceil(0.99 * 200) = 198th smallest.
    EXPECT_EQ(summarizeFrameTimes(samples).p99, 198.0);
    EXPECT_EQ(summarizeFrameTimes(samples).min, 1.0);
    EXPECT_EQ(summarizeFrameTimes(samples).max, 200.0);
    // Fewer than 100 samples: the p99 is the largest.
    const std::vector<double> few = {1.0, 9.0, 2.0};
    EXPECT_EQ(summarizeFrameTimes(few).p99, 9.0);
    const std::vector<double> sorted = {1.0, 2.0, 3.0, 4.0};
    EXPECT_EQ(nearestRankPercentile(sorted, 50.0), 2.0);
    EXPECT_EQ(nearestRankPercentile(sorted, 100.0), 4.0);
}

TEST(FrameStatistics, NoSamplesGiveZeros) {
    const auto summary = summarizeFrameTimes({});
    EXPECT_EQ(summary.median, 0.0);
    EXPECT_EQ(summary.p99, 0.0);
}
